#!/usr/bin/env python3
"""OSRM's snapping options on random points of a real extract, osrm-routed against geoserve.

For N random points (fixed seed) in a box: nearest with a random bearing (same place within 5 m?),
and routes between random pairs plain, with random approaches, bearings, radiuses, and there and
back with continue_straight false/true (same code and distance within 5 % or 20 m?). Prints how
many agree per kind and the first disagreements; docs/HTTP.md ("OSRM parameters") reports a run on
Monaco. The plain routes give the baseline: how often the two routers agree with no option at all.

    osrm-extract -p car.lua monaco.osm.pbf && osrm-partition monaco.osrm && osrm-customize monaco.osrm
    osrm-routed --algorithm mld -p 5057 monaco.osrm &
    geoindex build monaco.osm.pbf -o monaco.geoidx && geoserve -i monaco.geoidx --listen 127.0.0.1:5058 &
    python3 scripts/compare_osrm_params_random.py --osrm http://127.0.0.1:5057 --geoserve http://127.0.0.1:5058 \
        -n 40 --box 7.415,43.728,7.435,43.745
"""
import argparse
import json
import random
import urllib.error
import urllib.request

ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
ap.add_argument("--osrm", required=True)
ap.add_argument("--geoserve", required=True)
ap.add_argument("-n", type=int, default=40)
ap.add_argument("--box", default="7.415,43.728,7.435,43.745", help="min lon,min lat,max lon,max lat")
ap.add_argument("--seed", type=int, default=7)
args = ap.parse_args()
OSRM, GEO, n = args.osrm, args.geoserve, args.n
x0, y0, x1, y1 = map(float, args.box.split(","))
rnd = random.Random(args.seed)
def get(base, path):
    try:
        with urllib.request.urlopen(base + path) as r: return json.load(r)
    except urllib.error.HTTPError as e: return json.load(e)
def pt(): return f"{rnd.uniform(x0, x1):.6f},{rnd.uniform(y0, y1):.6f}"
stats = {}
def add(kind, ok): s = stats.setdefault(kind, [0, 0]); s[0] += ok; s[1] += 1
from math import radians, cos
def dist(a, b): return (((a[0]-b[0])*111320*cos(radians(a[1])))**2 + ((a[1]-b[1])*111320)**2) ** 0.5
examples = []
for i in range(n):
    p = pt(); b = f"{rnd.randrange(0, 360)},{rnd.choice([15, 30, 45, 90])}"
    a, g = get(OSRM, f"/nearest/v1/driving/{p}?bearings={b}"), get(GEO, f"/nearest/v1/driving/{p}?bearings={b}")
    same = a['code'] == g['code'] and (a['code'] != 'Ok' or dist(a['waypoints'][0]['location'], g['waypoints'][0]['location']) < 5)
    add("nearest+bearing", same)
    if not same and len(examples) < 6: examples.append(("nearest", p, b, a.get('waypoints', [{}])[0].get('location'), g.get('waypoints', [{}])[0].get('location')))
    q, r = pt(), pt()
    for kind, opt in [("route plain", ""), ("route approaches", f"approaches={rnd.choice(['curb','opposite'])};{rnd.choice(['curb','opposite','unrestricted'])}"),
                      ("route bearings", f"bearings={rnd.randrange(0,360)},45;{rnd.randrange(0,360)},45"),
                      ("route radiuses", f"radiuses={rnd.choice([5, 20, 100])};{rnd.choice([5, 20, 100])}"),
                      ("route via continue_straight=false", "continue_straight=false"), ("route via continue_straight=true", "continue_straight=true")]:
        coords = f"{q};{r}" if "via" not in kind else f"{q};{r};{q}"
        a, g = get(OSRM, f"/route/v1/driving/{coords}?overview=false&{opt}" if opt else f"/route/v1/driving/{coords}?overview=false"), \
               get(GEO, f"/route/v1/driving/{coords}?overview=false&{opt}" if opt else f"/route/v1/driving/{coords}?overview=false")
        if a['code'] == 'Ok' and g['code'] == 'Ok':
            da, dg = a['routes'][0]['distance'], g['routes'][0]['distance']
            same = abs(da - dg) <= max(20, 0.05 * da)
        else:
            same = a['code'] == g['code']
        add(kind, same)
        if not same and len(examples) < 12: examples.append((kind, coords, opt, a['code'], a.get('routes', [{}])[0].get('distance'), g['code'], g.get('routes', [{}])[0].get('distance')))
for k, (s, t) in stats.items(): print(f"{k}: {s}/{t} agree")
for e in examples: print("  ", e)
