// The steps of RouteGuidance as English sentences, in the words of
// osrm-text-instructions (what Leaflet Routing Machine reads out), so
// `georoute route --steps` says what a client of geoserve's OSRM API says:
// "Enter the roundabout and take the 2nd exit onto Tunnel Dorsale".
import Foundation
import GeoBase

extension RouteGuidance {
    /// The steps of every leg of `route`, legs one after the other (each ends with its arrive step).
    public static func steps(_ route: Route) -> [GuidanceStep] {
        let stops = route.waypointVertices
        guard stops.count >= 2 else { return [] }
        var out: [GuidanceStep] = []
        for k in 0..<(stops.count - 1) {
            let ends = route.waypoints.count == stops.count ? (route.waypoints[k].input, route.waypoints[k + 1].input) : nil
            out += steps(route.segment, from: stops[k], to: stops[k + 1], start: ends?.0, end: ends?.1)
        }
        return out
    }

    /// One step as a sentence.
    public static func text(_ s: GuidanceStep) -> String {
        let road = !s.name.isEmpty ? s.name : s.ref
        let onto = road.isEmpty ? "" : " onto \(road)"
        let m = s.maneuver.modifier ?? "straight"
        let side = m.hasSuffix("left") ? "left" : m.hasSuffix("right") ? "right" : "straight"
        func direction(_ mod: String) -> String {
            switch mod {
            case "straight": "straight"
            case "uturn": "around"
            default: mod.replacingOccurrences(of: "slight ", with: "slightly ")
            }
        }
        switch s.maneuver.type {
        case "depart":
            return "Head \(compass(s.bearingAfter))" + (road.isEmpty ? "" : " on \(road)")
        case "arrive":
            let where_ = s.maneuver.modifier.map { $0 == "straight" ? ", straight ahead" : ", on the \($0)" } ?? ""
            return "You have arrived at your destination" + where_
        case "turn":
            if m == "uturn" { return "Make a U-turn" + onto }
            return m == "straight" ? "Go straight" + onto : "Turn \(direction(m))" + onto
        case "new name":
            return "Continue" + (m == "straight" ? "" : " \(direction(m))") + onto
        case "continue":
            if m == "uturn" { return "Make a U-turn" + onto }
            return "Continue \(direction(m))" + onto
        case "merge":
            return "Merge \(direction(m))" + onto
        case "on ramp", "off ramp":
            return (side == "straight" ? "Take the ramp" : "Take the ramp on the \(side)") + onto
        case "fork":
            return (side == "straight" ? "Keep straight at the fork" : "Keep \(side) at the fork") + onto
        case "end of road":
            return "Turn \(side) at the end of the road" + onto
        case "roundabout", "rotary":
            let what = s.maneuver.type == "rotary" ? (s.rotaryName.map { $0.isEmpty ? "the traffic circle" : $0 } ?? "the traffic circle")
                : "the roundabout"
            guard let e = s.maneuver.exit else { return "Enter \(what)" }
            return "Enter \(what) and take the \(ordinal(e)) exit" + onto
        case "roundabout turn":
            return (m == "straight" ? "At the roundabout, continue straight" : "At the roundabout, turn \(direction(m))") + onto
        case "exit roundabout":
            return "Exit the roundabout" + onto
        case "exit rotary":
            return "Exit the traffic circle" + onto
        default:
            return "Continue" + onto
        }
    }

    /// "1st", "2nd", "3rd", "4th"… (11th–13th as English writes them).
    static func ordinal(_ n: Int) -> String {
        let tens = n % 100
        if (11...13).contains(tens) { return "\(n)th" }
        switch n % 10 {
        case 1: return "\(n)st"
        case 2: return "\(n)nd"
        case 3: return "\(n)rd"
        default: return "\(n)th"
        }
    }

    /// The compass direction of a bearing, as osrm-text-instructions names it.
    static func compass(_ bearing: Double) -> String {
        let names = ["north", "northeast", "east", "southeast", "south", "southwest", "west", "northwest"]
        let k = Int(((bearing.truncatingRemainder(dividingBy: 360) + 360 + 22.5) / 45).rounded(.down)) % 8
        return names[k]
    }
}

extension RouteOutput {
    /// The route's steps for JSON output: maneuver, road, sentence, metres.
    public static func stepsJSON(_ r: Route) -> JSONValue {
        let s = r.segment
        return .array(RouteGuidance.steps(r).map { st in
            var f: [(String, JSONValue)] = [("type", .string(st.maneuver.type))]
            if let m = st.maneuver.modifier { f.append(("modifier", .string(m))) }
            if let e = st.maneuver.exit { f.append(("exit", .int(Int64(e)))) }
            f += [("name", .string(st.name)), ("ref", .string(st.ref)), ("instruction", .string(RouteGuidance.text(st))),
                  ("location", latLon(st.location)), ("distance_m", m(s.distances[st.lastVertex] - s.distances[st.firstVertex]))]
            return .object(f)
        })
    }
}
