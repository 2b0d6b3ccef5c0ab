// The README is the way in and the reference lives in docs/: the split only
// holds while every relative link between them still points somewhere. This
// checks every relative link (and image) in README.md, CHANGELOG.md and
// docs/*.md: the file must exist, and a `#fragment` must be the anchor of a
// heading in it (GitHub's rule: lower case, punctuation dropped, spaces as
// hyphens, a repeated heading numbered -1, -2…).
import Foundation
import Testing

private let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

/// The markdown files whose links are checked, relative to the project root.
private func documents() throws -> [String] {
    let docs = try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
        .filter { $0.hasSuffix(".md") }.sorted().map { "docs/\($0)" }
    return ["README.md", "CHANGELOG.md"] + docs
}

/// Lines outside fenced code blocks (a `# comment` in a shell example is no heading, a `[x](y)` no link).
private func proseLines(_ text: String) -> [Substring] {
    var inFence = false
    var out: [Substring] = []
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
        if line.hasPrefix("```") { inFence.toggle(); continue }
        if !inFence { out.append(line) }
    }
    return out
}

/// GitHub's anchor of a heading's text.
func headingAnchor(_ heading: String) -> String {
    var out = ""
    for ch in heading.lowercased() {
        if ch == " " { out.append("-") }
        else if ch == "-" || ch == "_" || ch.isLetter || ch.isNumber { out.append(ch) }
    }
    return out
}

/// Every anchor a markdown file defines.
func anchors(ofMarkdown text: String) -> Set<String> {
    var seen: [String: Int] = [:]
    var out = Set<String>()
    for line in proseLines(text) where line.hasPrefix("#") {
        let hashes = line.prefix { $0 == "#" }
        guard hashes.count <= 6, line.dropFirst(hashes.count).hasPrefix(" ") else { continue }
        let base = headingAnchor(line.dropFirst(hashes.count).trimmingCharacters(in: .whitespaces))
        let n = seen[base, default: 0]
        seen[base] = n + 1
        out.insert(n == 0 ? base : "\(base)-\(n)")
    }
    return out
}

/// The targets of the inline links and images of a markdown file that are not URLs with a scheme.
func relativeLinks(ofMarkdown text: String) -> [String] {
    var out: [String] = []
    for line in proseLines(text) {
        var rest = line[...]
        while let open = rest.range(of: "](") {
            let after = rest[open.upperBound...]
            guard let close = after.firstIndex(of: ")") else { break }
            var target = String(after[..<close])
            if let space = target.firstIndex(of: " ") { target = String(target[..<space]) }   // a "title"
            rest = after[close...]
            if target.isEmpty || target.contains("://") || target.hasPrefix("mailto:") { continue }
            out.append(target)
        }
    }
    return out
}

@Suite struct DocLinkTests {
    @Test func theAnchorRuleIsGitHubs() {
        #expect(headingAnchor("`geoindex`: build, inspect, check") == "geoindex-build-inspect-check")
        #expect(headingAnchor("Extra tags (`EXTR`)") == "extra-tags-extr")
        #expect(headingAnchor("Where to add…") == "where-to-add")
        #expect(anchors(ofMarkdown: "# A\n```\n# not a heading\n```\n## A\n") == ["a", "a-1"])
        #expect(relativeLinks(ofMarkdown: "[x](docs/A.md#b) ![i](images/p.svg \"t\") [u](https://x.org/a)\n```\n[c](no.md)\n```")
                == ["docs/A.md#b", "images/p.svg"])
    }

    @Test func everyRelativeLinkInTheReadmeAndDocsPointsAtAFileAndHeadingThatExist() throws {
        var broken: [String] = []
        var checked = 0
        for doc in try documents() {
            let docURL = root.appendingPathComponent(doc)
            let text = try String(contentsOf: docURL, encoding: .utf8)
            for link in relativeLinks(ofMarkdown: text) {
                checked += 1
                let parts = link.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
                let pathPart = String(parts[0]).removingPercentEncoding ?? String(parts[0])
                let fragment = parts.count > 1 ? String(parts[1]) : nil
                let target = pathPart.isEmpty ? docURL
                    : docURL.deletingLastPathComponent().appendingPathComponent(pathPart).standardizedFileURL
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: target.path, isDirectory: &isDirectory) else {
                    broken.append("\(doc): \(link): no such file")
                    continue
                }
                guard let fragment, !fragment.isEmpty else { continue }
                guard !isDirectory.boolValue, target.pathExtension == "md",
                      let targetText = try? String(contentsOf: target, encoding: .utf8) else {
                    broken.append("\(doc): \(link): an anchor into something that is no markdown file")
                    continue
                }
                if !anchors(ofMarkdown: targetText).contains(fragment.removingPercentEncoding ?? fragment) {
                    broken.append("\(doc): \(link): no heading with that anchor")
                }
            }
        }
        #expect(checked > 50, "the README and docs should link to each other")
        #expect(broken.isEmpty, "broken links:\n\(broken.joined(separator: "\n"))")
    }
}
