// The rules the package's shape depends on, checked on the source text so a
// change that breaks them fails `make test`: each target imports only the
// targets Package.swift lets it use (SwiftPM alone would let a transitive
// module slip through), docs/ARCHITECTURE.md lists the same graph, library
// targets never touch the process (standard streams, exit, environment),
// nobody uses Foundation's NSString path methods (they trap on one-character
// names on Linux), every file says why it exists, and no file grows past
// about 400 lines.
import Foundation
import Testing

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The library targets: everything under Sources/ but the front ends (command line, HTTP) and the mains.
private let libraryTargets = ["GeoBase", "GeoOSM", "GeoModel", "GeoRoads", "GeoFormat", "GeoImport", "GeoTracks",
                              "GeoSearch", "GeoRouting", "GeoIndexKit"]
private let systemLibraries: Set<String> = ["CExpat", "CZlib", "CBzip2", "CMicroHTTPD"]
private let toolchainModules: Set<String> = ["Foundation", "Glibc", "Dispatch", "Synchronization", "Testing", "XCTest"]

/// `name → dependencies` of every regular and executable target in Package.swift.
private func declaredGraph() throws -> [String: Set<String>] {
    let text = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
    let pattern = try NSRegularExpression(pattern: #"\.(?:target|executableTarget)\(name: "(\w+)"(?:, dependencies: \[([^\]]*)\])?"#)
    var graph: [String: Set<String>] = [:]
    let ns = text as NSString
    for m in pattern.matches(in: text, range: NSRange(location: 0, length: ns.length)) {
        let name = ns.substring(with: m.range(at: 1))
        var deps = Set<String>()
        if m.range(at: 2).location != NSNotFound {
            let list = ns.substring(with: m.range(at: 2))
            for d in list.split(separator: ",") {
                deps.insert(d.trimmingCharacters(in: CharacterSet(charactersIn: " \"\n")))
            }
        }
        graph[name] = deps
    }
    return graph
}

/// Swift files of a target folder, with their paths relative to the project.
private func swiftFiles(_ folder: String) -> [(path: String, text: String)] {
    let dir = root.appendingPathComponent(folder)
    guard let e = FileManager.default.enumerator(at: dir, includingPropertiesForKeys: nil) else { return [] }
    var out: [(String, String)] = []
    for case let url as URL in e where url.pathExtension == "swift" {
        if let text = try? String(contentsOf: url, encoding: .utf8) {
            out.append((String(url.path.dropFirst(root.path.count + 1)), text))
        }
    }
    return out.sorted { $0.0 < $1.0 }
}

private func imports(_ text: String) -> Set<String> {
    var out = Set<String>()
    for line in text.split(separator: "\n") {
        let words = line.split(separator: " ")
        if let i = words.firstIndex(of: "import"), i + 1 < words.count,
           words[..<i].allSatisfy({ $0.hasPrefix("@") }) {
            out.insert(String(words[i + 1]))
        }
    }
    return out
}

@Suite struct LayeringTests {
    @Test func everyTargetImportsOnlyItsDeclaredDependencies() throws {
        let graph = try declaredGraph()
        #expect(graph.count >= 15, "Package.swift not parsed: \(graph.keys.sorted())")
        for (target, deps) in graph where target != "GeoTestSupport" {
            for file in swiftFiles("Sources/\(target)") {
                for module in imports(file.text).subtracting(toolchainModules) {
                    #expect(deps.contains(module), "\(file.path) imports \(module), which Package.swift does not give \(target)")
                }
            }
        }
    }

    @Test func theGraphHasNoCycleAndFlowsOneWay() throws {
        let graph = try declaredGraph()
        // Depth-first search for a cycle among the package's own targets.
        var state: [String: Int] = [:]   // 1 visiting, 2 done
        func visit(_ t: String, _ path: [String]) {
            if state[t] == 2 { return }
            if state[t] == 1 { Issue.record("cycle: \((path + [t]).joined(separator: " → "))"); return }
            state[t] = 1
            for d in graph[t] ?? [] where graph[d] != nil { visit(d, path + [t]) }
            state[t] = 2
        }
        for t in graph.keys.sorted() { visit(t, []) }
        // The flow of the architecture: nothing below the front end reaches up to it.
        for t in libraryTargets {
            for front in ["GeoCommands", "GeoServer", "GeoFrontEnd"] { #expect(!(graph[t] ?? []).contains(front), "\(t) depends on the front end \(front)") }
        }
        #expect(!(graph["GeoCommands"] ?? []).contains("GeoServer"), "the command line depends on the HTTP server")
        // The two front ends stand side by side on a shared floor; neither reaches into the other.
        #expect(!(graph["GeoServer"] ?? []).contains("GeoCommands"), "the HTTP server depends on the command line")
        #expect(!(graph["GeoFrontEnd"] ?? []).contains("GeoCommands") && !(graph["GeoFrontEnd"] ?? []).contains("GeoServer"))
        #expect(!(graph["GeoImport"] ?? []).contains("GeoSearch") && !(graph["GeoSearch"] ?? []).contains("GeoImport"))
        #expect(!(graph["GeoFormat"] ?? []).contains("GeoImport") && !(graph["GeoFormat"] ?? []).contains("GeoOSM"))
        #expect(!(graph["GeoRouting"] ?? []).contains("GeoSearch") && !(graph["GeoSearch"] ?? []).contains("GeoRouting"))
    }

    @Test func theArchitecturePageListsTheSameGraph() throws {
        let graph = try declaredGraph()
        let page = try String(contentsOf: root.appendingPathComponent("docs/ARCHITECTURE.md"), encoding: .utf8)
        // The page's table: | `Target` | purpose | `Dep`, `Dep` |
        var documented: [String: Set<String>] = [:]
        for line in page.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 4 else { continue }
            let name = cells[1].trimmingCharacters(in: CharacterSet(charactersIn: "`"))
            let deps = cells[3].split(separator: ",").map { $0.trimmingCharacters(in: CharacterSet(charactersIn: " `")) }
                .filter { !$0.isEmpty && $0 != "—" }
            documented[name] = Set(deps)
        }
        for (target, deps) in graph where !target.hasPrefix("geo") && target != "GeoTestSupport" {
            #expect(documented[target] == deps,
                    "docs/ARCHITECTURE.md: \(target) is listed with \(documented[target].map { $0.sorted() } ?? []), Package.swift says \(deps.sorted())")
        }
    }

    /// The library and the two front ends with their floor: the process reaches them only as
    /// values (GeoProcess builds them, for the executables).
    @Test func libraryTargetsNeverTouchTheProcess() {
        let forbidden = ["print(", "exit(", "FileHandle.standardError", "FileHandle.standardOutput", "FileHandle.standardInput",
                         "ProcessInfo.processInfo.environment", "getenv(", "setenv(", "isatty(", "fatalError("]
        for target in libraryTargets + ["GeoFrontEnd", "GeoCommands", "GeoServer"] {
            for use in uses(of: forbidden, in: target) { Issue.record("\(use) in a library target (only the mains may)") }
        }
    }

    /// "path:line: call" for each use of one of `calls` outside comments in a target's sources.
    func uses(of calls: [String], in target: String) -> [String] {
        var found: [String] = []
        for file in swiftFiles("Sources/\(target)") {
            for (n, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                for f in calls where code.contains(f) { found.append("\(file.path):\(n + 1): \(f)") }
            }
        }
        return found
    }

    /// GeoProcess owns the descriptors, nothing else of the process: the environment comes from the
    /// executables' mains as a value, and it neither prints nor exits.
    @Test func processTargetReadsNoEnvironment() {
        let forbidden = ["print(", "exit(", "ProcessInfo.processInfo.environment", "getenv(", "setenv(", "fatalError("]
        for use in uses(of: forbidden, in: "GeoProcess") { Issue.record("\(use) in GeoProcess") }
        // The scan sees the target's code: its one use of isatty is found.
        #expect(!uses(of: ["isatty("], in: "GeoProcess").isEmpty)
    }

    @Test func nobodyUsesNSStringPathMethods() {
        let methods = ["lastPathComponent", "deletingLastPathComponent", "appendingPathComponent", "pathExtension",
                       "deletingPathExtension", "appendingPathExtension"]
        for folder in ["Sources", "Tests", "Fuzz"] {
            for file in swiftFiles(folder) where file.text.contains("NSString") && !file.path.hasSuffix("LayeringTests.swift") {
                for m in methods where file.text.contains("as NSString).\(m)") {
                    Issue.record("\(file.path): NSString.\(m) traps on short names on Linux; use PathName")
                }
            }
        }
    }

    @Test func everyFileSaysWhyItExistsAndStaysSmall() {
        let generated: Set<String> = ["Sources/GeoBase/Text/FoldTable.swift"]
        for folder in ["Sources", "Tests", "Fuzz"] {
            for file in swiftFiles(folder) {
                #expect(file.text.hasPrefix("//"), "\(file.path) has no header comment saying why it exists")
                let lines = file.text.split(separator: "\n", omittingEmptySubsequences: false).count
                if !generated.contains(file.path) {
                    #expect(lines <= 420, "\(file.path) has \(lines) lines; split it by what its parts do")
                }
            }
        }
    }
}
