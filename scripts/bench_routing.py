#!/usr/bin/env python3
"""`make bench-routing`: long routes and tables on a country-size network, beside OSRM.

Generates a network of towns (scripts/make_network.py, BENCH_TOWNS per side, 30 by default:
about 130 k graph nodes), builds it with geoindex twice (with the routing overlay and with
--no-overlay: build time and peak memory, section sizes), prepares the same file with OSRM
(osrm-extract + osrm-partition + osrm-customize for MLD, osrm-contract for CH; times and peak
memory) and serves each: geoserve on both indexes, osrm-routed with --algorithm mld and ch.
Then the same BENCH_ROUTES random pairs of town centres at least a third of the network apart
go to every server one by one over one keep-alive connection (latency p50/p99/max, client side),
and a BENCH_TABLE x BENCH_TABLE /table. Checks that geoserve's durations with and without the
overlay agree, route by route and cell by cell of the table (the exactness the tests prove on
real extracts), and reports OSRM's durations beside ours (their car profile's speeds differ in
detail). A peer that cannot be set up is reported as skipped with the reason.

    python3 scripts/bench_routing.py --bin .build/release [--out bench-out/routing]

Environment: BENCH_TOWNS (30), BENCH_ROUTES (200), BENCH_TABLE (100), BENCH_SEED (42),
NO_PEERS=1 to skip OSRM, BENCH_SERVE_CACHE (the peers' venv and prepared data).
"""
import argparse
import http.client
import json
import os
import random
import resource
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
sys.path.insert(0, str(HERE / "peers"))
import bench_serve  # noqa: E402  (Server, start_server)
import serve_peers  # noqa: E402  (OSRMPeer, ensure_venv, cache_dir, PeerUnavailable)


def log(msg):
    print(f"bench-routing: {msg}", file=sys.stderr, flush=True)


def timed(cmd):
    """(seconds, peak RSS MB of the child) of running cmd; raises on failure."""
    t0 = time.perf_counter()
    r = subprocess.run(["/usr/bin/time", "-f", "%M"] + [str(c) for c in cmd], capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"{cmd[0]} failed: {r.stderr.strip()[-400:]}")
    peak_kb = int(r.stderr.strip().splitlines()[-1])
    return round(time.perf_counter() - t0, 2), round(peak_kb / 1024)


def sections(geoindex, index):
    info = json.loads(subprocess.run([geoindex, "info", index, "--json"], capture_output=True, text=True, check=True).stdout)
    return {k: v for k, v in info.get("sections", {}).items() if k in ("GRPH", "OVLY")}


def town_centres(towns):
    """The motorway junction of each town (make_network.py's layout): (lat, lon)."""
    import math
    lat0, lon0, step = 47.0, 8.0, 6000.0
    m_lat, m_lon = 1 / 111_320.0, 1 / (111_320.0 * math.cos(math.radians(lat0)))
    return {(i, j): (lat0 + i * step * m_lat, lon0 + j * step * m_lon) for i in range(towns) for j in range(towns)}


def pairs(towns, n, rng):
    centres = town_centres(towns)
    keys = list(centres)
    out = []
    while len(out) < n:
        a, b = rng.choice(keys), rng.choice(keys)
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) >= towns / 3:
            # A point in a side street of each town, not the junction itself.
            (la, lo), (lb, ob) = centres[a], centres[b]
            out.append(((la + rng.uniform(-0.004, 0.004), lo + rng.uniform(-0.005, 0.005)),
                        (lb + rng.uniform(-0.004, 0.004), ob + rng.uniform(-0.005, 0.005))))
    return out


def coords(points):
    return ";".join(f"{lon:.6f},{lat:.6f}" for lat, lon in points)


def measure(server, route_pairs, table_points):
    """Route latencies (ms) and durations, and the table's time, over one keep-alive connection."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=120)
    lat, durations = [], []
    for a, b in route_pairs:
        t0 = time.perf_counter()
        conn.request("GET", f"/route/v1/driving/{coords([a, b])}?overview=false")
        r = conn.getresponse()
        body = r.read()
        lat.append((time.perf_counter() - t0) * 1000)
        d = json.loads(body)
        durations.append(d["routes"][0]["duration"] if d.get("code") == "Ok" else None)
    t0 = time.perf_counter()
    conn.request("GET", f"/table/v1/driving/{coords(table_points)}")
    r = conn.getresponse()
    table = json.loads(r.read())
    table_ms = (time.perf_counter() - t0) * 1000
    conn.close()
    lat.sort()
    return {"p50_ms": round(statistics.median(lat), 2), "p99_ms": round(lat[min(len(lat) - 1, int(0.99 * len(lat)))], 2),
            "max_ms": round(lat[-1], 2), "routes": len(lat), "no_route": durations.count(None),
            "table_ms": round(table_ms, 1), "table_code": table.get("code"), "durations": durations,
            "table_durations": table.get("durations") or []}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default=".build/release")
    ap.add_argument("--out", default="bench-out/routing")
    a = ap.parse_args()
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    towns = int(os.environ.get("BENCH_TOWNS", "30"))
    rng = random.Random(int(os.environ.get("BENCH_SEED", "42")))
    geoindex, geoserve = str(Path(a.bin) / "geoindex"), str(Path(a.bin) / "geoserve")
    osm = out / f"network-{towns}.osm"
    if not osm.exists():
        log(f"generating {osm} ({towns} x {towns} towns)")
        subprocess.run([sys.executable, str(HERE / "make_network.py"), "--towns", str(towns), "-o", str(osm)], check=True)
    report = {"towns": towns, "input_bytes": osm.stat().st_size, "builds": {}, "servers": {}}
    indexes = {}
    for name, extra in (("geoserve (overlay)", []), ("geoserve (no overlay)", ["--no-overlay"])):
        idx = out / ("overlay.geoidx" if not extra else "plain.geoidx")
        log(f"geoindex build {' '.join(extra)}")
        secs, peak = timed([geoindex, "build", osm, "-o", idx, "-q"] + extra)
        report["builds"][name] = {"seconds": secs, "peak_mb": peak, "sections": sections(geoindex, str(idx))}
        indexes[name] = idx
    route_pairs = pairs(towns, int(os.environ.get("BENCH_ROUTES", "200")), rng)
    n = int(os.environ.get("BENCH_TABLE", "100"))
    table_points = [p for ab in pairs(towns, (n + 1) // 2, rng) for p in ab][:n]
    logdir = out / "logs"
    logdir.mkdir(exist_ok=True)
    servers = []
    for name, idx in indexes.items():
        def start(port, logfile, idx=idx):
            return subprocess.Popen([geoserve, "-i", str(idx), "--listen", f"127.0.0.1:{port}", "--quiet",
                                     "--max-table-size", str(max(100, n))],
                                    stdout=logfile, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
        servers.append((name, bench_serve.start_server(name.replace(" ", "_"), name, start, "/healthz", logdir)))
    if os.environ.get("NO_PEERS") != "1":
        try:
            py = serve_peers.ensure_venv(serve_peers.cache_dir())
            for algorithm in ("mld", "ch"):
                peer = serve_peers.OSRMPeer(py, serve_peers.cache_dir(), osm, str(os.cpu_count() or 2))
                peer.algorithm = algorithm
                log(f"preparing OSRM ({algorithm}; extract, partition, customize, contract: minutes the first time)")
                peer.prepare()
                report["builds"]["osrm"] = peer.prep
                servers.append((f"osrm-routed ({algorithm})",
                                bench_serve.start_server(f"osrm_{algorithm}", peer.version, peer.start, peer.ready_path, logdir)))
        except (serve_peers.PeerUnavailable, RuntimeError) as e:
            report["servers"]["osrm-routed"] = {"skipped": str(e)}
            log(f"OSRM skipped: {e}")
    try:
        for name, s in servers:
            log(f"measuring {name}")
            measure(s, route_pairs[:5], table_points[:4])   # warm-up
            m = measure(s, route_pairs, table_points)
            m["rss_mb"] = s.memory()["rss_mb"]
            report["servers"][name] = m
    finally:
        for _, s in servers:
            s.stop()
    fast, plain = report["servers"]["geoserve (overlay)"], report["servers"]["geoserve (no overlay)"]
    # Both answers are rounded to 0.1 s, and the overlay keeps its seconds as 32-bit floats (about 1 ms on a
    # three-hour route): equal answers may round to neighbouring tenths, never further apart.
    tenth = 0.1 + 1e-6
    same = sum(1 for x, y in zip(fast["durations"], plain["durations"]) if x is not None and y is not None and abs(x - y) <= tenth)
    report["overlay_equal_durations"] = f"{same} of {len(route_pairs)}"
    # The table's cells too: with the overlay (buckets over the cells) as without (a search per source).
    cells = [(x, y) for rx, ry in zip(fast["table_durations"], plain["table_durations"]) for x, y in zip(rx, ry)]
    cells_same = sum(1 for x, y in cells if (x is None) == (y is None) and (x is None or abs(x - y) <= tenth))
    report["overlay_equal_table_cells"] = f"{cells_same} of {len(cells)}"
    print(f"\nRouting on {towns} x {towns} towns ({report['input_bytes'] / 1e6:.0f} MB OSM), "
          f"{len(route_pairs)} routes, a {n} x {n} table\n")
    print("| | build s | build peak MB | route p50 ms | p99 ms | max ms | table ms |")
    print("|---|---|---|---|---|---|---|")
    for name, m in report["servers"].items():
        if "skipped" in m:
            print(f"| {name} | skipped: {m['skipped'][:80]} | | | | | |")
            continue
        b = report["builds"].get(name) or {}
        if name.startswith("osrm"):
            prep = report["builds"].get("osrm", {})
            keys = ("extract_seconds", "partition_seconds", "customize_seconds") if "mld" in name else ("extract_seconds", "contract_seconds")
            b = {"seconds": round(sum(prep.get(k, 0) for k in keys), 1), "peak_mb": "–"}
        print(f"| {name} | {b.get('seconds', '')} | {b.get('peak_mb', '')} | {m['p50_ms']} | {m['p99_ms']} | {m['max_ms']} | {m['table_ms']} |")
    print(f"\ngeoserve's durations with and without the overlay agree for {report['overlay_equal_durations']} routes"
          f" and {report['overlay_equal_table_cells']} table cells")
    found = len([d for d in plain["durations"] if d is not None])
    for m in report["servers"].values():
        m.pop("durations", None)
        m.pop("table_durations", None)
    (out / "routing.json").write_text(json.dumps(report, indent=1))
    # The overlay must never change an answer.
    return 0 if same == found and cells_same == len(cells) else 1


if __name__ == "__main__":
    sys.exit(main())
