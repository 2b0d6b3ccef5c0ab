#!/usr/bin/env python3
"""Compare geoserve's OSRM turn-by-turn steps with a real osrm-routed, route by route.

Both servers must already run on the same extract (car profile), e.g.:

    geoindex build monaco.osm.pbf -o monaco.geoidx && geoserve -i monaco.geoidx --listen 5932 &
    osrm-extract -p car.lua monaco.osm.pbf && osrm-partition monaco.osrm && osrm-customize monaco.osrm
    osrm-routed --algorithm mld -p 5931 monaco.osrm &
    python3 scripts/compare_guidance.py --ours http://127.0.0.1:5932 --osrm http://127.0.0.1:5931 \
        --bbox 7.413,43.727,7.437,43.748 --routes 30

Routes join seeded random points in the box. Only routes whose two paths agree (lengths within
2 %) are compared: guidance is judged on the same path. Steps are paired in order by location
(the longest chain of pairs within 25 m); a step agrees when the pair's maneuver type, modifier
and (on entering a roundabout) exit number are equal. The share is agreeing pairs over pairs plus
the steps only one side gives (each counts against).
--verbose prints each disagreement.
"""
import argparse
import json
import math
import random
import sys
import urllib.request


def get(base, a, b):
    url = f"{base}/route/v1/driving/{a[0]:.6f},{a[1]:.6f};{b[0]:.6f},{b[1]:.6f}?steps=true&overview=false"
    try:
        with urllib.request.urlopen(url, timeout=30) as r:
            d = json.load(r)
    except Exception:
        return None
    if d.get("code") != "Ok":
        return None
    return d["routes"][0]


def metres(p, q):
    dx = (p[0] - q[0]) * 111320 * math.cos(math.radians(p[1]))
    dy = (p[1] - q[1]) * 110540
    return math.hypot(dx, dy)


def label(s):
    m = s["maneuver"]
    return m["type"] + (" " + m["modifier"] if "modifier" in m else "") + (f" exit {m['exit']}" if "exit" in m and m["type"] in ("roundabout", "rotary", "roundabout turn") else "")


def compare(ours, theirs, verbose, tag):
    """Pairs the steps in order by location (the longest chain of pairs within 25 m of each other);
    returns (agreeing pairs, total steps counted: pairs plus each side's unpaired steps)."""
    a, b = ours, theirs
    n, m = len(a), len(b)
    near = [[metres(a[i]["maneuver"]["location"], b[j]["maneuver"]["location"]) <= 25 for j in range(m)] for i in range(n)]
    best = [[0] * (m + 1) for _ in range(n + 1)]
    for i in range(n - 1, -1, -1):
        for j in range(m - 1, -1, -1):
            best[i][j] = max(best[i + 1][j], best[i][j + 1], best[i + 1][j + 1] + 1 if near[i][j] else 0)
    i = j = agree = total = 0
    while i < n or j < m:
        total += 1
        if i < n and j < m and near[i][j] and best[i][j] == best[i + 1][j + 1] + 1:
            if label(a[i]) == label(b[j]):
                agree += 1
            elif verbose:
                print(f"  {tag} at {b[j]['maneuver']['location']}: ours {label(a[i])!r} osrm {label(b[j])!r} ({b[j]['name']})")
            i += 1
            j += 1
        elif j >= m or (i < n and best[i][j] == best[i + 1][j]):
            if verbose:
                print(f"  {tag} ours only: {label(a[i])!r} at {a[i]['maneuver']['location']} ({a[i]['name']})")
            i += 1
        else:
            if verbose:
                print(f"  {tag} osrm only: {label(b[j])!r} at {b[j]['maneuver']['location']} ({b[j]['name']})")
            j += 1
    return agree, total


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--ours", default="http://127.0.0.1:5932")
    ap.add_argument("--osrm", default="http://127.0.0.1:5931")
    ap.add_argument("--bbox", default="7.413,43.727,7.437,43.748", help="minlon,minlat,maxlon,maxlat")
    ap.add_argument("--routes", type=int, default=30)
    ap.add_argument("--seed", type=int, default=24)
    ap.add_argument("--verbose", action="store_true")
    args = ap.parse_args()
    x0, y0, x1, y1 = map(float, args.bbox.split(","))
    rnd = random.Random(args.seed)
    compared = tried = agree = total = 0
    by_type = {}
    while compared < args.routes and tried < args.routes * 5:
        tried += 1
        a = (rnd.uniform(x0, x1), rnd.uniform(y0, y1))
        b = (rnd.uniform(x0, x1), rnd.uniform(y0, y1))
        o, t = get(args.ours, a, b), get(args.osrm, a, b)
        if not o or not t or t["distance"] < 300:
            continue
        if abs(o["distance"] - t["distance"]) > 0.02 * t["distance"]:
            continue
        compared += 1
        s_o, s_t = o["legs"][0]["steps"], t["legs"][0]["steps"]
        g, n = compare(s_o, s_t, args.verbose, f"route {compared}")
        agree += g
        total += n
        for s in s_t:
            by_type.setdefault(s["maneuver"]["type"], 0)
            by_type[s["maneuver"]["type"]] += 1
    share = 100.0 * agree / total if total else 0.0
    print(json.dumps({"routes_tried": tried, "routes_compared": compared, "steps": total, "agreeing": agree,
                      "share_percent": round(share, 1), "osrm_step_types": by_type}, ensure_ascii=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
