#!/usr/bin/env python3
# Peer benchmark: map-match NDJSON tracks with Valhalla's Meili (pyvalhalla wheel, in-process Actor).
# Builds Valhalla tiles once per pbf in a cache dir (all costings share the tiles), then matches
# every track and writes one NDJSON line per track plus a summary line (same format as osrm_match.py).
#
#   .venv-peers/bin/python scripts/peers/valhalla_match.py --pbf X.osm.pbf --profile bicycle \
#       --tracks tracks.ndjson --out out.ndjson [--cache bench-out/peers/cache]
#
# Matching choices:
#   * profile -> costing: car=auto, bicycle=bicycle, foot=pedestrian.
#   * action trace_route (default) with shape_match=map_snap, directions_type=none: the matched
#     route as encoded polylines (precision 6). With discontinuities Valhalla returns the first
#     continuous piece in "trip" and the next ones in "alternates"; they are concatenated here in
#     input order ("matchings" = pieces). trace_route gives no per-point status, so
#     "matched_points" is null. --action trace_attributes (filtered to shape + matched points)
#     fills matched_points, but its shape had spurious straight jumps/extra length on 20 of 50
#     Andorra car tracks (precision 0.980 vs 0.999) and it was not faster, hence not the default.
#   * trace_options.gps_accuracy = track "accuracy" (Meili default 5 m when absent);
#     search_radius = max(50 m Meili default, 3 x accuracy), capped at 100 m (service limit).
#   * "times" are sent as shape "time" (Meili then rejects routes much slower than the clock time,
#     max_route_time_factor); --no-timestamps drops them. breakage_distance stays at 2000 m.
#   * Tiles: no admin/timezone databases (none offline), so country-specific access overrides are not
#     applied; hierarchy/shortcuts as default. Trace limits raised (max_shape 1e6, max_distance 1e7 m).
#   * per-track "ms" covers request JSON encoding, the Actor call, JSON decoding and polyline decoding.
#     One untimed warm-up match (the first track) runs before the timed loop.
import argparse
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import (DEFAULT_CACHE, decode_polyline, dedup_concat, dump, ensure_module,  # noqa: E402
                     file_key, read_ndjson, track_points)

valhalla = ensure_module("valhalla")
from valhalla.config import get_config  # noqa: E402

COSTING = {"car": "auto", "bicycle": "bicycle", "foot": "pedestrian"}
BUILD_TILES = Path(valhalla.__file__).resolve().parent / "bin" / "valhalla_build_tiles"


def make_config(d, verbose):
    tiles = d / "tiles"
    tiles.mkdir(parents=True, exist_ok=True)
    c = get_config(tile_extract="", tile_dir=tiles)
    m = c["mjolnir"]
    for k in ("admin", "timezone", "traffic_extract", "landmarks", "transit_dir", "transit_feeds_dir"):
        m[k] = ""
    m["concurrency"] = 2
    c["additional_data"]["elevation"] = ""
    c["logging"]["type"] = "std_out" if verbose else ""
    lim = c["service_limits"]["trace"]
    lim["max_shape"] = 1000000
    lim["max_distance"] = 10000000.0
    return c


def prepare(pbf, cache):
    """Build tiles once; return (config path, timing dict)."""
    d = Path(cache) / "valhalla" / file_key(pbf)
    cfg_path, stamp = d / "config.json", d / "build.json"
    version = valhalla.__version__
    if stamp.exists() and cfg_path.exists():
        info = json.loads(stamp.read_text())
        if info.get("valhalla_version") == version:
            info["cached"] = True
            return cfg_path, info
    shutil.rmtree(d, ignore_errors=True)
    d.mkdir(parents=True)
    build_cfg = d / "build-config.json"
    build_cfg.write_text(json.dumps(make_config(d, verbose=True), indent=1))
    t0 = time.perf_counter()
    with open(d / "build.log", "w") as log:
        # temporary *.bin files go to the tile dir and are removed by the build itself
        subprocess.run([str(BUILD_TILES), "-c", str(build_cfg), str(Path(pbf).resolve())],
                       check=True, cwd=d, stdout=log, stderr=subprocess.STDOUT)
    secs = time.perf_counter() - t0
    cfg_path.write_text(json.dumps(make_config(d, verbose=False), indent=1))
    info = {"build_seconds": round(secs, 3), "valhalla_version": version, "pbf": Path(pbf).name}
    stamp.write_text(json.dumps(info))
    info["cached"] = False
    return cfg_path, info


def match_track(actor, track, profile, action, use_times=True):
    pts = track_points(track)
    times = track.get("times") if use_times else None
    if times and len(times) != len(pts):
        times = None
    shape = [{"lat": p[0], "lon": p[1]} for p in pts]
    if times:
        for s, t in zip(shape, times):
            s["time"] = t
    acc = track.get("accuracy")
    opts = {}
    if acc is not None:
        opts = {"gps_accuracy": min(float(acc), 100.0), "search_radius": min(100.0, max(50.0, 3 * float(acc)))}
    req = {"shape": shape, "costing": COSTING[profile], "shape_match": "map_snap"}
    if opts:
        req["trace_options"] = opts
    if action == "trace_attributes":
        req["filters"] = {"attributes": ["shape", "matched.type", "matched.begin_route_discontinuity",
                                         "matched.end_route_discontinuity"],
                          "action": "include"}
    else:
        req["directions_type"] = "none"
    geometry, matchings, matched, error = [], 0, None, None
    try:
        if action == "trace_attributes":
            res = json.loads(actor.trace_attributes(json.dumps(req)))
            geometry = decode_polyline(res.get("shape", ""), 6)
            mp = [p for p in res.get("matched_points", []) if p.get("type") != "unmatched"]
            matched = len(mp)
            # a new continuous piece starts after a point flagged end_route_discontinuity or at
            # one flagged begin_route_discontinuity
            breaks = sum(1 for prev, cur in zip(mp, mp[1:])
                         if prev.get("end_route_discontinuity") or cur.get("begin_route_discontinuity"))
            matchings = 1 + breaks if geometry else 0
        else:
            res = json.loads(actor.trace_route(json.dumps(req)))
            # With discontinuities trace_route returns the first continuous piece in "trip" and
            # the following pieces in "alternates": order all by input index, skip overlaps.
            trips = [res["trip"]] + [alt["trip"] for alt in res.get("alternates", [])]
            spans = sorted(((tr["locations"][0].get("original_index", 0),
                             tr["locations"][-1].get("original_index", 0), tr) for tr in trips),
                           key=lambda x: (x[0], x[1]))
            last_end = -1
            for first, last, tr in spans:
                if first < last_end:
                    continue
                last_end = last
                matchings += 1
                for leg in tr["legs"]:
                    dedup_concat(geometry, decode_polyline(leg["shape"], 6))
    except RuntimeError as e:          # valhalla.ValhallaError, e.g. "no suitable edges near location"
        error = str(e)
    return geometry, matchings, matched, error


def main():
    ap = argparse.ArgumentParser(description="map-match tracks with Valhalla Meili")
    ap.add_argument("--pbf", required=True)
    ap.add_argument("--profile", required=True, choices=sorted(COSTING))
    ap.add_argument("--tracks", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--cache", default=str(DEFAULT_CACHE))
    ap.add_argument("--action", choices=("trace_attributes", "trace_route"), default="trace_route")
    ap.add_argument("--no-timestamps", dest="times", action="store_false", help="ignore the tracks' times")
    a = ap.parse_args()

    cfg, prep = prepare(a.pbf, a.cache)
    actor = valhalla.Actor(str(cfg))
    tracks = list(read_ndjson(a.tracks))
    if tracks:
        match_track(actor, tracks[0], a.profile, a.action, a.times)  # warm-up, not timed

    total_ns, npts = 0, 0
    Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    with open(a.out, "w", encoding="utf-8") as out:
        for t in tracks:
            t0 = time.perf_counter_ns()
            geometry, matchings, matched, error = match_track(actor, t, a.profile, a.action, a.times)
            dt = time.perf_counter_ns() - t0
            total_ns += dt
            npts += len(track_points(t))
            line = {"id": t.get("id"), "geometry": geometry, "matchings": matchings,
                    "matched_points": matched, "ms": round(dt / 1e6, 3)}
            if error:
                line["error"] = error
            out.write(dump(line) + "\n")
        secs = total_ns / 1e9
        summary = {"summary": True, "engine": "valhalla", "version": prep["valhalla_version"],
                   "profile": a.profile, "costing": COSTING[a.profile], "action": a.action,
                   "timestamps": a.times, "tracks": len(tracks), "points": npts, "seconds": round(secs, 4),
                   "points_per_second": round(npts / secs, 1) if secs > 0 else None,
                   "build_seconds": prep["build_seconds"], "prep_cached": prep["cached"]}
        out.write(dump(summary) + "\n")
    print(dump(summary))


if __name__ == "__main__":
    main()
