// The promise every failed build keeps: an InputError that names the file and
// a byte offset, and no output (nor temporary) file left behind.
import Foundation
import Testing
@testable import GeoBase
@testable import GeoImport
import GeoTestSupport

/// Builds an index from `bytes` written to `name`, expecting an InputError that names
/// the file and a byte offset, and leaving no output (nor temporary) file behind.
@discardableResult
func expectBuildFailure(_ bytes: [UInt8], name: String = "bad.osm.pbf", sourceLocation: SourceLocation = #_sourceLocation) throws -> InputError? {
    try TestData.withTemporaryDirectory { dir in
        let input = dir + "/" + name
        _ = FileManager.default.createFile(atPath: input, contents: Data(bytes))
        let output = dir + "/out.geoidx"
        var caught: InputError?
        do {
            _ = try IndexBuilder.build(input: input, options: BuildOptions(output: output))
            Issue.record("expected the build to fail", sourceLocation: sourceLocation)
        } catch let e as InputError {
            caught = e
        }
        if let e = caught {
            #expect(e.file == input, sourceLocation: sourceLocation)
            #expect(e.offset != nil, "no byte offset in: \(e)", sourceLocation: sourceLocation)
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: dir)
        #expect(left == [name], "output left behind: \(left)", sourceLocation: sourceLocation)
        return caught
    }
}
