#!/usr/bin/env python3
"""Import benchmark (`make bench-build`): `geoindex build` on the largest real
extract beside `xmlwf` (expat's own well-formedness checker: the bare parse of
the same bytes) measured in the same run. Prints input MB, seconds (best of
N runs), MB/s of XML, peak RSS, the ratio to xmlwf, and the index size per
landmark. Inputs: plain XML (the fair comparison with xmlwf), the same XML
gzip-compressed and bzip2-compressed, and PBF.

    python3 scripts/bench_build.py --geoindex .build/release/geoindex [--data ../shared/data] [--runs 3]
"""
import argparse
import gzip
import json
import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import bench_doc

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "bench-out" / "build"


def timed(cmd, env=None):
    """Wall seconds and peak RSS (KiB) of one run, via GNU time."""
    t = subprocess.run(["/usr/bin/time", "-f", "%e %M"] + cmd, capture_output=True, text=True, env=env)
    if t.returncode != 0:
        sys.exit(f"failed: {' '.join(cmd)}\n{t.stderr}")
    wall, rss = t.stderr.strip().splitlines()[-1].split()
    return float(wall), int(rss)


def best(cmd, runs, env=None):
    results = [timed(cmd, env) for _ in range(runs)]
    return min(r[0] for r in results), max(r[1] for r in results)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--geoindex", required=True)
    ap.add_argument("--data", default=os.environ.get("GEOINDEX_DATA", str(ROOT.parent / "shared" / "data")))
    ap.add_argument("--runs", type=int, default=3)
    a = ap.parse_args()
    data = Path(a.data)
    src = data / "osrm" / "monaco.osm.gz"
    pbf = data / "osrm" / "monaco.osm.pbf"
    if not src.exists():
        print(f"bench-build skipped: {src} not found (the real extracts live in ../shared/data)")
        return
    OUT.mkdir(parents=True, exist_ok=True)
    plain = OUT / "monaco.osm"
    if not plain.exists():
        with gzip.open(src, "rb") as f, open(plain, "wb") as o:
            shutil.copyfileobj(f, o, 1 << 20)
    bz2 = OUT / "monaco.osm.bz2"
    if not bz2.exists() and shutil.which("bzip2"):
        subprocess.run(["bzip2", "-k", "-f", str(plain)], check=True)
    xml_mb = plain.stat().st_size / 1e6
    rows = []
    xmlwf = shutil.which("xmlwf")
    if xmlwf:
        w, r = best([xmlwf, str(plain)], a.runs)
        rows.append(("xmlwf (bare expat parse)", "XML", xml_mb, w, r))
    else:
        print("xmlwf not found: install Debian's expat package (apt-get install -y expat) to compare")
    env = dict(os.environ, SOURCE_DATE_EPOCH="1")
    inputs = [("geoindex build", "XML", plain), ("geoindex build", "XML.gz", src)]
    if bz2.exists():
        inputs.append(("geoindex build", "XML.bz2", bz2))
    if pbf.exists():
        inputs.append(("geoindex build", "PBF", pbf))
    out = OUT / "monaco.geoidx"
    for label, kind, path in inputs:
        w, r = best([a.geoindex, "build", str(path), "-o", str(out), "--quiet"], a.runs, env)
        rows.append((label, kind, xml_mb, w, r))
    one = dict(env, GEOINDEX_THREADS="1")
    w, r = best([a.geoindex, "build", str(plain), "-o", str(out), "--quiet"], a.runs, one)
    rows.append(("geoindex build, 1 thread", "XML", xml_mb, w, r))
    info = json.loads(subprocess.run([a.geoindex, "info", str(out), "--json"], capture_output=True, text=True, check=True).stdout)
    base = next((row[3] for row in rows if row[0].startswith("xmlwf")), None)
    print(f"Import of {src.relative_to(data.parent) if data.parent in src.parents else src.name} "
          f"({xml_mb:.1f} MB of XML, {info['osm']['nodes']:,} nodes); best of {a.runs} runs, same machine, same run")
    print(f"{'program':28} {'input':8} {'seconds':>8} {'MB/s XML':>9} {'peak RSS':>10} {'vs xmlwf':>9}")
    for label, kind, mb, w, r in rows:
        ratio = f"{base / w:.2f}x" if base else "-"
        print(f"{label:28} {kind:8} {w:8.2f} {mb / w:9.1f} {r / 1024:8.1f} MB {ratio:>9}")
    table = []
    for label, kind, mb, w, r in rows:
        shown = "xmlwf (bare expat parse, one thread)" if label.startswith("xmlwf") else label
        table.append([shown, kind, f"{w:.2f}", f"{mb / w:.1f}", f"{r / 1024:.0f} MB", f"{base / w:.2f}×" if base else "—"])
    bench_doc.write_table("build", "make bench-build",
                          ["program", "input", "seconds", "MB/s of XML", "peak RSS", "vs xmlwf"], table)
    graph = info.get("graph") or {}
    print(f"index: {info['landmarks']:,} landmarks, {info['file_bytes']:,} bytes; "
          f"{info['bytes_per_landmark']} bytes per landmark without the road graph (goal: at most 48); "
          f"road graph {graph.get('nodes', 0):,} nodes, {graph.get('edges', 0):,} edges, {graph.get('bytes', 0):,} bytes")


if __name__ == "__main__":
    main()
