#!/usr/bin/env python3
# Prints the table of scripts/bench_match.sh from the files it left in bench-out/match/:
# per map and track kind, each engine's mean recall/precision within 10 m (route_overlap.py)
# and points per second, then graph build time beside the peers' preparation.
import argparse
import json
from pathlib import Path

import bench_doc


def last_json(path):
    """The summary line of an NDJSON match output, or the single JSON object of a file."""
    p = Path(path)
    if not p.exists():
        return None
    lines = [ln for ln in p.read_text(encoding="utf-8").splitlines() if ln.strip()]
    return json.loads(lines[-1]) if lines else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("out")
    ap.add_argument("--mode", default="bicycle")
    ap.add_argument("--seed", default="?")
    a = ap.parse_args()
    out = Path(a.out)
    print(f"map matching, mode {a.mode}, seed {a.seed}: mean recall / precision within 10 m of the true route")
    print(f"{'map':8} {'tracks':6} {'engine':9} {'n':>3} {'points':>6} {'recall':>7} {'precis.':>7} {'min rec':>7} {'points/s':>9}")
    prep = {}
    cells = {}   # (map, kind) -> engine -> "recall / precision, points/s"
    for build in sorted(out.glob("*.build.json")):
        name = build.name.split(".")[0]
        for kind in ("gps", "drawn"):
            for engine in ("geoindex", "osrm", "valhalla"):
                s = last_json(out / f"{name}-{kind}.{engine}.ndjson")
                o = last_json(out / f"{name}-{kind}.{engine}.overlap.json")
                if not s or not o:
                    continue
                if engine == "osrm":
                    prep[(name, "osrm-extract")] = s.get("extract_seconds")
                    prep[(name, "osrm-extract+contract")] = s.get("prep_seconds")
                if engine == "valhalla":
                    prep[(name, "valhalla tiles")] = s.get("build_seconds")
                pps = s.get("points_per_second") or 0
                cells.setdefault((name, kind), {})[engine] = (
                    f"{o['mean_recall']:.3f} / {o['mean_precision']:.3f}, {bench_doc.thousands(round(pps, -2))}")
                print(f"{name:8} {kind:6} {engine:9} {s['tracks']:>3} {s['points']:>6} {o['mean_recall']:>7.3f} "
                      f"{o['mean_precision']:>7.3f} {o['min_recall']:>7.3f} {pps:>9,.0f}")
    kinds = {"gps": "GPS-like", "drawn": "drawn-like"}
    table = [[name.capitalize(), kinds[kind], c.get("geoindex", "—"), c.get("osrm", "—"), c.get("valhalla", "—")]
             for (name, kind), c in cells.items()]
    if table:
        bench_doc.write_table("match", "make bench-match",
                              ["map", "tracks", "geoindex recall / precision, points/s", "OSRM", "Valhalla"], table)
    print()
    print("road graph build (seconds, same extract; ours = the graph builder's own time, fastest of 5;"
          " 'diff' = fastest index build with roads minus without)")
    for build in sorted(out.glob("*.build.json")):
        name = build.name.split(".")[0]
        b = json.loads(build.read_text())
        line = (f"{name:8} geoindex graph {b['graph_seconds']:.3f} (diff {b['graph_difference_seconds']:.3f}; "
                f"whole index {b['build_seconds']:.3f}; "
                f"{b['graph_nodes']:,} nodes, {b['graph_edges']:,} edges, {b['graph_bytes']:,} bytes)")
        for k in ("osrm-extract", "osrm-extract+contract", "valhalla tiles"):
            if prep.get((name, k)) is not None:
                line += f" | {k} {prep[(name, k)]:.3f}"
        print(line)


if __name__ == "__main__":
    main()
