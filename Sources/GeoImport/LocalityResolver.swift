// Gives every landmark a locality for its subtitle: `addr:city` when tagged,
// otherwise the nearest settlement within a reach that depends on its size
// (a city names things 15 km around, a hamlet only 1.5 km). Suburbs and
// neighbourhoods win over the town when they are close, as people describe it.
import GeoBase
import GeoModel

enum LocalityResolver {
    static let reach: [String: Double] = [
        "city": 15_000, "town": 8_000, "village": 4_000, "municipality": 6_000, "borough": 3_000, "suburb": 2_000,
        "quarter": 1_200, "hamlet": 1_500, "neighbourhood": 800, "island": 3_000,
    ]

    static func assign(_ drafts: inout [LandmarkDraft]) {
        struct Settlement { var point: Coordinate; var name: String; var reach: Double; var rank: Int }
        var settlements: [Settlement] = []
        for d in drafts where d.kind == .place {
            guard let r = reach[d.categoryValue], let n = d.names.first?.value else { continue }
            settlements.append(Settlement(point: d.point.coordinate, name: n, reach: r, rank: Int(d.importance)))
        }
        guard !settlements.isEmpty || drafts.contains(where: { $0.city != nil }) else { return }
        // Grid of ~0.1° cells so each landmark looks only at nearby settlements.
        let cell = 0.1
        var grid: [Int64: [Int]] = [:]
        func key(_ lat: Int, _ lon: Int) -> Int64 { Int64(lat) << 32 | Int64(UInt32(bitPattern: Int32(lon))) }
        for (i, s) in settlements.enumerated() {
            let span = Int((s.reach / 111_000 / cell).rounded(.up)) + 1
            let la = Int((s.point.lat / cell).rounded(.down)), lo = Int((s.point.lon / cell).rounded(.down))
            for a in (la - span)...(la + span) { for b in (lo - span)...(lo + span) { grid[key(a, b), default: []].append(i) } }
        }
        for i in drafts.indices {
            if let city = drafts[i].city { drafts[i].locality = city; continue }
            let p = drafts[i].point.coordinate
            let la = Int((p.lat / cell).rounded(.down)), lo = Int((p.lon / cell).rounded(.down))
            var best: (score: Double, name: String)?
            for s in grid[key(la, lo)] ?? [] {
                let st = settlements[s]
                if drafts[i].kind == .place && st.name == drafts[i].names.first?.value { continue }
                let d = p.distance(to: st.point)
                guard d <= st.reach else { continue }
                // Closer relative to reach wins: a suburb at 300 m beats its town centre at 2 km.
                let score = d / st.reach
                if best == nil || score < best!.score { best = (score, st.name) }
            }
            drafts[i].locality = best?.name
        }
    }
}
