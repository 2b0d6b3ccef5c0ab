// The address of a Nominatim answer: its `display_name` and its `address`
// object, the keys named as Nominatim names them — the object's own type for
// a POI, `house_number`, `road`, then its places from the smallest, each under
// its kind (`town`, `village`, `hamlet`, `quarter` … : PlaceKinds) where the
// index knows it, else `suburb` and `city`, then `county`, `state`,
// `postcode`, `country`, `country_code`; a region answered as such lists its
// own name under its type.
import GeoBase
import GeoModel
import GeoSearch

extension NominatimAPI {
    static func displayName(_ r: SearchResult) -> String {
        var parts: [String] = []
        if r.kind != .address { parts.append(r.name) }
        if let n = r.houseNumber { parts.append(n) }
        if let s = r.street, s != r.name { parts.append(s) }
        let places = r.places
        for part in [places?.suburb, places?.city ?? r.locality, places?.county, places?.state] {
            if let part, part != r.name, !parts.contains(part) { parts.append(part) }
        }
        if let p = r.postcode { parts.append(p) }
        if let c = places?.country, c != r.name { parts.append(c) }
        return parts.joined(separator: ", ")
    }

    static func address(_ r: SearchResult) -> JSONValue {
        var a: [(String, JSONValue)] = []
        let (key, value) = (r.category.key, r.category.value)
        if let region = r.region {
            // A county, state or country answered as such: its own name under its type, then what it lies in.
            a.append((region.rawValue, .string(r.name)))
            if region == .county, let s = r.places?.state { a.append(("state", .string(s))) }
            if region != .country, let c = r.places?.country { a.append(("country", .string(c))) }
            if let c = r.places?.countryCode { a.append(("country_code", .string(c))) }
            return .object(a)
        }
        if r.kind == .poi || r.kind == .transit || r.kind == .area { a.append((key, .string(r.name))) }
        if let n = r.houseNumber { a.append(("house_number", .string(n))) }
        if let s = r.street ?? (r.kind == .street ? r.name : nil) { a.append(("road", .string(s))) }
        let places = r.places
        // Nominatim labels a place by its kind (`town`, `village`, `quarter` …); the generic key where it is not known.
        var (suburbKey, cityKey) = (r.addressKinds?.suburb ?? "suburb", r.addressKinds?.city ?? "city")
        // Never one key twice (a strict JSON parser refuses it): the generic keys where the kinds agree.
        if suburbKey == cityKey || (r.kind == .place && [suburbKey, cityKey].contains(value)) { (suburbKey, cityKey) = ("suburb", "city") }
        if let s = places?.suburb, s != r.name || r.kind != .place { a.append((suburbKey, .string(s))) }
        if r.kind == .place {
            a.append((value, .string(r.name)))
        } else if let l = places?.city ?? r.locality {
            a.append((cityKey, .string(l)))
        }
        if let c = places?.county { a.append(("county", .string(c))) }
        if let s = places?.state { a.append(("state", .string(s))) }
        if let p = r.postcode { a.append(("postcode", .string(p))) }
        if let c = places?.country { a.append(("country", .string(c))) }
        if let c = places?.countryCode { a.append(("country_code", .string(c))) }
        return .object(a)
    }
}
