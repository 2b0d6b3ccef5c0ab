// georoute: map matching and routing on an index's road graph (GeorouteCommand).
import Foundation
import GeoCommands

exit(GeorouteCommand.run(Array(CommandLine.arguments.dropFirst()), io: .process))
