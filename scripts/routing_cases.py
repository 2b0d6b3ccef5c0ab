# The routing rules as a table of tiny hand-made OSM maps, one per rule, so that
# scripts/rules_vs_osrm.py can ask OSRM's car, bicycle and foot profiles and our
# georoute the same question on each and freeze OSRM's answers
# (samples/rules/osrm/). A case is drawn in local metres (x east, y north) around
# its own base coordinate; all cases go into ONE OSM XML file, each in a cell
# 0.05 degrees from the next (several km: no case ever touches another) with its
# ids offset by 1000 per case. Tagging follows what mappers write in OSM.
# Stdlib only; imported by rules_vs_osrm.py, `python3 scripts/routing_cases.py`
# prints the cases per theme.
import math
from xml.sax.saxutils import quoteattr

MODES = ("car", "bicycle", "foot")
METRES_PER_DEGREE = 111195.0      # the project's sphere (GeoBase MetresPerDegree)
BASE_LAT, BASE_LON, CELL, COLUMNS = 46.0, 7.0, 0.05, 20


class Case:
    def __init__(self, cid, theme, description, nodes, ways, frm, to, relations=(), modes=MODES, via=()):
        self.id, self.theme, self.description = cid, theme, description
        self.nodes = nodes            # local id -> (x, y) or (x, y, {tags})
        self.ways = ways              # [(local id, [local node ids], {tags})]
        self.relations = list(relations)  # [(local id, [(type, local ref, role)], {tags})]
        self.frm, self.to, self.via = frm, to, list(via)   # (x, y) in metres
        self.modes = tuple(modes)
        self.index = None             # set by the table: cell and id offset

    # Placement: cell `index` of a COLUMNS-wide grid, ids offset by 1000 per case.
    def base(self):
        row, col = divmod(self.index, COLUMNS)
        return BASE_LAT + row * CELL, BASE_LON + col * CELL

    def latlon(self, xy):
        lat0, lon0 = self.base()
        lat = lat0 + xy[1] / METRES_PER_DEGREE
        lon = lon0 + xy[0] / (METRES_PER_DEGREE * math.cos(math.radians(lat0)))
        return [round(lat, 7), round(lon, 7)]

    def osm_id(self, local):
        assert 0 < local < 1000, (self.id, local)
        return (self.index + 1) * 1000 + local

    def points(self):
        """[from, via..., to] as [lat, lon]."""
        return [self.latlon(p) for p in [self.frm, *self.via, self.to]]


CASES = []
_IDS = set()


def add(cid, theme, description, nodes, ways, frm, to, **kw):
    assert cid not in _IDS, cid
    _IDS.add(cid)
    c = Case(cid, theme, description, nodes, ways, frm, to, **kw)
    c.index = len(CASES)
    CASES.append(c)
    return c


def res(name, **tags):
    """A residential street's tags."""
    t = {"highway": "residential"}
    if name:
        t["name"] = name
    t.update({k.replace("__", ":"): v for k, v in tags.items()})
    return t


def tg(**tags):
    """Tags from keyword arguments: `oneway__bicycle="no"` is `oneway:bicycle=no`."""
    return {k.replace("__", ":"): v for k, v in tags.items()}


def restriction(kind, frm, via, to, key="restriction", via_type="node", **extra):
    """A type=restriction relation's members and tags; `via` is a node id or a list of way ids."""
    members = [("way", f, "from") for f in (frm if isinstance(frm, list) else [frm])]
    if via_type == "node":
        members.append(("node", via, "via"))
    else:
        members += [("way", w, "via") for w in via]
    members += [("way", t, "to") for t in (to if isinstance(to, list) else [to])]
    tags = {"type": "restriction", key: kind}
    tags.update({k.replace("__", ":"): v for k, v in extra.items()})
    return members, tags


# ---------------------------------------------------------------------------------------------
# Templates: the few shapes most rules are tried on.

def bypass(cid, theme, description, main, *, reverse=False, depth=100, mid=None, split=False,
           modes=MODES, name="Main Street", bypass_tags=None, approach=None, frm=None, to=None):
    """West Road - Main Street (200 m, tagged `main`) - East Road, and Bypass Lane round three
    sides of a rectangle `depth` m deep (200 + 2*depth m). From a point on West Road to one on
    East Road (reverse=True: back). `mid`: tags of the node in the middle of Main Street (a
    barrier); `split`: Main Street in two ways that meet at that node."""
    nodes = {1: (-100, 0), 2: (0, 0), 3: (200, 0), 4: (300, 0), 5: (0, -depth), 6: (200, -depth),
             7: (100, 0, mid or {})}
    main_tags = dict(main)
    if name and "name" not in main_tags and "ref" not in main_tags:
        main_tags["name"] = name
    main_tags = {k: v for k, v in main_tags.items() if v is not None}
    ways = [(10, [1, 2], approach or res("West Road")), (12, [3, 4], dict(approach or res("East Road"), name="East Road")),
            (13, [2, 5, 6, 3], bypass_tags or res("Bypass Lane"))]
    if split:
        ways += [(11, [2, 7], main_tags), (14, [7, 3], main_tags)]
    else:
        ways += [(11, [2, 7, 3], main_tags)]
    a, b = frm or (-60, 3), to or (260, 3)
    if reverse:
        a, b = b, a
    return add(cid, theme, description, nodes, ways, a, b, modes=modes)


def both_ways(cid, theme, description, main, **kw):
    """`bypass` along Main Street's node order (west to east) and against it."""
    bypass(cid + "-along", theme, description + " (along the way's direction)", main, **kw)
    bypass(cid + "-against", theme, description + " (against the way's direction)", main, reverse=True, **kw)


def spur(cid, theme, description, spur_tags, *, length=150, out=False, modes=MODES, main=None):
    """Main Street (300 m) with Spur Lane (`length` m, tagged `spur_tags`) north from its middle;
    from Main Street to a point near the spur's end (out=True: from there to Main Street)."""
    nodes = {1: (-150, 0), 2: (0, 0), 3: (150, 0), 4: (0, length)}
    t = dict(spur_tags)
    t.setdefault("name", "Spur Lane")
    ways = [(10, [1, 2], main or res("Main Street")), (11, [2, 3], main or res("Main Street")), (12, [2, 4], t)]
    a, b = (-100, 3), (4, length - 15)
    if out:
        a, b = b, a
    return add(cid, theme, description, nodes, ways, a, b, modes=modes)


# The cross: West/East/North/South Street meet at node 1; a ring of four lanes joins the arms' ends
# so every forbidden turn has a detour. Arms are of unequal length so detours never tie.
CROSS_NODES = {1: (0, 0), 2: (-120, 0), 3: (180, 0), 4: (0, 150), 5: (0, -160),
               6: (-120, 150), 7: (180, 150), 8: (180, -160), 9: (-120, -160)}
CROSS_POINTS = {"W": (-60, 3), "E": (90, 3), "N": (3, 75), "S": (3, -80), "W2": (-95, -3)}


def cross(cid, theme, description, frm, to, *, relations=(), arm_tags=None, ring=True, modes=MODES,
          center=None, cls="residential", via=()):
    """`frm`/`to`: arm letters of CROSS_POINTS. Ways: 10 West (2→1), 11 East (1→3), 12 North (1→4),
    13 South (1→5); the ring: 14 Birch (2→6→4), 15 Cedar (4→7→3), 16 Elm (3→8→5), 17 Fir (5→9→2).
    Heading east on West Street at node 1: North is a left turn, South a right turn."""
    nodes = dict(CROSS_NODES)
    if center:
        nodes[1] = (0, 0, center)
    names = {10: "West Street", 11: "East Street", 12: "North Street", 13: "South Street",
             14: "Birch Lane", 15: "Cedar Lane", 16: "Elm Lane", 17: "Fir Lane"}
    refs = {10: [2, 1], 11: [1, 3], 12: [1, 4], 13: [1, 5], 14: [2, 6, 4], 15: [4, 7, 3], 16: [3, 8, 5], 17: [5, 9, 2]}
    ways = []
    for w, nds in refs.items():
        if w >= 14 and not ring:
            continue
        t = {"highway": cls if w < 14 else "residential", "name": names[w]}
        t.update((arm_tags or {}).get(w, {}))
        ways.append((w, nds, t))
    return add(cid, theme, description, nodes, ways, CROSS_POINTS[frm], CROSS_POINTS[to],
               relations=relations, modes=modes, via=[CROSS_POINTS[v] for v in via])


def dual(cid, theme, description, relations=(), *, crossover=None, split_crossover=False, modes=MODES,
         frm=(-60, -3), to=(-60, 23)):
    """A dual carriageway: Avenue eastbound (1→2→3, y=0) and westbound (4→5→6, y=20), one-way
    each, joined at x=0 by an unnamed two-way crossover (way 14 from 2 to 5, or 14 and 15 via node 8)
    and at both ends by Loop Road (east, 3→4) and Turn Road (west, 6→1). Side Street runs south from
    node 2. Default: from the eastbound to the westbound carriageway, a U-turn through the crossover."""
    nodes = {1: (-200, 0), 2: (0, 0), 3: (200, 0), 4: (200, 20), 5: (0, 20), 6: (-200, 20), 7: (0, -150),
             8: (0, 10), 9: (-200, -150)}
    av = {"highway": "secondary", "name": "Avenue", "oneway": "yes"}
    ways = [(10, [1, 2], av), (11, [2, 3], av), (12, [4, 5], av), (13, [5, 6], av),
            (16, [3, 4], {"highway": "secondary", "name": "Loop Road", "oneway": "yes"}),
            (17, [6, 1], {"highway": "secondary", "name": "Turn Road", "oneway": "yes"}),
            (18, [2, 7], res("Side Street")), (19, [7, 9, 1], res("Back Lane"))]
    ct = crossover or {"highway": "secondary"}
    if split_crossover:
        ways += [(14, [2, 8], ct), (15, [8, 5], ct)]
    else:
        ways += [(14, [2, 5], ct)]
    return add(cid, theme, description, nodes, ways, frm, to, relations=relations, modes=modes)


def chain(cid, theme, description, pieces, *, modes=MODES, frm_at=20, to_back=20, via=(), node_tags=None):
    """Ways one after the other along y=0: `pieces` = [(length m, tags)]; from `frm_at` m past the
    first node to `to_back` m before the last. `node_tags`: {k: tags} for the node ending piece k."""
    nodes, ways, x = {1: (0, 0)}, [], 0
    for k, (length, tags) in enumerate(pieces):
        x += length
        nodes[k + 2] = (x, 0, (node_tags or {}).get(k, {}))
        ways.append((10 + k, [k + 1, k + 2], tags))
    return add(cid, theme, description, nodes, ways, (frm_at, 3), (x - to_back, 3), modes=modes, via=via)


def roundabout(cid, theme, description, frm, to, ring_tags, *, modes=MODES, arm_cls="tertiary", split=False):
    """Four arms (West/North/East/South Road, 150 m) on a ring of radius 30 m (one closed way, or
    four pieces between the arms), from arm `frm` to arm `to` (letters W, N, E, S)."""
    r = 30.0
    ring_pts = {}
    nid = 20
    order = []
    for k in range(16):                     # counter-clockwise from the east, 22.5 degrees apart
        a = math.radians(22.5 * k)
        nodes_xy = (round(r * math.cos(a), 2), round(r * math.sin(a), 2))
        ring_pts[nid + k] = nodes_xy
        order.append(nid + k)
    arm_at = {"E": 20, "N": 24, "W": 28, "S": 32}
    ends = {"E": (180, 0), "N": (0, 180), "W": (-180, 0), "S": (0, -180)}
    nodes = dict(ring_pts)
    ways = []
    for k, (letter, end) in enumerate(ends.items()):
        nodes[1 + k] = end
        ways.append((10 + k, [1 + k, arm_at[letter]], {"highway": arm_cls, "name": f"{dict(E='East', N='North', W='West', S='South')[letter]} Road"}))
    ring = order + [order[0]]               # counter-clockwise: the direction of travel where traffic keeps right
    if split:
        cuts = [0, 4, 8, 12, 16]
        for k in range(4):
            ways.append((30 + k, ring[cuts[k]:cuts[k + 1] + 1], dict(ring_tags)))
    else:
        ways.append((30, ring, dict(ring_tags)))
    pts = {"E": (110, 3), "N": (3, 110), "W": (-110, 3), "S": (3, -110)}
    return add(cid, theme, description, nodes, ways, pts[frm], pts[to], modes=modes)


def square(cid, theme, description, area_tags, *, corners=("SW", "NE"), extra_ways=(), frm=(-80, -97), to=None,
           modes=MODES, closed=True, side=100, relation=None, street_tags=None):
    """A square `side` m wide (closed way 20, nodes 1-4 counter-clockwise from the south-west corner)
    with a street of 100 m attached at each corner in `corners`; from the first street to the last."""
    s = side
    corner_xy = {"SW": (0, 0), "SE": (s, 0), "NE": (s, s), "NW": (0, s)}
    outward = {"SW": (-100, 0), "SE": (s + 100, 0), "NE": (s + 100, s), "NW": (-100, s)}
    nodes = {1: corner_xy["SW"], 2: corner_xy["SE"], 3: corner_xy["NE"], 4: corner_xy["NW"]}
    cid_of = {"SW": 1, "SE": 2, "NE": 3, "NW": 4}
    ways = [(20, [1, 2, 3, 4, 1] if closed else [1, 2, 3, 4], dict(area_tags))]
    pts = []
    for k, c in enumerate(corners):
        nodes[10 + k] = outward[c]
        ways.append((30 + k, [10 + k, cid_of[c]], dict(street_tags or res(f"{c} Street"), name=f"{c} Street")))
        ox, oy = outward[c]
        cx, cy = corner_xy[c]
        pts.append(((ox + cx) / 2, (oy + cy) / 2 + 3))
    ways += list(extra_ways)
    rels = [relation] if relation else []
    return add(cid, theme, description, nodes, ways, pts[0] if frm == (-80, -97) else frm, to or pts[-1],
               relations=rels, modes=modes)


# ---------------------------------------------------------------------------------------------
# Theme: restrictions.

R = "restrictions"
cross("restr-no-left-node", R, "no_left_turn West→North via node 1: cars and bicycles go round the ring, pedestrians turn",
      "W", "N", relations=[(50, *restriction("no_left_turn", 10, 1, 12))])
cross("restr-no-left-node-reverse", R, "the same no_left_turn, travelled North→West (a right turn): not restricted",
      "N", "W", relations=[(50, *restriction("no_left_turn", 10, 1, 12))])
cross("restr-no-right-node", R, "no_right_turn West→South via node 1", "W", "S",
      relations=[(50, *restriction("no_right_turn", 10, 1, 13))])
cross("restr-no-straight-node", R, "no_straight_on West→East via node 1", "W", "E",
      relations=[(50, *restriction("no_straight_on", 10, 1, 11))])
cross("restr-no-straight-other-turn", R, "no_straight_on West→East does not stop a left turn West→North", "W", "N",
      relations=[(50, *restriction("no_straight_on", 10, 1, 11))])
cross("restr-only-straight-left", R, "only_straight_on West→East: the left turn to North is forbidden", "W", "N",
      relations=[(50, *restriction("only_straight_on", 10, 1, 11))])
cross("restr-only-straight-right", R, "only_straight_on West→East: the right turn to South is forbidden", "W", "S",
      relations=[(50, *restriction("only_straight_on", 10, 1, 11))])
cross("restr-only-straight-ok", R, "only_straight_on West→East, going East: allowed", "W", "E",
      relations=[(50, *restriction("only_straight_on", 10, 1, 11))])
cross("restr-only-left-straight", R, "only_left_turn West→North: straight on to East is forbidden", "W", "E",
      relations=[(50, *restriction("only_left_turn", 10, 1, 12))])
cross("restr-only-left-ok", R, "only_left_turn West→North, turning North: allowed", "W", "N",
      relations=[(50, *restriction("only_left_turn", 10, 1, 12))])
cross("restr-only-right-left", R, "only_right_turn West→South: the left turn to North is forbidden", "W", "N",
      relations=[(50, *restriction("only_right_turn", 10, 1, 13))])
cross("restr-only-right-ok", R, "only_right_turn West→South, turning South: allowed", "W", "S",
      relations=[(50, *restriction("only_right_turn", 10, 1, 13))])
cross("restr-only-left-from-north", R, "only_left_turn West→North does not bind traffic coming from North", "N", "E",
      relations=[(50, *restriction("only_left_turn", 10, 1, 12))])
cross("restr-no-entry-two-from", R, "no_entry into North Street from West and East (two from members)", "W", "N",
      relations=[(50, *restriction("no_entry", [10, 11], 1, 12))])
cross("restr-no-entry-two-from-east", R, "no_entry into North Street, coming from East (the second from member)", "E", "N",
      relations=[(50, *restriction("no_entry", [10, 11], 1, 12))])
cross("restr-no-exit-two-to", R, "no_exit from West Street into North and South (two to members)", "W", "S",
      relations=[(50, *restriction("no_exit", 10, 1, [12, 13]))])
cross("restr-no-exit-straight-ok", R, "no_exit from West into North and South leaves straight on open", "W", "E",
      relations=[(50, *restriction("no_exit", 10, 1, [12, 13]))])
cross("restr-motorcar", R, "restriction:motorcar=no_left_turn: for cars only", "W", "N",
      relations=[(50, *restriction("no_left_turn", 10, 1, 12, key="restriction:motorcar"))])
cross("restr-motor-vehicle", R, "restriction:motor_vehicle=no_left_turn", "W", "N",
      relations=[(50, *restriction("no_left_turn", 10, 1, 12, key="restriction:motor_vehicle"))])
cross("restr-vehicle", R, "restriction:vehicle=no_left_turn (vehicles include bicycles in OSM)", "W", "N",
      relations=[(50, *restriction("no_left_turn", 10, 1, 12, key="restriction:vehicle"))])
cross("restr-bicycle", R, "restriction:bicycle=no_left_turn: for bicycles only", "W", "N",
      relations=[(50, *restriction("no_left_turn", 10, 1, 12, key="restriction:bicycle"))])
cross("restr-foot", R, "restriction:foot=no_left_turn (pedestrians: OSRM's foot profile reads no restrictions)", "W", "N",
      relations=[(50, *restriction("no_left_turn", 10, 1, 12, key="restriction:foot"))])
cross("restr-hgv", R, "restriction:hgv=no_left_turn binds none of the three modes", "W", "N",
      relations=[(50, *restriction("no_left_turn", 10, 1, 12, key="restriction:hgv"))])
cross("restr-except-bicycle", R, "no_left_turn with except=bicycle", "W", "N",
      relations=[(50, *restriction("no_left_turn", 10, 1, 12, except_="bicycle"))])
cross("restr-except-psv", R, "no_left_turn with except=psv (buses may turn, cars may not)", "W", "N",
      relations=[(50, *restriction("no_left_turn", 10, 1, 12, except_="psv"))])
cross("restr-except-psv-bicycle", R, "no_left_turn with except=psv;bicycle", "W", "N",
      relations=[(50, *restriction("no_left_turn", 10, 1, 12, except_="psv;bicycle"))])
cross("restr-except-motorcar", R, "no_left_turn with except=motorcar", "W", "N",
      relations=[(50, *restriction("no_left_turn", 10, 1, 12, except_="motorcar"))])
cross("restr-conditional-only", R, "only restriction:conditional=no_left_turn @ (Mo-Fr 07:00-09:00)", "W", "N",
      relations=[(50, *restriction("no_left_turn @ (Mo-Fr 07:00-09:00)", 10, 1, 12, key="restriction:conditional"))])
cross("restr-conditional-plus-plain", R, "no_left_turn plus restriction:conditional=none @ (Sa,Su)", "W", "N",
      relations=[(50, *restriction("no_left_turn", 10, 1, 12, restriction__conditional="none @ (Sa,Su)"))])
cross("restr-day-on", R, "no_left_turn with day_on/day_off and hour_on/hour_off (old time tagging)", "W", "N",
      relations=[(50, *restriction("no_left_turn", 10, 1, 12, day_on="Monday", day_off="Friday",
                                   hour_on="07:00", hour_off="09:00"))])
cross("restr-no-route-left", R, "no_left_turn on a plain cross without ring: no way left to North for vehicles",
      "W", "N", ring=False, relations=[(50, *restriction("no_left_turn", 10, 1, 12))])
cross("restr-only-straight-no-ring", R, "only_straight_on on a cross without ring: North unreachable from West for vehicles",
      "W", "N", ring=False, relations=[(50, *restriction("only_straight_on", 10, 1, 11))])
cross("restr-two-restrictions", R, "no_left_turn and no_straight_on West→: only right to South, then round the ring",
      "W", "E", relations=[(50, *restriction("no_left_turn", 10, 1, 12)), (51, *restriction("no_straight_on", 10, 1, 11))])
cross("restr-oneway-from", R, "West Street one-way eastwards, no_right_turn to South", "W", "S",
      arm_tags={10: {"oneway": "yes"}}, relations=[(50, *restriction("no_right_turn", 10, 1, 13))])
cross("restr-oneway-to", R, "North Street one-way northwards, only_right_turn West→South forbids reaching it", "W", "N",
      arm_tags={12: {"oneway": "yes"}}, relations=[(50, *restriction("only_right_turn", 10, 1, 13))])
cross("restr-oneway-start-away", R, "start on one-way West Street (eastbound) with no_left_turn: no departure westwards",
      "W", "N", arm_tags={10: {"oneway": "yes"}}, relations=[(50, *restriction("no_left_turn", 10, 1, 12))])
cross("restr-primary", R, "no_left_turn at a junction of primary roads", "W", "N", cls="primary",
      relations=[(50, *restriction("no_left_turn", 10, 1, 12))])
cross("restr-signals-node", R, "no_left_turn at a via node with traffic signals", "W", "N",
      center={"highway": "traffic_signals"}, relations=[(50, *restriction("no_left_turn", 10, 1, 12))])
cross("restr-invalid-not-adjacent", R, "no_left_turn whose via node is not on the from way (invalid, ignored)", "W", "N",
      relations=[(50, *restriction("no_left_turn", 10, 3, 12))])
cross("restr-missing-to", R, "no_left_turn without a to member (incomplete, ignored)", "W", "N",
      relations=[(50, [("way", 10, "from"), ("node", 1, "via")], {"type": "restriction", "restriction": "no_left_turn"})])
cross("restr-unknown-value", R, "restriction=no_parking is no turn restriction", "W", "N",
      relations=[(50, *restriction("no_parking", 10, 1, 12))])
cross("restr-uturn-node", R, "no_u_turn West→West at node 1 (a U-turn no one would route anyway)", "W", "W2",
      relations=[(50, *restriction("no_u_turn", 10, 1, 10))])

# The from way running through the via node (not split there): OSM's wiki asks for a split.
add("restr-from-through-via", R, "no_left_turn whose from way runs on through the via node (not split there)",
    dict(CROSS_NODES), [(10, [2, 1, 3], res("Long Street")), (12, [1, 4], res("North Street")),
                        (13, [1, 5], res("South Street")), (14, [2, 6, 4], res("Birch Lane")),
                        (15, [4, 7, 3], res("Cedar Lane")), (16, [3, 8, 5], res("Elm Lane")), (17, [5, 9, 2], res("Fir Lane"))],
    CROSS_POINTS["W"], CROSS_POINTS["N"], relations=[(50, *restriction("no_left_turn", 10, 1, 12))])

# T junction, restriction where the detour is long (a 1 km loop).
_t_nodes = {1: (0, 0), 2: (-150, 0), 3: (150, 0), 4: (0, 150), 5: (150, 600), 6: (0, 600), 7: (-150, 600)}
add("restr-long-detour", R, "no_left_turn at a T junction, the only other way a 1.3 km loop", _t_nodes,
    [(10, [2, 1], res("Lower Road")), (11, [1, 3], res("Lower Road")), (12, [1, 4], res("Upper Road")),
     (13, [3, 5, 6, 4], res("Long Loop")), (14, [2, 7, 6], res("West Loop"))],
    (-100, 3), (3, 100), relations=[(50, *restriction("no_left_turn", 10, 1, 12))])
add("restr-long-detour-right", R, "the same T junction, travelled Upper→Lower west (a right turn): no detour",
    _t_nodes, [(10, [2, 1], res("Lower Road")), (11, [1, 3], res("Lower Road")), (12, [1, 4], res("Upper Road")),
               (13, [3, 5, 6, 4], res("Long Loop")), (14, [2, 7, 6], res("West Loop"))],
    (3, 100), (-100, 3), relations=[(50, *restriction("no_left_turn", 10, 1, 12))])

# Via way: the dual carriageway's crossover.
dual("restr-via-way-no-uturn", R, "no_u_turn from the eastbound Avenue via the crossover way to the westbound one",
     relations=[(50, *restriction("no_u_turn", 10, [14], 13, via_type="way"))])
dual("restr-via-way-none", R, "the same dual carriageway without restriction: U-turn through the crossover")
dual("restr-via-way-bicycle-except", R, "no_u_turn via way with except=bicycle",
     relations=[(50, *restriction("no_u_turn", 10, [14], 13, via_type="way", except_="bicycle"))])
dual("restr-via-way-only-straight", R, "only_straight_on from the westbound Avenue via the crossover to Side Street",
     relations=[(50, *restriction("only_straight_on", 12, [14], 18, via_type="way"))], frm=(100, 23), to=(-100, 23))
dual("restr-via-way-only-straight-to-side", R, "only_straight_on via the crossover: going to Side Street is allowed",
     relations=[(50, *restriction("only_straight_on", 12, [14], 18, via_type="way"))], frm=(100, 23), to=(3, -100))
dual("restr-via-two-ways", R, "no_u_turn via two ways (the crossover split in two): multi-via",
     relations=[(50, *restriction("no_u_turn", 10, [14, 15], 13, via_type="way"))], split_crossover=True)
dual("restr-via-two-ways-none", R, "the split crossover without restriction", split_crossover=True)
dual("restr-via-two-ways-wrong-order", R, "multi-via no_u_turn with its via ways listed in the wrong order",
     relations=[(50, *restriction("no_u_turn", 10, [15, 14], 13, via_type="way"))], split_crossover=True)
dual("restr-dual-no-right-node", R, "no_right_turn from the eastbound Avenue into Side Street at node 2 (via node)",
     relations=[(50, *restriction("no_right_turn", 10, 2, 18))], frm=(-100, -3), to=(3, -100))
dual("restr-via-way-conditional", R, "no_u_turn via way given only as restriction:conditional",
     relations=[(50, *restriction("no_u_turn @ (22:00-06:00)", 10, [14], 13, via_type="way", key="restriction:conditional"))])
dual("restr-via-way-motorcar", R, "restriction:motorcar=no_u_turn via way",
     relations=[(50, *restriction("no_u_turn", 10, [14], 13, via_type="way", key="restriction:motorcar"))])

# U-turns: at dead ends, at via points, on a one-way street.
_dead = {1: (-200, 0), 2: (0, 0), 3: (200, 0), 4: (0, 200)}
add("uturn-dead-end-via", R, "via a point near the end of a dead-end street, then back: cars turn at the dead end",
    _dead, [(10, [1, 2], res("Main Street")), (11, [2, 3], res("Main Street")), (12, [2, 4], res("Dead End"))],
    (-150, 3), (150, 3), via=[(3, 150)])
add("uturn-mid-street-via", R, "via a point in the middle of a through street, then back the way it came",
    {1: (-200, 0), 2: (0, 0), 3: (300, 0), 4: (0, 200), 5: (300, 200)},
    [(10, [1, 2], res("Main Street")), (11, [2, 3], res("Main Street")), (12, [2, 4], res("Side Street")),
     (13, [3, 5], res("East Lane")), (14, [4, 5], res("North Lane"))],
    (-150, 3), (3, 150), via=[(150, 3)])
add("uturn-dead-end-target-behind", R, "start on a dead-end street facing away, target behind the start",
    _dead, [(10, [1, 2], res("Main Street")), (11, [2, 3], res("Main Street")), (12, [2, 4], res("Dead End"))],
    (3, 100), (3, 170))
add("uturn-oneway-behind", R, "start and target on a one-way street, target behind the start: round the block",
    {1: (0, 0), 2: (200, 0), 3: (200, 150), 4: (0, 150)},
    [(10, [1, 2], res("One Way Street", oneway="yes")), (11, [2, 3], res("East Street")),
     (12, [3, 4], res("North Street")), (13, [4, 1], res("West Street"))],
    (150, 3), (50, 3))
add("uturn-turning-circle", R, "no_u_turn at a junction, a turning circle at the end of the side street",
    {1: (-200, 0), 2: (0, 0), 3: (300, 0), 4: (0, -100, {"highway": "turning_circle"})},
    [(10, [1, 2], res("Main Street")), (11, [2, 3], res("Main Street")), (12, [2, 4], res("Circle Close"))],
    (-100, 3), (-150, -3), via=[(-20, 3)],
    relations=[(50, *restriction("no_u_turn", 10, 2, 10))])


# ---------------------------------------------------------------------------------------------
# Theme: access.

A = "access"
for value in ("no", "private", "destination", "customers", "delivery", "permissive", "agricultural", "permit", "residents", "discouraged", "unknown"):
    bypass(f"access-{value}", A, f"Main Street access={value}: through traffic or bypass", res(None, access=value))
for key, value in (("motor_vehicle", "destination"), ("motor_vehicle", "no"), ("motorcar", "no"), ("vehicle", "no"),
                   ("motorcar", "destination"),
                   ("bicycle", "no"), ("foot", "no"), ("bicycle", "use_sidepath"), ("foot", "use_sidepath"),
                   ("bicycle", "dismount"), ("motor_vehicle", "agricultural"), ("motor_vehicle", "delivery")):
    bypass(f"access-{key}-{value}", A, f"Main Street {key}={value}", res(None, **{key: value}))
for value in ("foot", "official", "taxi", "psv", "minibus", "bus", "emergency"):
    bypass(f"access-value-{value}", A, f"Main Street access={value} (a mode or user as access value)", res(None, access=value))
bypass("access-no-foot-yes", A, "access=no with foot=yes", res(None, access="no", foot="yes"))
bypass("access-no-bicycle-yes", A, "access=no with bicycle=yes", res(None, access="no", bicycle="yes"))
bypass("access-private-foot-yes", A, "access=private with foot=yes", res(None, access="private", foot="yes"))
bypass("access-no-psv-yes", A, "access=no with psv=yes (a bus street)", res(None, access="no", psv="yes"))
bypass("access-motor-vehicle-no-psv", A, "motor_vehicle=no with psv=yes and bicycle=yes", res(None, motor_vehicle="no", psv="yes", bicycle="yes"))
bypass("access-multi-value", A, "access=private;delivery (a list)", res(None, access="private;delivery"))
bypass("access-destination-service", A, "service road access=destination", tg(highway="service", access="destination"))
bypass("access-private-service", A, "service road access=private", tg(highway="service", access="private"))
bypass("access-emergency-access", A, "service=emergency_access", tg(highway="service", service="emergency_access"))
bypass("access-parking-aisle", A, "service=parking_aisle as the shortcut", tg(highway="service", service="parking_aisle"))
bypass("access-track-car", A, "highway=track without access tags", tg(highway="track"))
bypass("access-track-motor-vehicle-yes", A, "highway=track with motor_vehicle=yes", tg(highway="track", motor_vehicle="yes"))
for key, value in (("access:forward", "no"), ("vehicle:backward", "no"), ("motor_vehicle:forward", "no"),
                   ("bicycle:backward", "no"), ("motor_vehicle:backward", "destination"), ("foot:forward", "no")):
    both_ways(f"access-{key.replace(':', '-')}-{value}", A, f"Main Street {key}={value}", res(None, **{key.replace(':', '__'): value}))
for key, value in (("maxwidth", "1.8"), ("maxwidth", "2.5"), ("width", "1.5"), ("maxheight", "1.9"),
                   ("maxheight", "3.5"), ("maxheight", "6'"), ("maxweight", "1.5"), ("maxlength", "4"), ("narrow", "yes")):
    bypass(f"access-{key}-{value.replace('.', '_').replace(chr(39), 'ft')}", A, f"Main Street {key}={value}", res(None, **{key: value}))
bypass("access-smoothness-impassable", A, "smoothness=impassable", res(None, smoothness="impassable"))
bypass("access-status-impassable", A, "status=impassable", res(None, status="impassable"))
bypass("access-impassable-yes", A, "impassable=yes", res(None, impassable="yes"))
bypass("access-construction", A, "highway=construction (construction=residential)", tg(highway="construction", construction="residential"))
bypass("access-construction-foot-yes", A, "highway=construction with foot=yes", tg(highway="construction", foot="yes"))
bypass("access-construction-tag", A, "highway=residential with construction=yes", res(None, construction="yes"))
bypass("access-construction-minor", A, "highway=residential with construction=minor", res(None, construction="minor"))
bypass("access-proposed", A, "highway=proposed", tg(highway="proposed", proposed="residential"))
bypass("access-proposed-upgrade", A, "a real road with proposed=secondary", res(None, proposed="secondary"))
bypass("access-abandoned", A, "abandoned:highway=residential (no highway tag)", tg(**{"abandoned__highway": "residential"}))
bypass("access-trunk", A, "Main Street is a trunk road", tg(highway="trunk"))
bypass("access-trunk-foot-yes", A, "trunk road with foot=yes", tg(highway="trunk", foot="yes"))
bypass("access-trunk-link", A, "Main Street is a trunk_link", tg(highway="trunk_link"))
bypass("access-highway-road", A, "highway=road (unknown classification)", tg(highway="road"))
bypass("access-motorroad", A, "primary road with motorroad=yes", tg(highway="primary", motorroad="yes"))
bypass("access-motorway", A, "Main Street is a motorway (two-way, unusual)", tg(highway="motorway", oneway="no"))
bypass("access-busway", A, "highway=busway", tg(highway="busway"))
bypass("access-sidewalk-separate", A, "sidewalk=separate (the pavement is its own way)", res(None, sidewalk="separate"))
bypass("access-cycleway-separate", A, "cycleway:both=separate (the cycle track is its own way)", res(None, cycleway__both="separate"))
bypass("access-pier", A, "man_made=pier without highway tag as the shortcut", tg(man_made="pier"))
bypass("access-pier-footway", A, "highway=footway on man_made=pier", tg(highway="footway", man_made="pier"))
bypass("access-corridor", A, "highway=corridor (indoor)", tg(highway="corridor"))
bypass("access-toll", A, "toll=yes", res(None, toll="yes"))
bypass("access-hov", A, "hov=designated", res(None, hov="designated"))
spur("access-spur-destination", A, "target inside a dead-end street with access=destination", res(None, access="destination"))
spur("access-spur-private", A, "target inside a residential dead end with access=private", res(None, access="private"))
spur("access-spur-private-service", A, "target inside a private service road (a driveway)", tg(highway="service", service="driveway", access="private"))
spur("access-spur-delivery", A, "target inside a street with access=delivery", res(None, access="delivery"))
spur("access-spur-no", A, "target inside a street with access=no", res(None, access="no"))
spur("access-spur-customers", A, "target inside a parking service road with access=customers", tg(highway="service", service="parking_aisle", access="customers"))
spur("access-spur-private-out", A, "start inside a private street, out to Main Street", res(None, access="private"), out=True)
spur("access-spur-destination-out", A, "start inside a destination street, out to Main Street", res(None, access="destination"), out=True)
spur("access-spur-motorvehicle-destination", A, "target inside motor_vehicle=destination", res(None, motor_vehicle="destination"))


# ---------------------------------------------------------------------------------------------
# Theme: oneway.

O = "oneway"
for value in ("yes", "-1", "1", "true", "reversible", "alternating", "no", "reverse"):
    both_ways(f"oneway-{value}", O, f"Main Street oneway={value}", res(None, oneway=value))
for key in ("oneway:motorcar", "oneway:motor_vehicle", "oneway:vehicle", "oneway:bicycle", "oneway:foot"):
    both_ways(f"oneway-{key.split(':')[1]}", O, f"Main Street {key}=yes", res(None, **{key.replace(':', '__'): "yes"}))
both_ways("oneway-bicycle-no", O, "oneway=yes with oneway:bicycle=no", res(None, oneway="yes", oneway__bicycle="no"))
both_ways("oneway-minus1-bicycle-no", O, "oneway=-1 with oneway:bicycle=no", res(None, oneway="-1", oneway__bicycle="no"))
both_ways("oneway-cycleway-opposite", O, "oneway=yes with cycleway=opposite", res(None, oneway="yes", cycleway="opposite"))
both_ways("oneway-cycleway-opposite-lane", O, "oneway=yes with cycleway=opposite_lane", res(None, oneway="yes", cycleway="opposite_lane"))
both_ways("oneway-cycleway-left-opposite", O, "oneway=yes with cycleway:left=opposite_lane", res(None, oneway="yes", cycleway__left="opposite_lane"))
both_ways("oneway-cycleway-left-lane", O, "oneway=yes with cycleway:left=lane and oneway:bicycle=no", res(None, oneway="yes", cycleway__left="lane", oneway__bicycle="no"))
both_ways("oneway-long-bypass", O, "oneway=yes with a 1.2 km bypass (pushing a bike back may pay)", res(None, oneway="yes"), depth=500)
both_ways("oneway-foot-yes", O, "oneway=yes with foot=yes", res(None, oneway="yes", foot="yes"), depth=500)
both_ways("oneway-footway", O, "a footway with oneway=yes", tg(highway="footway", oneway="yes"))
both_ways("oneway-cycleway", O, "a cycleway with oneway=yes", tg(highway="cycleway", oneway="yes"), depth=500)
both_ways("oneway-motorway-link-no-tag", O, "motorway_link without oneway tag", tg(highway="motorway_link"))
both_ways("oneway-motorway-link-yes", O, "motorway_link with oneway=yes", tg(highway="motorway_link", oneway="yes"))
both_ways("oneway-motorway-implied", O, "motorway without oneway tag (implied one-way)", tg(highway="motorway"))
both_ways("oneway-conditional", O, "oneway:conditional=yes @ (07:00-09:00) only", res(None, **{"oneway__conditional": "yes @ (07:00-09:00)"}))
both_ways("oneway-primary-yes", O, "primary road oneway=yes", tg(highway="primary", oneway="yes"))
for tag in ("roundabout", "circular"):
    roundabout(f"oneway-{tag}-w-n", O, f"junction={tag}: West Road to North Road (three quarters round for vehicles)",
               "W", "N", {"highway": "tertiary", "junction": tag})
    roundabout(f"oneway-{tag}-w-s", O, f"junction={tag}: West Road to South Road (a quarter round)",
               "W", "S", {"highway": "tertiary", "junction": tag})
roundabout("oneway-roundabout-named", O, "a named roundabout (Place Ronde), West to East", "W", "E",
           {"highway": "tertiary", "junction": "roundabout", "name": "Place Ronde"})
roundabout("oneway-roundabout-split", O, "a roundabout mapped as four ways, West to North", "W", "N",
           {"highway": "tertiary", "junction": "roundabout"}, split=True)
roundabout("oneway-roundabout-oneway-no", O, "junction=roundabout with oneway=no (mistagged), West to North", "W", "N",
           {"highway": "tertiary", "junction": "roundabout", "oneway": "no"})
roundabout("oneway-roundabout-cycleway", O, "roundabout with oneway:bicycle=no, West to North", "W", "N",
           {"highway": "tertiary", "junction": "roundabout", "oneway:bicycle": "no"})
roundabout("oneway-ring-no-junction", O, "a closed tertiary ring without junction tag, West to North", "W", "N",
           {"highway": "tertiary"})


# ---------------------------------------------------------------------------------------------
# Theme: cycleway (bicycles on their own ways and pushed).

C = "cycleway"
bypass("cycle-cycleway", C, "Main Street is a cycleway (no foot tag)", tg(highway="cycleway", name="Cycle Path"))
bypass("cycle-cycleway-foot-yes", C, "cycleway with foot=yes", tg(highway="cycleway", foot="yes", name="Cycle Path"))
bypass("cycle-cycleway-foot-no", C, "cycleway with foot=no", tg(highway="cycleway", foot="no", name="Cycle Path"))
bypass("cycle-cycleway-segregated", C, "cycleway with foot=designated, segregated=yes", tg(highway="cycleway", foot="designated", segregated="yes", name="Cycle Path"))
bypass("cycle-footway", C, "footway (no bicycle tag): bikes pushed", tg(highway="footway", name="Foot Path"))
bypass("cycle-footway-long-bypass", C, "footway with a 1.2 km bypass: pushing may pay", tg(highway="footway", name="Foot Path"), depth=500)
bypass("cycle-footway-bicycle-yes", C, "footway with bicycle=yes", tg(highway="footway", bicycle="yes", name="Foot Path"))
bypass("cycle-footway-bicycle-no", C, "footway with bicycle=no", tg(highway="footway", bicycle="no", name="Foot Path"), depth=500)
bypass("cycle-footway-bicycle-designated", C, "footway with bicycle=designated", tg(highway="footway", bicycle="designated", name="Foot Path"))
bypass("cycle-footway-bicycle-dismount", C, "footway with bicycle=dismount and a long bypass", tg(highway="footway", bicycle="dismount", name="Foot Path"), depth=500)
bypass("cycle-footway-foot-no", C, "footway with foot=no (mistagged): nobody may walk", tg(highway="footway", foot="no", name="Foot Path"), depth=500)
bypass("cycle-sidewalk", C, "footway=sidewalk as the shortcut", tg(highway="footway", footway="sidewalk", name="Foot Path"), depth=500)
bypass("cycle-pedestrian", C, "a pedestrian street (no bicycle tag), long bypass", tg(highway="pedestrian", name="Walk Street"), depth=500)
bypass("cycle-pedestrian-bicycle-yes", C, "pedestrian street with bicycle=yes", tg(highway="pedestrian", bicycle="yes", name="Walk Street"))
bypass("cycle-living-street", C, "living_street as the shortcut", tg(highway="living_street"))
bypass("cycle-primary-track", C, "primary road with cycleway=track", tg(highway="primary", cycleway="track"))
bypass("cycle-primary-lane", C, "primary road with cycleway=lane", tg(highway="primary", cycleway="lane"))
bypass("cycle-trunk-bicycle-yes", C, "trunk with bicycle=yes", tg(highway="trunk", bicycle="yes"))
bypass("cycle-steps", C, "steps (no bicycle tag), long bypass", tg(highway="steps", name="Stairs"), depth=500)
bypass("cycle-steps-short-bypass", C, "steps (no bicycle tag), short bypass", tg(highway="steps", name="Stairs"))
bypass("cycle-steps-bicycle-yes", C, "steps with bicycle=yes", tg(highway="steps", bicycle="yes", name="Stairs"), depth=500)
bypass("cycle-steps-ramp", C, "steps with ramp:bicycle=yes", tg(highway="steps", ramp__bicycle="yes", name="Stairs"), depth=500)
bypass("cycle-path", C, "path without tags", tg(highway="path", name="Trail"))
bypass("cycle-path-bicycle-no", C, "path with bicycle=no", tg(highway="path", bicycle="no", name="Trail"), depth=500)
bypass("cycle-path-designated", C, "path with bicycle=designated and foot=designated", tg(highway="path", bicycle="designated", foot="designated", name="Trail"))
bypass("cycle-path-foot-no", C, "path with foot=no", tg(highway="path", foot="no", name="Trail"), depth=500)
bypass("cycle-bridleway", C, "bridleway without tags", tg(highway="bridleway", name="Horse Trail"), depth=500)
bypass("cycle-bridleway-bicycle-yes", C, "bridleway with bicycle=yes", tg(highway="bridleway", bicycle="yes", name="Horse Trail"))
bypass("cycle-bridleway-foot-yes", C, "bridleway with foot=yes", tg(highway="bridleway", foot="yes", name="Horse Trail"), depth=500)
bypass("cycle-track", C, "track without tags", tg(highway="track", name="Farm Track"))
bypass("cycle-track-gravel", C, "track with surface=gravel, long bypass", tg(highway="track", surface="gravel", name="Farm Track"), depth=300)
bypass("cycle-service", C, "service road as the shortcut", tg(highway="service"))
bypass("cycle-platform", C, "highway=platform as the shortcut", tg(highway="platform", public_transport="platform", name="Platform"), depth=500)
both_ways("cycle-cycleway-oneway-foot-yes", C, "one-way cycleway with foot=yes, long bypass", tg(highway="cycleway", oneway="yes", foot="yes", name="Cycle Path"), depth=500)
both_ways("cycle-oneway-bicycle-dismount", C, "oneway=yes with bicycle=dismount", res(None, oneway="yes", bicycle="dismount"), depth=500)


# ---------------------------------------------------------------------------------------------
# Theme: areas.

AR = "areas"
square("area-square-diagonal", AR, "pedestrian square (closed way, area=yes), streets at opposite corners",
       {"highway": "pedestrian", "area": "yes", "name": "Market Square"})
square("area-square-adjacent", AR, "pedestrian square, streets at adjacent corners", {"highway": "pedestrian", "area": "yes", "name": "Market Square"},
       corners=("SW", "SE"))
square("area-square-no-area-tag", AR, "closed highway=pedestrian way without area=yes (a loop)", {"highway": "pedestrian", "name": "Market Square"})
square("area-square-unnamed", AR, "unnamed pedestrian square", {"highway": "pedestrian", "area": "yes"})
square("area-square-bicycle-yes", AR, "pedestrian square with bicycle=yes", {"highway": "pedestrian", "area": "yes", "bicycle": "yes", "name": "Market Square"})
square("area-square-tap-inside", AR, "target tapped inside the square, off its centre", {"highway": "pedestrian", "area": "yes", "name": "Market Square"},
       to=(70, 60))
square("area-square-inner-footway", AR, "pedestrian square crossed by a footway between two corners",
       {"highway": "pedestrian", "area": "yes", "name": "Market Square"},
       extra_ways=[(40, [1, 3], {"highway": "footway"})])
square("area-residential-area", AR, "highway=residential with area=yes (a closed street loop)", {"highway": "residential", "area": "yes", "name": "Loop Close"})
square("area-residential-loop", AR, "a closed residential loop without area tag", {"highway": "residential", "name": "Loop Close"})
square("area-footway-area", AR, "highway=footway with area=yes", {"highway": "footway", "area": "yes"})
square("area-parking", AR, "amenity=parking area without highway tag", {"amenity": "parking", "area": "yes", "parking": "surface"})
square("area-parking-service", AR, "highway=service + area=yes + amenity=parking", {"highway": "service", "area": "yes", "amenity": "parking"})
square("area-platform", AR, "railway=platform with highway=platform and area=yes", {"railway": "platform", "highway": "platform", "area": "yes", "name": "Platform 1"})
square("area-platform-no-highway", AR, "railway=platform area without highway tag", {"railway": "platform", "area": "yes"})
square("area-public-transport-platform", AR, "public_transport=platform area without highway tag", {"public_transport": "platform", "area": "yes"})
square("area-multipolygon", AR, "pedestrian multipolygon: the outer way untagged, the tags on the relation",
       {}, relation=(50, [("way", 20, "outer")], {"type": "multipolygon", "highway": "pedestrian", "name": "Market Square"}))
square("area-landuse", AR, "landuse=residential outline (no road): streets not joined", {"landuse": "residential"})
square("area-square-long", AR, "a long pedestrian square (300 m) with streets at adjacent corners", {"highway": "pedestrian", "area": "yes"},
       corners=("SW", "NW"), side=300)


# ---------------------------------------------------------------------------------------------
# Theme: barriers (a node in the middle of Main Street; split=True: at the end of two ways).

B = "barriers"
for tags in (dict(barrier="bollard"), dict(barrier="bollard", bollard="rising"), dict(barrier="gate"),
             dict(barrier="gate", access="private"), dict(barrier="gate", access="no"), dict(barrier="gate", access="yes"),
             dict(barrier="gate", motor_vehicle="no"), dict(barrier="gate", locked="yes"), dict(barrier="lift_gate"),
             dict(barrier="kerb"), dict(barrier="kerb", kerb="lowered"), dict(barrier="kerb", kerb="raised"),
             dict(barrier="cycle_barrier"), dict(barrier="stile"), dict(barrier="kissing_gate"), dict(barrier="turnstile"),
             dict(barrier="block"), dict(barrier="chain"), dict(barrier="something_odd"),
             dict(barrier="yes"), dict(barrier="fence"), dict(barrier="height_restrictor", maxheight="1.8"),
             dict(barrier="height_restrictor", maxheight="2.5"), dict(barrier="entrance"), dict(entrance="main"),
             dict(barrier="toll_booth"), dict(barrier="cattle_grid"),
             dict(barrier="bollard", motor_vehicle="yes"), dict(barrier="bollard", bicycle="no"), dict(barrier="bollard", foot="no"),
             dict(barrier="bollard", access="no"), dict(barrier="cycle_barrier", bicycle="dismount"),
             dict(access="no"), dict(highway="crossing", bicycle="no"), dict(barrier="no")):
    name = "-".join(f"{k}-{v}" if k != "barrier" else v for k, v in tags.items()).replace("_", "-")
    bypass(f"barrier-{name}", B, "a node on Main Street: " + ", ".join(f"{k}={v}" for k, v in tags.items()), res(None), mid=tags)
bypass("barrier-bollard-way-end", B, "bollard where two ways of Main Street meet", res(None), mid={"barrier": "bollard"}, split=True)
bypass("barrier-gate-private-way-end", B, "gate with access=private where two ways meet", res(None), mid={"barrier": "gate", "access": "private"}, split=True)
bypass("barrier-stile-way-end", B, "stile where two footways meet", tg(highway="footway"), mid={"barrier": "stile"}, split=True)
bypass("barrier-bollard-footway", B, "bollard on a footway", tg(highway="footway"), mid={"barrier": "bollard"})
bypass("barrier-start-behind-bollard", B, "start just past a bollard on Main Street, target on West Road", res(None),
       mid={"barrier": "bollard"}, frm=(130, 3), to=(-60, 3))
bypass("barrier-traffic-signals", B, "traffic signals in the middle of Main Street", res(None), mid={"highway": "traffic_signals"})
bypass("barrier-stop-sign", B, "a stop sign in the middle of Main Street", res(None), mid={"highway": "stop"})
_junction_barrier = {1: (-100, 0), 2: (0, 0, {"barrier": "bollard"}), 3: (200, 0), 4: (0, 150), 5: (200, 150), 6: (300, 0)}
add("barrier-bollard-at-junction", B, "a bollard on the junction node itself (where three streets meet)", _junction_barrier,
    [(10, [1, 2], res("West Road")), (11, [2, 3], res("Main Street")), (12, [2, 4], res("North Street")),
     (13, [4, 5, 3], res("Top Lane")), (14, [3, 6], res("East Road"))], (-60, 3), (260, 3))
add("barrier-gate-dead-end", B, "a gate at the end of a dead-end street, target just behind it", 
    {1: (-100, 0), 2: (0, 0), 3: (100, 0, {"barrier": "gate"}), 4: (200, 0)},
    [(10, [1, 2], res("Main Street")), (11, [2, 3], res("Gate Lane")), (12, [3, 4], tg(highway="service", name="Yard Road"))],
    (-60, 3), (160, 3))


# ---------------------------------------------------------------------------------------------
# Theme: names.

N = "names"
chain("name-one", N, "one named street", [(300, res("Rue Haute"))])
chain("name-ref-only", N, "a road with ref only", [(300, tg(highway="secondary", ref="D 123"))])
chain("name-name-ref", N, "a road with name and ref", [(300, tg(highway="secondary", name="Route de Lyon", ref="D 123"))])
chain("name-ref-list", N, "a road with two refs (ref=A 1;E 50)", [(300, tg(highway="trunk", ref="A 1;E 50"))])
chain("name-pronunciation", N, "name with name:pronunciation", [(300, res("Worcester Road", name__pronunciation="ˈwʊstər"))])
chain("name-same-name-ways", N, "three consecutive ways of one name", [(150, res("Long Street")), (150, res("Long Street")), (150, res("Long Street"))])
chain("name-unnamed", N, "unnamed residential streets", [(150, res(None)), (150, res(None))])
chain("name-changes", N, "names changing along a straight line", [(150, res("First Street")), (150, res("Second Street")), (150, res("Third Street"))])
chain("name-unnamed-between", N, "a named street, an unnamed piece, a named street", [(150, res("First Street")), (150, res(None)), (150, res("Second Street"))])
chain("name-back-and-forth", N, "A, B, A", [(150, res("First Street")), (150, res("Second Street")), (150, res("First Street"))])
chain("name-short-piece", N, "a 10 m piece of another name in the middle", [(150, res("First Street")), (10, res("Bridge")), (150, res("First Street"))])
chain("name-unnamed-footway", N, "an unnamed footway", [(300, tg(highway="footway"))], modes=("bicycle", "foot"))
chain("name-sidewalk-of", N, "footway=sidewalk with is_sidepath:of:name", [(300, tg(highway="footway", footway="sidewalk", is_sidepath__of__name="Rue Haute"))], modes=("bicycle", "foot"))
chain("name-sidewalk-street-name", N, "footway=sidewalk with street:name", [(300, tg(highway="footway", footway="sidewalk", street__name="Rue Haute"))], modes=("bicycle", "foot"))
chain("name-alt-name", N, "only alt_name and name:fr (no name)", [(300, res(None, alt_name="Other Name", name__fr="Nom"))])
chain("name-unnamed-then-ref", N, "an unnamed street, then a road with ref only", [(150, res(None)), (150, tg(highway="secondary", ref="D 5"))])
chain("name-case", N, "two ways whose names differ only in case", [(150, res("Rue haute")), (150, res("Rue Haute"))])
chain("name-ferry", N, "a named road onto a named ferry", [(150, res("Quai")), (600, tg(route="ferry", name="Bac du Lac")), (150, res("Port Road"))])
chain("name-unnamed-ferry", N, "onto an unnamed ferry", [(150, res("Quai")), (600, tg(route="ferry")), (150, res("Port Road"))])
chain("name-junction-ref", N, "a motorway_link with junction:ref (exit number) and no name", [(300, tg(highway="motorway_link", oneway="yes", junction__ref="12"))], modes=("car",))


# ---------------------------------------------------------------------------------------------
# Theme: speeds and durations (a straight kilometre, or a choice between two roads).

S = "speeds"
for hw in ("motorway", "trunk", "primary", "secondary", "tertiary", "unclassified", "residential", "living_street",
           "service", "track", "road", "motorway_link", "cycleway", "footway", "path", "steps", "pedestrian"):
    chain(f"speed-{hw.replace('_', '-')}", S, f"one kilometre of highway={hw}", [(1000, tg(highway=hw, name="Test Road"))])
for ms in ("50", "30", "30 mph", "walk", "DE:zone30", "DE:urban", "FR:rural", "none", "signals", "50;30"):
    chain(f"speed-maxspeed-{ms.replace(' ', '').replace(':', '-').replace(';', '-').lower()}", S, f"a kilometre of primary road with maxspeed={ms}",
          [(1000, tg(highway="primary", name="Test Road", maxspeed=ms))])
chain("speed-advisory", S, "maxspeed=80 and maxspeed:advisory=50", [(1000, tg(highway="primary", name="Test Road", maxspeed="80", maxspeed__advisory="50"))])
chain("speed-forward-backward", S, "maxspeed:forward=70, maxspeed:backward=30 (travelled forward)", [(1000, tg(highway="primary", name="Test Road", maxspeed__forward="70", maxspeed__backward="30"))])
chain("speed-maxspeed-bicycle-10", S, "residential with maxspeed=10 (slower than a bicycle)", [(1000, res("Test Road", maxspeed="10"))])
for surf in ("gravel", "cobblestone", "sand", "paving_stones"):
    chain(f"speed-surface-{surf.replace('_', '-')}", S, f"unclassified road with surface={surf}", [(1000, tg(highway="unclassified", name="Test Road", surface=surf))])
chain("speed-tracktype-grade3", S, "unclassified with tracktype=grade3", [(1000, tg(highway="unclassified", name="Test Road", tracktype="grade3"))])
chain("speed-smoothness-bad", S, "unclassified with smoothness=bad", [(1000, tg(highway="unclassified", name="Test Road", smoothness="bad"))])
chain("speed-ferry-duration", S, "a 1 km ferry with duration=00:30", [(150, res("Quai")), (1000, tg(route="ferry", name="Bac", duration="00:30")), (150, res("Port Road"))])
chain("speed-ferry-duration-iso", S, "a 1 km ferry with duration=PT10M", [(150, res("Quai")), (1000, tg(route="ferry", name="Bac", duration="PT10M")), (150, res("Port Road"))])
chain("speed-ferry-no-duration", S, "a 1 km ferry without duration", [(150, res("Quai")), (1000, tg(route="ferry", name="Bac")), (150, res("Port Road"))])
chain("speed-ferry-motor-vehicle-no", S, "a foot ferry (motor_vehicle=no, bicycle=yes, foot=yes)", [(150, res("Quai")), (1000, tg(route="ferry", name="Bac", motor_vehicle="no", bicycle="yes", foot="yes")), (150, res("Port Road"))])
chain("speed-shuttle-train", S, "route=shuttle_train (a car train) of 1 km", [(150, res("Quai")), (1000, tg(route="shuttle_train", name="Autozug", railway="rail")), (150, res("Port Road"))])
chain("speed-movable-bridge", S, "bridge=movable in a tertiary road", [(300, tg(highway="tertiary", name="Test Road")), (100, tg(highway="tertiary", name="Test Road", bridge="movable")), (300, tg(highway="tertiary", name="Test Road"))])
chain("speed-signals", S, "three traffic signals along a kilometre", [(250, res("Test Road"))] * 4, frm_at=10, to_back=10,
      node_tags={k: {"highway": "traffic_signals"} for k in range(3)})
chain("speed-lanes-1", S, "residential lanes=1 (narrow two-way)", [(1000, res("Test Road", lanes="1"))])
chain("speed-side-road", S, "side_road=yes", [(1000, res("Test Road", side_road="yes"))])
# Route choice by speed: a straight 1 km residential street or a 1.4 km primary round it.
_choice = {1: (0, 0), 2: (100, 0), 3: (1100, 0), 4: (1200, 0), 5: (100, 200), 6: (1100, 200)}
for main_hw, other_hw, note in (("residential", "primary", "a 1 km residential street or a 1.4 km primary road"),
                                ("service", "secondary", "a 1 km service road or a 1.4 km secondary road"),
                                ("residential", "residential", "equal classes: the shorter one")):
    add(f"speed-choice-{main_hw}-{other_hw}", S, f"choice: {note}", dict(_choice),
        [(10, [1, 2], res("West Road")), (11, [2, 3], tg(highway=main_hw, name="Short Road")), (12, [3, 4], res("East Road")),
         (13, [2, 5, 6, 3], tg(highway=other_hw, name="Long Road"))], (50, 3), (1150, 3))
add("speed-choice-maxspeed", S, "choice: a 1 km road with maxspeed=20 or a 1.4 km one with maxspeed=70", dict(_choice),
    [(10, [1, 2], res("West Road")), (11, [2, 3], tg(highway="tertiary", name="Short Road", maxspeed="20")), (12, [3, 4], res("East Road")),
     (13, [2, 5, 6, 3], tg(highway="tertiary", name="Long Road", maxspeed="70"))], (50, 3), (1150, 3))
add("speed-choice-turns", S, "choice: straight through or a zig-zag of equal length", 
    {1: (0, 0), 2: (100, 0), 3: (500, 0), 4: (600, 0), 5: (100, 1), 6: (200, 1), 7: (200, -60), 8: (300, -60), 9: (300, 1), 10: (500, 1)},
    [(10, [1, 2], res("West Road")), (11, [2, 3], res("Straight Road")), (12, [3, 4], res("East Road")),
     (13, [2, 5, 6, 7, 8, 9, 10, 3], res("Zigzag Lane"))], (50, 3), (550, 3))


# ---------------------------------------------------------------------------------------------
# Theme: endpoints (how points are snapped).

E = "endpoints"
_net = {1: (-200, 0), 2: (0, 0), 3: (200, 0), 4: (0, 220), 5: (200, 200), 6: (-200, 220)}
_net_ways = [(10, [1, 2], res("West Street")), (11, [2, 3], res("East Street")), (12, [2, 4], res("North Street")),
             (13, [3, 5], res("Corner Lane")), (14, [4, 5], res("Top Street")), (15, [1, 6, 4], res("Far Lane"))]
add("end-same-street-junction", E, "both points on one street, either side of a junction, 8 m from it", dict(_net), list(_net_ways), (-8, 3), (8, 3))
add("end-two-streets-junction", E, "points on two streets, 8 m from their junction", dict(_net), list(_net_ways), (-8, 3), (3, 8))
add("end-same-point", E, "from and to the same point", dict(_net), list(_net_ways), (-100, 3), (-100, 3))
add("end-same-segment", E, "both points on the same segment, 20 m apart", dict(_net), list(_net_ways), (-110, 3), (-90, 3))
add("end-on-node", E, "points exactly on junction nodes", dict(_net), list(_net_ways), (0, 0), (200, 200))
add("end-between-parallel", E, "a point midway between two parallel streets 40 m apart",
    {1: (0, 0), 2: (300, 0), 3: (0, 40), 4: (300, 40), 5: (-100, 20), 6: (400, 20)},
    [(10, [1, 2], res("South Street")), (11, [3, 4], res("North Street")), (12, [5, 1], res("West Link")), (13, [5, 3], res("West Link")),
     (14, [2, 6], res("East Link")), (15, [4, 6], res("East Link"))], (150, 20.5), (-100, 25))
for dist in (150, 250, 500, 1000):
    add(f"end-far-{dist}", E, f"the target {dist} m from the nearest road", dict(_net), list(_net_ways), (-100, 3), (100, -dist))
add("end-far-both", E, "both points 300 m off the network", dict(_net), list(_net_ways), (-100, -300), (100, 500))
add("end-tiny-piece", E, "the target beside a 30 m isolated footway, 60 m from the main network",
    {**_net, 7: (80, 60), 8: (110, 60)}, list(_net_ways) + [(16, [7, 8], tg(highway="footway"))], (-100, 3), (95, 64))
add("end-tiny-road", E, "the target beside a 40 m isolated service road, 50 m from the main network",
    {**_net, 7: (70, 50), 8: (110, 50)}, list(_net_ways) + [(16, [7, 8], tg(highway="service"))], (-100, 3), (90, 54))
add("end-tiny-piece-both", E, "both points beside the same isolated footway", {**_net, 7: (80, 60), 8: (140, 60)},
    list(_net_ways) + [(16, [7, 8], tg(highway="footway"))], (85, 64), (135, 64))
add("end-ferry-start", E, "start on the ferry line, in the middle of the lake",
    {1: (-300, 0), 2: (0, 0), 3: (1000, 0), 4: (1300, 0)},
    [(10, [1, 2], res("Quai")), (11, [2, 3], tg(route="ferry", name="Bac")), (12, [3, 4], res("Port Road"))], (650, 3), (1200, 3))
add("end-ferry-both", E, "both points on the ferry line", {1: (-300, 0), 2: (0, 0), 3: (1000, 0), 4: (1300, 0)},
    [(10, [1, 2], res("Quai")), (11, [2, 3], tg(route="ferry", name="Bac")), (12, [3, 4], res("Port Road"))], (300, 3), (700, 3))
add("end-near-motorway", E, "the start next to a motorway, a residential street 60 m away",
    {1: (-300, 0), 2: (300, 0), 3: (-300, 60), 4: (300, 60), 5: (-300, 300), 6: (300, 300)},
    [(10, [1, 2], tg(highway="motorway", name="Autoroute", oneway="yes")), (11, [3, 4], res("Side Road")),
     (12, [5, 6], res("Far Road")), (13, [3, 5], res("West Lane")), (14, [4, 6], res("East Lane"))], (0, 5), (0, 295))
add("end-near-private-service", E, "the start next to a private driveway, the street 40 m away",
    {1: (-200, 0), 2: (200, 0), 3: (0, 0), 4: (0, 60)},
    [(10, [1, 3], res("Main Street")), (11, [3, 2], res("Main Street")), (12, [3, 4], tg(highway="service", service="driveway", access="private"))],
    (5, 45), (150, 3))
add("end-oneway-start-away", E, "start on a one-way street heading away from the target, 20 m past the junction",
    {1: (0, 0), 2: (300, 0), 3: (300, 150), 4: (0, 150), 5: (-200, 0)},
    [(10, [1, 2], res("One Way Street", oneway="yes")), (11, [2, 3], res("East Street")), (12, [3, 4], res("North Street")),
     (13, [4, 1], res("West Street")), (14, [5, 1], res("Approach Road"))], (20, 3), (-150, 3))
add("end-dead-end-oneway-stub", E, "target on a one-way stub leading into the network (cars cannot get there)",
    {1: (-200, 0), 2: (0, 0), 3: (200, 0), 4: (0, 150)},
    [(10, [1, 2], res("Main Street")), (11, [2, 3], res("Main Street")), (12, [4, 2], res("Stub Lane", oneway="yes"))],
    (-150, 3), (3, 100))


def write_osm(path):
    """Every case in one OSM XML file (deterministic: cases in table order, elements by id)."""
    out = ['<?xml version="1.0" encoding="UTF-8"?>',
           '<osm version="0.6" generator="scripts/routing_cases.py">']
    nodes, ways, rels = [], [], []
    for c in CASES:
        for nid, spec in sorted(c.nodes.items()):
            lat, lon = c.latlon(spec[:2])
            tags = spec[2] if len(spec) > 2 else {}
            nodes.append((c.osm_id(nid), lat, lon, tags))
        for wid, nds, tags in c.ways:
            ways.append((c.osm_id(wid), [c.osm_id(n) for n in nds], tags))
        for rid, members, tags in c.relations:
            rels.append((c.osm_id(rid), [(t, c.osm_id(r), role) for t, r, role in members], tags))

    def tag_lines(tags, indent):
        return [f'{indent}<tag k={quoteattr(k.rstrip("_"))} v={quoteattr(str(v))}/>' for k, v in tags.items()]

    for nid, lat, lon, tags in sorted(nodes):
        if tags:
            out.append(f'<node id="{nid}" lat="{lat:.7f}" lon="{lon:.7f}">')
            out += tag_lines(tags, "")
            out.append("</node>")
        else:
            out.append(f'<node id="{nid}" lat="{lat:.7f}" lon="{lon:.7f}"/>')
    for wid, nds, tags in sorted(ways):
        out.append(f'<way id="{wid}">')
        out += [f'<nd ref="{n}"/>' for n in nds]
        out += tag_lines(tags, "")
        out.append("</way>")
    for rid, members, tags in sorted(rels):
        out.append(f'<relation id="{rid}">')
        out += [f'<member type="{t}" ref="{r}" role="{role}"/>' for t, r, role in members]
        out += tag_lines(tags, "")
        out.append("</relation>")
    out.append("</osm>")
    with open(path, "w", encoding="utf-8") as f:
        f.write("\n".join(out) + "\n")


def way_lookup():
    """(osm node a, osm node b) -> (case id, way tags) for every consecutive pair of a way, both orders."""
    pairs = {}
    for c in CASES:
        for wid, nds, tags in c.ways:
            ids = [c.osm_id(n) for n in nds]
            for a, b in zip(ids, ids[1:]):
                pairs[(a, b)] = pairs[(b, a)] = (c.osm_id(wid), tags)
    return pairs


if __name__ == "__main__":
    from collections import Counter
    counts = Counter(c.theme for c in CASES)
    for theme, n in counts.items():
        print(f"{theme:14} {n:4} cases")
    print(f"{'total':14} {len(CASES):4} cases, {sum(len(c.modes) for c in CASES)} (case, mode) pairs")
