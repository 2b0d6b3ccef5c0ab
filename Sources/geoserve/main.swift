// geoserve: the indexes over HTTP in the APIs of Photon, Nominatim and OSRM (GeoserveCommand).
import Foundation
import GeoFrontEnd
import GeoProcess
import GeoServer

exit(GeoserveCommand.run(Array(CommandLine.arguments.dropFirst()), io: .process(environment: ProcessInfo.processInfo.environment)))
