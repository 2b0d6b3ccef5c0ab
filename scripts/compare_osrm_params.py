#!/usr/bin/env python3
"""OSRM's per-coordinate and route/match options, asked of osrm-routed and of geoserve alike.

Sends the cases the OSRMSnapping/RouteOptions/MatchOptions/Exclude tests use (points 3 m beside Rue de
l'Église in the sample town) to both servers and prints "same" or "DIFF" with both answers,
summarised: code (and message), distance, heading of the first stretch, legs, waypoints and
annotation keys for a route; matchings, confidences and each tracepoint's matching for a match.
docs/HTTP.md ("OSRM parameters") reports what it showed. osrm-routed serves one profile whatever the
URL says, so only car cases are asked.

    osrm-extract -p car.lua town.osm && osrm-partition town.osrm && osrm-customize town.osrm
    osrm-routed --algorithm mld -p 5055 town.osrm &
    geoserve -i town.geoidx --listen 127.0.0.1:5056 &
    python3 scripts/compare_osrm_params.py --osrm http://127.0.0.1:5055 --geoserve http://127.0.0.1:5056 \
        --osm samples/town.osm
"""
import argparse
import json
import math
import urllib.error
import urllib.request
import xml.etree.ElementTree as ET

ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
ap.add_argument("--osrm", required=True)
ap.add_argument("--geoserve", required=True)
ap.add_argument("--osm", default="samples/town.osm")
args = ap.parse_args()
OSRM, GEO = args.osrm, args.geoserve
t = ET.parse(args.osm).getroot()
N = {n.get('id'): (float(n.get('lat')), float(n.get('lon'))) for n in t.iter('node')}
def beside(a, b, north=3.0):
    p, q = N[a], N[b]
    return f"{(p[1]+q[1])/2},{(p[0]+q[0])/2 + north/111320}"
W, E = beside('11009', '11010'), beside('11011', '11012')
def get(base, path):
    try:
        with urllib.request.urlopen(base + path) as r: return json.load(r)
    except urllib.error.HTTPError as e: return json.load(e)
def dep(j):
    try:
        c = j['routes'][0]['geometry']['coordinates']; (x1, y1), (x2, y2) = c[0], c[1]
        return round(math.degrees(math.atan2((x2-x1)*math.cos(math.radians(y1)), y2-y1)) % 360)
    except Exception: return None
def summary(j):
    if j.get('code') != 'Ok': return (j.get('code'), j.get('message'))
    if 'routes' in j: r = j['routes'][0]; return ('Ok', round(r['distance']), dep(j), len(r['legs']), len(j.get('waypoints', [])),
                        sorted(r['legs'][0].get('annotation', {}).keys()))
    if 'matchings' in j: return ('Ok', len(j['matchings']), [m.get('confidence') for m in j['matchings']],
                                 [None if p is None else p['matchings_index'] for p in j['tracepoints']], [len(m['legs']) for m in j['matchings']])
    if 'waypoints' in j: w = j['waypoints'][0]; return ('Ok', w['name'], round(w['distance'], 1))
    return ('Ok', list(j.keys()))
def along(off=None, north=3.0):
    pairs = [('10015','11009'),('11009','11010'),('11010','11011'),('11011','11012')]
    return ';'.join(beside(a, b, north if k == off else 3) for k, (a, b) in enumerate(pairs))
r = lambda c, q: f"/route/v1/driving/{c}?overview=full&geometries=geojson" + (f"&{q}" if q else "")
cases = [
  r(f"{W};{E}", ""), r(f"{W};{E}", "bearings=81,20;"), r(f"{W};{E}", "bearings=261,20;"),
  r(f"{W};{E}", "approaches=curb;"), r(f"{W};{E}", "approaches=opposite;unrestricted"), r(f"{W};{E}", "approaches=;curb"),
  f"/nearest/v1/driving/{W}?bearings=81,20", f"/nearest/v1/driving/{W}?bearings=261,20", f"/nearest/v1/driving/{W}?bearings=171,10",
  r(f"{beside('11009','11010',60)};{E}", "radiuses=100;10"), r(f"{beside('11009','11010',60)};{E}", "radiuses=10;100"),
  r(f"{W};{E};{W}", "continue_straight=false"), r(f"{W};{E};{W}", "continue_straight=true"), r(f"{W};{E};{W}", ""),
  r(f"{W};{E};{W}", "continue_straight=false&waypoints=0;2"), r(f"{W};{E};{W}", "waypoints=1;2"), r(f"{W};{E};{W}", "waypoints=0;7"),
  r(f"{W};{E};{W}", "waypoints=0;x;2"), r(f"{W};{E};{W}", "waypoints=2;0;2"),
  r(f"{W};{E}", "annotations=distance,speed"), r(f"{W};{E}", "annotations=true"), r(f"{W};{E}", "annotations=speeds"),
  r(f"{W};{E}", "annotations=duration,nodes"),
]
for q in ["bearings=400,10;", "bearings=10,200;", "bearings=10;", "bearings=a,b;", "bearings=10.5,20;", "bearings=10,20",
          "approaches=side;", "approaches=curb", "snapping=bogus", "radiuses=-1;", "radiuses=far;", "hints=;;", "exclude=motorway",
          "snapping=any", "bearings=;", "continue_straight=maybe"]:
    cases.append(r(f"{W};{E}", q))
A19 = f"{N['10061'][1]},{N['10061'][0]};{N['10062'][1]},{N['10062'][0]}"
cases += [r(A19, ""), r(A19, "exclude=motorway"), r(A19, "exclude=ferry"), r(A19, "exclude=motorway,ferry"),
          r(A19, "exclude=tunnel"), f"/nearest/v1/driving/{beside('11165', '11166', 0)}?exclude=motorway"]
m = lambda c, q: f"/match/v1/driving/{c}?overview=full" + (f"&{q}" if q else "")
cases += [m(along(), "timestamps=0;10;100;110"), m(along(), "timestamps=0;10;100;110&gaps=ignore"), m(along(), "timestamps=0;10;70;80"),
          m(along(2, 45), "radiuses=5;5;20;5"), m(along(2, 45), "radiuses=5;5;5;5"), m(along(), ""), m(along(), "waypoints=0;3"),
          m(along(), "waypoints=1;3"), m(along(), "waypoints=0;3&timestamps=0;10;100;110"), m(along(), "bearings=;171,10;;&radiuses=5;5;5;5"),
          m(along(1, -2000), "radiuses=10;10;10;10"), m(f"{beside('11065','11064',0)};{beside('11064','11063',0)}", "radiuses=5;5"),
          m(along(), "tidy=true"), m(along(), "gaps=sometimes")]
def close(a, b):
    """Same code; numbers within 1 % or 2 (metres, degrees; confidences within 0.01); messages not compared."""
    if a[0] != b[0]: return False
    if a[0] != 'Ok': return True
    for x, y in zip(a[1:], b[1:]):
        if isinstance(x, (int, float)) and isinstance(y, (int, float)):
            if abs(x - y) > max(2, 0.01 * abs(x)): return False
        elif isinstance(x, list) and x and all(isinstance(v, float) for v in x + y):
            if len(x) != len(y) or any(abs(u - v) > 0.01 for u, v in zip(x, y)): return False
        elif x != y: return False
    return True
counts = {"same": 0, "DIFF": 0}
for c in cases:
    a, b = summary(get(OSRM, c)), summary(get(GEO, c))
    verdict = "same" if close(a, b) else "DIFF"
    counts[verdict] += 1
    print(verdict + " " + c.split('?')[0][:12] + "?" + c.split('?')[1].replace("overview=full&geometries=geojson", "").replace("overview=full", "").lstrip("&"))
    if verdict == "DIFF" or a != b: print("   osrm:", a); print("   geo: ", b)
print(f"{counts['same']} same, {counts['DIFF']} different of {len(cases)}")
