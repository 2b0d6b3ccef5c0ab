// `georoute isochrone`: the areas reachable from a point within up to four
// times, written as the GeoJSON FeatureCollection Valhalla's isochrone
// service answers with, so what a map draws from geoserve's /isochrone it
// draws from a file too. Options follow `route` (--from, --mode, -i, -o,
// --quiet); the limits are Valhalla's (four contours, 120 minutes), checked
// before the index is opened, each fault one line naming the option (exit 2).
import Foundation
import GeoBase
import GeoFrontEnd
import GeoRoads
import GeoRouting

extension GeorouteCommand {
    /// `--minutes 5,10,15`: one to four times in minutes, each from 1 to 120, increasing.
    static func contourMinutes(_ text: String) throws -> [Double] {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count <= IsochroneOptions.maxContours else {
            throw UsageError("--minutes takes at most \(IsochroneOptions.maxContours) times (Valhalla's limit), not \(parts.count)")
        }
        var minutes: [Double] = []
        for p in parts {
            guard let m = NumberScan.double(p), m.isFinite else { throw UsageError("--minutes: \"\(p)\" is not a number of minutes (e.g. --minutes 5,10,15)") }
            guard m >= 1, m <= IsochroneOptions.maxMinutes else {
                throw UsageError("--minutes: \(p) is out of range; each time must be from 1 to \(Int(IsochroneOptions.maxMinutes)) minutes")
            }
            if let last = minutes.last, m <= last { throw UsageError("--minutes must increase (\(p) follows \(Parameters.format(last)))") }
            minutes.append(m)
        }
        return minutes
    }

    static func isochrone(_ a: CommandLineArguments, io: CommandIO) throws -> Int32 {
        guard a.positional.isEmpty else { throw UsageError("isochrone takes no file arguments (unexpected \"\(a.positional[0])\")") }
        for option in ["--to", "--via", "--out-dir", "--type", "--include-input", "--ignore-restrictions", "--accuracy"] where a.has(option) {
            throw UsageError("\(option) is not an isochrone option")
        }
        guard let from = a.value("--from") else { throw UsageError("isochrone needs --from LAT,LON") }
        guard let minutesText = a.value("--minutes") else { throw UsageError("isochrone needs --minutes (e.g. --minutes 5,10,15)") }
        if a.has("--polygons") && a.has("--lines") { throw UsageError("--polygons and --lines exclude each other") }
        if let f = a.value("--format"), f.lowercased() != "geojson" { throw UsageError("--format: an isochrone is written as geojson only, not \"\(f)\"") }
        if let o = a.value("--output"), o != "-" {
            let ext = PathName.fileExtension(o).lowercased()
            if !ext.isEmpty && ext != "geojson" && ext != "json" {
                throw UsageError("-o \(o): .\(ext) is no output format for an isochrone (use .geojson)")
            }
        }
        let point = try RequestParsing.point(from, name: "--from")
        let mode = try mode(a)
        var options = IsochroneOptions(mode: mode, minutes: try contourMinutes(minutesText))
        options.denoise = try a.double("--denoise", range: 0...1) ?? options.denoise
        options.generalize = try a.double("--generalize", range: 0...1_000)
        let indexes = try indexPaths(a, io: io)
        let output = try OutputFile(path: a.value("--output") ?? "-", inputs: indexes.map { .path($0) }, standardOutput: io.writeOutput)
        let graphs = try graphs(indexes)
        try checkNotSwapped(point, text: from, option: "--from", graphs: graphs)
        let graph = RegionNetworks(graphs: graphs.map(\.graph)).network(for: [point], reach: options.reachMetres)
        let iso: Isochrone
        do {
            iso = try Router(graph: graph).isochrone(from: point, options: options)
        } catch {
            if case .routing(.noRoad) = error {
                io.report("georoute: --from \(from): no road usable by \(mode.name) in the index")
                return 1
            }
            throw UsageError(error.description)
        }
        let json = IsochroneOutput.geoJSON(iso, polygons: !a.has("--lines"))
        try output.write(json.jsonBytes() + [10])
        try output.finish()
        if !a.has("--quiet") { io.report("isochrone: " + IsochroneOutput.summary(iso)) }
        return 0
    }
}

private enum Parameters {
    static func format(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : String(v) }
}
