// geoquery: as-you-type search over .geoidx files (GeoqueryCommand).
import Foundation
import GeoCommands

exit(GeoqueryCommand.run(Array(CommandLine.arguments.dropFirst()), io: .process))
