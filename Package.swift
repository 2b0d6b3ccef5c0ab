// swift-tools-version:6.0
// geoindex: offline OpenStreetMap search and route matching.
// The library (GeoIndexKit) holds all logic; the three executables only parse
// arguments and print. System C libraries come in through systemLibrary targets.
import PackageDescription

let package = Package(
    name: "geoindex",
    products: [
        .library(name: "GeoIndexKit", targets: ["GeoIndexKit"]),
        .executable(name: "geoindex", targets: ["geoindex"]),
        .executable(name: "geoquery", targets: ["geoquery"]),
        .executable(name: "georoute", targets: ["georoute"]),
    ],
    targets: [
        .systemLibrary(name: "CExpat", pkgConfig: "expat",
                       providers: [.apt(["libexpat1-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib",
                       providers: [.apt(["zlib1g-dev"])]),
        // libbz2 ships no pkg-config file; the module map links it by name.
        .systemLibrary(name: "CBzip2", providers: [.apt(["libbz2-dev"])]),
        .target(name: "GeoIndexKit", dependencies: ["CExpat", "CZlib", "CBzip2"]),
        .executableTarget(name: "geoindex", dependencies: ["GeoIndexKit"]),
        .executableTarget(name: "geoquery", dependencies: ["GeoIndexKit"]),
        .executableTarget(name: "georoute", dependencies: ["GeoIndexKit"]),
        // Benchmark harness for `make bench` (not installed with the tools).
        .executableTarget(name: "geobench", dependencies: ["GeoIndexKit"]),
        // Regressions/ holds the minimised inputs of fuzz findings, read by path from the tests.
        .testTarget(name: "GeoIndexKitTests", dependencies: ["GeoIndexKit"], exclude: ["Regressions"]),
    ]
)
