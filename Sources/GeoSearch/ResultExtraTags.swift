// Extra tags (and all the names) for results made outside a search — reverse
// geocoding answers know no SearchOptions — looked up afterwards from the
// index each result came from, so the geocoder itself needs no new parameter.
import GeoFormat
import GeoModel

extension SearchResult {
    /// Sets `extra` to the tags of `names` (see `SearchOptions.extra`) the landmark has in
    /// `indexes[source]`; leaves it nil when none are asked for.
    public mutating func addExtraTags(_ names: [String], from indexes: [LandmarkIndex]) {
        guard !names.isEmpty else { return }
        extra = source >= 0 && source < indexes.count ? indexes[source].extraTags(landmarkID, ExtraTagSelection(names)) : [:]
    }

    /// Fills `names` with every name of the landmark (Nominatim's `namedetails`).
    public mutating func addNames(from indexes: [LandmarkIndex]) {
        names = source >= 0 && source < indexes.count ? indexes[source].record(landmarkID)?.names ?? [] : []
    }
}
