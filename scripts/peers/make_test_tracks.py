#!/usr/bin/env python3
# Makes map-matching test inputs for the peer scripts (tracks NDJSON + ground-truth NDJSON).
#   synthetic: OSRM routes between random points around --center (true route = OSRM's route
#              geometry), resampled every --step m, with gaussian noise of --noise m per axis.
#     .venv-peers/bin/python scripts/peers/make_test_tracks.py --pbf X.osm.pbf --profile bicycle \
#         --center 43.735,7.42 --radius-km 1.5 --n 20 --tracks T.ndjson --truth TRUE.ndjson
#   gpx: convert a GPX file's track points into one track line (no ground truth).
#     python3 scripts/peers/make_test_tracks.py --gpx F.gpx --tracks T.ndjson [--accuracy 10]
import argparse
import json
import math
import random
import sys
import xml.etree.ElementTree as ET
from datetime import datetime
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import DEFAULT_CACHE, dump  # noqa: E402

SPEED = {"car": 10.0, "bicycle": 5.0, "foot": 1.4}   # m/s, for synthetic timestamps
R_EARTH = 6371008.8


def resample(line, step):
    """Points every `step` metres along [[lat, lon], ...] (local equirectangular)."""
    lat0 = line[0][0]
    kx = math.radians(1) * R_EARTH * math.cos(math.radians(lat0))
    ky = math.radians(1) * R_EARTH
    xy = [(p[1] * kx, p[0] * ky) for p in line]
    out, carry = [xy[0]], 0.0
    for (ax, ay), (bx, by) in zip(xy, xy[1:]):
        d = math.hypot(bx - ax, by - ay)
        pos = step - carry
        while pos <= d:
            t = pos / d
            out.append((ax + (bx - ax) * t, ay + (by - ay) * t))
            pos += step
        carry = d - (pos - step)
    if out[-1] != xy[-1]:
        out.append(xy[-1])
    return out, kx, ky


def synthetic(a):
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from _common import ensure_module
    osrm = ensure_module("osrm")
    from osrm_match import prepare
    base, _ = prepare(a.pbf, a.profile, a.cache)
    eng = osrm.OSRM(algorithm="CH", storage_config=str(base), use_shared_memory=False)
    rnd = random.Random(a.seed)
    clat, clon = (float(v) for v in a.center.split(","))
    dlat = a.radius_km * 1000 / (math.radians(1) * R_EARTH)
    dlon = dlat / math.cos(math.radians(clat))
    made, tries = 0, 0
    with open(a.tracks, "w") as ft, open(a.truth, "w") as fr:
        while made < a.n and tries < a.n * 50:
            tries += 1
            pts = [(clon + rnd.uniform(-dlon, dlon), clat + rnd.uniform(-dlat, dlat)) for _ in range(2)]
            try:
                r = eng.Route(osrm.RouteParameters(coordinates=[osrm.Coordinate(p) for p in pts],
                                                   overview="full", geometries="geojson"))
            except RuntimeError:
                continue
            route = r["routes"][0]
            if route["distance"] < a.min_m:
                continue
            true_line = [[c[1], c[0]] for c in route["geometry"]["coordinates"]]
            xy, kx, ky = resample(true_line, a.step)
            noisy = [[round((y + rnd.gauss(0, a.noise)) / ky, 7), round((x + rnd.gauss(0, a.noise)) / kx, 7)]
                     for x, y in xy]
            t0 = 1700000000
            times = [t0 + round(i * a.step / SPEED[a.profile]) for i in range(len(noisy))]
            tid = f"{a.profile}-{made:04d}"
            ft.write(dump({"id": tid, "points": noisy, "times": times, "accuracy": a.noise}) + "\n")
            fr.write(dump({"id": tid, "geometry": true_line, "length_m": route["distance"]}) + "\n")
            made += 1
    print(f"wrote {made} tracks -> {a.tracks}, truth -> {a.truth}")


def gpx(a):
    pts, times = [], []
    for el in ET.parse(a.gpx).iter():
        if el.tag.split("}")[-1] == "trkpt":
            pts.append([float(el.get("lat")), float(el.get("lon"))])
            t = next((c.text for c in el if c.tag.split("}")[-1] == "time"), None)
            times.append(int(datetime.fromisoformat(t.replace("Z", "+00:00")).timestamp()) if t else None)
    rec = {"id": a.id or Path(a.gpx).stem, "points": pts}
    if all(t is not None for t in times) and times:
        rec["times"] = times
    if a.accuracy is not None:
        rec["accuracy"] = a.accuracy
    with open(a.tracks, "w") as f:
        f.write(dump(rec) + "\n")
    print(f"wrote 1 track ({len(pts)} points) -> {a.tracks}")


def main():
    ap = argparse.ArgumentParser(description="make map-matching test tracks")
    ap.add_argument("--tracks", required=True)
    ap.add_argument("--gpx")
    ap.add_argument("--id")
    ap.add_argument("--accuracy", type=float)
    ap.add_argument("--pbf")
    ap.add_argument("--profile", default="bicycle", choices=sorted(SPEED))
    ap.add_argument("--truth")
    ap.add_argument("--center", help="lat,lon")
    ap.add_argument("--radius-km", type=float, default=1.5)
    ap.add_argument("--n", type=int, default=10)
    ap.add_argument("--min-m", type=float, default=800)
    ap.add_argument("--step", type=float, default=20)
    ap.add_argument("--noise", type=float, default=5)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--cache", default=str(DEFAULT_CACHE))
    a = ap.parse_args()
    if a.gpx:
        gpx(a)
    elif a.pbf and a.truth and a.center:
        synthetic(a)
    else:
        ap.error("need --gpx, or --pbf --truth --center")


if __name__ == "__main__":
    main()
