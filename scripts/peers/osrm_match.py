#!/usr/bin/env python3
# Peer benchmark: map-match NDJSON tracks with OSRM (osrm-bindings wheel, in-process engine).
# Prepares OSRM data (osrm-extract + osrm-contract, CH) once per pbf+profile in a cache dir,
# then matches every track and writes one NDJSON line per track plus a summary line.
#
#   .venv-peers/bin/python scripts/peers/osrm_match.py --pbf X.osm.pbf --profile bicycle \
#       --tracks tracks.ndjson --out out.ndjson [--cache bench-out/peers/cache]
#
# Matching choices (OSRM /match semantics):
#   * in-process engine (osrm.OSRM, algorithm CH, no shared memory) -> no HTTP/JSON overhead.
#   * radiuses = track "accuracy" (OSRM treats it as the GPS std-dev and searches 3x that);
#     without accuracy OSRM's default 5 m is used.
#   * timestamps passed when the track has "times" (--no-timestamps to drop them); gaps="ignore"
#     so OSRM never splits a track because of time gaps (drawn tracks must give one route).
#     With timestamps OSRM bounds each transition by median sample time x the profile's
#     max_speed_for_map_matching (car 180, bicycle/foot 40 km/h): fast, but noisy tracks split
#     into more matchings; without them it allows up to 2 km per transition.
#     OSRM still splits into several "matchings" where no plausible transition exists;
#     all matchings' geometries are concatenated in order.
#   * tidy=True (default; --no-tidy to disable): OSRM keeps a point only once >= 15 m (and, with
#     timestamps, >= 5 s) passed since the last kept one. Removes jitter/duplicates; keeps every
#     point of a 20 m resampled track, but thins 1 Hz GPS logs (tidied points count as unmatched).
#   * overview=full, geometries=geojson (already decoded in C++; no polyline decoding in Python).
#   * per-track "ms" covers building the parameters, Match(), and copying the geometry out.
#     One untimed warm-up match (the first track) runs before the timed loop.
import argparse
import json
import shutil
import subprocess
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import DEFAULT_CACHE, dedup_concat, dump, ensure_module, file_key, read_ndjson, track_points  # noqa: E402

osrm = ensure_module("osrm")

PKG = Path(osrm.__file__).resolve().parent
BIN = PKG / "bin"
PROFILES = PKG / "share" / "profiles"
PROFILE_NAMES = ("car", "bicycle", "foot")


def prepare(pbf, profile, cache):
    """Run osrm-extract + osrm-contract once; return (base .osrm path, timing dict)."""
    d = Path(cache) / "osrm" / file_key(pbf) / profile
    base = d / "map.osrm"
    stamp = d / "prep.json"
    if stamp.exists():
        info = json.loads(stamp.read_text())
        if info.get("osrm_version") == osrm_version():
            info["cached"] = True
            return base, info
    shutil.rmtree(d, ignore_errors=True)
    d.mkdir(parents=True)
    log = open(d / "prep.log", "w")
    t0 = time.perf_counter()
    subprocess.run([str(BIN / "osrm-extract"), "-p", str(PROFILES / f"{profile}.lua"), "-t", "2",
                    "-o", str(base), str(Path(pbf).resolve())], check=True, stdout=log, stderr=subprocess.STDOUT)
    t1 = time.perf_counter()
    subprocess.run([str(BIN / "osrm-contract"), "-t", "2", str(base)], check=True, stdout=log, stderr=subprocess.STDOUT)
    t2 = time.perf_counter()
    info = {"extract_seconds": round(t1 - t0, 3), "contract_seconds": round(t2 - t1, 3),
            "prep_seconds": round(t2 - t0, 3), "osrm_version": osrm_version(), "pbf": Path(pbf).name,
            "profile": profile}
    stamp.write_text(json.dumps(info))
    info["cached"] = False
    return base, info


def osrm_version():
    from importlib.metadata import version
    return version("osrm-bindings")


def match_track(engine, track, tidy=True, use_times=True):
    pts = track_points(track)
    params = {
        "coordinates": [osrm.Coordinate((float(lon), float(lat))) for lat, lon in pts],
        "overview": "full", "geometries": "geojson", "gaps": "ignore", "tidy": tidy,
        "generate_hints": False,
    }
    if use_times and track.get("times") and len(track["times"]) == len(pts):
        params["timestamps"] = [int(t) for t in track["times"]]
    if track.get("accuracy") is not None:
        params["radiuses"] = [float(track["accuracy"])] * len(pts)
    geometry, matchings, matched = [], 0, 0
    error = None
    try:
        res = engine.Match(osrm.MatchParameters(**params))
        for m in res["matchings"]:
            matchings += 1
            dedup_concat(geometry, [[c[1], c[0]] for c in m["geometry"]["coordinates"]])
        matched = sum(1 for tp in res["tracepoints"] if tp is not None)
    except RuntimeError as e:         # e.g. NoMatch / NoSegment / TooBig
        error = str(e)
    return geometry, matchings, matched, error


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--pbf", required=True)
    ap.add_argument("--profile", required=True, choices=PROFILE_NAMES)
    ap.add_argument("--tracks", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--cache", default=str(DEFAULT_CACHE))
    ap.add_argument("--no-tidy", dest="tidy", action="store_false", help="disable OSRM tidy")
    ap.add_argument("--no-timestamps", dest="times", action="store_false",
                    help="ignore the tracks' times (OSRM then allows any transition length: slower, fewer splits)")
    a = ap.parse_args()

    base, prep = prepare(a.pbf, a.profile, a.cache)
    engine = osrm.OSRM(algorithm="CH", storage_config=str(base), use_shared_memory=False,
                       max_locations_map_matching=-1, max_radius_map_matching=-1)
    tracks = list(read_ndjson(a.tracks))
    if tracks:
        match_track(engine, tracks[0], a.tidy, a.times)  # warm-up, not timed

    total_ns, npts = 0, 0
    Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    with open(a.out, "w", encoding="utf-8") as out:
        for t in tracks:
            t0 = time.perf_counter_ns()
            geometry, matchings, matched, error = match_track(engine, t, a.tidy, a.times)
            dt = time.perf_counter_ns() - t0
            total_ns += dt
            npts += len(track_points(t))
            line = {"id": t.get("id"), "geometry": geometry, "matchings": matchings,
                    "matched_points": matched, "ms": round(dt / 1e6, 3)}
            if error:
                line["error"] = error
            out.write(dump(line) + "\n")
        secs = total_ns / 1e9
        summary = {"summary": True, "engine": "osrm", "version": prep["osrm_version"], "profile": a.profile,
                   "tidy": a.tidy, "timestamps": a.times, "tracks": len(tracks), "points": npts, "seconds": round(secs, 4),
                   "points_per_second": round(npts / secs, 1) if secs > 0 else None,
                   "extract_seconds": prep["extract_seconds"], "prep_seconds": prep["prep_seconds"],
                   "prep_cached": prep["cached"]}
        out.write(dump(summary) + "\n")
    print(dump(summary))


if __name__ == "__main__":
    main()
