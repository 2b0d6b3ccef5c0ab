// Which index file a command uses when none is named: `-i/--index FILE`, else
// the GEOINDEX environment variable, else the only *.geoidx file in the
// current directory. Several or none there is a usage error that says what to do.
import Foundation

public enum IndexLocator {
    public static func resolve(explicit: String?, environment: [String: String],
                               directory: String) throws(UsageError) -> String {
        if let explicit { return explicit }
        if let env = environment["GEOINDEX"], !env.isEmpty { return env }
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasSuffix(".geoidx") && !$0.hasPrefix(".") }.sorted()
        switch names.count {
        case 1:
            return directory == "." ? names[0] : (directory as NSString).appendingPathComponent(names[0])
        case 0:
            throw UsageError("no index given: use -i FILE.geoidx, set GEOINDEX, or run where exactly one .geoidx file is (build one with: geoindex build REGION.osm.gz)")
        default:
            let shown = names.count > 6 ? names.prefix(6).joined(separator: ", ") + ", …" : names.joined(separator: ", ")
            throw UsageError("several indexes here (\(shown)): choose one with -i FILE or GEOINDEX=FILE")
        }
    }
}
