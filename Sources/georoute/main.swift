// georoute: map matching and routing on an index's road graph (GeorouteCommand).
import Foundation
import GeoCommands
import GeoFrontEnd
import GeoProcess

// A reader that leaves (`| head -1`) gives EPIPE instead of killing the process: the command
// stops its work at once and exits 0 without a word (ripgrep's convention).
signal(SIGPIPE, SIG_IGN)
exit(GeorouteCommand.run(Array(CommandLine.arguments.dropFirst()), io: .process(environment: ProcessInfo.processInfo.environment)))
