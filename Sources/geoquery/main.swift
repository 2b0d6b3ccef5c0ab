// geoquery: as-you-type search over .geoidx files (GeoqueryCommand).
import Foundation
import GeoCommands
import GeoFrontEnd
import GeoProcess

// A reader that leaves (`| head -1`) gives EPIPE instead of killing the process: the command
// stops its work at once and exits 0 without a word (ripgrep's convention).
signal(SIGPIPE, SIG_IGN)
exit(GeoqueryCommand.run(Array(CommandLine.arguments.dropFirst()), io: .process(environment: ProcessInfo.processInfo.environment)))
