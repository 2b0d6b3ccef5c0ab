#!/usr/bin/env python3
"""`make compare-osrm`: a recorded set of OSRM requests asked of osrm-routed and of geoserve alike.

For each extract (Monaco and Liechtenstein from ../shared/data) and each of OSRM's three profiles
(car, bicycle, foot: osrm-extract + osrm-partition + osrm-customize, MLD, prepared once into the
peers' cache), the same seeded requests go to osrm-routed and to geoserve (one index per extract,
the profile chosen by the URL): route, nearest, table, trip and match with every parameter OSRM
documents (steps, alternatives, annotations, geometries, overview, waypoints, bearings, radiuses,
approaches, exclude, snapping, continue_straight, hints, skip_waypoints, sources/destinations,
fallback_speed, scale_factor, roundtrip/source/destination, timestamps, gaps, tidy) and the errors
OSRM defines (bad coordinates, wrong list lengths, bad values, unknown services). Points are
OSRM's own snapped positions of seeded random points in a box of each extract; match traces are
points every ~40 m along one of OSRM's routes, 5 s apart.

Per request it compares the HTTP status, OSRM's `code`, and the answer's shape: every key path with
its value type (objects' keys, arrays' elements merged, numbers one type, null matching any).
For the steps routes whose two paths agree (lengths within 2 %, each line within 15 m of the other)
it pairs the steps by location as scripts/compare_guidance.py does (maneuver type, modifier and
roundabout exit) and measures how far each line strays from the other (equal within 2 m?).

    python3 scripts/compare_osrm_api.py --bin .build/release [--data ../shared/data] [--out bench-out/osrm-api]

Writes OUT/requests.jsonl (each request with both statuses and answers: the recorded set) and
OUT/report.json, and prints the summary. Exits 0 when it ran (the shares are the result), 2 when
the peer or the data is missing (with the reason).
"""
import argparse
import json
import math
import os
import random
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE / "peers"))
import bench_serve  # noqa: E402  (start_server)
import compare_guidance  # noqa: E402  (compare: steps paired by location; metres)
import serve_peers  # noqa: E402  (OSRMPeer, ensure_venv, cache_dir, PeerUnavailable)
from _common import decode_polyline  # noqa: E402  ([[lat, lon], ...])

EXTRACTS = [("monaco", "osrm/monaco.osm.pbf", (7.413, 43.727, 7.437, 43.748)),
            ("liechtenstein", "valhalla/liechtenstein-latest.osm.pbf", (9.49, 47.12, 9.54, 47.17))]
PROFILES = [("car", "driving"), ("bicycle", "cycling"), ("foot", "walking")]


def log(msg):
    print(f"compare-osrm: {msg}", file=sys.stderr, flush=True)


def get(port, path):
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=60) as r:
            return r.status, json.loads(r.read() or b"null")
    except urllib.error.HTTPError as e:
        body = e.read()
        try:
            return e.code, json.loads(body)
        except ValueError:
            return e.code, body.decode("utf-8", "replace")[:200]
    except (urllib.error.URLError, OSError) as e:
        return 0, str(e)


# ---------------------------------------------------------------- shapes

def kind(v):
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "bool"
    if isinstance(v, (int, float)):
        return "number"
    return {str: "string", list: "array", dict: "object"}[type(v)]


def shape(v, path="", out=None):
    """{key path: set of value types}, arrays' elements merged under path[]."""
    out = {} if out is None else out
    out.setdefault(path, set()).add(kind(v))
    if isinstance(v, dict):
        for k, x in v.items():
            shape(x, f"{path}.{k}", out)
    elif isinstance(v, list):
        for x in v:
            shape(x, f"{path}[]", out)
    return out


def shape_diff(theirs, ours):
    """(paths only OSRM has, paths only geoserve has, paths whose types differ), null matching any type."""
    a, b = shape(theirs), shape(ours)
    missing = sorted(p for p in a if p not in b)
    extra = sorted(p for p in b if p not in a)
    typed = sorted(p for p in a if p in b and (a[p] - {"null"}) and (b[p] - {"null"}) and (a[p] - {"null"}) != (b[p] - {"null"}))
    return missing, extra, typed


# ---------------------------------------------------------------- geometry

metres = compare_guidance.metres  # between two (lon, lat) points


def to_segment(p, a, b):
    """Metres from p to the segment a-b (on the plane of p)."""
    k = math.cos(math.radians(p[1]))
    ax, ay, bx, by = (a[0] - p[0]) * k, a[1] - p[1], (b[0] - p[0]) * k, b[1] - p[1]
    dx, dy = bx - ax, by - ay
    t = 0.0 if dx == dy == 0 else max(0.0, min(1.0, -(ax * dx + ay * dy) / (dx * dx + dy * dy)))
    return math.hypot((ax + t * dx) * 111320, (ay + t * dy) * 110540)


def strays(line, other):
    """The farthest any vertex of `line` lies from the polyline `other`, in metres."""
    if len(other) < 2:
        return max((metres(p, other[0]) for p in line), default=0.0) if other else float("inf")
    return max((min(to_segment(p, other[i], other[i + 1]) for i in range(len(other) - 1)) for p in line), default=0.0)


# ---------------------------------------------------------------- requests

def snapped_points(port, box, rnd, n):
    """OSRM's nearest road positions of seeded random points in the box (lon, lat)."""
    out = []
    while len(out) < n:
        x, y = rnd.uniform(box[0], box[2]), rnd.uniform(box[1], box[3])
        status, d = get(port, f"/nearest/v1/x/{x:.6f},{y:.6f}")
        if status == 200 and isinstance(d, dict) and d.get("code") == "Ok":
            out.append(tuple(d["waypoints"][0]["location"]))
    return out


def trace(port, url_profile, a, b):
    """Points every ~40 m along OSRM's route a→b (lon, lat), or None."""
    status, d = get(port, f"/route/v1/{url_profile}/{a[0]},{a[1]};{b[0]},{b[1]}?overview=full&geometries=geojson")
    if status != 200 or d.get("code") != "Ok" or d["routes"][0]["distance"] < 300:
        return None
    line = d["routes"][0]["geometry"]["coordinates"]
    points, carried = [line[0]], 0.0
    for p, q in zip(line, line[1:]):
        step = metres(p, q)
        while carried + step >= 40:
            t = (40 - carried) / step
            p = [p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])]
            points.append(p)
            step, carried = metres(p, q), 0.0
        carried += step
    return [(round(x, 6), round(y, 6)) for x, y in points[:60]]


def cs(points):
    return ";".join(f"{x:.6f},{y:.6f}" for x, y in points)


def requests_for(profile, url, pts, track, rnd):
    """(kind, path) pairs: every OSRM parameter and error, on seeded points."""
    P = lambda k: pts[k % len(pts)]  # noqa: E731
    r = lambda *ks: cs([P(k) for k in ks])  # noqa: E731
    out = []
    for i in range(10):
        out.append(("route steps", f"/route/v1/{url}/{r(2 * i, 2 * i + 1)}?steps=true&overview=full&geometries=polyline6"))
    out += [
        ("route alternatives", f"/route/v1/{url}/{r(20, 21)}?alternatives=true"),
        ("route alternatives=2", f"/route/v1/{url}/{r(22, 23)}?alternatives=2&steps=true"),
        ("route annotations", f"/route/v1/{url}/{r(24, 25)}?annotations=true&overview=full"),
        ("route annotations list", f"/route/v1/{url}/{r(26, 27)}?annotations=duration,distance,speed"),
        ("route annotations nodes", f"/route/v1/{url}/{r(28, 29)}?annotations=nodes"),
        ("route geojson simplified", f"/route/v1/{url}/{r(30, 31)}?geometries=geojson&overview=simplified"),
        ("route overview false", f"/route/v1/{url}/{r(32, 33)}?overview=false"),
        ("route by_legs", f"/route/v1/{url}/{r(34, 35, 36)}?overview=by_legs"),
        ("route waypoints", f"/route/v1/{url}/{r(37, 38, 39)}?waypoints=0;2&steps=true"),
        ("route bearings", f"/route/v1/{url}/{r(40, 41)}?bearings={rnd.randrange(360)},90;"),
        ("route radiuses", f"/route/v1/{url}/{r(42, 43)}?radiuses=50;unlimited"),
        ("route approaches", f"/route/v1/{url}/{r(44, 45)}?approaches=curb;curb"),
        ("route continue_straight", f"/route/v1/{url}/{r(46, 47, 48)}?continue_straight=false"),
        ("route exclude", f"/route/v1/{url}/{r(49, 50)}?exclude=motorway"),
        ("route snapping", f"/route/v1/{url}/{r(51, 52)}?snapping=any"),
        ("route hints empty", f"/route/v1/{url}/{r(53, 54)}?hints=;"),
        ("route no hints", f"/route/v1/{url}/{r(55, 56)}?generate_hints=false"),
        ("route skip_waypoints", f"/route/v1/{url}/{r(57, 58)}?skip_waypoints=true"),
        ("route .json", f"/route/v1/{url}/{r(59, 0)}.json"),
        ("error alternatives value", f"/route/v1/{url}/{r(1, 2)}?alternatives=maybe"),
        ("error one coordinate", f"/route/v1/{url}/{r(3)}"),
        ("error coordinate range", f"/route/v1/{url}/200.0,100.0;{r(4)}"),
        ("error radiuses count", f"/route/v1/{url}/{r(5, 6)}?radiuses=10"),
        ("error bearings value", f"/route/v1/{url}/{r(7, 8)}?bearings=400,10;"),
        ("error unknown option", f"/route/v1/{url}/{r(9, 10)}?colour=red"),
        ("error service", f"/fly/v1/{url}/{r(11, 12)}"),
        ("error version", f"/route/v2/{url}/{r(13, 14)}"),
        ("nearest number", f"/nearest/v1/{url}/{r(15)}?number=3"),
        ("nearest bearings", f"/nearest/v1/{url}/{r(16)}?bearings=0,90"),
        ("nearest two coordinates", f"/nearest/v1/{url}/{r(17, 18)}"),
        ("table", f"/table/v1/{url}/{r(19, 20, 21, 22)}"),
        ("table sources destinations", f"/table/v1/{url}/{r(23, 24, 25, 26)}?sources=0;1&destinations=2;3&annotations=duration,distance"),
        ("table fallback", f"/table/v1/{url}/{r(27, 28, 29)}?annotations=distance&fallback_speed=10&fallback_coordinate=snapped"),
        ("table scale_factor", f"/table/v1/{url}/{r(30, 31, 32)}?scale_factor=2"),
        ("error table sources", f"/table/v1/{url}/{r(33, 34)}?sources=9"),
        ("trip roundtrip", f"/trip/v1/{url}/{r(35, 36, 37, 38)}?steps=true"),
        ("trip fixed ends", f"/trip/v1/{url}/{r(39, 40, 41, 42)}?roundtrip=false&source=first&destination=last"),
        ("error trip", f"/trip/v1/{url}/{r(43, 44, 45)}?roundtrip=false"),
    ]
    if track:
        n = len(track)
        ts = ";".join(str(1_700_000_000 + 5 * k) for k in range(n))
        gap = ";".join(str(1_700_000_000 + 5 * k + (600 if k >= n // 2 else 0)) for k in range(n))
        rad = ";".join("10" for _ in range(n))
        out += [
            ("match", f"/match/v1/{url}/{cs(track)}?timestamps={ts}&steps=true&overview=full&geometries=geojson"),
            ("match radiuses", f"/match/v1/{url}/{cs(track)}?radiuses={rad}&annotations=true"),
            ("match gaps split", f"/match/v1/{url}/{cs(track)}?timestamps={gap}&gaps=split"),
            ("match tidy", f"/match/v1/{url}/{cs(track)}?tidy=true&timestamps={ts}"),
            ("match waypoints", f"/match/v1/{url}/{cs(track)}?waypoints=0;{n - 1}"),
            ("error match one", f"/match/v1/{url}/{cs(track[:1])}"),
        ]
    return out


# ---------------------------------------------------------------- comparing

def compare_one(kind_, path, theirs, ours, stats):
    (ts, tb), (os_, ob) = theirs, ours
    rec = {"kind": kind_, "path": path, "osrm_status": ts, "geoserve_status": os_, "osrm": tb, "geoserve": ob}
    code_t = tb.get("code") if isinstance(tb, dict) else None
    code_o = ob.get("code") if isinstance(ob, dict) else None
    rec["same_code"] = ts == os_ and code_t == code_o
    missing, extra, typed = shape_diff(tb, ob) if isinstance(tb, dict) and isinstance(ob, dict) else (["(not JSON)"], [], [])
    rec["only_osrm"], rec["only_geoserve"], rec["types_differ"] = missing, extra, typed
    rec["same_shape"] = rec["same_code"] and not missing and not extra and not typed
    k = stats.setdefault(kind_.split(" ")[0] if not kind_.startswith("error") else "error", {"requests": 0, "same_code": 0, "same_shape": 0})
    k["requests"] += 1
    k["same_code"] += rec["same_code"]
    k["same_shape"] += rec["same_shape"]
    return rec


def line_of(route):
    g = route.get("geometry")
    if isinstance(g, dict):
        return g["coordinates"]
    return [(x, y) for y, x in decode_polyline(g, 6)] if isinstance(g, str) else []


def guidance(rec, g):
    """Steps and geometry of a `route steps` pair whose paths agree."""
    t, o = rec["osrm"], rec["geoserve"]
    if not (isinstance(t, dict) and isinstance(o, dict) and t.get("code") == o.get("code") == "Ok"):
        return
    rt, ro = t["routes"][0], o["routes"][0]
    g["routes"] += 1
    if rt["distance"] < 100 or abs(rt["distance"] - ro["distance"]) > 0.02 * rt["distance"]:
        return
    lt, lo = line_of(rt), line_of(ro)
    off = max(strays(lo, lt), strays(lt, lo))
    if off > 15:
        return
    g["same_path"] += 1
    g["geometry_within_2m"] += off <= 2
    g["max_offsets"].append(round(off, 2))
    agree, total = compare_guidance.compare(ro["legs"][0]["steps"], rt["legs"][0]["steps"], False, "")
    g["steps"] += total
    g["steps_agreeing"] += agree


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", default=".build/release")
    ap.add_argument("--data", default=str(HERE.parent.parent / "shared" / "data"))
    ap.add_argument("--out", default="bench-out/osrm-api")
    ap.add_argument("--seed", type=int, default=26)
    a = ap.parse_args()
    out = Path(a.out)
    (out / "logs").mkdir(parents=True, exist_ok=True)
    try:
        py = serve_peers.ensure_venv(serve_peers.cache_dir())
    except (serve_peers.PeerUnavailable, RuntimeError) as e:
        log(f"skipped: {e}")
        return 2
    stats, g = {}, {"routes": 0, "same_path": 0, "geometry_within_2m": 0, "steps": 0, "steps_agreeing": 0, "max_offsets": []}
    per_profile = {}
    records = []
    for name, rel, box in EXTRACTS:
        osm = Path(a.data) / rel
        if not osm.exists():
            log(f"skipped {name}: {osm} not found")
            continue
        index = out / f"{name}.geoidx"
        subprocess.run([str(Path(a.bin) / "geoindex"), "build", str(osm), "-o", str(index), "-q"], check=True)
        ours = bench_serve.start_server(f"geoserve_{name}", "geoserve", lambda port, logfile: subprocess.Popen(
            [str(Path(a.bin) / "geoserve"), "-i", str(index), "--listen", f"127.0.0.1:{port}", "--quiet"],
            stdout=logfile, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True), "/healthz", out / "logs")
        try:
            for profile, url in PROFILES:
                peer = serve_peers.OSRMPeer(py, serve_peers.cache_dir(), osm, str(os.cpu_count() or 2), profile=profile, contract=False)
                log(f"{name}, {profile}: preparing OSRM (MLD)")
                peer.prepare()
                peer.ready_path = f"/nearest/v1/x/{(box[0] + box[2]) / 2},{(box[1] + box[3]) / 2}"
                osrm = bench_serve.start_server(f"osrm_{name}_{profile}", peer.version, peer.start, peer.ready_path, out / "logs")
                try:
                    rnd = random.Random(f"{a.seed}-{name}-{profile}")
                    pts = snapped_points(osrm.port, box, rnd, 60)
                    track = None
                    for k in range(10):
                        track = trace(osrm.port, url, pts[k], pts[-1 - k])
                        if track:
                            break
                    before = len(records)
                    for kind_, path in requests_for(profile, url, pts, track, rnd):
                        rec = compare_one(kind_, path, get(osrm.port, path), get(ours.port, path), stats)
                        rec.update(extract=name, profile=profile)
                        records.append(rec)
                        if kind_ == "route steps":
                            guidance(rec, g)
                    mine = records[before:]
                    per_profile[f"{name} {profile}"] = {"requests": len(mine), "same_shape": sum(r["same_shape"] for r in mine)}
                finally:
                    osrm.stop()
        finally:
            ours.stop()
    if not records:
        log("skipped: no extract found")
        return 2
    with open(out / "requests.jsonl", "w") as f:
        for rec in records:
            f.write(json.dumps(rec, ensure_ascii=False) + "\n")
    total = len(records)
    same_code = sum(r["same_code"] for r in records)
    same_shape = sum(r["same_shape"] for r in records)
    report = {"requests": total, "same_status_and_code": same_code, "same_shape": same_shape, "by_service": stats,
              "by_extract_profile": per_profile, "guidance": {k: v for k, v in g.items() if k != "max_offsets"}}
    diffs = {}
    for r in records:
        for p in r["only_osrm"]:
            diffs.setdefault(f"only osrm: {p}", set()).add(r["kind"])
        for p in r["only_geoserve"]:
            diffs.setdefault(f"only geoserve: {p}", set()).add(r["kind"])
        for p in r["types_differ"]:
            diffs.setdefault(f"types differ: {p}", set()).add(r["kind"])
        if not r["same_code"]:
            t = r["osrm"].get("code") if isinstance(r["osrm"], dict) else r["osrm"]
            o = r["geoserve"].get("code") if isinstance(r["geoserve"], dict) else r["geoserve"]
            diffs.setdefault(f"code: osrm {r['osrm_status']} {t} / geoserve {r['geoserve_status']} {o}", set()).add(r["kind"])
    report["differences"] = {k: sorted(v) for k, v in sorted(diffs.items(), key=lambda kv: -len(kv[1]))}
    (out / "report.json").write_text(json.dumps(report, indent=1, ensure_ascii=False))
    print(f"\n{total} requests: same status and code {same_code} ({100 * same_code / total:.1f} %), "
          f"same key sets and value types {same_shape} ({100 * same_shape / total:.1f} %)\n")
    print("| service | requests | same code | same shape |\n|---|---|---|---|")
    for k, v in sorted(stats.items()):
        print(f"| {k} | {v['requests']} | {v['same_code']} | {v['same_shape']} |")
    print("\n| extract, profile | requests | same shape |\n|---|---|---|")
    for k, v in per_profile.items():
        print(f"| {k} | {v['requests']} | {v['same_shape']} |")
    steps = g["steps"]
    print(f"\nGuidance: {g['same_path']} of {g['routes']} steps routes on the same path; steps agreeing "
          f"{g['steps_agreeing']} of {steps} ({100 * g['steps_agreeing'] / max(1, steps):.1f} %); "
          f"geometry within 2 m on {g['geometry_within_2m']} of {g['same_path']}")
    print("\nDifferences (what, in which kinds of request):")
    for k, v in list(report["differences"].items())[:40]:
        print(f"  {k}  [{', '.join(v[:6])}{', …' if len(v) > 6 else ''}]")
    return 0


if __name__ == "__main__":
    sys.exit(main())
