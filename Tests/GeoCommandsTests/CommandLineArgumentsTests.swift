// The argument parser the three tools share: values inline or separate,
// aliases, options whose value may be left out, repeated options, `--`, and a
// usage error for everything it does not know.
import Testing
@testable import GeoCommands
@testable import GeoFrontEnd

@Suite struct CommandLineArgumentsTests {
    let spec = CommandLineArguments.Spec(
        flags: ["--quiet", "--help"], options: ["--index", "--limit", "--near"],
        optionalValues: ["--group": { Double($0) != nil }], aliases: ["-i": "--index", "-q": "--quiet", "-n": "--limit"])

    func message(_ args: [String]) -> String {
        do { _ = try CommandLineArguments(args, spec: spec); return "" } catch let e as UsageError { return e.message } catch { return "?" }
    }

    @Test func valuesFlagsAndAliases() throws {
        let a = try CommandLineArguments(["rue", "-i", "a.geoidx", "--index=b.geoidx", "-q", "--limit", "5", "grimaldi"], spec: spec)
        #expect(a.positional == ["rue", "grimaldi"])
        #expect(a.values("--index") == ["a.geoidx", "b.geoidx"] && a.value("--index") == "b.geoidx")
        #expect(a.has("--quiet") && !a.has("--help"))
        #expect(try a.int("--limit", range: 1...10) == 5)
    }

    @Test func optionalValuesTakeTheNextWordOnlyWhenItFits() throws {
        let bare = try CommandLineArguments(["--group", "rue"], spec: spec)
        #expect(bare.has("--group") && bare.value("--group") == nil && bare.positional == ["rue"])
        let valued = try CommandLineArguments(["--group", "50", "rue"], spec: spec)
        #expect(valued.value("--group") == "50" && valued.positional == ["rue"])
        #expect(try CommandLineArguments(["--group=75"], spec: spec).value("--group") == "75")
    }

    @Test func dashDashAndDashArePositional() throws {
        let a = try CommandLineArguments(["--", "--quiet", "-"], spec: spec)
        #expect(a.positional == ["--quiet", "-"] && !a.has("--quiet"))
        #expect(try CommandLineArguments(["-"], spec: spec).positional == ["-"])
    }

    @Test func mistakesAreUsageErrorsThatSayWhat() throws {
        #expect(message(["--frobnicate"]) == "unknown option --frobnicate (see --help)")
        #expect(message(["--limit"]) == "--limit needs a value")
        #expect(message(["--quiet=yes"]) == "--quiet takes no value")
        let a = try CommandLineArguments(["-n", "0", "--near", "x"], spec: spec)
        #expect(throws: UsageError.self) { try a.int("--limit", range: 1...1000) }
        #expect(throws: UsageError.self) { try a.double("--near", range: 0...1) }
    }
}
