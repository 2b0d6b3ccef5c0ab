// The library as users import it: `import GeoIndexKit` brings every library
// target (base types, OSM reading, the landmark model, roads, the index
// format, the import, track formats, search and routing). Programs that want
// less can import the single targets instead; the graph is in
// docs/ARCHITECTURE.md.
@_exported import GeoBase
@_exported import GeoFormat
@_exported import GeoImport
@_exported import GeoModel
@_exported import GeoOSM
@_exported import GeoRoads
@_exported import GeoRouting
@_exported import GeoSearch
@_exported import GeoTracks
