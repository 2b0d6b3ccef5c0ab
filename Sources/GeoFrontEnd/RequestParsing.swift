// Reading request parameters as people and scripts write them, for every
// front end (flags, batch lines, and query strings alike): a point as
// "LAT,LON" (the order maps show), a box as "MINLON,MINLAT,MAXLON,MAXLAT"
// (GeoJSON/Photon order), kinds as "poi,street". Each parser takes the name
// of the parameter it reads, so a mistake gets one message that names it and
// says what is wrong — a swapped or empty box, a point given lon-first.
// Also the batch-mode line format: one JSON object per query, and the names of
// extra tags.
import Foundation
import GeoBase
import GeoModel
import GeoSearch

package enum RequestParsing {
    /// "43.73,7.42", "43.73, 7.42" or "43.73 7.42" → a coordinate in range (decimal degrees only:
    /// not "0x2B", "inf" or "nan").
    package static func point(_ text: String, name: String) throws -> Coordinate {
        let parts = text.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map(String.init)
        guard parts.count == 2, let lat = NumberScan.double(parts[0]), let lon = NumberScan.double(parts[1]), lat.isFinite, lon.isFinite else {
            throw UsageError("\(name) expects LAT,LON in degrees (e.g. 43.73,7.42), not \"\(text)\"")
        }
        return try point(lat: lat, lon: lon, name: name)
    }

    package static func point(lat: Double, lon: Double, name: String) throws -> Coordinate {
        guard lat.isFinite, lon.isFinite else { throw UsageError("\(name): coordinates must be finite numbers") }
        if abs(lat) > 90 {
            if abs(lon) <= 90 && abs(lat) <= 180 {
                throw UsageError("\(name): latitude \(lat) is out of range; the order is LAT,LON — did you give LON,LAT?")
            }
            throw UsageError("\(name): latitude \(lat) is out of range (-90…90)")
        }
        guard abs(lon) <= 180 else { throw UsageError("\(name): longitude \(lon) is out of range (-180…180)") }
        return Coordinate(lat: lat, lon: lon)
    }

    package static func bbox(_ text: String, name: String) throws -> BoundingBox {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { NumberScan.double($0) }
        guard parts.count == 4, parts.allSatisfy({ $0 != nil && $0!.isFinite }) else {
            throw UsageError("\(name) expects MINLON,MINLAT,MAXLON,MAXLAT (four numbers), not \"\(text)\"")
        }
        return try bbox(parts.map { $0! }, name: name)
    }

    package static func bbox(_ v: [Double], name: String) throws -> BoundingBox {
        guard v.count == 4, v.allSatisfy(\.isFinite) else {
            throw UsageError("\(name) needs four finite numbers: MINLON,MINLAT,MAXLON,MAXLAT")
        }
        let (minLon, minLat, maxLon, maxLat) = (v[0], v[1], v[2], v[3])
        if abs(minLat) > 90 || abs(maxLat) > 90 {
            throw UsageError("\(name) latitude out of range; the order is MINLON,MINLAT,MAXLON,MAXLAT (longitude first) — did you give LAT,LON?")
        }
        if abs(minLon) > 180 || abs(maxLon) > 180 { throw UsageError("\(name) longitude out of range (-180…180)") }
        if minLon > maxLon { throw UsageError("\(name) is swapped: MINLON \(minLon) is greater than MAXLON \(maxLon) (expected MINLON,MINLAT,MAXLON,MAXLAT)") }
        if minLat > maxLat { throw UsageError("\(name) is swapped: MINLAT \(minLat) is greater than MAXLAT \(maxLat) (expected MINLON,MINLAT,MAXLON,MAXLAT)") }
        if minLon == maxLon || minLat == maxLat { throw UsageError("\(name) is empty: it has zero \(minLon == maxLon ? "width" : "height")") }
        return BoundingBox(minLon: minLon, minLat: minLat, maxLon: maxLon, maxLat: maxLat)
    }

    package static func kinds(_ names: [String], name: String) throws -> Set<LandmarkKind> {
        var out = Set<LandmarkKind>()
        for n in names {
            let t = n.trimmingCharacters(in: .whitespaces).lowercased()
            guard !t.isEmpty else { continue }
            guard let k = LandmarkKind(name: t) ?? (t == "pois" ? .poi : t == "addresses" ? .address : t == "streets" ? .street : nil) else {
                throw UsageError("unknown type \"\(n)\" (expected poi, address, street, place, transit, area)")
            }
            out.insert(k)
        }
        guard !out.isEmpty else { throw UsageError("\(name) needs at least one of poi, address, street, place, transit, area") }
        return out
    }

    package static func limit(_ n: Int, name: String) throws -> Int {
        guard (1...SearchOptions.maxLimit).contains(n) else {
            throw UsageError("\(name) must be from 1 to \(SearchOptions.maxLimit), not \(n)")
        }
        return n
    }

    /// Extra tag names (`--extra opening_hours,phone`) checked against `ExtraTags.keys`: an unknown
    /// one is an error naming the parameter, the key and the keys there are.
    package static func extra(_ names: [String], name: String) throws -> [String] {
        if let bad = ExtraTags.firstUnknown(names) {
            throw UsageError("\(name): unknown extra tag \"\(bad)\" (allowed: \(ExtraTags.keys.joined(separator: ", ")), or all)")
        }
        let kept = names.map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
        guard !kept.isEmpty else { throw UsageError("\(name) needs at least one key (\(ExtraTags.keys.joined(separator: ", ")), or all)") }
        return kept
    }

    /// A batch line's "extra": an array of key names; nil when the line has none.
    package static func batchExtra(_ v: JSONValue) throws -> [String]? {
        guard let e = v["extra"], !e.isNull else { return nil }
        guard let a = e.arrayValue, a.allSatisfy({ $0.stringValue != nil }) else {
            throw UsageError("\"extra\" must be an array of tag names, e.g. [\"opening_hours\", \"phone\"]")
        }
        return try extra(a.compactMap(\.stringValue), name: "\"extra\"")
    }

    /// One batch line → (id, text, options), starting from `defaults`.
    package static func batchLine(_ line: [UInt8], defaults: SearchOptions) throws -> (id: JSONValue, text: String, options: SearchOptions) {
        let v: JSONValue
        do { v = try JSONValue.parse(line) } catch { throw UsageError("not valid JSON: \(error.message) at byte \(error.offset)") }
        guard case .object = v else { throw UsageError("each line must be a JSON object") }
        let id = v["id"] ?? .null
        guard let qValue = v["q"] else { throw UsageError("missing \"q\" (the query text)") }
        guard let q = qValue.stringValue else { throw UsageError("\"q\" must be a string, not \(qValue.kindName)") }
        var o = defaults
        if let near = v["near"], !near.isNull {
            guard let a = near.arrayValue, a.count == 2, let lat = a[0].doubleValue, let lon = a[1].doubleValue else {
                throw UsageError("\"near\" must be [lat, lon]")
            }
            o.near = try point(lat: lat, lon: lon, name: "near")
        }
        if let r = v["radius"], !r.isNull {
            guard let m = r.doubleValue, m > 0, m.isFinite else { throw UsageError("\"radius\" must be a positive number of metres") }
            o.radius = m
        }
        if o.radius != nil && o.near == nil { throw UsageError("\"radius\" needs \"near\"") }
        if let b = v["bbox"], !b.isNull {
            guard let a = b.arrayValue, a.count == 4 else { throw UsageError("\"bbox\" must be [minlon, minlat, maxlon, maxlat]") }
            o.window = try bbox(a.map { $0.doubleValue ?? .nan }, name: "bbox")
        }
        if let l = v["limit"], !l.isNull {
            guard let n = l.intValue else { throw UsageError("\"limit\" must be a whole number") }
            o.limit = try limit(Int(clamping: n), name: "limit")
        }
        if let t = v["types"], !t.isNull {
            guard let a = t.arrayValue else { throw UsageError("\"types\" must be an array of kind names") }
            o.kinds = try kinds(a.map { $0.stringValue ?? "?" }, name: "types")
        }
        if let l = v["lang"], !l.isNull {
            guard let s = l.stringValue else { throw UsageError("\"lang\" must be a language code") }
            o.language = s
        }
        if let e = try batchExtra(v) { o.extra = e }
        return (id, q, o)
    }
}
