#!/usr/bin/env python3
"""`make bench-scale`: does the import stay linear in time and bounded in memory?

Scales the largest real extract up N times (scripts/scale_extract.py: copies
shifted in space, ids offset, names and tags unchanged) as plain OSM XML and as
PBF, builds an index of each with `geoindex build`, and prints per input:
MB, nodes, build seconds, MB/s, peak RSS, RSS bytes per input node, index bytes
per landmark, and search p50/p99 (geobench, the seeded query set of
bench-search made from the 1x landmarks). The largest scale is built once more
with `--node-store file`.

Goals (issue 5): the largest build under 70x the 1x build when scaled 64x; peak
RSS under 16 bytes per input node plus a constant — shown as the marginal cost
between the two largest scales, (RSS_b - RSS_a) / (nodes_b - nodes_a); p99
search latency on the largest index under 1 ms.

Peak RSS is the child's ru_maxrss (getrusage), so no /usr/bin/time is needed.
Generated inputs are kept in bench-out/scale and reused by later runs.

    python3 scripts/bench_scale.py --input ../shared/data/osrm/monaco.osm.gz --scales 1 4 16 64
"""
import argparse
import json
import os
import resource
import subprocess
import sys
import time

import bench_doc


def measure(cmd):
    """Runs cmd from a fresh Python process so RUSAGE_CHILDREN holds this child only."""
    code = ("import resource,subprocess,sys,time,json;t=time.perf_counter();"
            "subprocess.run(sys.argv[1:],check=True,stdout=subprocess.DEVNULL);"
            "print(json.dumps([time.perf_counter()-t,resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss*1024]))")
    out = subprocess.run([sys.executable, "-c", code] + cmd, check=True, capture_output=True, text=True).stdout
    return json.loads(out)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--input", required=True)
    ap.add_argument("--scales", type=int, nargs="+", default=[1, 4, 16, 64])
    ap.add_argument("--bin", default=".build/release")
    ap.add_argument("--out", default="bench-out/scale")
    ap.add_argument("--queries", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=7)
    args = ap.parse_args()
    os.makedirs(args.out, exist_ok=True)
    geoindex, geobench = os.path.join(args.bin, "geoindex"), os.path.join(args.bin, "geobench")

    rows = []
    queries = os.path.join(args.out, "queries.ndjson")
    for n in args.scales:
        xml, pbf = os.path.join(args.out, f"x{n}.osm"), os.path.join(args.out, f"x{n}.osm.pbf")
        if not (os.path.exists(xml) and os.path.exists(pbf)):
            print(f"generating {n}x ...", file=sys.stderr, flush=True)
            subprocess.run([sys.executable, "scripts/scale_extract.py", args.input, "-n", str(n),
                            "-o", xml + ".part", "-o", pbf + ".part.pbf", "-q"], check=True)
            os.rename(xml + ".part", xml)
            os.rename(pbf + ".part.pbf", pbf)
        variants = [("XML", xml, []), ("PBF", pbf, [])]
        if n == max(args.scales):
            variants.append(("PBF, --node-store file", pbf, ["--node-store", "file"]))
        for label, path, extra in variants:
            index = os.path.join(args.out, f"x{n}-{label.split(',')[0].lower()}.geoidx")
            seconds, rss = measure([geoindex, "build", path, "-o", index, "--quiet"] + extra)
            info = json.loads(subprocess.run([geoindex, "info", index, "--json"], check=True,
                                             capture_output=True, text=True).stdout)
            if n == min(args.scales) and not os.path.exists(queries):
                landmarks = os.path.join(args.out, "landmarks.ndjson")
                with open(landmarks, "w") as f:
                    subprocess.run([geoindex, "export", index], check=True, stdout=f)
                subprocess.run([sys.executable, "scripts/make_search_queries.py", "--landmarks", landmarks,
                                "--out", queries, "--n", str(args.queries), "--seed", str(args.seed)], check=True)
            search = {}
            if not extra:
                search = json.loads(subprocess.run([geobench, "search", "--index", index, "--queries", queries,
                                                    "--repeat", "3"], check=True, capture_output=True,
                                                   text=True).stdout.strip().splitlines()[-1])
            nodes = info["osm"]["nodes"]
            mb = os.path.getsize(path) / 1e6
            rows.append(dict(scale=n, format=label, input_mb=mb, nodes=nodes, seconds=seconds, rss=rss,
                             landmarks=info["landmarks"], bytes_per_landmark=info["bytes_per_landmark"],
                             file_bytes=info["file_bytes"], p50=search.get("p50_us"), p99=search.get("p99_us")))
            r = rows[-1]
            print(f"{n:>3}x {label:24} {mb:9.1f} MB {nodes:>11,} nodes {seconds:7.2f} s {rss / 2**20:8.1f} MB peak"
                  f" {r['p50'] or 0:7.1f}/{r['p99'] or 0:7.1f} µs", file=sys.stderr, flush=True)
            if n != min(args.scales):
                os.unlink(index)

    with open(os.path.join(args.out, "results.json"), "w") as f:
        json.dump(rows, f, indent=1)
    print(f"Scale: {os.path.basename(args.input)} copied N times (scripts/scale_extract.py), geoindex build, "
          f"{os.cpu_count()} cores")
    print(f"{'scale':>5} {'input':24} {'MB':>8} {'nodes':>11} {'build s':>8} {'MB/s':>6} {'peak RSS MB':>11} "
          f"{'B/node':>6} {'B/landmark':>10} {'p50 µs':>7} {'p99 µs':>7}")
    for r in rows:
        p = (f"{r['p50']:7.1f} {r['p99']:7.1f}" if r["p50"] is not None else f"{'-':>7} {'-':>7}")
        print(f"{r['scale']:>4}x {r['format']:24} {r['input_mb']:8.1f} {r['nodes']:>11,} {r['seconds']:8.2f} "
              f"{r['input_mb'] / r['seconds']:6.1f} {r['rss'] / 2**20:11.1f} {r['rss'] / r['nodes']:6.1f} "
              f"{r['bytes_per_landmark']:10.1f} {p}")
    table = []
    for r in rows:
        fmt = r["format"].replace("--node-store file", "`--node-store file`")
        search = f"{r['p50']:.0f} / {r['p99']:.0f}" if r["p50"] is not None else ""
        table.append([f"{r['scale']}×", fmt, f"{r['input_mb']:.1f}" if r["input_mb"] < 10 else bench_doc.thousands(r["input_mb"]),
                      bench_doc.thousands(r["nodes"]), f"{r['seconds']:.2f}", f"{r['rss'] / 2**20:.0f} MB",
                      f"{r['rss'] / r['nodes']:.0f}" if r["rss"] / r["nodes"] >= 30 else f"{r['rss'] / r['nodes']:.1f}",
                      f"{r['bytes_per_landmark']:.1f}", search])
    bench_doc.write_table("scale", "make bench-scale",
                          ["scale", "input", "MB", "nodes", "build s", "peak RSS", "RSS B/node", "B/landmark",
                           "search p50 / p99 µs"], table)
    lo, hi = min(args.scales), max(args.scales)
    below = sorted({s for s in args.scales if s < hi})
    for fmt in ("XML", "PBF"):
        a = next(r for r in rows if r["scale"] == lo and r["format"] == fmt)
        b = next(r for r in rows if r["scale"] == hi and r["format"] == fmt)
        line = (f"{fmt}: {hi}x build took {b['seconds'] / a['seconds']:.1f}x the {lo}x build "
                f"(goal under {hi * 70 // 64}x for {hi}x)")
        if below:
            m = next(r for r in rows if r["scale"] == below[-1] and r["format"] == fmt)
            marginal = (b["rss"] - m["rss"]) / max(1, b["nodes"] - m["nodes"])
            line += (f"; marginal peak RSS {below[-1]}x→{hi}x: {marginal:.1f} bytes per added node "
                     f"(goal under 16), constant {max(0, b['rss'] - marginal * b['nodes']) / 2**20:.0f} MB")
        if b["p99"] is not None:
            line += f"; p99 search on {hi}x: {b['p99']:.0f} µs (goal under 1000)"
        print(line)


if __name__ == "__main__":
    main()
