// The one-line mains: each executable passes its arguments, streams and exit
// status through to its command (everything else is tested in process).
import Foundation
import Testing
import GeoTestSupport

@Suite struct ExecutablesTests {
    @Test func eachMainRunsItsCommand() throws {
        for tool in ["geoindex", "geoquery", "georoute"] {
            let help = try Executable.run(tool, ["--help"])
            #expect(help.status == 0 && help.stdout.hasPrefix("usage: \(tool)") && help.stderr.isEmpty, "\(tool)")
        }
        let index = try TestData.indexPath(of: TestData.sample("town.osm"))
        let none = try Executable.run("geoquery", ["zzqqxx", "-i", index])
        #expect(none.status == 1)
        let bad = try Executable.run("georoute", ["route", "--from", "1", "--to", "2", "-i", index])
        #expect(bad.status == 2 && bad.stderr.hasPrefix("georoute: --from expects LAT,LON"))
        let stdin = try Executable.run("geoindex", ["build", "-", "-o", TestData.tempPath("main-stdin.geoidx"), "-q"],
                                       stdin: try String(contentsOfFile: TestData.sample("town.osm"), encoding: .utf8))
        #expect(stdin.status == 0 && stdin.stderr.isEmpty)
    }
}
