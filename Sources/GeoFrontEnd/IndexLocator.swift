// Which index files a command uses: the ones named with -i (repeatable; a
// directory stands for every .geoidx inside it — one index per region, as a
// planet is served), else the GEOINDEX environment variable (a file or a
// directory), else the only *.geoidx file in the current directory. Several or
// none there is a usage error that says what to do.
import Foundation
import GeoBase

package enum IndexLocator {
    /// Every index to use, in a stable order.
    package static func resolve(explicit: [String], environment: [String: String],
                               directory: String) throws -> [String] {
        var names = explicit
        if names.isEmpty, let env = environment["GEOINDEX"], !env.isEmpty { names = [env] }
        if names.isEmpty {
            let found = geoidxFiles(in: directory)
            switch found.count {
            case 1:
                return [directory == "." ? found[0] : PathName.join(directory, found[0])]
            case 0:
                throw UsageError("no index given: use -i FILE.geoidx (or a directory of them), set GEOINDEX, or run where exactly one .geoidx file is (build one with: geoindex build REGION.osm.pbf)")
            default:
                let shown = found.count > 6 ? found.prefix(6).joined(separator: ", ") + ", …" : found.joined(separator: ", ")
                throw UsageError("several indexes here (\(shown)): choose one with -i FILE, or give -i . to use them all")
            }
        }
        var out: [String] = []
        for name in names {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: name, isDirectory: &isDirectory), isDirectory.boolValue {
                let inside = geoidxFiles(in: name)
                if inside.isEmpty { throw InputError(file: name, message: "the directory holds no .geoidx file") }
                out.append(contentsOf: inside.map { PathName.join(name, $0) })
            } else {
                out.append(name)
            }
        }
        return out
    }

    static func geoidxFiles(in directory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [])
            .filter { $0.hasSuffix(".geoidx") && !$0.hasPrefix(".") }.sorted()
    }
}
