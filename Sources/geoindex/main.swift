// geoindex: build, inspect and check .geoidx files (GeoindexCommand).
import Foundation
import GeoCommands

exit(GeoindexCommand.run(Array(CommandLine.arguments.dropFirst()), io: .process))
