# Why georoute and OSRM differ on a case of scripts/routing_cases.py, in one line per
# class of difference, naming the OSRM profile setting behind it. rules_vs_osrm.py
# writes these into samples/rules/osrm/known-differences.json ("not yet handled: ..."),
# so a regenerated list keeps the same reasons. First matching rule wins.
import re

# (case id pattern, modes or None for all, diagnosis)
RULES = [
    (r"^restr-unknown-value$", None, "OSRM takes any restriction=no_* value (here no_parking) as a prohibition"),
    (r"^restr-(no-route-left|only-straight-no-ring)$", None,
     "turn restriction not applied; OSRM's only way left is a U-turn at a dead end (allowed there, u_turn_penalty 20 s)"),
    (r"^restr-via-(way|two-ways)", None, "via-way (multi-via) restriction not applied"),
    (r"^restr-(conditional-plus-plain|day-on)$", None, "the unconditional restriction applies (OSRM ignores the time tags)"),
    (r"^restr-", None, "turn restriction not applied (OSRM car: restriction, restriction:motorcar/motor_vehicle/vehicle; "
                       "bicycle: restriction, restriction:bicycle; except= exempts)"),
    (r"^uturn-oneway-behind$", ("bicycle",), "OSRM pushes the bicycle back along the one-way street (bike_push_handler, 4 km/h)"),
    (r"^uturn-", ("car",), "OSRM car never turns at a via point (continue_straight_at_waypoint=true): it turns at a dead end, "
                           "turning circle or round a block"),
    (r"^access-spur-private(-out)?$", ("car",),
     "OSRM car routes into a private street when a point is there (restricted: only the turn into it costs max_turn_weight)"),
    (r"^access-spur-delivery$", None, "delivery is in OSRM's bicycle/foot access_tag_blacklist"),
    (r"^access-(destination|customers|delivery|permit|residents|unknown|motor_vehicle-destination|motorcar-destination|"
     r"motor_vehicle-delivery|destination-service|motor_vehicle-backward-destination-against)$", ("car",),
     "restricted access (private/delivery/destination/customers/permit/residents/unknown): OSRM car charges max_turn_weight "
     "for entering it from an open way, so through traffic takes the bypass"),
    (r"^access-delivery$", None, "delivery is in OSRM's bicycle/foot access_tag_blacklist"),
    (r"^access-(bicycle|foot)-use_sidepath$", None, "use_sidepath is blacklisted by OSRM's bicycle and foot profiles"),
    (r"^access-value-(foot|official|taxi|minibus)$", ("car",), "car access_tag_blacklist has foot, official, taxi, minibus"),
    (r"^access-value-", ("bicycle", "foot"),
     "psv/bus/emergency are not in OSRM's bicycle/foot blacklists (no, private, agricultural, forestry, delivery, use_sidepath)"),
    (r"^access-parking-aisle$", ("car",), "OSRM car: service_penalties parking_aisle=0.5 halves the weight rate"),
    (r"^access-emergency-access$", ("car",), "OSRM car: service_tag_forbidden emergency_access"),
    (r"^access-track-motor-vehicle-yes$", ("car",), "OSRM car has no track speed: an allowed access tag gives default_speed 10 km/h"),
    (r"^access-hov$", ("car",), "OSRM car: hov=designated is restricted (avoid hov_lanes)"),
    (r"^access-.*-(forward|backward)-", None, "directional access (KEY:forward / KEY:backward) not read "
                                              "(OSRM: Tags.get_forward_backward_by_set over the access hierarchy)"),
    (r"^access-(maxwidth|width|maxheight|maxweight|maxlength|narrow)", ("car",),
     "physical limits not read (OSRM car: vehicle_width 1.9 m incl. width=, vehicle_height 2.0 m, vehicle_weight 2000 kg, "
     "vehicle_length 4.8 m)"),
    (r"^access-smoothness-impassable$", ("car",), "OSRM car: smoothness_speeds impassable = 0"),
    (r"^access-(status-impassable|impassable-yes)$", None, "OSRM blocked_ways: impassable=yes / status=impassable"),
    (r"^access-construction-foot-yes$", ("foot",), "OSRM foot walks highway=construction with foot=yes at 5 km/h"),
    (r"^access-construction-tag$", None, "construction=yes on a road closes it for OSRM car and bicycle "
                                         "(construction_whitelist: no, widening, minor)"),
    (r"^access-trunk", ("bicycle", "foot"), "OSRM bicycle/foot have no speed for trunk/trunk_link (need bicycle=/foot=yes)"),
    (r"^access-highway-road$", None, "highway=road has no speed in any OSRM profile"),
    (r"^access-sidewalk-separate$", ("foot",), "OSRM foot: sidewalk=separate closes the carriageway"),
    (r"^access-cycleway-separate$", ("bicycle",), "OSRM bicycle: cycleway*=separate closes the carriageway"),
    (r"^access-pier$", ("foot",), "OSRM foot walks man_made=pier without highway tag (speeds.man_made.pier)"),
    (r"^access-corridor$", ("foot",), "highway=corridor has no speed in OSRM foot"),
    (r"^oneway-alternating", ("car",), "oneway=alternating is two-way for OSRM car (0.4 rate penalty only); we close it"),
    (r"^oneway-reverse", None, "oneway=reverse is not a oneway value for OSRM (yes/1/true/-1 only); we read it as -1"),
    (r"^oneway-(motorcar|motor_vehicle|vehicle)-", ("car",), "oneway:motorcar/motor_vehicle/vehicle not read (OSRM car reads them before oneway)"),
    (r"^oneway-cycleway-", ("foot",), "OSRM foot has no speed for highway=cycleway without foot=yes"),
    (r"^oneway-motorway-link-no-tag", ("car",), "OSRM implies oneway for highway=motorway and roundabouts only, not motorway_link"),
    (r"^(oneway-|cycle-cycleway-oneway|cycle-oneway)", ("bicycle",),
     "OSRM pushes bicycles against a one-way way at 4 km/h (bike_push_handler), which beats a long detour"),
    (r"^cycle-(cycleway|bridleway|bridleway-bicycle-yes|trunk-bicycle-yes)$", ("foot",),
     "OSRM foot has no speed for cycleway/bridleway/trunk without foot=yes"),
    (r"^cycle-(footway-bicycle-yes|footway-bicycle-designated|pedestrian-bicycle-yes|steps-bicycle-yes)$", ("bicycle",),
     "bicycle=yes/designated: OSRM rides footways, pedestrian streets and steps at default_speed 15 km/h"),
    (r"^cycle-footway-foot-no$", ("bicycle",), "foot=no also stops OSRM's bike pushing on a footway"),
    (r"^cycle-bridleway-foot-yes$", ("bicycle",), "OSRM pushes a bicycle along a bridleway with foot=yes"),
    (r"^area-square-tap-inside$", ("car",), "we snap up to 50 m beyond the nearest road to reach a connected one; OSRM "
                                            "keeps the nearest and finds no route"),
    (r"^area-residential-area$", None, "area=yes on a residential way: OSRM bicycle/foot route its outline (only car avoids areas)"),
    (r"^area-", None, "OSRM bicycle/foot route along amenity=parking / railway=platform / public_transport=platform "
                      "outlines and highway=service areas; we need a non-area highway tag"),
    (r"^barrier-bollard-bollard-rising$", ("car",), "bollard=rising passes for OSRM cars"),
    (r"^barrier-(gate|lift-gate|gate-locked-yes)$", ("car",), "gates pass for OSRM cars with a 60 s barrier_penalties delay"),
    (r"^barrier-gate-(access-private|private-way-end)$", ("car",),
     "a node access tag that is allowed or restricted (private) makes OSRM's car pass the barrier"),
    (r"^barrier-kerb", ("car",), "barrier=kerb stops OSRM cars unless kerb=lowered/flush"),
    (r"^barrier-(something-odd|yes)$", ("car",), "any barrier value outside OSRM car's barrier_whitelist stops cars"),
    (r"^barrier-yes$", None, "barrier=yes stops OSRM bicycles and pedestrians (barrier_blacklist yes, wall, fence)"),
    (r"^barrier-", ("bicycle",), "OSRM bicycle passes every barrier but yes/wall/fence"),
    (r"^barrier-height-restrictor", ("car",), "height_restrictor passes for OSRM cars unless maxheight < 2.0 m"),
    (r"^barrier-bollard-at-junction$", ("car",), "OSRM snaps the start, cut off by the bollard (a tiny component), to the big one"),
    (r"^name-(ref-only|unnamed-then-ref)$", None, "OSRM's name is the name tag only (ref is a separate field): ref-only is \"\""),
    (r"^name-ref-list$", ("car",), "OSRM's name is the name tag only (ref is a separate field): ref-only is \"\""),
    (r"^name-ref-list$", None, "trunk road: OSRM bicycle/foot cannot use it"),
    (r"^name-sidewalk", None, "OSRM names an unnamed footway=sidewalk by is_sidepath:of:name / street:name"),
    (r"^speed-(trunk|road|cycleway)$", None, "no speed for this class in the OSRM profile: not routable"),
    (r"^speed-shuttle-train$", ("car",), "OSRM car takes route=shuttle_train at 10 km/h; we drop it"),
    (r"^end-(same-street|two-streets)-junction$", None,
     "our snap takes every edge within 5 m of the nearest: both points land on a third street (0 m route)"),
    (r"^end-far-", None, "OSRM snaps at any distance (1500 m radius here); we refuse beyond 200 m"),
    (r"^end-tiny-", None, "the harness runs OSRM with --small-component-size 4; ours, like OSRM by default, moves a point off a piece of fewer than 1000 edges only"),
    (r"^end-ferry-", None, "OSRM never snaps onto a ferry (not a startpoint): it uses the nearest road, then the whole ferry"),
    (r"^end-oneway-start-away$", ("bicycle",), "OSRM pushes the bicycle back along the one-way street"),
    (r"^end-dead-end-oneway-stub$", ("car",), "OSRM snaps the target on the one-way stub (a tiny component) to Main Street"),
    (r"^end-dead-end-oneway-stub$", ("bicycle",), "OSRM pushes the bicycle into the stub against its direction"),
]


def diagnose(key, expected, ours, why):
    case, mode = key.rsplit("/", 1)
    for pattern, modes, text in RULES:
        if re.search(pattern, case) and (modes is None or mode in modes):
            return text
    if expected["routable"] != ours["routable"]:
        return "OSRM finds a route, we do not" if expected["routable"] else "we find a route, OSRM does not"
    return "different route: " + " / ".join(why)
