#!/usr/bin/env python3
"""Alternative routes on the bench network: what `--alternatives N` costs and finds.

For the pairs of towns scripts/bench_routing.py routes (the same seed, the same picks), times the
whole `georoute route` process without and with `--alternatives N` and counts the alternatives
found, as docs/ROUTING.md ("Alternative routes") reports them.

    python3 scripts/make_network.py --towns 20 -o net.osm
    .build/release/geoindex build net.osm -o net.geoidx
    python3 scripts/bench_alternatives.py --bin .build/release --index net.geoidx [--towns 20]
        [--routes 10] [--mode car] [--alternatives 3]
"""
import argparse
import os
import random
import statistics
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_routing import pairs  # noqa: E402


def run(georoute, index, a, b, mode, extra):
    """Milliseconds of one whole `georoute route` run, and its summary lines."""
    t0 = time.perf_counter()
    r = subprocess.run([georoute, "route", "--from", f"{a[0]:.6f},{a[1]:.6f}", "--to", f"{b[0]:.6f},{b[1]:.6f}",
                        "--mode", mode, "-i", index, "--format", "json", "-o", os.devnull] + extra,
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f"bench_alternatives.py: georoute failed: {r.stderr.strip()}")
    return (time.perf_counter() - t0) * 1000, r.stderr.splitlines()


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=".build/release")
    ap.add_argument("--index", required=True)
    ap.add_argument("--towns", type=int, default=20)
    ap.add_argument("--routes", type=int, default=10)
    ap.add_argument("--mode", default="car")
    ap.add_argument("--alternatives", type=int, default=3)
    ap.add_argument("--seed", type=int, default=42)
    a = ap.parse_args()
    georoute = os.path.join(a.bin, "georoute")
    single, several, found = [], [], []
    for p, q in pairs(a.towns, a.routes, random.Random(a.seed)):
        t1, _ = run(georoute, a.index, p, q, a.mode, [])
        tn, lines = run(georoute, a.index, p, q, a.mode, ["--alternatives", str(a.alternatives)])
        single.append(t1)
        several.append(tn)
        found.append(sum(line.startswith("alternative ") for line in lines))
        print(f"{t1:7.1f} ms {tn:7.1f} ms  {found[-1]} found  {lines[0][:60] if lines else ''}", flush=True)
    print(f"{a.mode}, {len(single)} routes: alone {statistics.median(single):.1f} ms, with --alternatives {a.alternatives} "
          f"{statistics.median(several):.1f} ms (medians); {sum(found)} of {a.alternatives * len(found)} alternatives found")


if __name__ == "__main__":
    main()
