// swift-tools-version:6.0
// geoindex: offline OpenStreetMap search and route matching.
//
// The targets are the architecture (docs/ARCHITECTURE.md draws the graph).
// Data flows one way: OSM → import → index file ← search / routing ← front
// ends. Each target may use only the targets listed as its dependencies, so
// SwiftPM itself rejects an import against the flow. `GeoIndexKit` is the
// umbrella library users import; the executables are one-line mains over
// `GeoCommands`. System C libraries come in through systemLibrary targets.
import PackageDescription

let package = Package(
    name: "geoindex",
    products: [
        .library(name: "GeoIndexKit", targets: ["GeoIndexKit"]),
        .executable(name: "geoindex", targets: ["geoindex"]),
        .executable(name: "geoquery", targets: ["geoquery"]),
        .executable(name: "georoute", targets: ["georoute"]),
        .executable(name: "geoserve", targets: ["geoserve"]),
    ],
    targets: [
        .systemLibrary(name: "CExpat", pkgConfig: "expat",
                       providers: [.apt(["libexpat1-dev"])]),
        .systemLibrary(name: "CZlib", pkgConfig: "zlib",
                       providers: [.apt(["zlib1g-dev"])]),
        // libbz2 ships no pkg-config file; the module map links it by name.
        .systemLibrary(name: "CBzip2", providers: [.apt(["libbz2-dev"])]),
        // GNU libmicrohttpd, the HTTP/1.1 server under geoserve; shim.h wraps its variadic calls.
        .systemLibrary(name: "CMicroHTTPD", pkgConfig: "libmicrohttpd",
                       providers: [.apt(["libmicrohttpd-dev"])]),

        // The SIGBUS guard of file mappings (a signal handler, so C): a mapped index whose file
        // shrinks under it reads zeros there instead of killing the process.
        .target(name: "CMappingGuard"),
        // Geometry, text folding, byte views, JSON, mapped and atomic files, input errors.
        .target(name: "GeoBase", dependencies: ["CZlib", "CMappingGuard"]),
        // Reading OSM: XML (expat, on every core), PBF, gzip and bzip2 streams.
        .target(name: "GeoOSM", dependencies: ["GeoBase", "CExpat", "CZlib", "CBzip2"]),
        // The landmark model and the category vocabulary, shared by import and search.
        .target(name: "GeoModel", dependencies: ["GeoBase"]),
        // The road network: travel modes, access rules, the road graph and its layout.
        .target(name: "GeoRoads", dependencies: ["GeoBase"]),
        // The .geoidx file: writing, opening, verifying.
        .target(name: "GeoFormat", dependencies: ["GeoBase", "GeoModel", "GeoRoads"]),
        // OSM → landmarks and road graph → index file.
        .target(name: "GeoImport", dependencies: ["GeoBase", "GeoOSM", "GeoModel", "GeoRoads", "GeoFormat"]),
        // Track files: GPX, GeoJSON and CSV in; GPX, GeoJSON and SVG out.
        .target(name: "GeoTracks", dependencies: ["GeoBase", "CExpat"]),
        // As-you-type search over one or several indexes.
        .target(name: "GeoSearch", dependencies: ["GeoBase", "GeoModel", "GeoRoads", "GeoFormat"]),
        // Map matching and routing on the road graph.
        .target(name: "GeoRouting", dependencies: ["GeoBase", "GeoRoads", "GeoTracks"]),
        // The floor both front ends stand on: a command's world as a value (CommandIO), flags,
        // the tools' conventions and their one run-and-catch, request parsing shared by flags,
        // batch lines and query strings, index discovery, error text. It and the front ends get
        // the environment and the standard streams as values (CommandIO), never from the process.
        .target(name: "GeoFrontEnd", dependencies: ["GeoBase", "GeoModel", "GeoFormat", "GeoSearch"]),
        // The process itself (descriptors 0-2, the environment, the clock) as a CommandIO: for the executables only.
        .target(name: "GeoProcess", dependencies: ["GeoBase", "GeoFrontEnd"]),
        // Every command as a function run(arguments, io) -> exit status.
        .target(name: "GeoCommands", dependencies: ["GeoBase", "GeoOSM", "GeoModel", "GeoRoads", "GeoFormat",
                                                    "GeoImport", "GeoTracks", "GeoSearch", "GeoRouting", "GeoFrontEnd"]),
        // The HTTP front end: Photon's, Nominatim's and OSRM's APIs and ours over the same library,
        // served by libmicrohttpd; `geoserve` is its command.
        // Web/ is the map page (HTML, CSS, JavaScript; no build step), copied beside the executable.
        .target(name: "GeoServer", dependencies: ["GeoBase", "GeoModel", "GeoRoads", "GeoFormat", "GeoTracks",
                                                  "GeoSearch", "GeoRouting", "GeoFrontEnd", "CMicroHTTPD"],
                resources: [.copy("Web")]),
        // The library as users import it: every library target above but the commands.
        .target(name: "GeoIndexKit", dependencies: ["GeoBase", "GeoOSM", "GeoModel", "GeoRoads", "GeoFormat",
                                                    "GeoImport", "GeoTracks", "GeoSearch", "GeoRouting"]),

        .executableTarget(name: "geoindex", dependencies: ["GeoCommands", "GeoFrontEnd", "GeoProcess"]),
        .executableTarget(name: "geoquery", dependencies: ["GeoCommands", "GeoFrontEnd", "GeoProcess"]),
        .executableTarget(name: "georoute", dependencies: ["GeoCommands", "GeoFrontEnd", "GeoProcess"]),
        .executableTarget(name: "geoserve", dependencies: ["GeoServer", "GeoFrontEnd", "GeoProcess"]),
        // Benchmark harness for `make bench` (not installed with the tools).
        .executableTarget(name: "geobench", dependencies: ["GeoIndexKit", "GeoFrontEnd"]),

        // Shared by the test targets and compiled into the fuzzers by Fuzz/build.sh (no copies):
        // where test data lives, indexes built once per process, generated inputs, PBF writing.
        .target(name: "GeoTestSupport", dependencies: ["GeoIndexKit"], path: "Tests/GeoTestSupport"),
        .testTarget(name: "GeoBaseTests", dependencies: ["GeoBase"]),
        .testTarget(name: "GeoOSMTests", dependencies: ["GeoOSM", "GeoTestSupport"]),
        .testTarget(name: "GeoModelTests", dependencies: ["GeoModel"]),
        .testTarget(name: "GeoRoadsTests", dependencies: ["GeoRoads"]),
        // Regressions/ holds the minimised inputs of fuzz findings, read by path from the tests.
        .testTarget(name: "GeoFormatTests", dependencies: ["GeoFormat", "GeoImport", "GeoSearch", "GeoRouting", "GeoTestSupport"],
                    exclude: ["Regressions"]),
        .testTarget(name: "GeoImportTests", dependencies: ["GeoImport", "GeoSearch", "GeoTracks", "GeoTestSupport"]),
        .testTarget(name: "GeoTracksTests", dependencies: ["GeoTracks", "GeoRouting", "GeoTestSupport"]),
        .testTarget(name: "GeoSearchTests", dependencies: ["GeoSearch", "GeoCommands", "GeoFrontEnd", "GeoTestSupport"]),
        .testTarget(name: "GeoRoutingTests", dependencies: ["GeoRouting", "GeoFormat", "GeoTestSupport"]),
        .testTarget(name: "GeoCommandsTests", dependencies: ["GeoCommands", "GeoFrontEnd", "GeoProcess", "GeoTestSupport"]),
        .testTarget(name: "GeoServerTests", dependencies: ["GeoServer", "GeoCommands", "GeoFrontEnd", "GeoTestSupport", "CExpat"]),
        // The layering rules, checked on the source text (imports, process access, file sizes).
        .testTarget(name: "ArchitectureTests"),
    ]
)
