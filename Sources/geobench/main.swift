// geobench: the in-process benchmark harness behind `make bench`. Each
// subcommand measures one capability and prints figures as JSON lines;
// scripts/bench_*.sh put them beside the peers' figures.
import Foundation
import GeoIndexKit

let args = Array(CommandLine.arguments.dropFirst())
switch args.first {
case "search": SearchBench.run(Array(args.dropFirst()))
case "match": MatchBench.run(Array(args.dropFirst()))
case "weights": WeightsBench.run(Array(args.dropFirst()))
default:
    standardError("usage: geobench search|match|weights …")
    exit(2)
}

/// One line on standard error.
func standardError(_ line: String) {
    FileHandle.standardError.write(Data((line + "\n").utf8))
}
