// georoute: map matching of GPS and drawn tracks, and point-to-point routes,
// on the road graph of a geoindex file. All the work is GeorouteCLI in
// GeoIndexKit; see `georoute --help` and docs/ROUTING.md.
import Foundation
import GeoIndexKit

exit(GeorouteCLI.run(Array(CommandLine.arguments.dropFirst()), io: .process))
