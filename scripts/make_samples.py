#!/usr/bin/env python3
"""Generate geoindex's bundled sample data (deterministic, standard library only).

    python3 scripts/make_samples.py

Writes, relative to the repository root (found from this file's location):

  samples/town.osm          fictional lake-shore town "Rivebelle" (OSM XML 0.6)
  samples/town-ride.gpx     finger-drawn bicycle ride across the town
  samples/town-gps.gpx      GPS-like bicycle track (noise with a fixed seed)
  samples/rules/*.osm       tiny networks, each isolating one routing rule
  samples/README.md         what is in the sample and the facts tests can assert

All randomness comes from random.Random with fixed seeds, every number is
formatted explicitly and nothing depends on the clock, the locale or the
machine, so two runs give byte-identical files. The script also checks its own
output (no road crossing without a shared node, no house on a road, routes legal
for the mode they claim ...) and stops with an AssertionError if a change to the
layout breaks one of those properties.

Geometry is laid out in a local metric frame (x east, y north, metres, origin at
the town centre), rotated by a few degrees so streets are not axis-aligned, and
projected to WGS84 around 46.2 N 6.8 E with 7 decimals.
"""
from __future__ import annotations

import heapq
import json
import math
import random
import re
from datetime import datetime, timedelta, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "samples"
RULES_DIR = SAMPLES / "rules"

EARTH_RADIUS = 6_371_008.8          # same constant as GeoIndexKit's Coordinate
TOWN_ORIGIN = (46.2, 6.8)
TOWN_ROTATION_DEG = 7.0
POSTCODE = "1899"
CITY = "Rivebelle"
TS_BASE = datetime(2023, 1, 1, tzinfo=timezone.utc)
GENERATOR = "geoindex scripts/make_samples.py"


# --------------------------------------------------------------------------
# Projection and distances
# --------------------------------------------------------------------------

class Projection:
    def __init__(self, lat0: float, lon0: float, rotation_deg: float = 0.0):
        self.lat0, self.lon0 = lat0, lon0
        self.cos_r = math.cos(math.radians(rotation_deg))
        self.sin_r = math.sin(math.radians(rotation_deg))
        self.m_per_deg_lat = EARTH_RADIUS * math.pi / 180
        self.m_per_deg_lon = self.m_per_deg_lat * math.cos(math.radians(lat0))

    def rotate(self, x: float, y: float) -> tuple[float, float]:
        return x * self.cos_r - y * self.sin_r, x * self.sin_r + y * self.cos_r

    def latlon(self, x: float, y: float) -> tuple[float, float]:
        xr, yr = self.rotate(x, y)
        lat = round(self.lat0 + yr / self.m_per_deg_lat, 7)
        lon = round(self.lon0 + xr / self.m_per_deg_lon, 7)
        return lat, lon


def haversine(a: tuple[float, float], b: tuple[float, float]) -> float:
    p1, p2 = math.radians(a[0]), math.radians(b[0])
    dp = p2 - p1
    dl = math.radians(b[1] - a[1])
    h = math.sin(dp / 2) ** 2 + math.cos(p1) * math.cos(p2) * math.sin(dl / 2) ** 2
    return 2 * EARTH_RADIUS * math.asin(min(1.0, math.sqrt(h)))


def dist(a, b) -> float:
    return math.hypot(a[0] - b[0], a[1] - b[1])


def point_seg_dist(p, a, b) -> float:
    ax, ay = a
    bx, by = b
    dx, dy = bx - ax, by - ay
    L2 = dx * dx + dy * dy
    if L2 == 0:
        return dist(p, a)
    t = max(0.0, min(1.0, ((p[0] - ax) * dx + (p[1] - ay) * dy) / L2))
    return dist(p, (ax + t * dx, ay + t * dy))


def seg_seg_dist(a, b, c, d) -> float:
    if segments_intersect(a, b, c, d):
        return 0.0
    return min(point_seg_dist(a, c, d), point_seg_dist(b, c, d),
               point_seg_dist(c, a, b), point_seg_dist(d, a, b))


def _orient(a, b, c) -> float:
    return (b[0] - a[0]) * (c[1] - a[1]) - (b[1] - a[1]) * (c[0] - a[0])


def segments_intersect(a, b, c, d) -> bool:
    d1, d2 = _orient(c, d, a), _orient(c, d, b)
    d3, d4 = _orient(a, b, c), _orient(a, b, d)
    if ((d1 > 0 > d2) or (d1 < 0 < d2)) and ((d3 > 0 > d4) or (d3 < 0 < d4)):
        return True
    eps = 1e-9
    for p, q, r, o in ((c, d, a, d1), (c, d, b, d2), (a, b, c, d3), (a, b, d, d4)):
        if abs(o) < eps and min(p[0], q[0]) - eps <= r[0] <= max(p[0], q[0]) + eps \
                and min(p[1], q[1]) - eps <= r[1] <= max(p[1], q[1]) + eps:
            return True
    return False


def point_in_polygon(p, poly) -> bool:
    x, y = p
    inside = False
    n = len(poly)
    for i in range(n):
        x1, y1 = poly[i]
        x2, y2 = poly[(i + 1) % n]
        if (y1 > y) != (y2 > y):
            xi = x1 + (y - y1) * (x2 - x1) / (y2 - y1)
            if xi > x:
                inside = not inside
    return inside


def polyline_length_m(coords: list[tuple[float, float]]) -> float:
    return sum(haversine(coords[i], coords[i + 1]) for i in range(len(coords) - 1))


# --------------------------------------------------------------------------
# OSM data model and writer
# --------------------------------------------------------------------------

class Osm:
    """Nodes keep their local metric position (x, y) next to lat/lon."""

    def __init__(self, projection: Projection, ranges: dict[str, int]):
        self.proj = projection
        self.next_id = dict(ranges)
        self.nodes: dict[int, dict] = {}
        self.ways: dict[int, dict] = {}
        self.rels: dict[int, dict] = {}

    def node(self, rng: str, x: float, y: float, tags: dict | None = None) -> int:
        nid = self.next_id[rng]
        self.next_id[rng] += 1
        lat, lon = self.proj.latlon(x, y)
        self.nodes[nid] = {"x": x, "y": y, "lat": lat, "lon": lon, "tags": dict(tags or {})}
        return nid

    def way(self, wid: int, node_ids: list[int], tags: dict | None = None) -> int:
        assert wid not in self.ways, f"duplicate way id {wid}"
        for n in node_ids:
            assert n in self.nodes, f"way {wid} references missing node {n}"
        assert len(node_ids) >= 2
        self.ways[wid] = {"nodes": list(node_ids), "tags": dict(tags or {})}
        return wid

    def rel(self, rid: int, members: list[tuple[str, int, str]], tags: dict) -> int:
        assert rid not in self.rels
        for t, ref, _ in members:
            table = {"node": self.nodes, "way": self.ways, "relation": self.rels}[t]
            assert ref in table, f"relation {rid} references missing {t} {ref}"
        self.rels[rid] = {"members": list(members), "tags": dict(tags)}
        return rid

    def xy(self, nid: int) -> tuple[float, float]:
        n = self.nodes[nid]
        return n["x"], n["y"]

    def ll(self, nid: int) -> tuple[float, float]:
        n = self.nodes[nid]
        return n["lat"], n["lon"]

    def way_xy(self, wid: int) -> list[tuple[float, float]]:
        return [self.xy(n) for n in self.ways[wid]["nodes"]]

    def way_length(self, wid: int) -> float:
        return polyline_length_m([self.ll(n) for n in self.ways[wid]["nodes"]])


def xml_escape(s: str) -> str:
    return (s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
             .replace('"', "&quot;").replace("'", "&apos;"))


def meta_attrs(kind: str, oid: int) -> str:
    salt = {"node": 0, "way": 11, "relation": 23}[kind]
    version = 1 + (oid * 7 + salt) % 4
    seconds = (oid * 2654435761 + salt * 97) % 40_000_000
    ts = (TS_BASE + timedelta(seconds=seconds)).strftime("%Y-%m-%dT%H:%M:%SZ")
    changeset = 100000 + (oid * 31 + salt) % 900
    return f'version="{version}" timestamp="{ts}" changeset="{changeset}"'


def write_tags(lines: list[str], tags: dict) -> None:
    for k in sorted(tags):
        lines.append(f'    <tag k="{xml_escape(k)}" v="{xml_escape(tags[k])}"/>')


def osm_xml(osm: Osm, margin_deg: float = 0.0005) -> str:
    lats = [n["lat"] for n in osm.nodes.values()]
    lons = [n["lon"] for n in osm.nodes.values()]
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<osm version="0.6" generator="{GENERATOR}">',
             f'  <bounds minlat="{min(lats) - margin_deg:.7f}" minlon="{min(lons) - margin_deg:.7f}" '
             f'maxlat="{max(lats) + margin_deg:.7f}" maxlon="{max(lons) + margin_deg:.7f}"/>']
    for nid in sorted(osm.nodes):
        n = osm.nodes[nid]
        head = f'  <node id="{nid}" {meta_attrs("node", nid)} lat="{n["lat"]:.7f}" lon="{n["lon"]:.7f}"'
        if n["tags"]:
            lines.append(head + ">")
            write_tags(lines, n["tags"])
            lines.append("  </node>")
        else:
            lines.append(head + "/>")
    for wid in sorted(osm.ways):
        w = osm.ways[wid]
        lines.append(f'  <way id="{wid}" {meta_attrs("way", wid)}>')
        for nd in w["nodes"]:
            lines.append(f'    <nd ref="{nd}"/>')
        write_tags(lines, w["tags"])
        lines.append("  </way>")
    for rid in sorted(osm.rels):
        r = osm.rels[rid]
        lines.append(f'  <relation id="{rid}" {meta_attrs("relation", rid)}>')
        for t, ref, role in r["members"]:
            lines.append(f'    <member type="{t}" ref="{ref}" role="{xml_escape(role)}"/>')
        write_tags(lines, r["tags"])
        lines.append("  </relation>")
    lines.append("</osm>")
    return "\n".join(lines) + "\n"


# --------------------------------------------------------------------------
# Routing rules (reference semantics used for the README facts)
# --------------------------------------------------------------------------

MODES = ("car", "bicycle", "foot")
# A port of Sources/GeoRoads (CarRules, BicycleRules, FootRules: OSRM 26.10's car.lua, bicycle.lua
# and foot.lua) for the tags the samples use; undirected access tags only.
CAR_SPEEDS = {"motorway": 90, "motorway_link": 45, "trunk": 85, "trunk_link": 40, "primary": 65, "primary_link": 30,
              "secondary": 55, "secondary_link": 25, "tertiary": 40, "tertiary_link": 20, "unclassified": 25,
              "residential": 25, "living_street": 10, "service": 15}
CAR_SURFACE = {"cement": 80, "compacted": 80, "fine_gravel": 80, "paving_stones": 60, "metal": 60, "bricks": 60,
               "grass": 40, "wood": 40, "sett": 40, "gravel": 40, "unpaved": 40, "ground": 40, "dirt": 40,
               "cobblestone": 30, "sand": 20, "mud": 10}
CAR_BLACKLIST = {"no", "agricultural", "forestry", "emergency", "psv", "taxi", "share_taxi", "minibus", "bus", "foot",
                 "emergency_vehicle", "restricted", "military", "official", "customers", "private", "delivery",
                 "destination", "permit", "residents"}
CAR_RESTRICTED = {"private", "delivery", "destination", "customers", "permit", "residents", "unknown"}
RESTRICTED_HIGHWAYS = set(CAR_SPEEDS)
CARLESS = {"footway", "pedestrian", "cycleway", "path", "bridleway", "steps", "corridor", "platform", "busway"}
BIKE_SPEEDS = {"cycleway": 15, "primary": 15, "primary_link": 15, "secondary": 15, "secondary_link": 15,
               "tertiary": 15, "tertiary_link": 15, "residential": 15, "unclassified": 15, "living_street": 15,
               "service": 15, "track": 12, "path": 13}
BIKE_PUSHED = {"footway": 4, "pedestrian": 4, "steps": 2}
BIKE_SURFACE = {"asphalt": 15, "concrete": 15, "wood": 10, "metal": 10, "paving_stones": 10, "compacted": 10,
                "cobblestone": 7, "unpaved": 6, "fine_gravel": 10, "gravel": 6, "pebblestone": 6, "ground": 10,
                "dirt": 8, "grass": 6, "mud": 3, "sand": 3, "sett": 9}
BIKE_BLACKLIST = {"no", "private", "agricultural", "forestry", "delivery", "use_sidepath"}
BIKE_WHITELIST = {"yes", "permissive", "designated"}
FOOT_HIGHWAYS = {"primary", "primary_link", "secondary", "secondary_link", "tertiary", "tertiary_link", "unclassified",
                 "residential", "living_street", "service", "track", "path", "steps", "pedestrian", "platform",
                 "footway", "pier"}
FOOT_SURFACE = {"fine_gravel": 3.75, "gravel": 3.75, "pebblestone": 3.75, "mud": 2.5, "sand": 2.5}
FOOT_BLACKLIST = {"no", "agricultural", "forestry", "private", "delivery", "use_sidepath"}
WALK, PUSH = 5.0, 4.0


def first(tags: dict, keys) -> str | None:
    return next((tags[k] for k in keys if k in tags), None)


def oneway_of(value) -> int:
    return 1 if value in ("yes", "1", "true") else -1 if value in ("-1", "reverse") else 0


def leading_number(value) -> float:
    digits = ""
    for ch in value or "":
        if not ch.isdigit():
            break
        digits += ch
    return float(digits) if digits else 0.0


def speed_byte(kmh: float) -> float:
    """A speed as the road graph stores it: whole km/h, 1 to 255."""
    return float(max(1, min(255, math.floor(kmh + 0.5))))


def mode_way(tags: dict, mode: str, variant: str | None = None):
    """(forward, backward) for one mode on one way: each None (closed) or (km/h, pushed, restricted)."""
    hw, route = tags.get("highway"), tags.get("route")
    implied = hw == "motorway" or tags.get("junction") in ("roundabout", "circular")
    if mode == "car":
        if not hw and not route or tags.get("area") == "yes" or hw == "steps":
            return None, None
        access = first(tags, ("motorcar", "motor_vehicle", "vehicle", "access"))
        restricted = hw in RESTRICTED_HIGHWAYS and access in CAR_RESTRICTED
        if access in CAR_BLACKLIST and not restricted:
            return None, None
        if route == "ferry":
            speed = 5.0
        elif hw in CAR_SPEEDS:
            speed = float(CAR_SPEEDS[hw])
        elif hw not in CARLESS and access is not None:
            speed = 10.0
        else:
            return None, None
        limit = leading_number(tags.get("maxspeed"))
        if limit > 0:
            speed = limit * 0.8
        speed = min(speed, CAR_SURFACE.get(tags.get("surface"), speed))
        ow = oneway_of(tags.get("oneway"))
        if ow == 0 and implied and tags.get("oneway") != "no":
            ow = 1
        d = (speed_byte(speed), False, restricted)
        return (d if ow >= 0 else None), (d if ow <= 0 else None)
    if mode == "bicycle":
        if tags.get("motorroad") == "yes":
            return None, None
        access = first(tags, ("bicycle", "vehicle", "access"))
        if access in BIKE_BLACKLIST:
            return None, None
        speed, pushable, ferry = None, False, route == "ferry"
        if ferry:
            speed = 5.0
        elif tags.get("railway") == "platform" or tags.get("public_transport") == "platform":
            speed, pushable = 4.0, True
        elif tags.get("amenity") in ("parking", "parking_entrance"):
            speed, pushable = 10.0, True
        elif hw in BIKE_SPEEDS:
            speed, pushable = float(BIKE_SPEEDS[hw]), True
        elif access in BIKE_WHITELIST:
            speed, pushable = 15.0, True
        ow = oneway_of(tags.get("oneway:bicycle"))
        if ow == 0 and tags.get("oneway:bicycle") not in ("no", "0", "false"):
            ow = oneway_of(tags.get("oneway"))
            if ow == 0 and implied and tags.get("oneway") not in ("no", "0", "false"):
                ow = 1
        fwd = (speed, False) if speed and ow >= 0 else None
        bwd = (speed, False) if speed and ow <= 0 else None
        if ow != 0 and any(str(tags.get(k, "")).startswith("opposite")
                           for k in ("cycleway", "cycleway:both", "cycleway:left", "cycleway:right")):
            fwd = bwd = (15.0, False)
        if (fwd is None or bwd is None) and tags.get("foot") != "no" and not ferry:
            if hw in BIKE_PUSHED:
                push = (BIKE_PUSHED[hw], BIKE_PUSHED[hw])
            elif tags.get("foot") == "yes" or pushable:
                push = (PUSH, None if implied else PUSH)
            else:
                push = (None, None)
            if fwd is None and push[0]:
                fwd = (push[0], True)
            if bwd is None and push[1]:
                bwd = (push[1], True)
        if tags.get("bicycle") == "dismount":
            fwd = bwd = (PUSH, True)
        limit = leading_number(tags.get("maxspeed"))
        cap = min(BIKE_SURFACE.get(tags.get("surface"), 21.0), 21.0, limit if limit > 0 else 21.0)

        def done(d):
            if d is None or (variant == "strict" and d[1] and tags.get("bicycle") != "dismount"):
                return None      # model variant: bicycles never pushed along footways, steps, against oneways
            return (speed_byte(min(d[0], cap)), d[1], False)
        return done(fwd), done(bwd)
    # foot
    if tags.get("motorroad") == "yes":
        return None, None
    access = first(tags, ("foot", "access"))
    if access in FOOT_BLACKLIST:
        return None, None
    if route == "ferry" or hw in FOOT_HIGHWAYS or tags.get("railway") == "platform" or \
            tags.get("amenity") in ("parking", "parking_entrance") or tags.get("man_made") == "pier":
        speed = WALK
    elif access is not None:
        speed = WALK
    else:
        return None, None
    speed = min(speed, FOOT_SURFACE.get(tags.get("surface"), speed))
    ow = oneway_of(tags.get("oneway:foot"))
    if route == "ferry" and oneway_of(tags.get("oneway")):
        ow = oneway_of(tags.get("oneway"))
    d = (speed_byte(speed), False, False)
    return (d if ow >= 0 else None), (d if ow <= 0 else None)


def way_allowed(tags: dict, mode: str, variant: str | None = None) -> bool:
    return mode_way(tags, mode, variant) != (None, None)


def node_passable(tags: dict, mode: str) -> bool:
    if tags.get("barrier") == "bollard" and mode == "car":
        return tags.get("motor_vehicle") == "yes"
    return True


# Entering a road for local access only (restricted) from an open road costs this much (seconds or
# metres, as the router's TurnCosts): such a road is driven only to reach a place on it.
RESTRICTED_PENALTY = {"time": 3600.0, "distance": 50000.0}


def build_graph(osm: Osm, mode: str, metric: str, variant: str | None = None):
    """node → [(next node, cost, way id, restricted)]."""
    g: dict[int, list[tuple[int, float, int, bool]]] = {}
    for wid in sorted(osm.ways):
        w = osm.ways[wid]
        fwd, bwd = mode_way(w["tags"], mode, variant)
        ns = w["nodes"]
        for a, b in zip(ns, ns[1:]):
            d = haversine(osm.ll(a), osm.ll(b))
            for (u, v, how) in ((a, b, fwd), (b, a, bwd)):
                if how:
                    cost = d if metric == "distance" else d / (how[0] / 3.6)
                    g.setdefault(u, []).append((v, cost, wid, how[2]))
    return g


def path_metrics(osm: Osm, mode: str, nodes: list[int], variant: str | None = None) -> tuple[float, float]:
    """(metres, seconds) along a node path for a mode."""
    metres = seconds = 0.0
    for a, b in zip(nodes, nodes[1:]):
        d = haversine(osm.ll(a), osm.ll(b))
        best = None
        for w in osm.ways.values():
            ns = w["nodes"]
            fwd, bwd = mode_way(w["tags"], mode, variant)
            for i in range(len(ns) - 1):
                how = fwd if (ns[i], ns[i + 1]) == (a, b) else bwd if (ns[i], ns[i + 1]) == (b, a) else None
                if how:
                    best = how[0] if best is None else max(best, how[0])
        metres += d
        seconds += d / (best / 3.6)
    return metres, seconds


def shortest_path(osm: Osm, mode: str, src: int, dst: int, metric: str = "time",
                  variant: str | None = None):
    """Best legal path: (metres, node list, way list, seconds) or None. metric: time | distance;
    variant: None (reference) or "strict" (no pushing bicycles). States are (node, on a restricted road)."""
    g = build_graph(osm, mode, metric, variant)
    # The routes start at junction nodes, where the router picks one of the roads meeting there: a
    # road for local access only is entered at its price even from the start (start on the open road).
    start = (src, False)
    best = {start: 0.0}
    prev: dict[tuple[int, bool], tuple[tuple[int, bool], int]] = {}
    heap = [(0.0, start)]
    goal = None
    while heap:
        d, s = heapq.heappop(heap)
        u = s[0]
        if u == dst:
            goal = s
            break
        if d > best.get(s, math.inf):
            continue
        if u != src and not node_passable(osm.nodes[u]["tags"], mode):
            continue
        for v, w, wid, restricted in g.get(u, []):
            nd = d + w + (RESTRICTED_PENALTY[metric] if restricted and not s[1] else 0.0)
            t = (v, restricted)
            if nd < best.get(t, math.inf) - 1e-9:
                best[t] = nd
                prev[t] = (s, wid)
                heapq.heappush(heap, (nd, t))
    if goal is None:
        return None
    nodes, ways, s = [dst], [], goal
    while s != start:
        p, wid = prev[s]
        nodes.append(p[0])
        if not ways or ways[-1] != wid:
            ways.append(wid)
        s = p
    nodes.reverse()
    ways.reverse()
    metres, seconds = path_metrics(osm, mode, nodes, variant)
    return metres, nodes, ways, seconds


def path_is_legal(osm: Osm, mode: str, nodes: list[int]) -> list[int]:
    """Way ids along `nodes` that `mode` may not use in that direction (empty = legal)."""
    bad = []
    for a, b in zip(nodes, nodes[1:]):
        ok = False
        wid_seen = None
        for wid, w in osm.ways.items():
            ns = w["nodes"]
            fwd, bwd = mode_way(w["tags"], mode)
            for i in range(len(ns) - 1):
                if {ns[i], ns[i + 1]} == {a, b}:
                    wid_seen = wid
                    if (ns[i] == a and fwd) or (ns[i] == b and bwd):
                        ok = True
        if not node_passable(osm.nodes[b]["tags"], mode) and b != nodes[-1]:
            ok = False
        if not ok and wid_seen is not None and wid_seen not in bad:
            bad.append(wid_seen)
        assert wid_seen is not None, f"nodes {a}-{b} are not adjacent on any way"
    return bad


# --------------------------------------------------------------------------
# Extraction rules (reference semantics used for the README counts)
# --------------------------------------------------------------------------

POI_KEYS = ("amenity", "shop", "tourism", "leisure", "office", "craft", "healthcare",
            "historic", "sport", "man_made")
PLACE_VALUES = {"town", "village", "suburb", "neighbourhood", "hamlet", "locality"}
NAME_KEYS = ("name", "alt_name", "old_name", "short_name", "official_name", "brand")


def name_values(tags: dict, transit: bool = False) -> list[str]:
    out = []
    for k in sorted(tags):
        if k in NAME_KEYS or (k.startswith("name:") and k.count(":") == 1) or (transit and k == "ref"):
            v = tags[k].strip()
            if v:
                out.append(v)
    return out


def primary_name(tags: dict, transit: bool = False) -> str:
    for k in ("name", "brand", "official_name", "short_name", "alt_name", "old_name"):
        if tags.get(k, "").strip():
            return tags[k].strip()
    if transit and tags.get("ref", "").strip():
        return tags["ref"].strip()
    vals = name_values(tags, transit)
    return vals[0] if vals else ""


def is_transit(tags: dict) -> bool:
    return ("public_transport" in tags or tags.get("highway") == "bus_stop"
            or tags.get("railway") in ("station", "halt", "tram_stop")
            or tags.get("amenity") == "ferry_terminal" or tags.get("aerialway") == "station")


def classify(kind: str, obj: dict, closed: bool = False) -> list[str]:
    tags = obj["tags"]
    kinds = []
    named = bool(name_values(tags))
    if any(k in tags for k in POI_KEYS) and named:
        kinds.append("poi")
    if "addr:housenumber" in tags and ("addr:street" in tags or "addr:place" in tags):
        kinds.append("address")
    if kind == "way" and "highway" in tags and tags.get("name", "").strip():
        kinds.append("street")
    if tags.get("place") in PLACE_VALUES and named:
        kinds.append("place")
    if is_transit(tags) and name_values(tags, transit=True):
        kinds.append("transit")
    area = False
    if kind == "way" and closed and named and ("building" in tags or tags.get("leisure") == "park"):
        area = True
    if kind == "relation" and (tags.get("boundary") == "administrative"
                               or tags.get("type") == "multipolygon"):
        area = True
    if area:
        kinds.append("area")
    return kinds


# One landmark per object, in the precedence GeoIndexKit's LandmarkClassifier used when the samples
# were made: transit > place > street > park area > POI > boundary / named natural area > named
# building > address. `current=True` adds its two extensions of the brief's rules: some categories
# are indexed without a name (flag "u" in CategoryCatalog; only those present unnamed here are
# listed) and a major road (tertiary or above) with a ref but no name is a street.
UNNAMED_INDEXED = {("amenity", "pharmacy"), ("amenity", "atm"), ("leisure", "playground"),
                   ("amenity", "parking")}
CURRENT_POI_KEYS = ("amenity", "shop", "tourism", "healthcare", "leisure", "office", "craft", "historic",
                    "man_made", "natural", "emergency", "sport")
MAJOR_HIGHWAYS = {"motorway", "trunk", "primary", "secondary", "tertiary"}


def classify_one(kind: str, tags: dict, current: bool = False) -> str | None:
    has_name = bool(tags.get("name", "").strip())
    names = name_values(tags)
    if kind == "relation" and tags.get("type") not in ("multipolygon", "boundary"):
        return None
    if is_transit(tags) and (name_values(tags, transit=True) or current):
        return "transit"
    if "place" in tags and has_name:
        return "place"
    if kind == "way" and "highway" in tags and tags["highway"] not in ("bus_stop", "platform"):
        if has_name or (current and tags["highway"] in MAJOR_HIGHWAYS and tags.get("ref", "").strip()):
            return "street"
    if tags.get("leisure") in ("park", "garden", "nature_reserve") and has_name and kind != "node":
        return "area"
    for key in CURRENT_POI_KEYS:
        v = tags.get(key)
        if not v or v == "no":
            continue
        if key == "natural":
            if has_name and kind != "node":
                return "area"
            continue
        if names or (current and (key, v) in UNNAMED_INDEXED):
            return "poi"
    if tags.get("boundary") == "administrative" and has_name and kind != "node":
        return "area"
    if tags.get("building", "no") != "no" and has_name:
        return "area"
    if "addr:housenumber" in tags and ("addr:street" in tags or "addr:place" in tags):
        return "address"
    return None


def one_per_object(osm: "Osm", current: bool) -> dict[str, list[tuple[str, int]]]:
    out: dict[str, list[tuple[str, int]]] = {k: [] for k in ("poi", "address", "street", "place",
                                                              "transit", "area")}
    for kind, table in (("node", osm.nodes), ("way", osm.ways), ("relation", osm.rels)):
        for oid in sorted(table):
            k = classify_one(kind, table[oid]["tags"], current)
            if k:
                out[k].append((kind, oid))
    return out


def merged_street_count(osm: "Osm", street_objs: list[tuple[str, int]]) -> int:
    """Street landmarks after merging same-name ways (name, else ref) within 50 m."""
    groups: dict[str, list[int]] = {}
    for _, wid in street_objs:
        t = osm.ways[wid]["tags"]
        groups.setdefault((t.get("name") or t.get("ref", "")).strip(), []).append(wid)
    total = 0
    for wids in groups.values():
        parent = {w: w for w in wids}

        def find(w):
            while parent[w] != w:
                w = parent[w]
            return w
        for i, a in enumerate(wids):
            for b in wids[i + 1:]:
                if set(osm.ways[a]["nodes"]) & set(osm.ways[b]["nodes"]) or min_gap(osm, [a], [b]) <= 50.0:
                    parent[find(a)] = find(b)
        total += len({find(w) for w in wids})
    return total


def category(tags: dict) -> str:
    for k in ("amenity", "shop", "tourism", "leisure", "office", "craft", "healthcare",
              "historic", "sport", "man_made"):
        if k in tags:
            return f"{k}={tags[k]}"
    return ""


# --------------------------------------------------------------------------
# The town
# --------------------------------------------------------------------------

def roundabout_points(cx, cy, r):
    names = ["rbE", "rbNE", "rbN", "rbNW", "rbW", "rbSW", "rbS", "rbSE"]
    pts = {}
    for i, nm in enumerate(names):
        a = math.radians(45 * i)
        pts[nm] = (round(cx + r * math.cos(a), 3), round(cy + r * math.sin(a), 3))
    return names, pts


RB_NAMES, RB_POINTS = roundabout_points(375, 100, 20)

# Key points of the road network (local metres). Streets run on a grid:
# columns x = -650, -375, -125, 125, 375, 650; rows y = -400, -150, 100, 350, 600.
KEY_POINTS: dict[str, tuple[float, float]] = {
    # lakefront row (y = -400): Quai Saint-Jean, Boulevard du Lac
    "q0": (-650, -400), "q_steps": (-500, -400), "c1r0": (-375, -400), "F": (-250, -400),
    "c2r0": (-125, -400), "c3r0": (125, -400), "B1": (230, -400), "B2": (270, -400),
    "c4r0": (375, -400), "p1": (420, -432), "p2": (650, -428),
    # y = -150: Rue Grimaldi, Rue de l'Église
    "c0r1": (-650, -150), "S": (-500, -150), "c1r1": (-375, -150), "c2r1": (-125, -150),
    "c3r1": (125, -150), "c4r1": (375, -150), "bollard": (-375, -275),
    # y = 100: Rue Saint-Roch, Place du Marché, Hauptstraße, roundabout
    "c0r2": (-650, 100), "c1r2": (-375, 100), "c2r2": (-125, 100),
    "sqW": (-60, 100), "sqSW": (-60, 60), "sqS": (0, 60), "sqSE": (60, 60), "sqE": (60, 100),
    "sqNE": (60, 140), "sqN": (0, 140), "sqNW": (-60, 140),
    "c3r2": (125, 100), "H1": (200, 100), **RB_POINTS, "c5r2": (650, 100),
    # y = 350: Rue du Collège, Chemin du Parc
    "c0r3": (-650, 350), "c1r3": (-375, 350), "c2r3": (-125, 350), "x0r3": (0, 350),
    "tramx": (12, 350), "c3r3": (125, 350), "c4r3": (375, 350), "c5r3": (650, 350),
    # north
    "c1a": (-375, 475), "x0a": (0, 475), "c1r4": (-375, 600), "x0r4": (0, 600), "c5n": (650, 520),
    "lc": (375, 650), "col_end": (375, 700),
    # small ways
    "svc_end": (-500, -40), "steps_top": (-500, -370),
    # south shore
    "g0": (-550, -870), "Fs": (-250, -870), "g1": (50, -870),
    # motorway A 19 north of the town
    "mE0": (-950, 820), "mEoff": (270, 820), "mEon": (480, 820), "mE1": (950, 820),
    "mW0": (950, 845), "mW1": (-950, 845), "offr": (330, 785), "onr": (420, 785),
}

KEY_NODE_TAGS = {
    "bollard": {"barrier": "bollard"},
    "F": {"amenity": "ferry_terminal", "name": "Débarcadère de Rivebelle",
          "name:de": "Schiffsstation Rivebelle"},
    "Fs": {"amenity": "ferry_terminal", "name": "Débarcadère des Granges"},
    "lc": {"railway": "level_crossing", "crossing:barrier": "full"},
    "tramx": {"railway": "tram_level_crossing"},
}

# Named streets. Each: (index, name, base tags, axis key points in address order, ways).
# A way is (list of key points in node order, extra tags). Way id = 100 + 10*index + i.
STREETS = [
    (1, "Rue Grimaldi", {"highway": "residential", "maxspeed": "50"},
     ["c0r1", "S", "c1r1", "c2r1"],
     [(["c0r1", "S"], {}), (["S", "c1r1"], {}), (["c1r1", "c2r1"], {"surface": "asphalt"})]),
    (2, "Rue de l'Église", {"highway": "tertiary", "maxspeed": "30", "zone:maxspeed": "CH:30"},
     ["c2r1", "c3r1", "c4r1"],
     [(["c2r1", "c3r1"], {}), (["c3r1", "c4r1"], {})]),
    (3, "Quai Saint-Jean", {"highway": "unclassified", "maxspeed": "50"},
     ["q0", "q_steps", "c1r0", "F", "c2r0"],
     [(["q0", "q_steps", "c1r0"], {}), (["c1r0", "F"], {}), (["F", "c2r0"], {"surface": "sett"})]),
    (4, "Boulevard du Lac", {"highway": "secondary", "maxspeed": "50", "old_name": "Boulevard Impérial",
                             "name:de": "Seeboulevard"},
     ["c2r0", "c3r0", "B1", "B2", "c4r0"],
     [(["c2r0", "c3r0"], {}), (["c3r0", "B1"], {}),
      (["B1", "B2"], {"bridge": "yes", "layer": "1", "bridge:name": "Pont de la Baye"}),
      (["B2", "c4r0"], {})]),
    (5, "Rue Saint-Roch", {"highway": "residential"},
     ["c0r2", "c1r2", "c2r2", "sqW"],
     [(["c0r2", "c1r2"], {}), (["c1r2", "c2r2"], {}), (["c2r2", "sqW"], {"surface": "paving_stones"})]),
    (6, "Hauptstraße", {"highway": "tertiary", "maxspeed": "50", "name:fr": "Grand-Rue"},
     ["sqE", "c3r2", "H1", "rbW", "rbE", "c5r2"],
     [(["sqE", "c3r2"], {"surface": "paving_stones"}), (["c3r2", "H1", "rbW"], {}),
      (["rbE", "c5r2"], {})]),
    (7, "Place du Marché", {"highway": "pedestrian", "area": "yes", "bicycle": "dismount",
                            "surface": "paving_stones", "name:de": "Marktplatz"},
     ["sqW", "sqE"],
     [(["sqW", "sqSW", "sqS", "sqSE", "sqE", "sqNE", "sqN", "sqNW", "sqW"], {})]),
    (8, "Avenue de la Gare", {"highway": "tertiary", "maxspeed": "50", "name:de": "Bahnhofstrasse"},
     ["sqN", "x0r3", "x0a", "x0r4"],
     [(["sqN", "x0r3"], {"lanes": "2"}), (["x0r3", "x0a"], {"lanes": "2"}),
      (["x0a", "x0r4"], {"lanes": "1", "surface": "sett"})]),
    (9, "Chemin des Écoliers", {"highway": "residential", "maxspeed": "30"},
     ["c1r2", "c1r3", "c1a", "c1r4"],
     [(["c1r2", "c1r3"], {}), (["c1r3", "c1a", "c1r4"], {})]),
    (10, "Rue de la Poste", {"highway": "residential", "oneway": "yes", "oneway:bicycle": "no"},
     ["c2r1", "c2r2", "c2r3"],
     [(["c2r1", "c2r2"], {}), (["c2r2", "c2r3"], {})]),
    (11, "Rue du Théâtre", {"highway": "residential", "oneway": "yes"},
     ["c3r0", "c3r1", "c3r2"],
     [(["c3r2", "c3r1"], {}), (["c3r1", "c3r0"], {})]),
    (12, "Rue des Bains", {"highway": "residential"},
     ["c1r0", "bollard", "c1r1", "c1r2"],
     [(["c1r0", "bollard", "c1r1"], {}),
      (["c1r1", "c1r2"], {"oneway": "-1", "cycleway": "opposite"})]),
    (13, "Avenue des Alpes", {"highway": "tertiary", "maxspeed": "50"},
     ["c4r0", "c4r1", "rbS"],
     [(["c4r0", "c4r1"], {}), (["c4r1", "rbS"], {})]),
    (14, "Route du Col", {"highway": "secondary"},
     ["rbN", "c4r3", "lc", "col_end"],
     [(["rbN", "c4r3"], {"maxspeed": "50"}), (["c4r3", "lc", "col_end"], {"maxspeed": "80"})]),
    (15, "Rue du Collège", {"highway": "residential"},
     ["c1r3", "c2r3", "x0r3", "tramx", "c3r3"],
     [(["c1r3", "c2r3"], {}), (["c2r3", "x0r3"], {}), (["x0r3", "tramx", "c3r3"], {})]),
    (16, "Chemin du Parc", {"highway": "residential", "motor_vehicle": "no"},
     ["c3r3", "c4r3"],
     [(["c3r3", "c4r3"], {})]),
    (17, "Rue du Moulin", {"highway": "residential"},
     ["c0r1", "c0r2", "c0r3"],
     [(["c0r1", "c0r2"], {}), (["c0r2", "c0r3"], {})]),
    (18, "Rue du Moulin", {"highway": "residential", "name:de": "Mühlegasse"},
     ["c5r2", "c5r3", "c5n"],
     [(["c5r2", "c5r3"], {}), (["c5r3", "c5n"], {})]),
    (19, "Promenade du Lac", {"highway": "footway", "surface": "fine_gravel"},
     ["c4r0", "p1", "p2"],
     [(["c4r0", "p1", "p2"], {})]),
]
STREET_LABEL = {17: "Rue du Moulin (Les Prés, west)", 18: "Rue du Moulin (Oberdorf, east)"}

# Unnamed highways and the ferry: (way id, key points, tags)
OTHER_HIGHWAYS = [
    (301, RB_NAMES + [RB_NAMES[0]], {"highway": "tertiary", "junction": "roundabout", "maxspeed": "50"}),
    (302, ["S", "svc_end"], {"highway": "service", "service": "parking_aisle"}),
    (303, ["S", "steps_top"], {"highway": "path", "surface": "gravel"}),
    (304, ["steps_top", "q_steps"], {"highway": "steps", "step_count": "64", "incline": "down"}),
    (305, ["c3r2", "c3r3"], {"highway": "cycleway", "bicycle": "designated", "foot": "yes",
                             "segregated": "no"}),
    (306, ["H1", "c4r3"], {"highway": "footway", "surface": "gravel"}),
    (307, ["c1a", "x0a"], {"highway": "residential", "access": "private"}),
    (308, ["g0", "Fs"], {"highway": "unclassified"}),
    (309, ["Fs", "g1"], {"highway": "unclassified"}),
    (311, ["mE0", "mEoff"], {"highway": "motorway", "oneway": "yes", "ref": "A 19", "maxspeed": "120",
                             "lanes": "2"}),
    (312, ["mEoff", "mEon", "mE1"], {"highway": "motorway", "oneway": "yes", "ref": "A 19",
                                    "maxspeed": "120", "lanes": "2"}),
    (313, ["mW0", "mW1"], {"highway": "motorway", "oneway": "yes", "ref": "A 19", "maxspeed": "120",
                           "lanes": "2"}),
    (314, ["mEoff", "offr", "col_end"], {"highway": "motorway_link", "oneway": "yes",
                                        "destination": "Rivebelle"}),
    (315, ["col_end", "onr", "mEon"], {"highway": "motorway_link", "oneway": "yes",
                                      "destination": "Lausanne"}),
]
STRAIGHT_WAYS = {171, 301, 143, 314, 315}

HOUSE_KINDS = ["house", "residential", "apartments", "yes", "detached"]


def house_number(d: float, side: str) -> str:
    n = max(1, math.floor(d / 10 + 0.5))
    if side == "L" and n % 2 == 0:
        n += 1
    if side == "R" and n % 2 == 1:
        n += 1
    return str(n)


class Axis:
    """A street's centre line in address order; d = metres from its start."""

    def __init__(self, pts):
        self.pts = pts
        self.cum = [0.0]
        for a, b in zip(pts, pts[1:]):
            self.cum.append(self.cum[-1] + dist(a, b))

    def at(self, d: float):
        for i in range(len(self.pts) - 1):
            if d <= self.cum[i + 1] or i == len(self.pts) - 2:
                a, b = self.pts[i], self.pts[i + 1]
                L = self.cum[i + 1] - self.cum[i]
                t = (d - self.cum[i]) / L
                p = (a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]))
                u = ((b[0] - a[0]) / L, (b[1] - a[1]) / L)
                return p, u
        raise ValueError

    def offset_point(self, d, side, off):
        p, u = self.at(d)
        n = (-u[1], u[0])   # left normal
        s = 1 if side == "L" else -1
        return p[0] + n[0] * off * s, p[1] + n[1] * off * s

    def rect(self, d, side, off, w, dp):
        p, u = self.at(d)
        n = (-u[1], u[0])
        s = 1 if side == "L" else -1
        c = (p[0] + n[0] * off * s, p[1] + n[1] * off * s)
        nn = (n[0] * s, n[1] * s)
        corners = []
        for a, b in ((-1, -1), (1, -1), (1, 1), (-1, 1)):
            corners.append((c[0] + u[0] * a * w / 2 + nn[0] * b * dp / 2,
                            c[1] + u[1] * a * w / 2 + nn[1] * b * dp / 2))
        return corners


def rect_xy(x0, y0, x1, y1):
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


class Town:
    def __init__(self):
        self.proj = Projection(*TOWN_ORIGIN, TOWN_ROTATION_DEG)
        self.osm = Osm(self.proj, {"net": 10001, "vtx": 11001, "poi": 20001, "addr": 30001,
                                   "bld": 40001, "pt": 50001, "geo": 60001})
        self.key: dict[str, int] = {}
        self.rng = random.Random(46_20_06_80)
        self.street_ways: dict[int, list[int]] = {}
        self.axes: dict[int, Axis] = {}
        self.placed: list[dict] = []          # POIs/addresses/buildings, for README and checks
        self.buildings: list[tuple[int, list]] = []
        self.house_numbers: dict[str, set] = {}
        self.transit: list[int] = []
        self.places: list[int] = []
        self.build()

    # ---- helpers
    def key_node(self, name):
        return self.key[name]

    def line_nodes(self, keys: list[str], straight: bool) -> list[int]:
        out = [self.key[keys[0]]]
        for a, b in zip(keys, keys[1:]):
            pa, pb = KEY_POINTS[a], KEY_POINTS[b]
            L = dist(pa, pb)
            n = 0 if straight else int(L // 60)
            ux, uy = (pb[0] - pa[0]) / L, (pb[1] - pa[1]) / L
            for i in range(1, n + 1):
                t = i / (n + 1)
                off = self.rng.uniform(-2.0, 2.0)
                x = pa[0] + t * (pb[0] - pa[0]) - uy * off
                y = pa[1] + t * (pb[1] - pa[1]) + ux * off
                out.append(self.osm.node("vtx", round(x, 2), round(y, 2)))
            out.append(self.key[b])
        return out

    def closed(self, ids):
        return ids + [ids[0]]

    def building(self, wid, corners, tags, rng="bld"):
        ids = [self.osm.node(rng, round(x, 2), round(y, 2)) for x, y in corners]
        self.osm.way(wid, self.closed(ids), tags)
        self.buildings.append((wid, corners))
        return wid

    def addr_tags(self, street, number):
        key = street
        self.house_numbers.setdefault(key, set())
        assert number not in self.house_numbers[key], f"duplicate number {number} on {street}"
        self.house_numbers[key].add(number)
        return {"addr:housenumber": number, "addr:street": self.street_name(street),
                "addr:postcode": POSTCODE, "addr:city": CITY}

    def street_name(self, idx):
        for s in STREETS:
            if s[0] == idx:
                return s[1]
        raise KeyError(idx)

    # ---- build
    def build(self):
        o = self.osm
        for name in KEY_POINTS:
            x, y = KEY_POINTS[name]
            self.key[name] = o.node("net", x, y, KEY_NODE_TAGS.get(name))
        for idx, name, base, axis, ways in STREETS:
            self.axes[idx] = Axis([KEY_POINTS[k] for k in axis])
            ids = []
            for i, (keys, extra) in enumerate(ways, start=1):
                wid = 100 + 10 * idx + i
                tags = {"name": name, **base, **extra}
                o.way(wid, self.line_nodes(keys, wid in STRAIGHT_WAYS), tags)
                ids.append(wid)
            self.street_ways[idx] = ids
        for wid, keys, tags in OTHER_HIGHWAYS:
            o.way(wid, self.line_nodes(keys, wid in STRAIGHT_WAYS), tags)
        # the legacy node: a vertex of Rue Grimaldi with nothing but created_by
        self.created_by_node = o.ways[111]["nodes"][1]
        o.nodes[self.created_by_node]["tags"] = {"created_by": "JOSM"}
        self.build_ferry()
        self.build_pois()
        self.build_addresses()
        self.build_places_and_transit()
        self.build_areas_and_misc()

    def build_ferry(self):
        o = self.osm
        mid = [o.node("geo", *p) for p in [(-250, -480), (-245, -650), (-250, -830)]]
        o.way(320, [self.key["F"]] + mid + [self.key["Fs"]],
              {"route": "ferry", "name": "Bac Rivebelle – Les Granges", "foot": "yes",
               "bicycle": "yes", "motor_vehicle": "no", "duration": "00:10", "operator": "CGN"})

    def poi_node(self, tags, street=None, d=None, side=None, off=18.0, xy=None, number=None):
        if xy is None:
            xy = self.axes[street].offset_point(d, side, off)
        tags = dict(tags)
        if street is not None:
            num = number or house_number(d, side)
            tags.update(self.addr_tags(street, num))
        nid = self.osm.node("poi", round(xy[0], 2), round(xy[1], 2), tags)
        self.placed.append({"type": "node", "id": nid, "xy": xy})
        return nid

    def poi_building(self, wid, tags, street=None, d=None, side=None, off=22.0, w=24.0, dp=16.0,
                     corners=None, number=None):
        if corners is None:
            corners = self.axes[street].rect(d, side, off, w, dp)
        tags = dict(tags)
        if street is not None:
            tags.update(self.addr_tags(street, number or house_number(d, side)))
        self.building(wid, corners, tags)
        cx = sum(p[0] for p in corners) / len(corners)
        cy = sum(p[1] for p in corners) / len(corners)
        self.placed.append({"type": "way", "id": wid, "xy": (cx, cy), "corners": corners})
        return wid

    def build_pois(self):
        P, B = self.poi_node, self.poi_building
        self.poi = {}
        # hotels
        self.poi["hotel_gare"] = P({"tourism": "hotel", "name": "Hôtel de la Gare", "stars": "3",
                                    "name:de": "Hotel Bahnhof", "rooms": "24"}, 8, 400, "L", 20)
        self.poi["hotel_bellevue"] = P({"tourism": "hotel", "name": "Hotel Bellevue", "stars": "4",
                                        "website": "https://bellevue.example.org/?lang=fr&src=osm"},
                                       4, 445, "L", 20)
        self.poi["hostel"] = P({"tourism": "hostel", "name": "Auberge de Jeunesse de Rivebelle",
                                "name:en": "Rivebelle Youth Hostel"}, 3, 60, "L", 20)
        # cafés, restaurants, food shops
        self.poi["cafe_paris"] = P({"amenity": "cafe", "name": "Café de Paris",
                                    "name:de": "Café von Paris", "outdoor_seating": "yes"},
                                   xy=(-30, 158))
        self.osm.nodes[self.poi["cafe_paris"]]["tags"].update(self.addr_tags(7, "3"))
        self.poi["cafe_muller"] = P({"amenity": "cafe", "name": "Café Müller"}, 6, 45, "L", 18)
        self.poi["brasserie"] = P({"amenity": "restaurant", "name": "Brasserie de l’Ours – Chez Lulu",
                                   "cuisine": "french"}, 2, 70, "L", 18)
        self.poi["da_marco"] = P({"amenity": "restaurant", "name": "Ristorante Da Marco",
                                  "cuisine": "italian;pizza"}, 1, 330, "L", 18)
        self.poi["hirschen"] = P({"amenity": "restaurant", "name": "Zum Goldenen Hirschen",
                                  "cuisine": "regional", "name:fr": "Au Cerf d'Or"}, 6, 470, "R", 18)
        self.poi["escale"] = P({"amenity": "restaurant", "name": 'Bar & Grill "L\'Escale"',
                                "cuisine": "burger;fish"}, 3, 455, "R", 18)
        self.poi["bakery"] = P({"shop": "bakery", "name": "  Boulangerie Favre "}, 5, 340, "R", 18)
        self.poi["spar"] = P({"shop": "convenience", "brand": "Spar", "brand:wikidata": "Q610492"},
                             15, 140, "L", 18)
        # health, money, services
        self.poi["pharmacie"] = P({"amenity": "pharmacy", "healthcare": "pharmacy",
                                   "name": "Pharmacie du Lac", "dispensing": "yes"}, 4, 40, "L", 18)
        self.poi["pharmacy_unnamed"] = P({"amenity": "pharmacy", "healthcare": "pharmacy",
                                          "dispensing": "yes"}, 6, 420, "L", 18)
        self.poi["atm"] = P({"amenity": "atm", "operator": "Banque Cantonale de Rivebelle",
                             "cash_in": "no"}, xy=(-80, -168))
        self.poi["bank"] = P({"amenity": "bank", "name": "Banque Cantonale de Rivebelle",
                              "short_name": "BCR", "atm": "yes"}, xy=(75, 158))
        self.osm.nodes[self.poi["bank"]]["tags"].update(self.addr_tags(7, "5"))
        self.poi["post"] = P({"amenity": "post_office", "name": "Poste de Rivebelle",
                              "operator": "La Poste"}, 10, 200, "R", 18)
        self.poi["fuel"] = P({"amenity": "fuel", "name": "Tamoil", "brand": "Tamoil",
                              "opening_hours": "24/7"}, 14, 330, "R", 25)
        self.poi["cinema"] = P({"amenity": "cinema", "name": "Cinéma Rex", "old_name": "Cinéma Palace"},
                               11, 330, "L", 18)
        self.poi["museum"] = P({"tourism": "museum", "name": "Musée alpin de Rivebelle",
                                "name:de": "Alpines Museum Rivebelle",
                                "name:ru": "Альпийский музей Ривбеля",
                                "name:el": "Αλπικό Μουσείο Ριβμπέλ",
                                "wikidata": "Q4115189"}, 4, 180, "L", 20)
        self.poi["tourist_office"] = P({"tourism": "information", "information": "office",
                                        "name": "Office du Tourisme"}, 8, 60, "R", 28)
        self.poi["watchmaker"] = P({"craft": "watchmaker", "name": "Horlogerie Perret"}, 1, 230, "L", 18)
        self.poi["dentist"] = P({"healthcare": "dentist", "name": "Cabinet dentaire Dr Roux"},
                                10, 380, "L", 18)
        self.poi["company"] = P({"office": "company", "name": "Rivel SA"}, 13, 150, "L", 18)
        self.poi["lighthouse"] = P({"man_made": "lighthouse", "name": "Phare de Rivebelle",
                                    "height": "12"}, xy=(-100, -440))
        self.poi["memorial"] = P({"historic": "memorial", "memorial": "war_memorial",
                                  "name": "Monument aux Morts"}, xy=(-35, 115))
        self.poi["sailing"] = P({"club": "sport", "sport": "sailing",
                                 "name": "Club Nautique de Rivebelle"}, xy=(560, -412))
        self.poi["playground"] = P({"leisure": "playground"}, xy=(290, 170))
        # POIs drawn as buildings
        self.poi["hotel_du_lac"] = B(401, {"tourism": "hotel", "building": "hotel",
                                           "name": "Hôtel du Lac", "stars": "3"},
                                     3, 340, "L", 22, 24, 16)
        self.poi["hospital"] = B(402, {"amenity": "hospital", "healthcare": "hospital",
                                       "building": "hospital", "name": "Hôpital Saint-Roch",
                                       "alt_name": "Spital Sankt Rochus", "emergency": "yes"},
                                 5, 100, "L", 45, 80, 50)
        self.poi["church"] = B(403, {"amenity": "place_of_worship", "religion": "christian",
                                     "denomination": "roman_catholic", "building": "church",
                                     "historic": "church", "heritage": "2", "start_date": "1687",
                                     "name": "Église Saint-Martin"}, 2, 360, "L", 25, 36, 18)
        self.poi["library"] = B(404, {"amenity": "library", "building": "yes",
                                      "name": "Bibliothèque municipale"}, 15, 310, "R", 22, 30, 18)
        self.poi["townhall"] = B(405, {"amenity": "townhall", "townhall:type": "city",
                                       "building": "civic", "name": "Hôtel de Ville",
                                       "name:de": "Rathaus",
                                       "official_name": "Hôtel de Ville de Rivebelle"},
                                 corners=rect_xy(-45, 15, 45, 50))
        self.osm.ways[405]["tags"].update(self.addr_tags(7, "1"))
        self.poi["supermarket"] = B(406, {"shop": "supermarket", "building": "retail",
                                          "name": "Coop Rivebelle", "brand": "Coop",
                                          "brand:wikidata": "Q432564"}, 13, 300, "R", 30, 40, 30)
        # named building that is not a POI
        self.villa = B(407, {"building": "house", "name": "Villa Beau-Site"},
                       corners=rect_xy(-210, 497, -190, 513))

    def build_addresses(self):
        # (street, d, side, building?) ; numbers follow from d (see house_number)
        plan = {
            1: [(40, "L", 0), (60, "R", 1), (100, "L", 1), (115, "R", 1), (200, "R", 0), (420, "L", 1)],
            2: [(180, "L", 1), (300, "R", 1), (430, "L", 0)],
            3: [(200, "R", 1)],
            4: [(110, "L", 1), (200, "R", 0), (300, "R", 1)],
            5: [(100, "R", 1), (220, "L", 0), (330, "L", 1)],
            6: [(115, "R", 1), (250, "R", 0), (380, "L", 1), (540, "R", 1)],
            8: [(60, "L", 0), (270, "L", 0)],
            9: [(80, "R", 1), (150, "L", 1)],
            10: [(60, "L", 0), (80, "R", 1), (420, "R", 1)],
            11: [(120, "L", 1), (160, "R", 1), (400, "R", 1)],
            12: [(90, "R", 1), (180, "L", 1), (330, "R", 0)],
            13: [(190, "R", 1), (400, "L", 1)],
            14: [(150, "R", 1), (300, "L", 1)],
            15: [(60, "R", 0), (150, "R", 1)],
            16: [(180, "L", 1)],
            17: [(120, "R", 1), (160, "L", 1), (360, "R", 1)],
            18: [(120, "R", 1), (80, "L", 0), (350, "L", 1)],
        }
        wid = 501
        k = 0
        self.addr_objects = []
        for street in sorted(plan):
            for d, side, is_bld in plan[street]:
                num = house_number(d, side)
                tags = self.addr_tags(street, num)
                if street == 8 and side == "R":
                    off = 30.0
                else:
                    off = 18.0
                if is_bld:
                    corners = self.axes[street].rect(d, side, off, 14, 12)
                    tags = {"building": HOUSE_KINDS[k % len(HOUSE_KINDS)], **tags}
                    self.building(wid, corners, tags)
                    cx = sum(p[0] for p in corners) / 4
                    cy = sum(p[1] for p in corners) / 4
                    self.placed.append({"type": "way", "id": wid, "xy": (cx, cy), "corners": corners})
                    self.addr_objects.append(("way", wid))
                    wid += 1
                else:
                    xy = self.axes[street].offset_point(d, side, off)
                    nid = self.osm.node("addr", round(xy[0], 2), round(xy[1], 2), tags)
                    self.placed.append({"type": "node", "id": nid, "xy": xy})
                    self.addr_objects.append(("node", nid))
                k += 1
        # special house numbers
        self.special = {}

        def add_node(key, street, d, side, number, off=18.0):
            xy = self.axes[street].offset_point(d, side, off)
            nid = self.osm.node("addr", round(xy[0], 2), round(xy[1], 2), self.addr_tags(street, number))
            self.placed.append({"type": "node", "id": nid, "xy": xy})
            self.addr_objects.append(("node", nid))
            self.special[key] = ("node", nid)

        def add_bld(key, wid_, street, d, side, number, w=14, dp=12, off=18.0, kind="yes"):
            corners = self.axes[street].rect(d, side, off, w, dp)
            self.building(wid_, corners, {"building": kind, **self.addr_tags(street, number)})
            cx = sum(p[0] for p in corners) / 4
            cy = sum(p[1] for p in corners) / 4
            self.placed.append({"type": "way", "id": wid_, "xy": (cx, cy), "corners": corners})
            self.addr_objects.append(("way", wid_))
            self.special[key] = ("way", wid_)

        add_node("grimaldi_12a", 1, 132, "R", "12a")
        add_bld("eglise_10_14", 591, 2, 120, "R", "10-14", w=36, dp=14, off=19, kind="apartments")
        add_bld("quai_7bis", 592, 3, 85, "L", "7bis", kind="house")
        # addr:place instead of addr:street, in the hamlet across the lake
        corners = rect_xy(-215, -912, -195, -898)
        ids = [self.osm.node("bld", x, y) for x, y in corners]
        self.osm.way(593, self.closed(ids), {"building": "farm", "addr:housenumber": "3",
                                              "addr:place": "Les Granges", "addr:postcode": "1898",
                                              "addr:city": "Les Granges"})
        self.buildings.append((593, corners))
        self.placed.append({"type": "way", "id": 593, "xy": (-205, -905), "corners": corners})
        self.addr_objects.append(("way", 593))
        self.special["granges_3"] = ("way", 593)
        # an addr:interpolation way in the hamlet: numbered nodes 5 and 11, odd, so 7 and 9 are
        # interpolated along it (the way itself is no landmark)
        ends = []
        for number, xy in (("5", (-300, -960)), ("11", (-230, -985))):
            nid = self.osm.node("addr", xy[0], xy[1], {"addr:housenumber": number, "addr:place": "Les Granges",
                                                      "addr:postcode": "1898"})
            self.placed.append({"type": "node", "id": nid, "xy": xy})
            self.addr_objects.append(("node", nid))
            ends.append(nid)
        self.osm.way(595, ends, {"addr:interpolation": "odd"})
        self.special["granges_interpolation"] = ("way", 595)
        # find the plain "12"s
        for t, oid in self.addr_objects:
            tags = self.osm.nodes[oid]["tags"] if t == "node" else self.osm.ways[oid]["tags"]
            if tags.get("addr:housenumber") == "12":
                key = {"Rue Grimaldi": "grimaldi_12", "Hauptstraße": "haupt_12",
                       "Avenue de la Gare": "gare_12"}.get(tags["addr:street"])
                if tags["addr:street"] == "Rue du Moulin":
                    key = "moulin_w_12" if self.osm.nodes[self.osm.ways[oid]["nodes"][0]]["x"] < 0 \
                        else "moulin_e_12"
                if key:
                    self.special[key] = (t, oid)
        # Avenue de la Gare 12 sits east of the tram line
        add_bld("gare_12", 594, 8, 120, "R", "12", off=30, kind="apartments")

    def build_places_and_transit(self):
        o = self.osm
        pt = lambda xy, tags: o.node("pt", xy[0], xy[1], tags)
        self.place = {}
        self.place["town"] = pt((5, 95), {"place": "town", "name": "Rivebelle", "population": "12345",
                                          "name:de": "Rivebell", "name:it": "Rivabella",
                                          "name:ru": "Ривбель"})
        self.place["les_pres"] = pt((-780, 120), {"place": "suburb", "name": "Les Prés",
                                                  "population": "2100"})
        self.place["oberdorf"] = pt((780, 120), {"place": "suburb", "name": "Oberdorf",
                                                 "name:fr": "Le Haut-Village", "population": "1850"})
        self.place["vieille_ville"] = pt((-250, -20), {"place": "neighbourhood", "name": "Vieille Ville",
                                                       "name:de": "Altstadt"})
        self.place["granges"] = pt((-250, -930), {"place": "hamlet", "name": "Les Granges",
                                                  "population": "85"})
        self.place["pierres"] = pt((-820, 520), {"place": "locality", "name": "Les Pierres Plates"})
        self.places = list(self.place.values())
        # transit
        self.stop = {}
        bus = {"highway": "bus_stop", "public_transport": "platform", "bus": "yes"}
        self.stop["bus_gare"] = pt((-14, 585), {**bus, "name": "Rivebelle, Gare", "shelter": "yes"})
        self.stop["bus_hdv"] = pt(self.axes[2].offset_point(125, "L", 12),
                                  {**bus, "name": "Rivebelle, Hôtel de Ville", "ref": "A"})
        self.stop["bus_hopital"] = pt(self.axes[5].offset_point(160, "L", 12),
                                      {**bus, "name": "Rivebelle, Hôpital"})
        self.stop["bus_quai"] = pt(self.axes[3].offset_point(350, "R", 12),
                                   {**bus, "name": "Rivebelle, Quai Saint-Jean"})
        self.stop["bus_oberdorf"] = pt(self.axes[6].offset_point(540, "L", 12),
                                       {**bus, "name": "Oberdorf, Post"})
        self.stop["bus_ref_only"] = pt(self.axes[13].offset_point(400, "R", 12), {**bus, "ref": "AL1"})
        self.stop["station"] = pt((0, 650), {"railway": "station", "public_transport": "station",
                                             "train": "yes", "name": "Gare de Rivebelle",
                                             "alt_name": "Rivebelle Gare", "name:de": "Bahnhof Rivebelle",
                                             "uic_ref": "8599999"})
        self.stop["tram"] = pt((12, 175), {"railway": "tram_stop", "public_transport": "stop_position",
                                           "tram": "yes", "name": "Place du Marché"})
        self.stop["gondola_bottom"] = pt((-600, 720), {"aerialway": "station",
                                                       "name": "Rivebelle – Télécabine"})
        self.stop["gondola_top"] = pt((-930, 890), {"aerialway": "station", "name": "Mont-Rivel",
                                                    "ele": "1480"})
        self.stop["ferry_n"] = self.key["F"]
        self.stop["ferry_s"] = self.key["Fs"]
        for k in ("bus_gare", "bus_hdv", "bus_hopital", "bus_quai", "bus_oberdorf", "bus_ref_only"):
            n = o.nodes[self.stop[k]]
            self.placed.append({"type": "node", "id": self.stop[k], "xy": (n["x"], n["y"])})

    def build_areas_and_misc(self):
        o = self.osm
        g = lambda pts: [o.node("geo", x, y) for x, y in pts]
        # park (leisure=park way), parking, playground node is a POI-like node without a name
        park = g([(145, 130), (250, 125), (355, 130), (355, 330), (250, 335), (145, 330)])
        o.way(771, self.closed(park), {"leisure": "park", "name": "Parc des Cèdres",
                                       "name:de": "Zedernpark"})
        self.park_poly = [(145, 130), (250, 125), (355, 130), (355, 330), (250, 335), (145, 330)]
        parking = g(rect_xy(-540, -60, -460, -20))
        o.way(772, self.closed(parking), {"amenity": "parking", "parking": "surface", "access": "customers"})
        # lake: natural=water multipolygon, outer ring in two ways, one inner island
        north = []
        for i in range(19):
            x = -900 + 100 * i
            north.append((x, round(-456 + 6 * math.sin(x / 130.0), 2)))
        # the stream's mouth is a shared node of the shore at x = 250
        north.insert(12, (250, round(-456 + 6 * math.sin(250 / 130.0), 2)))
        north = sorted(set(north))
        south = [(930, -600), (900, -740), (720, -830), (450, -845), (150, -848), (-150, -846),
                 (-450, -843), (-720, -830), (-900, -740), (-930, -600)]
        north_ids = g(north)
        south_ids = g(south)
        self.shore_mouth = north_ids[north.index((250, round(-456 + 6 * math.sin(250 / 130.0), 2)))]
        o.way(711, north_ids, {})
        o.way(712, [north_ids[-1]] + south_ids + [north_ids[0]], {})
        island = g([(420 + 40 * math.cos(math.radians(a)), -740 + 28 * math.sin(math.radians(a)))
                    for a in range(0, 360, 40)])
        o.way(713, self.closed(island), {})
        o.rel(902, [("way", 711, "outer"), ("way", 712, "outer"), ("way", 713, "inner")],
              {"type": "multipolygon", "natural": "water", "water": "lake", "name": "Lac de Rivebelle",
               "name:de": "Rivebeller See", "ele": "372"})
        self.lake_poly = north + south
        # stream under the bridge
        stream = g([(265, -250), (262, -320), (255, -370), (252, -392), (249, -420)])
        o.way(751, stream + [self.shore_mouth], {"waterway": "stream", "name": "La Baye"})
        # school: multipolygon with a courtyard
        outer = g(rect_xy(-355, 380, -255, 450))
        inner = g(rect_xy(-325, 400, -285, 430))
        o.way(721, self.closed(outer), {})
        o.way(722, self.closed(inner), {})
        sch = {"type": "multipolygon", "amenity": "school", "building": "school",
               "name": "Collège de Rivebelle", "isced:level": "2",
               **self.addr_tags(9, house_number(315, "R"))}
        o.rel(903, [("way", 721, "outer"), ("way", 722, "inner")], sch)
        self.placed.append({"type": "relation", "id": 903, "xy": (-305, 415),
                            "corners": rect_xy(-355, 380, -255, 450)})
        self.buildings.append((721, rect_xy(-355, 380, -255, 450)))
        # administrative boundary, three ways
        sw, nw, ne, se = (-920, -620), (-920, 780), (920, 780), (920, -620)
        b_sw, b_nw, b_ne, b_se = g([sw, nw, ne, se])
        mid_w = g([(-920, 80)])
        mid_n = g([(0, 780)])
        mid_s = g([(0, -620)])
        o.way(701, [b_sw] + mid_w + [b_nw], {})
        o.way(702, [b_nw] + mid_n + [b_ne, b_se], {})
        o.way(703, [b_se] + mid_s + [b_sw], {})
        o.rel(901, [("way", 701, "outer"), ("way", 702, "outer"), ("way", 703, "outer"),
                    ("node", self.place["town"], "admin_centre")],
              {"type": "boundary", "boundary": "administrative", "admin_level": "8",
               "name": "Rivebelle", "name:de": "Rivebell"})
        # the place hierarchy: Les Prés, the west half of the town, as an admin_level 10
        # boundary sharing the town's west edge; the canton around everything as one closed way
        o.way(704, [b_nw] + mid_n, {"boundary": "administrative", "admin_level": "10"})
        o.way(705, mid_n + mid_s, {"boundary": "administrative", "admin_level": "10"})
        o.way(706, mid_s + [b_sw], {"boundary": "administrative", "admin_level": "10"})
        o.rel(905, [("way", 701, "outer"), ("way", 704, "outer"), ("way", 705, "outer"), ("way", 706, "outer")],
              {"type": "boundary", "boundary": "administrative", "admin_level": "10", "name": "Les Prés"})
        canton = g([(-1300, -1300), (-1300, 1300), (1300, 1300), (1300, -1300)])
        o.way(707, canton + [canton[0]], {"boundary": "administrative", "admin_level": "4",
                                          "name": "Canton du Lac", "ISO3166-2": "XX-LAC"})
        # railway with the station on the track, level crossing shared with Route du Col
        west = g([(-950, 650), (-650, 650), (-325, 650)])
        o.way(731, west + [self.stop["station"]], {"railway": "rail", "usage": "main",
                                                  "electrified": "contact_line", "gauge": "1435"})
        east = g([(200, 650)])
        east2 = g([(650, 650), (950, 650)])
        o.way(732, [self.stop["station"]] + east + [self.key["lc"]] + east2,
              {"railway": "rail", "usage": "main", "electrified": "contact_line", "gauge": "1435"})
        # tram line beside Avenue de la Gare, crossing Rue du Collège at a shared node
        t0 = g([(12, 150)])
        t1 = g([(12, 590)])
        o.way(741, t0 + [self.stop["tram"], self.key["tramx"]] + t1, {"railway": "tram"})
        # gondola
        o.way(761, [self.stop["gondola_bottom"], self.stop["gondola_top"]],
              {"aerialway": "gondola", "name": "Télécabine du Mont-Rivel"})
        # an untagged way belonging to nothing
        o.way(799, g([(-800, -300), (-760, -290), (-740, -260)]), {})
        # a bus route relation (must not produce a landmark of its own)
        o.rel(904, [("node", self.stop["bus_hopital"], "platform"), ("way", 151, ""), ("way", 152, ""),
                    ("way", 202, ""), ("way", 252, ""), ("way", 182, ""), ("way", 183, ""),
                    ("node", self.stop["bus_gare"], "platform")],
              {"type": "route", "route": "bus", "ref": "1", "name": "Bus 1: Hôpital → Gare",
               "network": "TPR", "public_transport:version": "2"})


# --------------------------------------------------------------------------
# Checks on the town
# --------------------------------------------------------------------------

def check_town(town: Town) -> None:
    o = town.osm
    hw_segs = []       # (a_xy, b_xy, wid, a_id, b_id)
    for wid, w in o.ways.items():
        t = w["tags"]
        if "highway" in t or "railway" in t or t.get("route") == "ferry":
            ns = w["nodes"]
            for a, b in zip(ns, ns[1:]):
                hw_segs.append((o.xy(a), o.xy(b), wid, a, b))
        if w["nodes"][0] == w["nodes"][-1]:
            assert len(w["nodes"]) >= 4
    # no two nodes at the same rounded position
    seen = {}
    for nid, n in o.nodes.items():
        k = (n["lat"], n["lon"])
        assert k not in seen, f"nodes {seen[k]} and {nid} coincide"
        seen[k] = nid
    # roads, railways and the ferry cross only at shared nodes (bridges excepted)
    for i in range(len(hw_segs)):
        a, b, wa, a1, b1 = hw_segs[i]
        for j in range(i + 1, len(hw_segs)):
            c, d, wb, c1, d1 = hw_segs[j]
            if wa == wb or {a1, b1} & {c1, d1}:
                continue
            assert not segments_intersect(a, b, c, d), f"ways {wa} and {wb} cross without a node"
    # the stream only crosses the bridge
    sw = o.way_xy(751)
    for a, b, wid, *_ in hw_segs:
        for p, q in zip(sw, sw[1:]):
            if segments_intersect(a, b, p, q):
                assert o.ways[wid]["tags"].get("bridge") == "yes", f"stream crosses way {wid}"
    roads = [(a, b) for a, b, wid, *_ in hw_segs if "highway" in o.ways[wid]["tags"]
             or "railway" in o.ways[wid]["tags"]]
    # placed objects keep off the roads and each other
    for obj in town.placed:
        p = obj["xy"]
        dmin = min(point_seg_dist(p, a, b) for a, b in roads)
        assert dmin >= 8.0, f"{obj['type']} {obj['id']} is {dmin:.1f} m from a road"
        if "corners" in obj:
            cs = obj["corners"]
            for k in range(4):
                e1, e2 = cs[k], cs[(k + 1) % 4]
                for a, b in roads:
                    assert seg_seg_dist(e1, e2, a, b) >= 4.0, f"building {obj['id']} touches a road"
    for i, p1 in enumerate(town.placed):
        for p2 in town.placed[i + 1:]:
            dd = dist(p1["xy"], p2["xy"])
            assert dd >= 12.0, f"{p1['type']} {p1['id']} and {p2['type']} {p2['id']} only {dd:.1f} m apart"
    # no point object inside someone else's building, no building overlapping another
    for obj in town.placed:
        if obj["type"] != "node":
            continue
        for wid, cs in town.buildings:
            assert not point_in_polygon(obj["xy"], cs), f"node {obj['id']} inside building {wid}"
        assert not point_in_polygon(obj["xy"], town.park_poly) or obj["id"] == town.poi["playground"]
        assert not point_in_polygon(obj["xy"], town.lake_poly) or False
    bl = town.buildings
    for i in range(len(bl)):
        for j in range(i + 1, len(bl)):
            ca, cb = bl[i][1], bl[j][1]
            assert not any(point_in_polygon(p, cb) for p in ca) and \
                not any(point_in_polygon(p, ca) for p in cb), f"buildings {bl[i][0]} {bl[j][0]} overlap"
        assert not any(point_in_polygon(p, town.park_poly) for p in bl[i][1]), f"building {bl[i][0]} in park"


# --------------------------------------------------------------------------
# Landmark expectations
# --------------------------------------------------------------------------

def street_clusters(osm: Osm):
    """Union named highway ways with the same name that touch or come within 50 m."""
    by_name: dict[str, list[int]] = {}
    for wid in sorted(osm.ways):
        t = osm.ways[wid]["tags"]
        if "highway" in t and t.get("name", "").strip():
            by_name.setdefault(t["name"].strip(), []).append(wid)
    clusters = []
    for name, wids in sorted(by_name.items()):
        parent = {w: w for w in wids}

        def find(w):
            while parent[w] != w:
                parent[w] = parent[parent[w]]
                w = parent[w]
            return w

        for i, a in enumerate(wids):
            for b in wids[i + 1:]:
                na, nb = osm.ways[a]["nodes"], osm.ways[b]["nodes"]
                touch = bool(set(na) & set(nb))
                if not touch:
                    pa, pb = osm.way_xy(a), osm.way_xy(b)
                    gap = min(seg_seg_dist(pa[i], pa[i + 1], pb[j], pb[j + 1])
                              for i in range(len(pa) - 1) for j in range(len(pb) - 1))
                    touch = gap <= 50.0
                if touch:
                    parent[find(a)] = find(b)
        groups: dict[int, list[int]] = {}
        for w in wids:
            groups.setdefault(find(w), []).append(w)
        for ws in sorted(groups.values()):
            clusters.append((name, sorted(ws)))
    return clusters


def min_gap(osm: Osm, wa: list[int], wb: list[int]) -> float:
    best = math.inf
    for a in wa:
        for b in wb:
            pa, pb = osm.way_xy(a), osm.way_xy(b)
            for i in range(len(pa) - 1):
                for j in range(len(pb) - 1):
                    best = min(best, seg_seg_dist(pa[i], pa[i + 1], pb[j], pb[j + 1]))
    return best


def landmark_table(osm: Osm):
    rows = []
    for nid in sorted(osm.nodes):
        k = classify("node", osm.nodes[nid])
        if k:
            rows.append(("node", nid, k))
    for wid in sorted(osm.ways):
        w = osm.ways[wid]
        k = classify("way", w, closed=w["nodes"][0] == w["nodes"][-1])
        if k:
            rows.append(("way", wid, k))
    for rid in sorted(osm.rels):
        k = classify("relation", osm.rels[rid])
        if k:
            rows.append(("relation", rid, k))
    return rows


def tags_of(osm: Osm, t: str, oid: int) -> dict:
    return {"node": osm.nodes, "way": osm.ways, "relation": osm.rels}[t][oid]["tags"]


# --------------------------------------------------------------------------
# Tracks
# --------------------------------------------------------------------------

def route_nodes(osm: Osm, key: dict[str, int], keys: list[str]) -> tuple[list[int], list[int]]:
    nodes = [key[keys[0]]]
    ways = []
    for a, b in zip(keys, keys[1:]):
        na, nb = key[a], key[b]
        best = None
        for wid in sorted(osm.ways):
            t = osm.ways[wid]["tags"]
            if "highway" not in t:
                continue
            ns = osm.ways[wid]["nodes"]
            for i, x in enumerate(ns):
                if x != na:
                    continue
                for j, y in enumerate(ns):
                    if y == nb and (best is None or abs(i - j) < best[0]):
                        best = (abs(i - j), wid, i, j)
        assert best is not None, f"no way from {a} to {b}"
        _, wid, i, j = best
        ns = osm.ways[wid]["nodes"]
        seg = ns[i:j + 1] if i < j else list(reversed(ns[j:i + 1]))
        nodes.extend(seg[1:])
        if not ways or ways[-1] != wid:
            ways.append(wid)
    return nodes, ways


def resample(pts, step_fn):
    cum = [0.0]
    for a, b in zip(pts, pts[1:]):
        cum.append(cum[-1] + dist(a, b))
    total = cum[-1]
    out, s, i = [], 0.0, 0
    while s < total:
        while cum[i + 1] < s:
            i += 1
        a, b = pts[i], pts[i + 1]
        t = (s - cum[i]) / (cum[i + 1] - cum[i])
        out.append((a[0] + t * (b[0] - a[0]), a[1] + t * (b[1] - a[1]), s))
        s += step_fn()
    if total - out[-1][2] < 8.0:
        out.pop()
    out.append((pts[-1][0], pts[-1][1], total))
    return out


def dist_to_polyline(p, pts) -> float:
    return min(point_seg_dist(p, a, b) for a, b in zip(pts, pts[1:]))


def gpx_doc(name: str, desc: str, points: list[dict], kind: str) -> str:
    lines = ['<?xml version="1.0" encoding="UTF-8"?>',
             f'<gpx version="1.1" creator="{GENERATOR}" xmlns="http://www.topografix.com/GPX/1/1" '
             'xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" '
             'xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">',
             "  <metadata>",
             f"    <name>{xml_escape(name)}</name>",
             f"    <desc>{xml_escape(desc)}</desc>"]
    if points and "time" in points[0]:
        lines.append(f"    <time>{points[0]['time']}</time>")
    lines += ["  </metadata>", "  <trk>", f"    <name>{xml_escape(name)}</name>",
              f"    <type>{kind}</type>", "    <trkseg>"]
    for p in points:
        head = f'      <trkpt lat="{p["lat"]:.7f}" lon="{p["lon"]:.7f}"'
        inner = []
        if "ele" in p:
            inner.append(f"<ele>{p['ele']:.1f}</ele>")
        if "time" in p:
            inner.append(f"<time>{p['time']}</time>")
        lines.append(head + (">" + "".join(inner) + "</trkpt>" if inner else "/>"))
    lines += ["    </trkseg>", "  </trk>", "</gpx>"]
    return "\n".join(lines) + "\n"


RIDE_KEYS = ["c0r3", "c0r2", "c0r1", "S", "c1r1", "c2r1", "c3r1", "c3r0", "B1", "B2", "c4r0",
             "c4r1", "rbS", "rbSE", "rbE", "c5r2", "c5r3"]
RIDE_STEPS = [
    ("Rue du Moulin (Les Prés, west)", "south", "c0r3", "c0r1"),
    ("Rue Grimaldi", "left, east", "c0r1", "c2r1"),
    ("Rue de l'Église", "straight on, east", "c2r1", "c3r1"),
    ("Rue du Théâtre", "right, south (with the oneway)", "c3r1", "c3r0"),
    ("Boulevard du Lac", "left, east, over the bridge", "c3r0", "c4r0"),
    ("Avenue des Alpes", "left, north", "c4r0", "rbS"),
    ("roundabout", "first exit (quarter turn, counter-clockwise)", "rbS", "rbE"),
    ("Hauptstraße", "east", "rbE", "c5r2"),
    ("Rue du Moulin (Oberdorf, east)", "left, north", "c5r2", "c5r3"),
]
GPS_KEYS = ["c1r4", "c1a", "c1r3", "c2r3", "c2r2", "c2r1", "c3r1", "c4r1", "rbS", "rbSE", "rbE",
            "rbNE", "rbN", "c4r3", "c3r3", "c3r2"]
GPS_STEPS = [
    ("Chemin des Écoliers", "south", "c1r4", "c1r3"),
    ("Rue du Collège", "left, east", "c1r3", "c2r3"),
    ("Rue de la Poste", "right, south: AGAINST the oneway (oneway:bicycle=no)", "c2r3", "c2r1"),
    ("Rue de l'Église", "left, east", "c2r1", "c4r1"),
    ("Avenue des Alpes", "left, north", "c4r1", "rbS"),
    ("roundabout", "second exit (half turn, counter-clockwise)", "rbS", "rbN"),
    ("Route du Col", "north", "rbN", "c4r3"),
    ("Chemin du Parc", "left, west (motor_vehicle=no)", "c4r3", "c3r3"),
    ("cycleway (unnamed)", "left, south", "c3r3", "c3r2"),
]


def make_tracks(town: Town):
    o = town.osm
    res = {}
    # ---- finger-drawn ride
    nodes, ways = route_nodes(o, town.key, RIDE_KEYS)
    true_xy = [o.xy(n) for n in nodes]
    length = polyline_length_m([o.ll(n) for n in nodes])
    rng = random.Random(1507)
    raw = resample(true_xy, lambda: rng.uniform(15.0, 40.0))
    # a finger rounds corners: moving average over +-2 samples
    sm = []
    for i in range(len(raw)):
        lo, hi = max(0, i - 2), min(len(raw), i + 3)
        sm.append((sum(p[0] for p in raw[lo:hi]) / (hi - lo), sum(p[1] for p in raw[lo:hi]) / (hi - lo),
                   raw[i][2]))
    ph1, ph2 = rng.uniform(0, 2 * math.pi), rng.uniform(0, 2 * math.pi)
    drawn = []
    for i, (x, y, s) in enumerate(sm):
        a = sm[max(0, i - 1)]
        b = sm[min(len(sm) - 1, i + 1)]
        L = dist(a, b) or 1.0
        nx, ny = -(b[1] - a[1]) / L, (b[0] - a[0]) / L
        off = 11.0 * math.sin(2 * math.pi * s / 260.0 + ph1) + 6.0 * math.sin(2 * math.pi * s / 90.0 + ph2) \
            + rng.uniform(-3.0, 3.0)
        if i == 0 or i == len(sm) - 1:
            off *= 0.3
        drawn.append((x + nx * off, y + ny * off))
    devs = [dist_to_polyline(p, true_xy) for p in drawn]
    assert max(devs) <= 35.0, max(devs)
    within = sum(1 for d in devs if 10.0 <= d <= 30.0)
    assert within >= len(devs) // 5
    spacing = [dist(drawn[i], drawn[i + 1]) for i in range(len(drawn) - 1)]
    pts = []
    for x, y in drawn:
        lat, lon = town.proj.latlon(x, y)
        pts.append({"lat": lat, "lon": lon})
    res["ride"] = {"nodes": nodes, "ways": ways, "length": length, "points": pts, "devs": devs,
                   "spacing": spacing, "within": within}
    # ---- GPS track
    nodes, ways = route_nodes(o, town.key, GPS_KEYS)
    true_xy = [o.xy(n) for n in nodes]
    length = polyline_length_m([o.ll(n) for n in nodes])
    rng = random.Random(2024_05_18)
    raw = resample(true_xy, lambda: rng.uniform(18.0, 22.0))
    t0 = datetime(2024, 5, 18, 8, 30, 0, tzinfo=timezone.utc)
    pts, devs = [], []
    for i, (x, y, s) in enumerate(raw):
        nx_, ny_ = x + rng.gauss(0.0, 5.0), y + rng.gauss(0.0, 5.0)
        devs.append(dist_to_polyline((nx_, ny_), true_xy))
        lat, lon = town.proj.latlon(nx_, ny_)
        ele = 375.0 + 0.04 * (y + 400) + rng.gauss(0.0, 1.5)
        pts.append({"lat": lat, "lon": lon, "ele": ele,
                    "time": (t0 + timedelta(seconds=4 * i)).strftime("%Y-%m-%dT%H:%M:%SZ")})
    res["gps"] = {"nodes": nodes, "ways": ways, "length": length, "points": pts, "devs": devs}
    return res


# --------------------------------------------------------------------------
# Rule files
# --------------------------------------------------------------------------

class RuleFile:
    def __init__(self, index, fname, title, rule, lon0):
        self.fname, self.title, self.rule = fname, title, rule
        self.osm = Osm(Projection(46.15, lon0), {"n": 1})
        self.queries = []     # (from, to, {mode: expected description})

    def nodes(self, pts: dict[int, tuple[float, float]], tags: dict[int, dict] | None = None):
        tags = tags or {}
        for nid in sorted(pts):
            lat, lon = self.osm.proj.latlon(*pts[nid])
            self.osm.nodes[nid] = {"x": pts[nid][0], "y": pts[nid][1], "lat": lat, "lon": lon,
                                   "tags": dict(tags.get(nid, {}))}


def make_rule_files():
    files = []
    res = {"highway": "residential"}

    f = RuleFile(1, "oneway.osm", "One oneway side of a square", "oneway=yes", 6.70)
    f.nodes({1: (0, 0), 2: (100, 0), 3: (100, 100), 4: (0, 100)})
    f.osm.way(10, [1, 2], {**res, "oneway": "yes", "name": "Oneway Side"})
    f.osm.way(11, [2, 3], res)
    f.osm.way(12, [3, 4], res)
    f.osm.way(13, [4, 1], res)
    f.queries = [(1, 2), (2, 1)]
    f.note = ("Way 10 runs from node 1 to node 2 and is oneway=yes. Cars may use it only from 1 to 2; "
              "from 2 to 1 they go round the other three sides. Bicycles ride it from 1 to 2 and may push "
              "back along it at walking pace (4 km/h), slower than riding round: by time they go round, by "
              "pure distance they would push. Pedestrians ignore the oneway.")
    files.append(f)

    f = RuleFile(2, "oneway_bicycle_no.osm", "Contraflow cycling on a oneway street",
                 "oneway=yes with oneway:bicycle=no (and cycleway=opposite)", 6.71)
    f.nodes({1: (0, 0), 2: (100, 0), 3: (100, 100), 4: (0, 100),
             5: (300, 0), 6: (400, 0), 7: (400, 100), 8: (300, 100)})
    f.osm.way(10, [1, 2], {**res, "oneway": "yes", "oneway:bicycle": "no", "name": "Contraflow A"})
    f.osm.way(11, [2, 3], res)
    f.osm.way(12, [3, 4], res)
    f.osm.way(13, [4, 1], res)
    f.osm.way(20, [5, 6], {**res, "oneway": "yes", "cycleway": "opposite", "name": "Contraflow B"})
    f.osm.way(21, [6, 7], res)
    f.osm.way(22, [7, 8], res)
    f.osm.way(23, [8, 5], res)
    f.queries = [(2, 1), (6, 5)]
    f.note = ("Two separate squares. Way 10 (1→2) is oneway=yes + oneway:bicycle=no; way 20 (5→6) is "
              "oneway=yes + cycleway=opposite. Against the oneway, cars go round the square, "
              "bicycles and pedestrians take the oneway side directly.")
    files.append(f)

    f = RuleFile(3, "roundabout.osm", "Roundabout implies oneway", "junction=roundabout", 6.72)
    ring = {}
    for i in range(8):
        a = math.radians(45 * i)
        ring[i + 1] = (round(30 * math.cos(a), 3), round(30 * math.sin(a), 3))
    f.nodes({**ring, 9: (150, 0), 10: (0, -150)})
    f.osm.way(10, [1, 2, 3, 4, 5, 6, 7, 8, 1], {"highway": "tertiary", "junction": "roundabout"})
    f.osm.way(11, [9, 1], {"highway": "tertiary", "name": "East Arm"})
    f.osm.way(12, [7, 10], {"highway": "tertiary", "name": "South Arm"})
    f.queries = [(9, 10), (10, 9)]
    f.note = ("Ring way 10 (no oneway tag) is drawn counter-clockwise: 1 east, 3 north, 5 west, 7 south. "
              "From the east arm (9) to the south arm (10) cars and bicycles must go three quarters round "
              "(1→2→…→7); pedestrians take the short quarter 1→8→7. From south to east every mode goes 7→8→1.")
    files.append(f)

    f = RuleFile(4, "footway_shortcut.osm", "Footway shortcut", "highway=footway", 6.73)
    f.nodes({1: (0, 0), 2: (200, 0), 3: (200, 200), 4: (100, 100)})
    f.osm.way(10, [1, 2], {**res, "name": "Long Road"})
    f.osm.way(11, [2, 3], {**res, "name": "Long Road"})
    f.osm.way(12, [1, 4, 3], {"highway": "footway"})
    f.queries = [(1, 3)]
    f.note = ("Footway 12 is the diagonal 1→4→3 (≈283 m); the road 1→2→3 is 400 m. Cars may not use "
              "the footway; pedestrians take it. Bicycles may only push along it (4 km/h): by time they "
              "ride the road (≈96 s against ≈255 s pushing); by pure distance they would push along the "
              "footway. A router that forbids bicycles on footways outright also takes the road.")
    files.append(f)

    f = RuleFile(5, "bollard.osm", "Bollard on a road", "barrier=bollard", 6.74)
    f.nodes({1: (0, 0), 2: (100, 0), 3: (200, 0), 4: (0, 80), 5: (200, 80)}, {2: {"barrier": "bollard"}})
    f.osm.way(10, [1, 2, 3], {**res, "name": "Bollard Street"})
    f.osm.way(11, [1, 4, 5, 3], {**res, "name": "Detour"})
    f.queries = [(1, 3)]
    f.note = ("Node 2 (barrier=bollard) sits in the middle of way 10. Cars cannot pass it and take way 11 "
              "(360 m); bicycles and pedestrians go straight through (200 m).")
    files.append(f)

    f = RuleFile(6, "access_private.osm", "Private road", "access=private", 6.75)
    f.nodes({1: (0, 0), 2: (100, 0), 3: (200, 0), 4: (0, 80), 5: (200, 80), 6: (-100, 0), 7: (300, 0)})
    f.osm.way(10, [1, 2, 3], {**res, "access": "private", "name": "Private Lane"})
    f.osm.way(11, [1, 4, 5, 3], {**res, "name": "Public Detour"})
    f.osm.way(12, [6, 1], {**res, "name": "West Road"})
    f.osm.way(13, [3, 7], {**res, "name": "East Road"})
    f.queries = [(6, 7)]
    f.note = ("Way 10 is access=private (no mode-specific tag overrides it). Bicycles and pedestrians may "
              "not use it at all; for cars it is a road for local access only (OSRM's restricted_access_tag_list): "
              "entering it from an open road costs an hour, so it is driven only to reach a place on it. From "
              "West Road to East Road everybody takes way 11 (360 m instead of 200 m).")
    files.append(f)

    f = RuleFile(7, "motorway_motorroad.osm", "Motor-vehicle-only roads",
                 "highway=motorway and motorroad=yes", 6.76)
    f.nodes({1: (0, 0), 2: (1000, 0), 3: (500, 0), 4: (500, -40), 5: (200, -250), 6: (800, -250)})
    f.osm.way(10, [1, 3, 2], {"highway": "motorway", "oneway": "yes", "maxspeed": "120", "ref": "A 99"})
    f.osm.way(11, [1, 4, 2], {"highway": "trunk", "motorroad": "yes", "maxspeed": "80",
                              "name": "Route Express"})
    f.osm.way(12, [1, 5, 6, 2], {**res, "maxspeed": "50", "name": "Old Road"})
    f.queries = [(1, 2), (2, 1)]
    f.note = ("Three parallel links between 1 and 2: motorway 10 (oneway 1→2, 1000 m, shortest), "
              "trunk 11 with motorroad=yes (≈1003 m, two-way) and residential 12 (≈1240 m). Cars 1→2 take "
              "the motorway (shortest and fastest), 2→1 the motorroad. Bicycles and pedestrians may use "
              "neither and must take way 12 — a router that ignores motorroad=yes would send them over way 11.")
    files.append(f)

    f = RuleFile(8, "ferry.osm", "Passenger ferry", "route=ferry", 6.77)
    f.nodes({1: (0, 0), 2: (0, -50), 3: (0, -300), 4: (0, -550), 5: (0, -600), 6: (-600, 0),
             7: (-600, -600)},
            {2: {"amenity": "ferry_terminal", "name": "North Pier"},
             4: {"amenity": "ferry_terminal", "name": "South Pier"}})
    f.osm.way(10, [1, 2], {**res, "name": "North Road"})
    f.osm.way(11, [2, 3, 4], {"route": "ferry", "foot": "yes", "bicycle": "yes", "motor_vehicle": "no",
                              "duration": "00:02", "name": "Lake Ferry"})
    f.osm.way(12, [4, 5], {**res, "name": "South Road"})
    f.osm.way(13, [1, 6, 7, 5], {"highway": "unclassified", "name": "Lake Road"})
    f.queries = [(1, 5)]
    f.note = ("Ferry way 11 (route=ferry, motor_vehicle=no) crosses the lake between the two "
              "ferry_terminal nodes 2 and 4 (duration=00:02). Pedestrians and bicycles cross on it "
              "(600 m); cars must drive round the lake on way 13 (1800 m). The ferry wins for bicycles "
              "and pedestrians whether its time comes from `duration` or from OSRM's ferry speed "
              "(5 km/h, the one used: the rules do not know the way's length).")
    files.append(f)
    return files


# --------------------------------------------------------------------------
# README
# --------------------------------------------------------------------------

def fmt_m(v: float) -> str:
    return f"{v:.1f}"


def way_list(ws) -> str:
    return ", ".join(str(w) for w in ws)


def write_readme(town: Town, tracks, rule_files, rule_results, file_sizes) -> str:
    o = town.osm
    L = []
    A = L.append
    lat0, lon0 = o.ll(town.place["town"])
    lats = [n["lat"] for n in o.nodes.values()]
    lons = [n["lon"] for n in o.nodes.values()]
    ew = haversine((lat0, min(lons)), (lat0, max(lons)))
    ns = haversine((min(lats), lon0), (max(lats), lon0))
    A("# Sample data: the fictional town of Rivebelle")
    A("")
    A("Everything in this folder is generated by `python3 scripts/make_samples.py` (standard library,")
    A("fixed seeds, byte-identical on every run). Do not edit these files by hand: change the script")
    A("and regenerate. All facts below are printed by the same script from the data it wrote.")
    A("")
    A("Rivebelle is a small French/German-speaking town on the north shore of the (fictional)")
    A("Lac de Rivebelle, placed in the Alps around 46.20 N 6.80 E where no real extract overlaps.")
    A(f"The data covers about {ew / 1000:.1f} km × {ns / 1000:.1f} km; the street grid is rotated 7° from north.")
    A("")
    A("| file | bytes | content |")
    A("|---|---|---|")
    for name, size, what in file_sizes:
        A(f"| `{name}` | {size} | {what} |")
    A("")
    A(f"`town.osm`: {len(o.nodes)} nodes, {len(o.ways)} ways, {len(o.rels)} relations; nodes first, then ways,")
    A("then relations, ids ascending within each type, every element has `version`, `timestamp` and")
    A("`changeset`. Coordinates have 7 decimals. Apostrophes, quotes and ampersands in tag values are")
    A("written as `&apos;`, `&quot;` and `&amp;`.")
    A("")
    A("The counts the tests assert (elements, landmarks by kind, track points and true lengths) are")
    A("written beside the town to `facts.json` by the same script; the tests read them from there.")
    A("")
    A("Id ranges (useful to read the tables below): nodes 10001+ key road nodes (junctions, ends),")
    A("11001+ other road vertices, 20001+ POI nodes, 30001+ address nodes, 40001+ building corners,")
    A("50001+ places and transit nodes, 60001+ other geometry. Ways: 111–291 named streets")
    A("(way `100 + 10·street + i`), 301–320 unnamed roads, motorway and ferry, 401–407 named buildings,")
    A("501–594 address buildings, 595 an address interpolation way, 701–799 boundary, lake, school rings, railway, tram, stream, gondola,")
    A("park, parking, untagged way, suburb and canton boundaries. Relations: 901 boundary, 902 lake,")
    A("903 school, 904 bus route, 905 suburb boundary.")
    A("")

    # ---- extraction rules and counts
    rows = landmark_table(o)
    clusters = street_clusters(o)
    counts = {k: 0 for k in ("poi", "address", "street", "place", "transit", "area")}
    for _, _, ks in rows:
        for k in ks:
            if k != "street":
                counts[k] += 1
    counts["street"] = len(clusters)
    street_ways = sum(1 for _, _, ks in rows if "street" in ks)
    A("## Expected landmark counts")
    A("")
    A("Counted with these reference rules (the script's `classify`):")
    A("")
    A("* **name** = any non-blank value of `name`, `name:xx`, `alt_name`, `old_name`, `short_name`,")
    A("  `official_name`, `brand` (leading/trailing blanks trimmed); transit also accepts `ref`.")
    A("* **POI** = has one of amenity, shop, tourism, leisure, office, craft, healthcare, historic, sport,")
    A("  man_made, and a name. Unnamed amenities (a pharmacy, an ATM, a playground, the parking) are *not* POIs.")
    A("* **address** = `addr:housenumber` plus `addr:street` or `addr:place`, named or not (POIs with an")
    A("  address count here too).")
    A("* **street** = way with `highway=*` and a `name` (a `ref` alone, e.g. the motorway `A 19`, does not")
    A("  make a street); ways with the same name that share a node or come within 50 m are one landmark.")
    A("* **place** = place=town/village/suburb/neighbourhood/hamlet/locality with a name (population optional).")
    A("* **transit** = public_transport=*, highway=bus_stop, railway=station/halt/tram_stop,")
    A("  amenity=ferry_terminal or aerialway=station, named (ref allowed).")
    A("* **area** = closed way with `building=*` or `leisure=park` and a name; every boundary=administrative")
    A("  relation; every type=multipolygon relation.")
    A("")
    brief_one = one_per_object(o, current=False)
    cur_one = one_per_object(o, current=True)
    brief_one_counts = {k: len(v) for k, v in brief_one.items()}
    cur_counts = {k: len(v) for k, v in cur_one.items()}
    brief_one_counts["street"] = merged_street_count(o, brief_one["street"])
    cur_counts["street"] = merged_street_count(o, cur_one["street"])
    A("| kind | brief's rules, an object may count in several kinds | brief's rules, one kind per object | current GeoIndexKit classifier (one per object) |")
    A("|---|---|---|---|")
    for k in ("poi", "address", "street", "place", "transit", "area"):
        extra = f" (from {street_ways} named highway ways)" if k == "street" else ""
        A(f"| {k} | {counts[k]}{extra} | {brief_one_counts[k]} | {cur_counts[k]} |")
    A(f"| total landmarks | — | {sum(brief_one_counts.values())} | {sum(cur_counts.values())} |")
    A("")
    multi = [(t, i, ks) for t, i, ks in rows if len(ks) > 1]
    A(f"Column 1: {len(rows)} distinct OSM objects match at least one rule; {len(multi)} of them match more than one:")
    A("")
    combos: dict[str, list[str]] = {}
    for t, i, ks in multi:
        combos.setdefault(" + ".join(ks), []).append(f"{t} {i}")
    for c in sorted(combos):
        A(f"* {c}: {', '.join(combos[c])}")
    A("")
    A("Column 2 gives each object the first matching kind in the order transit > place > street >")
    A("named park (area) > POI > boundary or named natural=* (area) > named building (area) > address —")
    A("the order of `LandmarkClassifier.swift` when the samples were made. So the two ferry terminals")
    A("are transit, the park way 771 is an area, POIs drawn as buildings (401–406) and the school")
    A(f"relation 903 are POIs (their address is their display address), and only the {brief_one_counts['address']} objects without")
    A("any other role are address landmarks.")
    A("")
    keyset = lambda d: {(t, i) for k in d for t, i in d[k]}
    extra_cur = sorted(keyset(cur_one) - keyset(brief_one), key=lambda x: (x[0], x[1]))
    A("Column 3 differs from column 2 by the classifier's two extensions: categories flagged")
    A("`u` in `CategoryCatalog` are indexed without a name, and a major road with a `ref` but no name is")
    A(f"a street. Extra landmarks there: {', '.join(f'{t} {i}' for t, i in extra_cur)} — i.e. the unnamed pharmacy")
    A(f"{town.poi['pharmacy_unnamed']} (a POI instead of an address), the unnamed ATM {town.poi['atm']}, playground "
      f"{town.poi['playground']} and parking way 772, and the motorway `A 19` (ways 311, 312, 313 merge into one street).")
    A("")
    A("The index has four landmarks more than column 3, made rather than read: the postcodes 1898 and")
    A("1899 (areas at the centre of the addresses that carry them), and the addresses 7 and 9 Les Granges,")
    A("interpolated along the `addr:interpolation=odd` way 595 between its numbered nodes 5 and 11.")
    A("")
    A(f"Objects that must not produce any landmark under any of the three columns: node {town.created_by_node}")
    A("tagged only `created_by=JOSM`, the untagged way 799, the untagged ring ways 701–703, 711–713, 721–722,")
    A("the unnamed roads 301–309, the motorway links 314/315, the railway 731/732, tram 741, the named")
    A("stream 751 (`waterway=stream`, `name=La Baye`), the named ferry way 320 and gondola 761, the barrier")
    A("and level-crossing nodes, and the bus route relation 904 (`type=route`).")
    A("")

    # ---- POIs
    A("## POIs")
    A("")
    A("All objects matching the brief's POI rule (column 1). In the one-kind-per-object columns the two")
    A("ferry terminals count as transit and the park way 771 as an area.")
    A("")
    A("| object | name | category | display address |")
    A("|---|---|---|---|")
    for t, i, ks in rows:
        if "poi" not in ks:
            continue
        tg = tags_of(o, t, i)
        addr = ""
        if "addr:housenumber" in tg:
            addr = f"{tg['addr:housenumber']} {tg.get('addr:street', tg.get('addr:place', ''))}"
        A(f"| {t} {i} | {primary_name(tg)} | {category(tg)} | {addr} |")
    A("")
    A("Unnamed POI-like objects (not POIs under the rules above):")
    A("")
    for key in ("pharmacy_unnamed", "atm", "playground"):
        nid = town.poi[key]
        tg = o.nodes[nid]["tags"]
        addr = f", address {tg['addr:housenumber']} {tg['addr:street']}" if "addr:housenumber" in tg else ""
        A(f"* node {nid}: {category(tg)}{addr}" +
          (f", operator {tg['operator']}" if "operator" in tg else ""))
    A("")
    A("Name edge cases:")
    A("")
    pn = town.poi
    A(f"* node {pn['escale']} `name` is `Bar & Grill \"L'Escale\"` (written with `&amp;`, `&quot;`, `&apos;`).")
    A(f"* node {pn['bakery']} `name` is `\"  Boulangerie Favre \"` (two leading blanks, one trailing).")
    A(f"* node {pn['brasserie']} `name` is `Brasserie de l’Ours – Chez Lulu` (U+2019 apostrophe, U+2013 en dash).")
    A(f"* node {pn['museum']} Musée alpin de Rivebelle has `name:ru` Альпийский музей Ривбеля, `name:el`")
    A("  Αλπικό Μουσείο Ριβμπέλ, `name:de` Alpines Museum Rivebelle and `wikidata=Q4115189` (the Wikidata sandbox item).")
    A(f"* node {pn['spar']} is a shop with `brand=Spar` and no `name` (its name is the brand).")
    A(f"* node {pn['cafe_paris']} Café de Paris has `name:de=Café von Paris`; node {pn['cafe_muller']} is Café Müller.")
    A(f"* node {pn['bank']} Banque Cantonale de Rivebelle: `short_name=BCR`, `atm=yes`.")
    A(f"* way 402 Hôpital Saint-Roch: `alt_name=Spital Sankt Rochus`; way 405 Hôtel de Ville:")
    A("  `official_name=Hôtel de Ville de Rivebelle`, `name:de=Rathaus`; node "
      f"{pn['cinema']} Cinéma Rex: `old_name=Cinéma Palace`.")
    A(f"* the town node {town.place['town']} has `name:de=Rivebell`, `name:it=Rivabella`, `name:ru=Ривбель`.")
    A("")

    # ---- addresses
    A("## Addresses")
    A("")
    A("House numbers follow the position along the street's axis (odd on the left-hand side of the axis")
    A("direction, even on the right; roughly number × 10 m from the start). Postcode 1899, city Rivebelle.")
    A("")
    sp = town.special
    A("Special cases:")
    A("")
    labels = [("grimaldi_12", "12 Rue Grimaldi (building)"), ("grimaldi_12a", "12a Rue Grimaldi (node, next to 12)"),
              ("haupt_12", "12 Hauptstraße"), ("gare_12", "12 Avenue de la Gare"),
              ("moulin_w_12", "12 Rue du Moulin in Les Prés (west)"),
              ("moulin_e_12", "12 Rue du Moulin in Oberdorf (east)"),
              ("eglise_10_14", "10-14 Rue de l'Église (range; no separate 12 exists on that street)"),
              ("quai_7bis", "7bis Quai Saint-Jean (next to the hostel, which is number 7)"),
              ("granges_3", "3 Les Granges: `addr:place=Les Granges`, no addr:street (hamlet across the lake)")]
    for key, text in labels:
        t, i = sp[key]
        A(f"* {t} {i}: {text}")
    A("")
    addr_rows = [(t, i) for t, i, ks in rows if "address" in ks]
    A(f"All {len(addr_rows)} address objects (✱ = also a POI or named area):")
    A("")
    by_street: dict[str, list[str]] = {}
    for t, i in addr_rows:
        tg = tags_of(o, t, i)
        st = tg.get("addr:street") or f"(place) {tg.get('addr:place')}"
        if st == "Rue du Moulin":
            any_node = o.ways[i]["nodes"][0] if t == "way" else i
            st += " (west)" if o.nodes[any_node]["x"] < 0 else " (east)"
        star = "✱" if len(classify(t, {"tags": tg}, closed=True)) > 1 or (t == "relation") else ""
        by_street.setdefault(st, []).append(f"{tg['addr:housenumber']}{star} ({t[0]}{i})")
    for st in sorted(by_street):
        A(f"* {st}: " + ", ".join(sorted(by_street[st], key=lambda s: (int(re.match(r"\d+", s).group()), s))))
    A("")
    A("(n = node, w = way, r = relation)")
    A("")

    # ---- streets
    A("## Streets")
    A("")
    A(f"{len(clusters)} street landmarks from {street_ways} named highway ways. Within one landmark,")
    A("consecutive ways share their end node unless noted.")
    A("")
    A("| street | ways | length m | tags worth testing |")
    A("|---|---|---|---|")
    for idx, name, base, axis, ways in STREETS:
        wids = town.street_ways[idx]
        length = sum(o.way_length(w) for w in wids)
        label = STREET_LABEL.get(idx, name)
        notes = []
        for k in ("maxspeed", "oneway", "oneway:bicycle", "cycleway", "motor_vehicle", "area", "bicycle",
                  "old_name", "name:de", "name:fr"):
            vals = sorted({o.ways[w]["tags"].get(k) for w in wids} - {None})
            if vals:
                notes.append(f"{k}={'/'.join(vals)}")
        if o.ways[wids[0]]["nodes"][0] == o.ways[wids[0]]["nodes"][-1]:
            notes.append("closed way, length is the perimeter")
        for w in wids:
            if o.ways[w]["tags"].get("bridge") == "yes":
                notes.append(f"bridge on way {w}")
        A(f"| {label} | {way_list(wids)} | {length:.0f} | {'; '.join(notes)} |")
    A("")
    cl_names = [c for c in clusters if c[0] == "Rue du Moulin"]
    assert len(cl_names) == 2
    gap_moulin = min_gap(o, cl_names[0][1], cl_names[1][1])
    gap_haupt = min_gap(o, [161, 162], [163])
    A("Merging facts:")
    A("")
    A(f"* Each of the streets above is ONE landmark ({len(clusters)} in total).")
    A(f"* The two `Rue du Moulin` are two landmarks: ways {way_list(cl_names[0][1])} (Les Prés, west) and")
    A(f"  ways {way_list(cl_names[1][1])} (Oberdorf, east) are {gap_moulin:.0f} m apart.")
    A(f"* `Hauptstraße` is ONE landmark although it is interrupted by the unnamed roundabout 301: ways")
    A(f"  161+162 end at roundabout node {town.key['rbW']}, way 163 starts at node {town.key['rbE']}; the gap is")
    A(f"  {gap_haupt:.0f} m (< 50 m) and no node is shared.")
    A("* `Place du Marché` (way 171) is a closed `highway=pedestrian` + `area=yes` way; it is a street")
    A(f"  landmark and shares a name with the tram stop node {town.stop['tram']} (a transit landmark).")
    A("* `Promenade du Lac` (way 291) is a named footway — a street landmark no car may use.")
    A("* Different names that share nodes stay apart: Quai Saint-Jean and Boulevard du Lac meet at node")
    A(f"  {town.key['c2r0']}; Rue Grimaldi and Rue de l'Église at node {town.key['c2r1']}.")
    A("* Unnamed highway ways (not streets): 301 roundabout, 302 service, 303 path, 304 steps,")
    A("  305 cycleway, 306 footway, 307 private road, 308/309 road in Les Granges, 311–313 motorway A 19,")
    A("  314/315 motorway links.")
    A("")
    A("Search-oriented facts (derived from the data, not from any ranking):")
    A("")
    A("* `st jean`, `saint jean`, `quai st-jean` → Quai Saint-Jean (131–133); `st roch` → Rue Saint-Roch")
    A("  (151–153) and Hôpital Saint-Roch (way 402); `st martin` → Église Saint-Martin (way 403).")
    A("* `av de la gare` → Avenue de la Gare; `bd du lac` → Boulevard du Lac; `hauptstr`, `hauptstrasse` →")
    A("  Hauptstraße; `pl du marche`, `place du marche` → Place du Marché (street 171 and tram stop);")
    A("  `bahnhofstr` matches Avenue de la Gare through `name:de=Bahnhofstrasse`.")
    A(f"* `12 rue grimaldi` / `rue grimaldi 12` → {sp['grimaldi_12'][0]} {sp['grimaldi_12'][1]}; "
      f"`12a rue grimaldi` → node {sp['grimaldi_12a'][1]};")
    A(f"  `12 rue de l'eglise` → the 10-14 range, {sp['eglise_10_14'][0]} {sp['eglise_10_14'][1]}.")
    A(f"* `12 rue du moulin` near Les Prés ({', '.join(f'{v:.7f}' for v in o.ll(town.place['les_pres']))}) → "
      f"{sp['moulin_w_12'][0]} {sp['moulin_w_12'][1]};")
    A(f"  near Oberdorf ({', '.join(f'{v:.7f}' for v in o.ll(town.place['oberdorf']))}) → "
      f"{sp['moulin_e_12'][0]} {sp['moulin_e_12'][1]}.")
    A(f"* `muller`/`mueller` → Café Müller; `cafe von paris` → Café de Paris; `rivabella`, `ривбель` → town node {town.place['town']}.")
    A("* category words: `hotel` → Hôtel de la Gare, Hotel Bellevue, Hôtel du Lac (way 401), hostel;")
    A("  `pharmacy` → Pharmacie du Lac (+ the unnamed one if unnamed POIs are indexed); `atm` → the bank")
    A("  with `atm=yes` (+ the unnamed ATM); `bus stop` → the six bus_stop nodes; `cafe` → two cafés.")
    A("")

    # ---- places, transit, areas
    A("## Places")
    A("")
    A("| node | name | place | population |")
    A("|---|---|---|---|")
    for nid in town.places:
        tg = o.nodes[nid]["tags"]
        A(f"| {nid} | {tg['name']} | {tg['place']} | {tg.get('population', '—')} |")
    A("")
    A("Les Granges (hamlet) lies across the lake, outside the administrative boundary 901.")
    A("")
    A("## Transit")
    A("")
    A("| object | name (or ref) | tags |")
    A("|---|---|---|")
    for t, i, ks in rows:
        if "transit" not in ks:
            continue
        tg = tags_of(o, t, i)
        kind = ", ".join(f"{k}={tg[k]}" for k in ("highway", "railway", "public_transport", "amenity",
                                                   "aerialway") if k in tg)
        nm = tg.get("name", "").strip() or f"ref {tg.get('ref')}"
        if "ref" in tg and "name" in tg:
            nm += f" (ref {tg['ref']})"
        A(f"| {t} {i} | {nm} | {kind} |")
    A("")
    A(f"The station node {town.stop['station']} also has `alt_name=Rivebelle Gare` and `name:de=Bahnhof "
      "Rivebelle`; it lies on railway ways 731/732. The ferry terminals are road nodes of Quai Saint-Jean")
    A("and of the unnamed road in Les Granges, joined by ferry way 320.")
    A("")
    A("## Areas")
    A("")
    A("| object | name | what |")
    A("|---|---|---|")
    for t, i, ks in rows:
        if "area" not in ks:
            continue
        tg = tags_of(o, t, i)
        what = ", ".join(f"{k}={tg[k]}" for k in ("type", "boundary", "admin_level", "natural", "building",
                                                   "leisure", "amenity", "tourism", "shop") if k in tg)
        A(f"| {t} {i} | {primary_name(tg)} | {what} |")
    A("")
    A("* Relation 901 (boundary, admin_level 8): outer ways 701, 702, 703 form one closed ring; node")
    A(f"  {town.place['town']} is its `admin_centre`.")
    A("* Relation 902 Lac de Rivebelle (natural=water): outer ring from TWO ways 711 + 712, inner ring")
    A("  (an island) way 713. The stream 751 ends on a node of way 711.")
    A("* Relation 903 Collège de Rivebelle: school building multipolygon, outer 721, inner courtyard 722;")
    A("  it also carries amenity=school and an address, so it is a POI and an address too.")
    A("")

    # ---- routing rules
    A("## Routing rules in the town")
    A("")
    A("Reference semantics (the script's `mode_way` / `node_passable`, a port of `Sources/GeoRoads`'")
    A("rules, which mirror OSRM 26.10's car.lua, bicycle.lua and foot.lua, for the tags used here):")
    A("cars use motorway…service roads and ferries; bicycles primary…service roads, cycleways, paths,")
    A("tracks and ferries (not trunk or motorway), and push the bike (4 km/h, 2 on steps) on footways,")
    A("pedestrian areas, steps and against a oneway; pedestrians everything of those but motorway and")
    A("trunk, cycleways only with `foot=yes`; `motorroad=yes` excludes bicycles and pedestrians; the")
    A("most specific access tag wins (motorcar > motor_vehicle > vehicle > access for cars, bicycle >")
    A("vehicle > access, foot > access); private, destination, customers… make a road **local access")
    A("only** for cars (entered from an open road at a price of an hour: driven only to reach a place on it) and")
    A("close it to bicycles and pedestrians where OSRM's blacklists say so (private, delivery);")
    A("oneway=yes/-1, implied by junction=roundabout and highway=motorway, binds cars and bicycles;")
    A("bicycles ride against it with oneway:bicycle=no or cycleway=opposite*; pedestrians ignore oneway;")
    A("a bollard stops cars only. ‘A→B’ below is the order of the way's nodes.")
    A("")
    K = town.key
    rules = [
        ("ways 211, 212 Rue du Théâtre", f"oneway=yes, drawn north→south ({K['c3r2']}→{K['c3r1']}→{K['c3r0']})",
         "only north→south", "north→south, pushed back", "both ways"),
        ("ways 201, 202 Rue de la Poste", f"oneway=yes + oneway:bicycle=no, drawn south→north "
         f"({K['c2r1']}→{K['c2r2']}→{K['c2r3']})", "only south→north", "both ways", "both ways"),
        ("way 222 Rue des Bains (north part)", f"oneway=-1 + cycleway=opposite, drawn {K['c1r1']}→{K['c1r2']} "
         "(south→north)", "only north→south", "both ways", "both ways"),
        ("way 221 Rue des Bains (south part)", f"node {K['bollard']} barrier=bollard in the middle",
         "cannot pass the bollard", "passes", "passes"),
        ("way 301 roundabout", "junction=roundabout, closed, drawn counter-clockwise "
         f"(E {K['rbE']} → N {K['rbN']} → W {K['rbW']} → S {K['rbS']})", "counter-clockwise only",
         "counter-clockwise only", "both ways"),
        ("way 307 (unnamed)", "highway=residential, access=private", "local access only", "no", "no"),
        ("way 261 Chemin du Parc", "motor_vehicle=no", "no", "yes", "yes"),
        ("way 305 (unnamed)", "highway=cycleway, bicycle=designated, foot=yes", "no", "yes", "yes"),
        ("way 306 (unnamed)", "highway=footway through the park", "no", "pushed only", "yes"),
        ("way 291 Promenade du Lac", "highway=footway (named)", "no", "pushed only", "yes"),
        ("way 303 (unnamed)", "highway=path, surface=gravel", "no", "yes (6 km/h)", "yes"),
        ("way 304 (unnamed)", "highway=steps (no bicycle tag)", "no", "pushed only (2 km/h)", "yes"),
        ("way 171 Place du Marché", "highway=pedestrian, area=yes, bicycle=dismount", "no",
         "dismounted (walking pace)", "yes"),
        ("ways 311, 312, 313 A 19", "highway=motorway, oneway=yes (311/312 eastbound, 313 westbound)",
         "yes, oneway", "no", "no"),
        ("ways 314, 315", "highway=motorway_link, oneway=yes (314 off the eastbound carriageway to node "
         f"{K['col_end']}, 315 from it back on)", "yes, oneway", "no", "no"),
        ("way 320 ferry", f"route=ferry, motor_vehicle=no, bicycle=yes, foot=yes ({K['F']}→{K['Fs']})",
         "no", "yes", "yes"),
        ("way 143 Boulevard du Lac", "bridge=yes, layer=1 over the stream 751", "yes", "yes", "yes"),
        ("ways 121, 122 Rue de l'Église", "maxspeed=30", "yes (24 km/h: 0.8 × maxspeed)", "yes", "yes"),
        ("ways 241 / 242 Route du Col", f"maxspeed=50 / 80; level crossing node {K['lc']} with railway 732",
         "yes", "yes", "yes"),
    ]
    A("| where | tags | car | bicycle | foot |")
    A("|---|---|---|---|---|")
    for r in rules:
        A("| " + " | ".join(r) + " |")
    A("")
    A("The south shore (unnamed road 308/309 and hamlet Les Granges) is reachable only through the ferry,")
    A("so it is unreachable by car.")
    A("")
    A("### Reference routes")
    A("")
    A("Each cell is the fastest legal route under the reference speeds (OSRM's; car: 0.8 × maxspeed,")
    A("else a class default — residential 25, tertiary 40, secondary 55, unclassified 25, service 15")
    A("km/h, capped by the surface (sett 40); bicycle 15 km/h on roads and cycleways, 13 on paths, 12")
    A("on tracks, capped by the surface (gravel 6, sett 9, paving stones 10), 4 pushed, 2 on steps;")
    A("foot 5 km/h, 4 on gravel; ferry 5), with its length and time. When the shortest route by")
    A("distance differs it is given in brackets, and so is the outcome of a model variant when it")
    A("differs: bicycles never pushed (no footways, steps or oneways against the traffic). A cell")
    A("without brackets is robust to all of these; assert only those parts.")
    A("Distances are haversine sums over the way geometry (R = 6 371 008.8 m). `—` = no route.")
    A("")
    A("| from → to | car | bicycle | foot |")
    A("|---|---|---|---|")
    for label, src, dst, res in town_routes(town):
        A(f"| {label} ({src} → {dst}) | " + " | ".join(route_cell(res[m]) for m in MODES) + " |")
    A("")

    # ---- tracks
    for key, fname, steps, desc in (
            ("ride", "town-ride.gpx", RIDE_STEPS,
             "Drawn by a finger on a map: no timestamps, corners cut (moving average over five samples), "
             "a wavy lateral offset, points every 15–40 m."),
            ("gps", "town-gps.gpx", GPS_STEPS,
             "GPS-like: a point every 18–22 m along the true route, 4 s apart (≈ 18 km/h) from "
             "2024-05-18T08:30:00Z, isotropic Gaussian noise σ = 5 m per axis (seeded), elevation with noise.")):
        tr = tracks[key]
        A(f"## Track `{fname}`")
        A("")
        A(desc)
        A("")
        A("True route (bicycle):")
        A("")
        A("| # | street | manoeuvre | from node | to node | length m |")
        A("|---|---|---|---|---|---|")
        for n, (st, man, a, b) in enumerate(steps, start=1):
            ka, kb = town.key[a], town.key[b]
            ia, ib = tr["nodes"].index(ka), tr["nodes"].index(kb)
            seg = tr["nodes"][ia:ib + 1]
            ln = polyline_length_m([o.ll(x) for x in seg])
            A(f"| {n} | {st} | {man} | {ka} | {kb} | {ln:.0f} |")
        A("")
        A(f"* total length of the true route: **{tr['length']:.1f} m**")
        A(f"* way sequence: {way_list(tr['ways'])}")
        A(f"* {len(tr['nodes'])} route nodes from {tr['nodes'][0]} to {tr['nodes'][-1]}; {len(tr['points'])} track points")
        devs = tr["devs"]
        A(f"* distance of track points from the true route: mean {sum(devs) / len(devs):.1f} m, "
          f"max {max(devs):.1f} m")
        if key == "ride":
            sp_ = tr["spacing"]
            A(f"* {tr['within']} points lie 10–30 m off the route; point spacing {min(sp_):.0f}–{max(sp_):.0f} m")
            A("* legal for car and bicycle; 6 turns (left, right, left, left, roundabout, left)")
        else:
            bad_car = path_is_legal(o, "car", tr["nodes"])
            A(f"* legal for bicycle; NOT legal for car on ways {way_list(bad_car)} (Rue de la Poste against")
            A("  its oneway, Chemin du Parc motor_vehicle=no, the cycleway), so a car map-matcher must not")
            A("  follow it there")
        A("")

    # ---- rules files
    A("## `rules/`: one routing rule per file")
    A("")
    A("Each file is a complete OSM file with node ids 1…n and way ids 10+ on a 100 m-scale grid; every")
    A("file sits at its own longitude (46.15 N, 6.70–6.77 E) so they never overlap. Cells: fastest")
    A("legal route (same reference speeds as above) as length, time and node sequence; the shortest")
    A("route by distance and the model variant are added in brackets only where they differ.")
    A("")
    for f, results in zip(rule_files, rule_results):
        A(f"### `rules/{f.fname}` — {f.title} (`{f.rule}`)")
        A("")
        A(f.note)
        A("")
        A("| from → to | car | bicycle | foot |")
        A("|---|---|---|---|")
        for (src, dst), res in results:
            A(f"| {src} → {dst} | " + " | ".join(route_cell(res[m], fmt_nodes=True) for m in MODES) + " |")
        A("")
    return "\n".join(L) + "\n"


METRIC_DEPENDENT = {("footway_shortcut.osm", (1, 3), "bicycle"), ("oneway.osm", (2, 1), "bicycle")}


VARIANT_LABELS = ("shortest by distance", "if bicycles may not be pushed")


def route_variants(osm: Osm, mode: str, a: int, b: int):
    return (shortest_path(osm, mode, a, b), shortest_path(osm, mode, a, b, "distance"),
            shortest_path(osm, mode, a, b, variant="strict"))


def route_cell(results, fmt_nodes=None) -> str:
    fastest = results[0]
    if fastest is None:
        return "—"
    what = (lambda r: "-".join(map(str, r[1]))) if fmt_nodes else (lambda r: "via " + way_list(r[2]))
    cell = f"{fastest[0]:.0f} m, {fastest[3]:.0f} s, {what(fastest)}"
    for label, alt in zip(VARIANT_LABELS, results[1:]):
        if alt is None:
            cell += f" ({label}: no route)"
        elif alt[1] != fastest[1]:
            cell += f" ({label}: {alt[0]:.0f} m, {what(alt)})"
    return cell


def town_routes(town: Town):
    K = town.key
    pairs = [
        ("Rue de la Poste, north end to south end", K["c2r3"], K["c2r1"]),
        ("Rue des Bains across the bollard", K["c1r0"], K["c1r1"]),
        ("Rue des Bains north part, south to north", K["c1r1"], K["c1r2"]),
        ("Rue du Théâtre, south to north", K["c3r0"], K["c3r2"]),
        ("along Chemin du Parc", K["c3r3"], K["c4r3"]),
        ("past the private road", K["c1a"], K["x0a"]),
        ("Hauptstraße to Route du Col through the park", K["H1"], K["c4r3"]),
        ("roundabout, east exit to south exit", K["rbE"], K["rbS"]),
        ("ferry terminal to ferry terminal", K["F"], K["Fs"]),
        ("Quai Saint-Jean up the steps to Rue Grimaldi", K["q_steps"], K["S"]),
    ]
    out = []
    for label, a, b in pairs:
        out.append((label, a, b, {m: route_variants(town.osm, m, a, b) for m in MODES}))
    return out


# --------------------------------------------------------------------------
# main
# --------------------------------------------------------------------------

# The landmarks the index makes rather than reads (samples/README.md, "Expected landmark counts"):
# one area per postcode the addresses carry (no boundary=postal_code is mapped in the town), and
# the numbers interpolated along the addr:interpolation=odd way 595 (7 and 9 Les Granges).
INTERPOLATED_ADDRESSES = 2


def town_facts(town, tracks) -> dict:
    """The town's facts the tests assert, written to samples/facts.json so they read them from
    here instead of copies typed by hand. Counted like the README's tables."""
    o = town.osm
    cur_one = one_per_object(o, current=True)
    by_kind = {k: len(v) for k, v in cur_one.items()}
    by_kind["street"] = merged_street_count(o, cur_one["street"])
    postcodes = sorted({e["tags"]["addr:postcode"] for coll in (o.nodes, o.ways, o.rels)
                        for e in coll.values() if "addr:postcode" in e.get("tags", {})})
    index_by_kind = dict(by_kind)
    index_by_kind["area"] = index_by_kind.get("area", 0) + len(postcodes)
    index_by_kind["address"] = index_by_kind.get("address", 0) + INTERPOLATED_ADDRESSES
    order = ("poi", "address", "street", "place", "transit", "area")
    return {
        "about": "Facts of samples/town.osm and its tracks, written by scripts/make_samples.py; the tests read them.",
        "town.osm": {"nodes": len(o.nodes), "ways": len(o.ways), "relations": len(o.rels)},
        "classified_by_kind": {k: by_kind.get(k, 0) for k in order},
        "postcodes": postcodes,
        "interpolated_addresses": INTERPOLATED_ADDRESSES,
        "index_by_kind": {k: index_by_kind.get(k, 0) for k in order},
        "index_landmarks": sum(index_by_kind.values()),
        "tracks": {
            "town-ride.gpx": {"points": len(tracks["ride"]["points"]), "true_length_m": round(tracks["ride"]["length"], 1)},
            "town-gps.gpx": {"points": len(tracks["gps"]["points"]), "true_length_m": round(tracks["gps"]["length"], 1)},
        },
    }


def main() -> None:
    town = Town()
    check_town(town)
    o = town.osm
    # street lengths within the brief's 150-600 m (the named grid streets)
    for idx, name, *_ in STREETS:
        total = sum(o.way_length(w) for w in town.street_ways[idx])
        if idx not in (7, 16, 19):
            assert 150 <= total <= 600, (name, total)
    clusters = street_clusters(o)
    assert len(clusters) == len(STREETS), clusters
    tracks = make_tracks(town)
    assert tracks["ride"]["length"] >= 1500
    assert not path_is_legal(o, "bicycle", tracks["ride"]["nodes"])
    assert not path_is_legal(o, "car", tracks["ride"]["nodes"])
    assert not path_is_legal(o, "bicycle", tracks["gps"]["nodes"])
    assert path_is_legal(o, "car", tracks["gps"]["nodes"])

    rule_files = make_rule_files()
    rule_results = []
    for f in rule_files:
        res = []
        for src, dst in f.queries:
            res.append(((src, dst), {m: route_variants(f.osm, m, src, dst) for m in MODES}))
        rule_results.append(res)
    # the rule files say what they claim
    expect = {
        "oneway.osm": {(2, 1): {"car": [2, 3, 4, 1], "bicycle": [2, 3, 4, 1], "foot": [2, 1]}},
        "oneway_bicycle_no.osm": {(2, 1): {"car": [2, 3, 4, 1], "bicycle": [2, 1], "foot": [2, 1]},
                                  (6, 5): {"car": [6, 7, 8, 5], "bicycle": [6, 5], "foot": [6, 5]}},
        "roundabout.osm": {(9, 10): {"car": [9, 1, 2, 3, 4, 5, 6, 7, 10], "bicycle": [9, 1, 2, 3, 4, 5, 6, 7, 10],
                                     "foot": [9, 1, 8, 7, 10]}},
        "footway_shortcut.osm": {(1, 3): {"car": [1, 2, 3], "bicycle": [1, 2, 3], "foot": [1, 4, 3]}},
        "bollard.osm": {(1, 3): {"car": [1, 4, 5, 3], "bicycle": [1, 2, 3], "foot": [1, 2, 3]}},
        "access_private.osm": {(6, 7): {"car": [6, 1, 4, 5, 3, 7], "bicycle": [6, 1, 4, 5, 3, 7],
                                        "foot": [6, 1, 4, 5, 3, 7]}},
        "motorway_motorroad.osm": {(1, 2): {"car": [1, 3, 2], "bicycle": [1, 5, 6, 2], "foot": [1, 5, 6, 2]},
                                   (2, 1): {"car": [2, 4, 1], "bicycle": [2, 6, 5, 1], "foot": [2, 6, 5, 1]}},
        "ferry.osm": {(1, 5): {"car": [1, 6, 7, 5], "bicycle": [1, 2, 3, 4, 5], "foot": [1, 2, 3, 4, 5]}},
    }
    for f, results in zip(rule_files, rule_results):
        for q, res in results:
            for m, want in expect[f.fname].get(q, {}).items():
                fastest, shortest = res[m][0], res[m][1]
                assert fastest is not None and fastest[1] == want, (f.fname, q, m, fastest)
                if (f.fname, q, m) not in METRIC_DEPENDENT:
                    assert shortest[1] == want, (f.fname, q, m, shortest)

    # write
    SAMPLES.mkdir(exist_ok=True)
    RULES_DIR.mkdir(exist_ok=True)
    outputs: list[tuple[str, str, str]] = []
    outputs.append(("town.osm", osm_xml(o), "the town (OSM XML 0.6)"))
    ride, gps = tracks["ride"], tracks["gps"]
    outputs.append(("town-ride.gpx", gpx_doc(
        "Drawn ride: Rue du Moulin (Les Prés) to Rue du Moulin (Oberdorf)",
        "Bicycle route sketched with a finger across Rivebelle; see samples/README.md for the true route.",
        ride["points"], "cycling"), "finger-drawn bicycle ride, GPX 1.1"))
    outputs.append(("town-gps.gpx", gpx_doc(
        "GPS ride: Chemin des Écoliers to Hauptstraße via Rue de la Poste",
        "Simulated GPS bicycle track (seeded noise); see samples/README.md for the true route.",
        gps["points"], "cycling"), "GPS-like bicycle track, GPX 1.1"))
    for f in rule_files:
        outputs.append((f"rules/{f.fname}", osm_xml(f.osm, margin_deg=0.0002), f.title))
    for name, text, _ in outputs:
        (SAMPLES / name).write_bytes(text.encode("utf-8"))
    sizes = [(name, len(text.encode("utf-8")), what) for name, text, what in outputs]
    readme = write_readme(town, tracks, rule_files, rule_results, sizes)
    (SAMPLES / "README.md").write_bytes(readme.encode("utf-8"))
    facts = json.dumps(town_facts(town, tracks), indent=2, ensure_ascii=False) + "\n"
    (SAMPLES / "facts.json").write_bytes(facts.encode("utf-8"))
    for name, size, _ in sizes:
        print(f"{size:>9}  samples/{name}")
    print(f"{len(readme.encode('utf-8')):>9}  samples/README.md")
    print(f"{len(facts.encode('utf-8')):>9}  samples/facts.json")


if __name__ == "__main__":
    main()
