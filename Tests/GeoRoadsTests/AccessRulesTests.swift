// Direct tests of AccessRules.profile(tags) and AccessRules.barrierBlocks(tags)
// against what OSRM 26.10's car.lua, bicycle.lua and foot.lua decide for the
// same tags (each case names the Lua handler or setting it checks; the values
// were read off the profiles run on these tags). RoutingRulesTests checks the
// rules end to end through routes; these pin each rule on its own tag
// dictionary, so a failure names the rule. Where we keep our own rule against
// OSRM's the case says "ours".
import Testing
@testable import GeoRoads

/// A mode on a profile as "forward/backward": km/h, "p" when the bike is pushed, "-" when closed;
/// " R" when the way is for local access only (restricted).
private func describe(_ p: WayProfile?, _ m: TravelMode) -> String {
    guard let p else { return "-/-" }
    func side(_ forward: Bool) -> String {
        guard p.access.allows(m, forward: forward) else { return "-" }
        return "\(p.speed(m, forward: forward))" + (m == .bicycle && p.pushed.allows(.bicycle, forward: forward) ? "p" : "")
    }
    return side(true) + "/" + side(false) + (p.restricted.contains(m) ? " R" : "")
}

/// One tag dictionary and what each mode gets on it.
struct Rule: Sendable, CustomTestStringConvertible {
    var tags: [String: String]
    var car: String, bicycle: String, foot: String
    /// The OSRM handler or setting the case checks.
    var osrm: String
    var testDescription: String { "\(osrm): \(tags.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: " "))" }

    init(_ tags: [String: String], car: String, bicycle: String, foot: String, _ osrm: String) {
        self.tags = tags; self.car = car; self.bicycle = bicycle; self.foot = foot; self.osrm = osrm
    }
}

private func check(_ r: Rule) {
    let p = AccessRules.profile(r.tags)
    #expect(describe(p, .car) == r.car, "car")
    #expect(describe(p, .bicycle) == r.bicycle, "bicycle")
    #expect(describe(p, .foot) == r.foot, "foot")
    if r.car == "-/-" && r.bicycle == "-/-" && r.foot == "-/-" { #expect(p == nil, "no mode: no profile") }
}

private let residential = ["highway": "residential"]
private func road(_ extra: [String: String], _ highway: String = "residential") -> [String: String] {
    extra.merging(["highway": highway]) { a, _ in a }
}

@Suite struct AccessRulesTests {
    // MARK: classes and their speeds

    @Test(arguments: [
        Rule(["highway": "motorway"], car: "90/-", bicycle: "-/-", foot: "-/-", "car speeds; motorway implies oneway"),
        Rule(["highway": "motorway_link"], car: "45/45", bicycle: "-/-", foot: "-/-", "WayHandlers.oneway: no implied oneway on links"),
        Rule(["highway": "trunk"], car: "85/85", bicycle: "-/-", foot: "-/-", "trunk is in no bicycle or foot table"),
        Rule(["highway": "trunk_link"], car: "40/40", bicycle: "-/-", foot: "-/-", "car speeds"),
        Rule(["highway": "primary"], car: "65/65", bicycle: "15/15", foot: "5/5", "car, bicycle_speeds, foot speeds"),
        Rule(["highway": "secondary"], car: "55/55", bicycle: "15/15", foot: "5/5", "car speeds"),
        Rule(["highway": "tertiary"], car: "40/40", bicycle: "15/15", foot: "5/5", "car speeds"),
        Rule(["highway": "unclassified"], car: "25/25", bicycle: "15/15", foot: "5/5", "car speeds"),
        Rule(residential, car: "25/25", bicycle: "15/15", foot: "5/5", "car speeds"),
        Rule(["highway": "living_street"], car: "10/10", bicycle: "15/15", foot: "5/5", "car speeds"),
        Rule(["highway": "service"], car: "15/15", bicycle: "15/15", foot: "5/5", "car speeds"),
        Rule(["highway": "winter_road"], car: "20/20", bicycle: "-/-", foot: "-/-", "car speeds: winter roads"),
        Rule(["highway": "track"], car: "-/-", bicycle: "12/12", foot: "5/5", "no car speed for track"),
        Rule(["highway": "track", "access": "yes"], car: "10/10", bicycle: "12/12", foot: "5/5",
             "WayHandlers.speed: default_speed where access allows"),
        Rule(["highway": "road"], car: "-/-", bicycle: "-/-", foot: "-/-", "highway=road is in no table"),
        Rule(["highway": "services"], car: "-/-", bicycle: "-/-", foot: "-/-", "no table"),
        Rule(["highway": "footway"], car: "-/-", bicycle: "4p/4p", foot: "5/5", "bike_push_handler: pedestrian_speeds"),
        Rule(["highway": "footway", "bicycle": "yes"], car: "-/-", bicycle: "15/15", foot: "5/5",
             "speed_handler: unknown way, whitelisted access"),
        Rule(["highway": "pedestrian"], car: "-/-", bicycle: "4p/4p", foot: "5/5", "pedestrian_speeds"),
        Rule(["highway": "steps"], car: "-/-", bicycle: "2p/2p", foot: "5/5", "car avoids steps; pedestrian_speeds steps 2"),
        Rule(["highway": "cycleway"], car: "-/-", bicycle: "15/15", foot: "-/-", "cycleway is not in foot.lua's table"),
        Rule(["highway": "cycleway", "foot": "yes"], car: "-/-", bicycle: "15/15", foot: "5/5", "foot: access whitelist"),
        Rule(["highway": "path"], car: "-/-", bicycle: "13/13", foot: "5/5", "bicycle_speeds path 13"),
        Rule(["highway": "bridleway"], car: "-/-", bicycle: "-/-", foot: "-/-", "in no table"),
        Rule(["highway": "bridleway", "foot": "yes"], car: "-/-", bicycle: "4p/4p", foot: "5/5", "bike_push_handler: foot=yes"),
        Rule(["highway": "platform"], car: "-/-", bicycle: "-/-", foot: "5/5", "foot speeds: platform"),
        Rule(["highway": "corridor"], car: "-/-", bicycle: "-/-", foot: "-/-", "in no table"),
        Rule(["highway": "pedestrian", "area": "yes"], car: "-/-", bicycle: "4p/4p", foot: "5/5", "only car.lua avoids areas"),
        Rule(["highway": "residential", "area": "yes"], car: "-/-", bicycle: "15/15", foot: "5/5", "blocked_ways: avoid.area (car)"),
        Rule(["route": "ferry"], car: "5/5", bicycle: "5/5", foot: "5/5", "route_speeds ferry 5"),
        Rule(["route": "ferry", "duration": "00:02"], car: "5/5", bicycle: "5/5", foot: "5/5",
             "duration is a time for the whole way; the profile has no length (ours: the route speed)"),
        Rule(["route": "ferry", "motor_vehicle": "no", "bicycle": "yes", "foot": "yes"], car: "-/-", bicycle: "5/5", foot: "5/5",
             "WayHandlers.access on a ferry"),
        Rule(["route": "ferry", "oneway": "yes"], car: "5/-", bicycle: "5/-", foot: "5/-",
             "ours: a oneway ferry stays oneway (OSRM's ferries handler reopens it for car and foot)"),
        Rule(["route": "shuttle_train"], car: "10/10", bicycle: "-/-", foot: "-/-", "car route_speeds shuttle_train 10"),
        Rule(["highway": "primary", "bridge": "movable"], car: "5/5", bicycle: "5/5", foot: "5/5", "bridge_speeds movable 5"),
        Rule(["highway": "footway", "bridge": "movable"], car: "-/-", bicycle: "4p/4p", foot: "5/5",
             "ours: a movable bridge only slows (OSRM opens a movable footbridge to cars and to riding)"),
        Rule(["man_made": "pier"], car: "-/-", bicycle: "4p/4p", foot: "5/5", "man_made_speeds, foot speeds: pier"),
        Rule(["railway": "platform"], car: "-/-", bicycle: "4/4", foot: "5/5", "platform_speeds (ridden at walking speed)"),
        Rule(["public_transport": "platform"], car: "-/-", bicycle: "4/4", foot: "-/-", "platform_speeds; not in foot's table"),
        Rule(["amenity": "parking"], car: "-/-", bicycle: "10/10", foot: "5/5", "amenity_speeds"),
        Rule(["building": "yes"], car: "-/-", bicycle: "-/-", foot: "-/-", "not a way of any profile"),
    ])
    func classes(_ r: Rule) { check(r) }

    @Test func classOfNonHighways() {
        #expect(AccessRules.profile(["route": "ferry"])?.roadClass == .ferry)
        #expect(AccessRules.profile(["route": "shuttle_train"])?.roadClass == .ferry)
        #expect(AccessRules.profile(["man_made": "pier"])?.roadClass == .footway)
        #expect(AccessRules.profile(["railway": "platform"])?.roadClass == .platform)
        #expect(AccessRules.profile(["amenity": "parking"])?.roadClass == .service)
        #expect(AccessRules.profile(["highway": "escape", "access": "yes"])?.roadClass == .other)
    }

    // MARK: access

    @Test(arguments: [
        Rule(road(["motor_vehicle": "no"]), car: "-/-", bicycle: "15/15", foot: "5/5", "car access_tags_hierarchy"),
        Rule(road(["motor_vehicle": "no", "motorcar": "yes"]), car: "25/25", bicycle: "15/15", foot: "5/5", "motorcar first"),
        Rule(road(["access": "no", "motor_vehicle": "yes"]), car: "25/25", bicycle: "-/-", foot: "-/-", "motor_vehicle before access"),
        Rule(road(["vehicle": "no"]), car: "-/-", bicycle: "-/-", foot: "5/5", "vehicle binds car and bicycle"),
        Rule(road(["vehicle": "no", "bicycle": "yes"]), car: "-/-", bicycle: "15/15", foot: "5/5", "bicycle before vehicle"),
        Rule(road(["access": "no", "foot": "yes"]), car: "-/-", bicycle: "-/-", foot: "5/5", "foot before access"),
        Rule(road(["access": "private"]), car: "25/25 R", bicycle: "-/-", foot: "-/-",
             "restricted_access_tag_list: private is local access for cars, closed otherwise"),
        Rule(road(["access": "destination"]), car: "25/25 R", bicycle: "15/15", foot: "5/5", "restricted: destination"),
        Rule(road(["motor_vehicle": "destination"]), car: "25/25 R", bicycle: "15/15", foot: "5/5", "restricted via motor_vehicle"),
        Rule(road(["access": "delivery"]), car: "25/25 R", bicycle: "-/-", foot: "-/-", "delivery: restricted; bike/foot blacklist"),
        Rule(road(["access": "customers"]), car: "25/25 R", bicycle: "15/15", foot: "5/5", "restricted: customers"),
        Rule(road(["access": "permit"]), car: "25/25 R", bicycle: "15/15", foot: "5/5", "restricted: permit"),
        Rule(road(["access": "unknown"]), car: "25/25 R", bicycle: "15/15", foot: "5/5", "restricted: unknown"),
        Rule(road(["access": "private"], "service"), car: "15/15 R", bicycle: "-/-", foot: "-/-", "restricted on service"),
        Rule(road(["access": "destination"], "track"), car: "-/-", bicycle: "12/12", foot: "5/5",
             "restricted_highway_whitelist has no track: destination closes it"),
        Rule(road(["access": "foot"]), car: "-/-", bicycle: "15/15", foot: "5/5", "car blacklist foot; foot whitelist foot"),
        Rule(road(["access": "psv"]), car: "-/-", bicycle: "15/15", foot: "5/5", "car blacklist psv"),
        Rule(road(["motor_vehicle": "taxi"]), car: "-/-", bicycle: "15/15", foot: "5/5", "car blacklist taxi"),
        Rule(road(["motor_vehicle": "minibus"]), car: "-/-", bicycle: "15/15", foot: "5/5", "car blacklist minibus"),
        Rule(road(["access": "official"]), car: "-/-", bicycle: "15/15", foot: "5/5", "car blacklist official"),
        Rule(road(["access": "agricultural"]), car: "-/-", bicycle: "-/-", foot: "-/-", "everyone's blacklist"),
        Rule(road(["access": "discouraged"]), car: "25/25", bicycle: "15/15", foot: "5/5", "an unknown value closes nothing"),
        Rule(road(["access": "no;yes"]), car: "25/25", bicycle: "15/15", foot: "5/5", "resolve_access: the most permissive part"),
        Rule(road(["access": "private;customers"]), car: "25/25 R", bicycle: "-/-", foot: "-/-", "resolve_access: first of equals"),
        Rule(road(["bicycle": "use_sidepath"], "primary"), car: "65/65", bicycle: "-/-", foot: "5/5", "bicycle blacklist use_sidepath"),
        Rule(road(["foot": "use_sidepath"], "primary"), car: "65/65", bicycle: "15/15", foot: "-/-", "foot blacklist use_sidepath"),
        Rule(road(["access:forward": "no"]), car: "-/25", bicycle: "-/15", foot: "-/5", "get_forward_backward_by_set"),
        Rule(road(["vehicle:backward": "no"]), car: "25/-", bicycle: "15/-", foot: "5/5", "directional vehicle"),
        Rule(road(["motor_vehicle:forward": "destination"]), car: "25/25 R", bicycle: "15/15", foot: "5/5",
             "restricted one way (the graph keeps one flag a mode)"),
        Rule(road(["bicycle:backward": "no"]), car: "25/25", bicycle: "15/-", foot: "5/5", "directional bicycle, no pushing"),
        Rule(road(["foot:forward": "no"]), car: "25/25", bicycle: "15/15", foot: "-/5", "directional foot"),
        Rule(road(["access": "yes"], "cycleway"), car: "-/-", bicycle: "15/15", foot: "5/5",
             "ours: access=yes does not open a cycleway to cars (OSRM: 10 km/h)"),
        Rule(road(["vehicle": "yes"], "footway"), car: "-/-", bicycle: "15/15", foot: "5/5", "ours, as above"),
        Rule(road(["motor_vehicle": "yes"], "cycleway"), car: "10/10", bicycle: "15/15", foot: "-/-", "default_speed"),
        Rule(road(["hov": "designated"]), car: "25/25 R", bicycle: "15/15", foot: "5/5", "WayHandlers.hov: restricted"),
        Rule(road(["hov:lanes": "designated|designated"]), car: "25/25 R", bicycle: "15/15", foot: "5/5", "all lanes hov"),
        Rule(road(["cycleway": "separate"]), car: "25/25", bicycle: "-/-", foot: "5/5", "handle_cycleway_separate"),
        Rule(road(["cycleway": "separate", "bicycle": "yes"]), car: "25/25", bicycle: "15/15", foot: "5/5", "…unless bicycle=yes"),
        Rule(road(["sidewalk": "separate"]), car: "25/25", bicycle: "15/15", foot: "-/-", "handle_sidewalk_separate"),
        Rule(road(["sidewalk:left": "separate", "foot": "yes"]), car: "25/25", bicycle: "15/15", foot: "5/5", "…unless foot=yes"),
        Rule(road(["bicycle": "dismount"]), car: "25/25", bicycle: "4p/4p", foot: "5/5", "bike_push_handler: dismount"),
        Rule(road(["motorroad": "yes", "bicycle": "yes"], "trunk"), car: "85/85", bicycle: "-/-", foot: "-/-",
             "avoid.motorroad (bicycle, foot) before any access tag"),
    ])
    func access(_ r: Rule) { check(r) }

    // MARK: blocked ways, dimensions

    @Test(arguments: [
        Rule(["highway": "construction"], car: "-/-", bicycle: "-/-", foot: "-/-", "blocked_ways: construction"),
        Rule(road(["construction": "yes"]), car: "-/-", bicycle: "-/-", foot: "5/5", "construction=*: foot does not avoid it"),
        Rule(road(["construction": "minor"]), car: "25/25", bicycle: "15/15", foot: "5/5", "construction_whitelist"),
        Rule(["highway": "proposed", "proposed": "residential"], car: "-/-", bicycle: "-/-", foot: "-/-", "avoid.proposed"),
        Rule(road(["proposed": "secondary"], "tertiary"), car: "40/40", bicycle: "15/15", foot: "5/5", "a built road stays"),
        Rule(road(["impassable": "yes"]), car: "-/-", bicycle: "-/-", foot: "-/-", "avoid.impassable"),
        Rule(road(["status": "impassable"]), car: "-/-", bicycle: "-/-", foot: "-/-", "avoid.impassable: status"),
        Rule(road(["smoothness": "impassable"]), car: "-/-", bicycle: "15/15", foot: "5/5", "smoothness_speeds impassable 0"),
        Rule(road(["service": "emergency_access"], "service"), car: "-/-", bicycle: "15/15", foot: "5/5", "service_tag_forbidden"),
        Rule(road(["toll": "yes"]), car: "25/25", bicycle: "15/15", foot: "5/5", "toll is not avoided by default"),
        Rule(road(["oneway": "reversible"]), car: "-/-", bicycle: "15/15", foot: "5/5", "avoid.reversible (car)"),
        Rule(road(["maxheight": "1.9"]), car: "-/-", bicycle: "15/15", foot: "5/5", "handle_height: vehicle_height 2.0"),
        Rule(road(["maxheight": "6'6\""]), car: "-/-", bicycle: "15/15", foot: "5/5", "parse_value_meters: feet and inches"),
        Rule(road(["maxheight": "none"]), car: "25/25", bicycle: "15/15", foot: "5/5", "get_max_height: none = 4.5 m"),
        Rule(road(["maxheight:forward": "1.8"]), car: "-/25", bicycle: "15/15", foot: "5/5", "directional height"),
        Rule(road(["maxwidth": "1.8"]), car: "-/-", bicycle: "15/15", foot: "5/5", "handle_width: vehicle_width 1.9"),
        Rule(road(["width": "1.5"]), car: "-/-", bicycle: "15/15", foot: "5/5", "handle_width reads width too"),
        Rule(road(["maxwidth": "narrow"]), car: "25/25", bicycle: "15/15", foot: "5/5", "narrow binds only vehicles over 2.2 m"),
        Rule(road(["maxweight": "1.5"]), car: "-/-", bicycle: "15/15", foot: "5/5", "handle_weight: tonnes, vehicle 2000 kg"),
        Rule(road(["maxweight": "1500 kg"]), car: "-/-", bicycle: "15/15", foot: "5/5", "parse_value_kilograms: kg"),
        Rule(road(["maxweight": "3.5"]), car: "25/25", bicycle: "15/15", foot: "5/5", "heavier than the car"),
        Rule(road(["maxlength": "4"]), car: "-/-", bicycle: "15/15", foot: "5/5", "handle_length: vehicle_length 4.8"),
    ])
    func blockedWaysAndDimensions(_ r: Rule) { check(r) }

    // MARK: oneway

    @Test(arguments: [
        Rule(road(["oneway": "yes"]), car: "25/-", bicycle: "15/4p", foot: "5/5", "oneway; bike pushed against it"),
        Rule(road(["oneway": "1"]), car: "25/-", bicycle: "15/4p", foot: "5/5", "oneway=1"),
        Rule(road(["oneway": "true"]), car: "25/-", bicycle: "15/4p", foot: "5/5", "oneway=true"),
        Rule(road(["oneway": "-1"]), car: "-/25", bicycle: "4p/15", foot: "5/5", "oneway=-1"),
        Rule(road(["oneway": "reverse"]), car: "-/25", bicycle: "4p/15", foot: "5/5",
             "ours: reverse is -1 (OSRM: no oneway, cars sent the wrong way)"),
        Rule(road(["oneway": "alternating"]), car: "25/25", bicycle: "15/15", foot: "5/5", "alternating: a weight penalty only"),
        Rule(road(["oneway": "yes", "oneway:motorcar": "no"]), car: "25/25", bicycle: "15/4p", foot: "5/5",
             "get_value_by_prefixed_sequence: oneway:motorcar"),
        Rule(road(["oneway:motor_vehicle": "yes"]), car: "25/-", bicycle: "15/15", foot: "5/5", "oneway:motor_vehicle"),
        Rule(road(["oneway:vehicle": "-1"]), car: "-/25", bicycle: "15/15", foot: "5/5", "bicycle reads only oneway:bicycle"),
        Rule(road(["oneway": "yes", "oneway:bicycle": "no"]), car: "25/-", bicycle: "15/15", foot: "5/5", "oneway:bicycle=no"),
        Rule(road(["oneway:bicycle": "yes"]), car: "25/25", bicycle: "15/4p", foot: "5/5", "oneway:bicycle=yes"),
        Rule(road(["oneway:bicycle": "-1"]), car: "25/25", bicycle: "4p/15", foot: "5/5", "oneway:bicycle=-1"),
        Rule(road(["oneway": "yes", "cycleway": "opposite"]), car: "25/-", bicycle: "15/15", foot: "5/5", "opposite_cycleway_tags"),
        Rule(road(["oneway": "yes", "cycleway:left": "opposite_lane"]), car: "25/-", bicycle: "15/15", foot: "5/5", "cycleway:left"),
        Rule(road(["oneway": "yes", "cycleway:both": "opposite_track"]), car: "25/-", bicycle: "15/15", foot: "5/5", "cycleway:both"),
        Rule(road(["oneway": "yes", "cycleway:right": "opposite_lane"]), car: "25/-", bicycle: "15/15", foot: "5/5", "cycleway:right"),
        Rule(road(["oneway": "yes", "cycleway": "lane"]), car: "25/-", bicycle: "15/4p", foot: "5/5", "a lane with the traffic"),
        Rule(road(["oneway": "-1", "cycleway": "lane"]), car: "-/25", bicycle: "4p/15", foot: "5/5", "…on a reversed oneway"),
        Rule(road(["oneway": "yes", "foot": "no"]), car: "25/-", bicycle: "15/-", foot: "-/-", "no pushing where foot=no"),
        Rule(road(["junction": "roundabout"], "tertiary"), car: "40/-", bicycle: "15/-", foot: "5/5",
             "implied oneway; no pushing round an implied oneway"),
        Rule(road(["junction": "circular"], "tertiary"), car: "40/-", bicycle: "15/-", foot: "5/5", "circular implies oneway"),
        Rule(road(["junction": "roundabout", "oneway": "no"], "tertiary"), car: "40/40", bicycle: "15/15", foot: "5/5", "oneway=no"),
        Rule(road(["oneway": "no"], "motorway"), car: "90/90", bicycle: "-/-", foot: "-/-", "motorway with oneway=no"),
        Rule(road(["oneway": "yes"], "footway"), car: "-/-", bicycle: "4p/4p", foot: "5/5", "foot: oneway_handling 'specific'"),
        Rule(road(["oneway:foot": "-1"], "footway"), car: "-/-", bicycle: "4p/4p", foot: "-/5", "oneway:foot"),
        Rule(road(["conveying": "forward"], "steps"), car: "-/-", bicycle: "2p/2p", foot: "5/-", "WayHandlers.conveying"),
    ])
    func oneway(_ r: Rule) { check(r) }

    @Test func onewayReadingsPerMode() {
        #expect([Oneway.no, .forward, .backward].map(\.rawValue) == [0, 1, -1])
        #expect(Oneway(carTags: ["highway": "motorway_link"]) == .no)
        #expect(Oneway(carTags: ["highway": "motorway"]) == .forward)
        #expect(Oneway(carTags: ["oneway": "yes", "oneway:vehicle": "-1"]) == .backward)
        #expect(Oneway(bicycleTags: ["oneway": "yes", "oneway:bicycle": "no"]) == .no)
        #expect(Oneway(bicycleTags: ["oneway": "reversible"]) == .no)
        #expect(Oneway(footTags: ["oneway": "yes", "oneway:foot": "yes"]) == .forward)
        #expect(Oneway(footTags: ["oneway": "yes"]) == .no)
    }

    // MARK: speeds

    @Test(arguments: [
        Rule(road(["maxspeed": "30"], "primary"), car: "24/24", bicycle: "15/15", foot: "5/5", "maxspeed × speed_reduction 0.8"),
        Rule(road(["maxspeed": "90"]), car: "72/72", bicycle: "15/15", foot: "5/5", "maxspeed sets, not only caps"),
        Rule(road(["maxspeed": "30 mph"], "primary"), car: "39/39", bicycle: "15/15", foot: "5/5", "mph × 1.609"),
        Rule(road(["maxspeed": "walk"], "primary"), car: "65/65", bicycle: "15/15", foot: "5/5", "walk: no number, no zone"),
        Rule(road(["maxspeed": "signals"], "primary"), car: "65/65", bicycle: "15/15", foot: "5/5", "signals: ignored"),
        Rule(road(["maxspeed": "none"], "primary"), car: "112/112", bicycle: "15/15", foot: "5/5", "maxspeed_table none 140"),
        Rule(road(["maxspeed": "DE:urban"], "primary"), car: "40/40", bicycle: "15/15", foot: "5/5", "maxspeed_table_default urban"),
        Rule(road(["maxspeed": "DE:rural"], "primary"), car: "80/80", bicycle: "15/15", foot: "5/5", "maxspeed_table de:rural"),
        Rule(road(["maxspeed": "DE:motorway"], "motorway"), car: "90/-", bicycle: "-/-", foot: "-/-", "de:motorway 0: no limit"),
        Rule(road(["maxspeed": "RU:living_street"], "primary"), car: "16/16", bicycle: "15/15", foot: "5/5", "ru:living_street"),
        Rule(road(["maxspeed": "GB:nsl_single"], "primary"), car: "77/77", bicycle: "15/15", foot: "5/5", "gb:nsl_single, mph"),
        Rule(road(["maxspeed": "50;30"], "primary"), car: "40/40", bicycle: "15/15", foot: "5/5", "the leading number"),
        Rule(road(["maxspeed": "300"], "primary"), car: "240/240", bicycle: "15/15", foot: "5/5", "no cap for cars"),
        Rule(road(["maxspeed": "30", "maxspeed:forward": "50"], "primary"), car: "40/24", bicycle: "15/15", foot: "5/5",
             "maxspeed:forward"),
        Rule(road(["maxspeed": "80", "maxspeed:advisory": "40"], "primary"), car: "32/32", bicycle: "15/15", foot: "5/5",
             "maxspeed:advisory first"),
        Rule(road(["source:maxspeed": "FR:rural"], "primary"), car: "64/64", bicycle: "15/15", foot: "5/5", "source:maxspeed"),
        Rule(road(["maxspeed": "10"]), car: "8/8", bicycle: "10/10", foot: "5/5", "bicycle: limit() caps at maxspeed"),
        Rule(road(["surface": "gravel"], "primary"), car: "40/40", bicycle: "6/6", foot: "4/4", "surface_speeds (foot 3.75)"),
        Rule(road(["surface": "mud"], "primary"), car: "10/10", bicycle: "3/3", foot: "3/3", "surface mud (foot 2.5)"),
        Rule(road(["surface": "sett"], "primary"), car: "40/40", bicycle: "9/9", foot: "5/5", "surface sett"),
        Rule(road(["surface": "mud"], "footway"), car: "-/-", bicycle: "3p/3p", foot: "3/3", "the surface bounds pushing too"),
        Rule(road(["tracktype": "grade2"], "primary"), car: "40/40", bicycle: "15/15", foot: "5/5", "tracktype_speeds"),
        Rule(road(["smoothness": "bad"], "primary"), car: "40/40", bicycle: "15/15", foot: "5/5", "smoothness_speeds"),
        Rule(road(["cycleway": "lane"], "track"), car: "-/-", bicycle: "15/15", foot: "5/5", "cycleway_handler: cycleway speed"),
        Rule(road(["cycleway:right": "track"], "track"), car: "-/-", bicycle: "15/12", foot: "5/5", "cycleway:right: forward"),
    ])
    func speeds(_ r: Rule) { check(r) }

    @Test func namesRefAndPronunciation() {
        let p = AccessRules.profile(road(["name": "Rue A", "ref": "D 12;E 40", "name:pronunciation": "ʁy a"]))
        #expect(p?.name == "Rue A" && p?.ref == "D 12; E 40" && p?.pronunciation == "ʁy a")
        // WayHandlers.names: an unnamed sidewalk takes its street's name.
        #expect(AccessRules.profile(road(["footway": "sidewalk", "street:name": "Rue A"], "footway"))?.name == "Rue A")
        #expect(AccessRules.profile(road(["street:name": "Rue A"], "footway"))?.name == "")
    }

    @Test func classDefaultsForIgnoredRestrictions() {
        // TraversalRules gives a road used only thanks to ignoreRestrictions its class speed.
        #expect(AccessRules.speed([:], .residential, .car, dismount: false) == 25)
        #expect(AccessRules.speed([:], .track, .car, dismount: false) == 10)
        #expect(AccessRules.speed([:], .footway, .bicycle, dismount: true) == 4)
        #expect(AccessRules.speed([:], .steps, .bicycle, dismount: true) == 2)
        #expect(AccessRules.speed([:], .trunk, .bicycle, dismount: false) == 15)
        #expect(AccessRules.speed([:], .ferry, .foot, dismount: false) == 5)
        #expect(AccessRules.classAllows(.trunk, .bicycle) && !AccessRules.classAllows(.footway, .car))
    }

    // MARK: barriers

    @Test(arguments: [
        // barrier tags, blocked bits (car 1, bicycle 2, foot 4)
        (["barrier": "bollard"], UInt8(1)), (["barrier": "bollard", "bollard": "rising"], 0),
        (["barrier": "cycle_barrier"], 1), (["barrier": "block"], 1), (["barrier": "chain"], 1),
        (["barrier": "stile"], 1), (["barrier": "kissing_gate"], 1), (["barrier": "turnstile"], 1),
        (["barrier": "full-height_turnstile"], 3),   // ours: no bicycle passes one (OSRM: only cars stopped)
        (["barrier": "swing_gate"], 1), (["barrier": "hedge"], 1), (["barrier": "something_unknown"], 1),
        (["barrier": "fence"], 7), (["barrier": "wall"], 7), (["barrier": "yes"], 7), (["barrier": "fence", "sensory": "audible"], 0),
        (["barrier": "gate"], 0), (["barrier": "lift_gate"], 0),   // barrier_penalties: passed after a wait
        (["barrier": "entrance"], 0), (["barrier": "no"], 0), (["barrier": "cattle_grid"], 0), (["barrier": "toll_booth"], 0),
        (["barrier": "border_control"], 0), (["barrier": "height_restrictor"], 0),
        (["barrier": "height_restrictor", "maxheight": "1.8"], 1), (["barrier": "height_restrictor", "maxheight": "2.5"], 0),
        (["barrier": "kerb"], 1), (["barrier": "kerb", "kerb": "raised"], 1), (["barrier": "kerb", "kerb": "lowered"], 0),
        (["barrier": "kerb", "kerb": "flush"], 0), (["barrier": "kerb", "highway": "crossing"], 0),
        (["barrier": "bollard", "kerb": "lowered"], 1),   // ours: a bollard stays one (OSRM passes any barrier with a flat kerb)
        ([:], 0), (["highway": "crossing"], 0),
        // Node access tags decide alone.
        (["barrier": "bollard", "motor_vehicle": "yes"], 0), (["barrier": "bollard", "bicycle": "no"], 3),
        (["barrier": "gate", "access": "private"], 6),   // private is local access for cars: the ways decide
        (["barrier": "gate", "access": "private", "foot": "yes"], 2), (["barrier": "gate", "access": "destination"], 0),
        (["barrier": "gate", "access": "no"], 7), (["barrier": "bollard", "access": "agricultural"], 7),
        (["barrier": "stile", "bicycle": "dismount"], 1), (["barrier": "fence", "foot": "yes"], 3), (["barrier": "wall", "access": "yes"], 0),
        (["motor_vehicle": "no"], 1), (["vehicle": "no"], 3), (["access": "no"], 7), (["access": "no;yes"], 0),
        (["highway": "crossing", "bicycle": "no"], 0),   // bicycle.lua: access on a crossing is not the road's
        (["highway": "crossing", "foot": "no"], 4),
    ] as [([String: String], UInt8)])
    func barriersPerMode(tags: [String: String], blocks: UInt8) {
        #expect(AccessRules.barrierBlocks(tags).rawValue == blocks, "\(tags)")
    }

    @Test func barrierBitsAreTheModeBits() {
        // The barrier byte on disk is a TravelModes set: car 1, bicycle 2, foot 4.
        #expect(AccessRules.barrierBlocks(["barrier": "bollard"]) == .car)
        #expect(AccessRules.barrierBlocks(["barrier": "bollard", "bicycle": "no"]).contains(.bicycle))
        #expect(AccessRules.barrierBlocks(["barrier": "bollard", "foot": "no"]).contains(.foot))
        #expect(TravelModes.car.rawValue == 1 && TravelModes.bicycle.rawValue == 2 && TravelModes.foot.rawValue == 4)
    }
}
