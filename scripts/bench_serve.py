#!/usr/bin/env python3
"""`make bench-serve`: geoserve under HTTP load beside osrm-routed and Nominatim.

Builds an index of the Monaco extract with the given geoindex, serves it with the given
geoserve on a free loopback port, and drives it with wrk (scripts/bench_serve.lua cycles
through a file of request targets) at 1, 8 and 64 connections, BENCH_SECONDS (10) each:

  endpoint            requests (seeded, BENCH_SEED)                                  peer
  /api prefixes       Photon /api?q=&lat=&lon=&limit=10: as-you-type prefixes of    -
                      real names of the index ("c", "ca", "cas", … "casino") and a
                      random point near Monaco
  /search prefixes    Nominatim /search?q=&format=jsonv2&limit=10, the same prefixes nominatim
  /search full names  the same with whole names (Nominatim has no prefix search)     nominatim
  /reverse photon     Photon /reverse?lat=&lon=: random points in 43.72–43.75 N,     -
                      7.40–7.44 E
  /reverse jsonv2     Nominatim /reverse?lat=&lon=&format=jsonv2, the same points    nominatim
  /nearest            OSRM /nearest/v1/driving/{lon,lat}, the same points            osrm
  /route              OSRM /route/v1/driving/{a;b}?overview=false: pairs of road     osrm
                      points (random points snapped by geoserve's /nearest)
  /match              OSRM /match/v1/driving/{track}?timestamps=…&overview=false:    osrm
                      tracks of 8–40 points 50 m apart, 5 m noise, 6 s steps, along
                      geoserve's routes of 0.6–3 km between road points

Route, match and nearest targets are sent once to every server first; a target that any of
them refuses is left out for all (the count is reported per server). The peers
(scripts/peers/serve_peers.py) use the same OSM file, the same thread count (one per core) and
the same targets; a peer that cannot be set up is reported as "skipped: <reason>". After each
run the server's RSS (VmRSS, and VmHWM) is read from /proc (summed over its processes;
Nominatim's PostgreSQL is not included). Prints a Markdown table and geoserve/peer ratios, and
writes everything to OUT/serve.json (targets in OUT/targets/, wrk's own output in OUT/wrk/).

--reload instead runs the reload test: 64 connections for 60 s on /api while the index is
rebuilt to a temporary file and renamed over the served one (at 20 s) and SIGHUP is sent (at
40 s); reports failed requests (socket errors and non-2xx: must be none), both reloads as
/healthz and /metrics see them, RSS before, during and after, and old index files still mapped;
writes OUT/reload.json; exits 1 when a request failed or a reload did not happen.

    python3 scripts/bench_serve.py --bin .build/release [--out bench-out/serve] [--reload]

Environment: GEOINDEX_DATA (default ../shared/data; the input is monaco.osm.gz there),
BENCH_SECONDS (10), BENCH_CONNECTIONS ("1 8 64"), BENCH_SEED (42), NO_PEERS=1 to skip the
peers, BENCH_SERVE_CACHE (the peers' venv and prepared data; see serve_peers.py),
BENCH_OSRM_ALGORITHM (mld, or ch).
"""
import argparse
import json
import math
import os
import random
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.parse
import urllib.request
from datetime import datetime, timezone
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts" / "peers"))
import serve_peers  # noqa: E402
sys.path.insert(0, str(ROOT / "scripts"))
import bench_doc  # noqa: E402
from serve_peers import PeerUnavailable, log  # noqa: E402

BOX = (43.72, 43.75, 7.40, 7.44)          # min lat, max lat, min lon, max lon
LUA = ROOT / "scripts" / "bench_serve.lua"
CPUS = os.cpu_count() or 1


# ---------------------------------------------------------------- processes

def free_port():
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def http_get(url, timeout=10):
    """(status, body) of a GET; status 0 when no answer."""
    try:
        with urllib.request.urlopen(url, timeout=timeout) as r:
            return r.status, r.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()
    except (urllib.error.URLError, OSError):
        return 0, b""


class Server:
    """A started server: its process, base URL, log file."""

    def __init__(self, name, version, proc, port, logpath, logfile):
        self.name, self.version, self.proc, self.port = name, version, proc, port
        self.url = f"http://127.0.0.1:{port}"
        self.logpath, self.logfile = logpath, logfile

    def wait_ready(self, path, timeout=60):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                return False
            status, _ = http_get(self.url + path, timeout=2)
            if status:
                return True
            time.sleep(0.1)
        return False

    def pids(self):
        """The server's process and its descendants (uvicorn's workers)."""
        children = {}
        for d in Path("/proc").iterdir():
            if d.name.isdigit():
                try:
                    stat = (d / "stat").read_text()
                    ppid = int(stat[stat.rindex(")") + 2:].split()[1])
                    children.setdefault(ppid, []).append(int(d.name))
                except (OSError, ValueError):
                    pass
        out, todo = [], [self.proc.pid]
        while todo:
            p = todo.pop()
            out.append(p)
            todo += children.get(p, [])
        return out

    def memory(self):
        """{"rss_mb", "hwm_mb", "processes"} summed over the server's processes."""
        rss = hwm = n = 0
        for pid in self.pids():
            try:
                text = Path(f"/proc/{pid}/status").read_text()
            except OSError:
                continue
            n += 1
            for line in text.splitlines():
                if line.startswith("VmRSS:"):
                    rss += int(line.split()[1])
                elif line.startswith("VmHWM:"):
                    hwm += int(line.split()[1])
        return {"rss_mb": round(rss / 1024, 1), "hwm_mb": round(hwm / 1024, 1), "processes": n}

    def stop(self, timeout=20):
        """SIGTERM, wait; SIGKILL to its process group if it does not go. (exit status, seconds)."""
        t0 = time.monotonic()
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGTERM)
            try:
                self.proc.wait(timeout)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        self.logfile.close()
        return self.proc.returncode, round(time.monotonic() - t0, 2)


def start_server(name, version, start, ready_path, logdir, attempts=3):
    """start(port, logfile) -> Popen; retried on another port when the process dies at once."""
    reason = ""
    for _ in range(attempts):
        port = free_port()
        logpath = logdir / f"{name}.log"
        logfile = open(logpath, "w")
        proc = start(port, logfile)
        s = Server(name, version, proc, port, logpath, logfile)
        if s.wait_ready(ready_path):
            return s
        s.stop(timeout=5)
        reason = serve_peers.tail(logpath, 3) or f"no answer on port {port}"
    raise PeerUnavailable(f"{name} did not start: {reason}")


# ---------------------------------------------------------------- requests

def landmarks(geoindex, index):
    out = subprocess.run([geoindex, "export", index], capture_output=True, text=True, check=True).stdout
    return [json.loads(line) for line in out.splitlines() if line.strip()]


def name_queries(marks, rng, n_names=60, max_prefix=14):
    """(prefixes as typed, full names) from the index's names: the most important half, the rest at random."""
    seen, named = set(), []
    for m in sorted(marks, key=lambda m: -(m.get("importance") or 0)):
        name = (m.get("name") or "").strip()
        if name and name.lower() not in seen and not name.isdigit():
            seen.add(name.lower())
            named.append(name)
    top, rest = named[: n_names // 2], named[n_names // 2:]
    chosen = top + rng.sample(rest, min(len(rest), n_names - len(top)))
    prefixes = []
    for name in chosen:
        typed = name.lower()
        for k in range(1, min(len(typed), max_prefix) + 1):
            p = typed[:k]
            if not p.endswith(" ") and p not in prefixes:
                prefixes.append(p)
        if typed not in prefixes:
            prefixes.append(typed)
    rng.shuffle(prefixes)
    full = list(chosen)
    rng.shuffle(full)
    return prefixes, full


def random_point(rng):
    return round(rng.uniform(BOX[0], BOX[1]), 6), round(rng.uniform(BOX[2], BOX[3]), 6)


def q(s):
    return urllib.parse.quote(s, safe="")


def metres(a, b):
    """Equirectangular distance between (lat, lon) points, metres."""
    la = math.radians((a[0] + b[0]) / 2)
    return 6_371_000 * math.hypot(math.radians(b[0] - a[0]), math.radians(b[1] - a[1]) * math.cos(la))


def resample(line, step):
    """Points every `step` metres along a [(lat, lon)] line."""
    out, carry = [line[0]], 0.0
    for a, b in zip(line, line[1:]):
        d = metres(a, b)
        pos = step - carry
        while pos <= d:
            t = pos / d
            out.append((a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t))
            pos += step
        carry = (carry + d) % step if d > 0 else carry
    return out


def jitter(p, sigma_m, rng):
    dlat = rng.gauss(0, sigma_m) / 111_320
    dlon = rng.gauss(0, sigma_m) / (111_320 * math.cos(math.radians(p[0])))
    return (p[0] + dlat, p[1] + dlon)


def coords(points):
    return ";".join(f"{lon:.6f},{lat:.6f}" for lat, lon in points)


def make_targets(geoindex, index, base_url, rng):
    """{endpoint: [targets]} and notes. base_url is geoserve's (road points and track routes)."""
    prefixes, full = name_queries(landmarks(geoindex, index), rng)
    points = [random_point(rng) for _ in range(400)]
    t = {
        "/api prefixes": [f"/api?q={q(p)}&lat={lat}&lon={lon}&limit=10" for p, (lat, lon) in
                       zip(prefixes, (random_point(rng) for _ in prefixes))],
        "/search prefixes": [f"/search?q={q(p)}&format=jsonv2&limit=10" for p in prefixes],
        "/search full names": [f"/search?q={q(n)}&format=jsonv2&limit=10" for n in full],
        "/reverse photon": [f"/reverse?lat={lat}&lon={lon}" for lat, lon in points],
        "/reverse jsonv2": [f"/reverse?lat={lat}&lon={lon}&format=jsonv2" for lat, lon in points],
        "/nearest": [f"/nearest/v1/driving/{lon},{lat}" for lat, lon in points],
    }
    # Road points: random points snapped by geoserve.
    road = []
    for lat, lon in points[:200]:
        status, body = http_get(f"{base_url}/nearest/v1/driving/{lon},{lat}")
        if status == 200:
            loc = json.loads(body)["waypoints"][0]["location"]
            road.append((loc[1], loc[0]))
    pairs, tries = [], 0
    while len(pairs) < 300 and len(road) >= 2 and tries < 100_000:
        tries += 1
        a, b = rng.sample(road, 2)
        if metres(a, b) >= 300 and (a, b) not in pairs:
            pairs.append((a, b))
    t["/route"] = [f"/route/v1/driving/{coords([a, b])}?overview=false" for a, b in pairs]
    tracks = []
    for a, b in pairs:
        if len(tracks) >= 120:
            break
        status, body = http_get(f"{base_url}/route/v1/driving/{coords([a, b])}?overview=full&geometries=geojson")
        if status != 200:
            continue
        route = json.loads(body)["routes"][0]
        if not 600 <= route["distance"] <= 3000:
            continue
        line = [(c[1], c[0]) for c in route["geometry"]["coordinates"]]
        pts = [jitter(p, 5, rng) for p in resample(line, 50)][:40]
        if len(pts) >= 8:
            stamps = ";".join(str(1_700_000_000 + 6 * i) for i in range(len(pts)))
            tracks.append(f"/match/v1/driving/{coords(pts)}?timestamps={stamps}&overview=false")
    t["/match"] = tracks
    return t


def osrm_ok(status, body):
    if status != 200:
        return False
    try:
        return json.loads(body).get("code") == "Ok"
    except ValueError:
        return False


def validate(targets, servers):
    """Keeps the OSRM-API targets every server answers with 200 and code Ok; counts the refusals."""
    refused = {}
    for endpoint in ("/nearest", "/route", "/match"):
        kept = []
        for target in targets[endpoint]:
            ok = True
            for s in servers:
                if endpoint not in s.endpoints:
                    continue
                status, body = http_get(s.url + target, timeout=30)
                if status and not osrm_ok(status, body):      # no answer at all: a broken server, not a refusal
                    ok = False
                    code = status
                    try:
                        code = f"{status} {json.loads(body).get('code')}"
                    except ValueError:
                        pass
                    r = refused.setdefault(endpoint, {}).setdefault(s.name, {})
                    r[str(code)] = r.get(str(code), 0) + 1
            if ok:
                kept.append(target)
        targets[endpoint] = kept
    return refused


def hit_rate(server, targets, n=100):
    """Share of the first n search targets that find something (a quality hint, not timed)."""
    hits = 0
    sample = targets[:n]
    for target in sample:
        status, body = http_get(server.url + target, timeout=30)
        try:
            data = json.loads(body) if status == 200 else None
        except ValueError:
            data = None
        if isinstance(data, list) and data:
            hits += 1
        elif isinstance(data, dict) and data.get("features"):
            hits += 1
    return round(hits / len(sample), 3) if sample else None


# ---------------------------------------------------------------- wrk

def wrk(url, targets_file, connections, seconds, raw_out=None):
    threads = max(1, min(connections, CPUS))
    cmd = ["wrk", "-c", str(connections), "-t", str(threads), "-d", f"{seconds}s", "--timeout", "10s", "--latency",
           "-s", str(LUA), url, "--", str(targets_file)]
    r = subprocess.run(cmd, capture_output=True, text=True, timeout=seconds + 60)
    if raw_out:
        Path(raw_out).write_text(f"$ {' '.join(cmd)}\n{r.stdout}{r.stderr}")
    m = re.search(r"^WRK_JSON (.*)$", r.stdout, re.M)
    if r.returncode != 0 or not m:
        raise RuntimeError(f"wrk failed (exit {r.returncode}): {r.stderr.strip()[-300:]}")
    d = json.loads(m.group(1))
    e = d["errors"]
    secs = d["duration_us"] / 1e6
    return {"requests": d["requests"], "seconds": round(secs, 2),
            "req_per_s": round(d["requests"] / secs, 1) if secs else 0,
            "p50_ms": d["latency_us"]["p50"] / 1000, "p90_ms": d["latency_us"]["p90"] / 1000,
            "p99_ms": d["latency_us"]["p99"] / 1000, "max_ms": d["latency_us"]["max"] / 1000,
            "socket_errors": e["connect"] + e["read"] + e["write"] + e["timeout"],
            "socket_error_kinds": {k: e[k] for k in ("connect", "read", "write", "timeout") if e[k]},
            "non2xx": e["status"], "mb_read": round(d["bytes"] / 1e6, 1)}


# ---------------------------------------------------------------- report

def fmt_ms(v):
    return f"{v:.2f}" if v < 10 else f"{v:.1f}" if v < 100 else f"{v:.0f}"


def table(runs):
    lines = ["| endpoint | server | connections | req/s | p50 ms | p99 ms | errors (socket/non-2xx) | RSS MB (peak) |",
             "|---|---|---:|---:|---:|---:|---:|---:|"]
    for r in runs:
        lines.append(f"| {r['endpoint']} | {r['server']} | {r['connections']} | {r['req_per_s']:,.0f} | {fmt_ms(r['p50_ms'])} | "
                     f"{fmt_ms(r['p99_ms'])} | {r['socket_errors']}/{r['non2xx']} | {r['rss_mb']:.1f} ({r['hwm_mb']:.1f}) |")
    return "\n".join(lines)


def ratios(runs):
    ours = {(r["endpoint"], r["connections"]): r for r in runs if r["server"] == "geoserve"}
    out = []
    for r in runs:
        g = ours.get((r["endpoint"], r["connections"]))
        if r["server"] == "geoserve" or not g:
            continue
        out.append({"endpoint": r["endpoint"], "peer": r["server"], "connections": r["connections"],
                    "req_per_s": round(g["req_per_s"] / r["req_per_s"], 2) if r["req_per_s"] else None,
                    "p50": round(g["p50_ms"] / r["p50_ms"], 3) if r["p50_ms"] else None,
                    "p99": round(g["p99_ms"] / r["p99_ms"], 3) if r["p99_ms"] else None,
                    "rss": round(g["rss_mb"] / r["rss_mb"], 2) if r["rss_mb"] else None})
    return out


PEER_LABEL = {"osrm": "OSRM", "nominatim": "Nominatim"}


def docs_table(runs):
    """docs/BENCHMARKS.md's table: at 8 connections (else the most measured), each endpoint's
    geoserve req/s and p50 beside its peer's, and the ratio of req/s."""
    counts = sorted({r["connections"] for r in runs})
    if not counts:
        return None, []
    conns = 8 if 8 in counts else counts[-1]
    at = [r for r in runs if r["connections"] == conns]
    rows = []
    for g in (r for r in at if r["server"] == "geoserve"):
        peer = next((r for r in at if r["endpoint"] == g["endpoint"] and r["server"] != "geoserve"), None)
        cell = lambda r: f"{bench_doc.thousands(r['req_per_s'])} req/s, {fmt_ms(r['p50_ms'])} ms"
        if peer:
            ratio = g["req_per_s"] / peer["req_per_s"] if peer["req_per_s"] else None
            rows.append([g["endpoint"], cell(g), f"{PEER_LABEL.get(peer['server'], peer['server'])} {cell(peer)}",
                         "" if ratio is None else (f"{ratio:.0f}×" if ratio >= 10 else f"{ratio:.2g}×")])
        else:
            rows.append([g["endpoint"], cell(g), "—", ""])
    return conns, rows


def ratio_table(rs):
    lines = ["| endpoint | peer | connections | req/s geoserve/peer | p50 geoserve/peer | p99 geoserve/peer "
             "| RSS geoserve/peer |",
             "|---|---|---:|---:|---:|---:|---:|"]
    for r in rs:
        lines.append(f"| {r['endpoint']} | {r['peer']} | {r['connections']} | {r['req_per_s']}x | {r['p50']}x "
                     f"| {r['p99']}x | {r['rss']}x |")
    return "\n".join(lines)


def loadavg():
    return [round(x, 2) for x in os.getloadavg()]


def slug(endpoint):
    return re.sub(r"[^a-z0-9]+", "-", endpoint.lower()).strip("-")


def write_targets(targets, d):
    d.mkdir(parents=True, exist_ok=True)
    files = {}
    for endpoint, items in targets.items():
        f = d / (slug(endpoint) + ".txt")
        f.write_text("\n".join(items) + "\n")
        files[endpoint] = f
    return files


# ---------------------------------------------------------------- modes

ENDPOINTS = ["/api prefixes", "/search prefixes", "/search full names", "/reverse photon", "/reverse jsonv2",
             "/nearest", "/route", "/match"]
PEER_ENDPOINTS = {"nominatim": {"/search prefixes", "/search full names", "/reverse jsonv2"},
                  "osrm": {"/nearest", "/route", "/match"}}


def start_geoserve(args, index, logdir):
    geoserve = str(Path(args.bin) / "geoserve")

    def start(port, logfile):
        return subprocess.Popen([geoserve, "-i", str(index), "--listen", f"127.0.0.1:{port}", "--threads", str(CPUS), "--quiet"],
                                stdout=logfile, stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL, start_new_session=True)
    version = subprocess.run([geoserve, "--version"], capture_output=True, text=True).stdout.strip()
    s = start_server("geoserve", version, start, "/healthz", logdir)
    s.endpoints = set(ENDPOINTS)
    return s


def start_peers(args, osm, logdir, info):
    """The peers that could be started; info[name] gets their setup or the reason they were skipped."""
    if args.no_peers:
        for name in ("osrm", "nominatim"):
            info[name] = {"skipped": "NO_PEERS is set"}
        return [], []
    cache = serve_peers.cache_dir()
    try:
        py = serve_peers.ensure_venv(cache)
    except (PeerUnavailable, OSError, subprocess.SubprocessError) as e:
        for name in ("osrm", "nominatim"):
            info[name] = {"skipped": str(e)}
        return [], []
    servers, cleanups = [], []
    for cls in (serve_peers.OSRMPeer, serve_peers.NominatimPeer):
        name = cls.name
        peer = None
        try:
            peer = cls(py, cache, osm, CPUS)
            if hasattr(peer, "cleanup"):
                cleanups.append(peer.cleanup)
            if hasattr(peer, "ensure_system"):
                peer.ensure_system()
            t0 = time.perf_counter()
            peer.prepare()
            s = start_server(name, peer.version, peer.start, peer.ready_path, logdir)
            s.endpoints = PEER_ENDPOINTS[name]
            servers.append(s)
            info[name] = {"version": peer.version, "command": " ".join(peer.command(s.port)), "prepare": peer.prep,
                          "prepare_wall_seconds": round(time.perf_counter() - t0, 1), "cache": str(peer.dir)}
            log(f"{name} ready on {s.url} ({'cached data' if peer.prep.get('cached') else 'prepared now'})")
        except (PeerUnavailable, OSError, subprocess.SubprocessError) as e:
            info[name] = {"skipped": str(e)}
            log(f"{name} skipped: {e}")
    return servers, cleanups


def run_endpoint(s, endpoint, targets_file, args, out, runs):
    """A warm-up, then one wrk run per connection count; the results appended to runs."""
    wrk(s.url, targets_file, 8, 2)        # warm-up, not reported
    for c in args.connections:
        stem = f"{slug(endpoint)}.{s.name}.c{c}"
        r = wrk(s.url, targets_file, c, args.seconds, out / "wrk" / f"{stem}.txt")
        alive = s.proc.poll() is None
        r.update(endpoint=endpoint, server=s.name, connections=c, alive=alive, **s.memory())
        runs.append(r)
        log(f"{endpoint:18} {s.name:9} c={c:<3} {r['req_per_s']:>9,.0f} req/s  p50 {fmt_ms(r['p50_ms'])} ms  "
            f"p99 {fmt_ms(r['p99_ms'])} ms  errors {r['socket_errors']}/{r['non2xx']}  RSS {r['rss_mb']} MB")
        if not alive:
            raise RuntimeError(f"{s.name} exited during {stem} (exit {s.proc.returncode}); see {s.logpath}")


def bench(args, osm, out, tmp):
    index = tmp / "monaco.geoidx"
    subprocess.run([str(Path(args.bin) / "geoindex"), "build", str(osm), "-o", str(index), "--quiet"], check=True)
    logdir = out / "logs"
    logdir.mkdir(parents=True, exist_ok=True)
    info = {}
    load_start = loadavg()
    geoserve = start_geoserve(args, index, logdir)
    info["geoserve"] = {"version": geoserve.version, "command": f"geoserve -i monaco.geoidx --listen 127.0.0.1:{geoserve.port} "
                        f"--threads {CPUS} --quiet", "rss_idle_mb": geoserve.memory()["rss_mb"]}
    servers = [geoserve]
    cleanups = []
    try:
        peers, cleanups = start_peers(args, osm, logdir, info)
        servers += peers
        rng = random.Random(args.seed)
        targets = make_targets(str(Path(args.bin) / "geoindex"), str(index), geoserve.url, rng)
        refused = validate(targets, servers)
        files = write_targets(targets, out / "targets")
        counts = {k: len(v) for k, v in targets.items()}
        log("targets: " + ", ".join(f"{k} {n}" for k, n in counts.items()))
        if refused:
            log(f"left out (refused by a server): {json.dumps(refused)}")
        hits = {s.name: {e: hit_rate(s, targets[e]) for e in ("/search prefixes", "/search full names") if e in s.endpoints}
                for s in servers if s.endpoints & {"/search prefixes", "/search full names"}}
        (out / "wrk").mkdir(exist_ok=True)
        for stale in (out / "wrk").glob("*.c*.txt"):
            stale.unlink()
        runs = []
        total = sum(len(args.connections) for s in servers for e in ENDPOINTS if e in s.endpoints)
        eta = total * (args.seconds + 1) + len(servers) * 8 * 2
        log(f"{total} runs of {args.seconds} s (about {eta // 60} min {eta % 60} s)")
        for endpoint in ENDPOINTS:
            if not targets[endpoint]:
                log(f"{endpoint}: no targets, skipped")
                continue
            for s in servers:
                if endpoint not in s.endpoints or "failed" in info[s.name]:
                    continue
                try:
                    run_endpoint(s, endpoint, files[endpoint], args, out, runs)
                except (RuntimeError, subprocess.SubprocessError) as e:
                    if s is geoserve:
                        raise
                    info[s.name]["failed"] = str(e)       # a peer that breaks is left out from here on
                    log(f"{s.name} left out: {e}")
    finally:
        stops = {}
        for s in servers:
            code, secs = s.stop()
            stops[s.name] = {"exit": code, "seconds": secs}
        for c in cleanups:
            c()
    info["geoserve"]["sigterm"] = stops["geoserve"]
    rs = ratios(runs)
    result = {"generated": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"), "input": osm.name,
              "cpus": CPUS, "loadavg_start": load_start, "loadavg_end": loadavg(), "seconds": args.seconds,
              "connections": args.connections, "seed": args.seed, "servers": info, "targets": counts,
              "left_out": refused, "search_hit_rate": hits, "runs": runs, "ratios": rs}
    (out / "serve.json").write_text(json.dumps(result, indent=1, ensure_ascii=False) + "\n")

    print(f"## geoserve under load: {osm.name}, {args.seconds} s per run, wrk on the same {CPUS} cores, seed {args.seed}\n")
    for name in ("geoserve", "osrm", "nominatim"):
        i = info.get(name, {})
        print(f"- {name}: {'skipped: ' + i['skipped'] if 'skipped' in i else i.get('version')}"
              + (f" (left out after a failure: {i['failed']})" if "failed" in i else ""))
    print(f"- targets: {', '.join(f'{k} {n}' for k, n in counts.items())}")
    if refused:
        print(f"- left out because a server refused them: {json.dumps(refused)}")
    if hits:
        print(f"- share of search targets with results: {json.dumps(hits)}")
    print(f"- load average before/after: {load_start} / {result['loadavg_end']}"
          + (" (other work was running: the figures are noisy)" if load_start[0] > 1 else ""))
    print(f"- geoserve SIGTERM: exit {stops['geoserve']['exit']} after {stops['geoserve']['seconds']} s\n")
    print(table(runs))
    if any(r["server"] == "osrm" and r["socket_error_kinds"].get("read") for r in runs):
        print("\nosrm-routed closes a keep-alive connection after 512 requests (osrm-backend's server); wrk counts each "
              "close as a read error and reconnects.")
    if rs:
        print("\nRatios in the same run (req/s above 1: geoserve serves more; latency and RSS below 1: geoserve is lower)\n")
        print(ratio_table(rs))
    print(f"\nJSON: {out / 'serve.json'}")
    conns, rows = docs_table(runs)
    if rows:
        bench_doc.write_table("serve", "make bench-serve", ["endpoint", "geoserve", "peer", "ratio"], rows,
                              notes=[f"(requests per second and p50 at {conns} connections)"])
    bad = [r for r in runs if r["server"] == "geoserve" and (r["socket_errors"] or r["non2xx"])]
    if stops["geoserve"]["exit"] != 0:
        print(f"geoserve did not exit 0 on SIGTERM (exit {stops['geoserve']['exit']})")
    if bad:
        print(f"geoserve had errors in {len(bad)} run(s)")
    return 0


def healthz_loaded(url):
    status, body = http_get(url + "/healthz", timeout=5)
    try:
        return json.loads(body).get("loaded_at") if status == 200 else None
    except ValueError:
        return None


def reloads_metric(url):
    status, body = http_get(url + "/metrics", timeout=5)
    m = dict(re.findall(r'geoserve_reloads_total\{outcome="(\w+)"\} (\d+)', body.decode(errors="replace")))
    return {k: int(v) for k, v in m.items()}


def mapped_indexes(pid):
    """Index files mapped by the process: {path: deleted?}."""
    out = {}
    try:
        for line in Path(f"/proc/{pid}/maps").read_text().splitlines():
            parts = line.split(None, 5)
            if len(parts) == 6 and ".geoidx" in parts[5]:
                path = parts[5].strip()
                out[path.replace(" (deleted)", "")] = path.endswith("(deleted)")
    except OSError:
        pass
    return out


def reload_test(args, osm, out, tmp):
    duration, conns = args.reload_seconds, 64
    geoindex = str(Path(args.bin) / "geoindex")
    index = tmp / "monaco.geoidx"
    subprocess.run([geoindex, "build", str(osm), "-o", str(index), "--quiet"], check=True)
    logdir = out / "logs"
    logdir.mkdir(parents=True, exist_ok=True)
    s = start_geoserve(args, index, logdir)
    rng = random.Random(args.seed)
    prefixes, _ = name_queries(landmarks(geoindex, str(index)), rng)
    files = write_targets({"reload api": [f"/api?q={q(p)}&lat={lat}&lon={lon}&limit=10"
                                          for p, (lat, lon) in zip(prefixes, (random_point(rng) for _ in prefixes))]},
                          out / "targets")
    events, samples = [], []
    before = dict(s.memory(), fds=len(os.listdir(f"/proc/{s.proc.pid}/fd")))
    loaded0 = healthz_loaded(s.url)
    log(f"reload test: {conns} connections for {duration} s on /api; "
        f"rename at {duration // 3} s, SIGHUP at {2 * duration // 3} s")
    raw = out / "wrk" / "reload.txt"
    raw.parent.mkdir(exist_ok=True)
    threads = max(1, min(conns, CPUS))
    cmd = ["wrk", "-c", str(conns), "-t", str(threads), "-d", f"{duration}s", "--timeout", "10s", "--latency",
           "-s", str(LUA), s.url, "--", str(files["reload api"])]
    t0 = time.monotonic()
    w = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)

    def wait_change(old, why, timeout=15):
        start = time.monotonic()
        while time.monotonic() - start < timeout:
            now = healthz_loaded(s.url)
            if now and now != old:
                events.append({"event": why, "reloaded_after_s": round(time.monotonic() - start, 2), "loaded_at": now})
                return now
            time.sleep(0.2)
        events.append({"event": why, "reloaded_after_s": None})
        return old

    loaded = loaded0
    step = 0
    while w.poll() is None:
        el = time.monotonic() - t0
        samples.append({"t": round(el, 1), **s.memory()})
        if step == 0 and el >= duration / 3:
            step = 1
            nxt = tmp / "monaco.next.geoidx"
            b0 = time.monotonic()
            subprocess.run([geoindex, "build", str(osm), "-o", str(nxt), "--quiet"], check=True)
            os.replace(nxt, index)
            log(f"  {el:.0f} s: rebuilt ({time.monotonic() - b0:.2f} s) and renamed over the served index")
            loaded = wait_change(loaded, "rename over the served file")
        elif step == 1 and el >= 2 * duration / 3:
            step = 2
            s.proc.send_signal(signal.SIGHUP)
            log(f"  {el:.0f} s: SIGHUP")
            loaded = wait_change(loaded, "SIGHUP")
        time.sleep(1)
    stdout, stderr = w.communicate()
    raw.write_text(f"$ {' '.join(cmd)}\n{stdout}{stderr}")
    m = re.search(r"^WRK_JSON (.*)$", stdout, re.M)
    if not m:
        raise RuntimeError(f"wrk failed: {stderr.strip()[-300:]}")
    d = json.loads(m.group(1))
    e = d["errors"]
    metrics = reloads_metric(s.url)
    time.sleep(1)
    after = dict(s.memory(), fds=len(os.listdir(f"/proc/{s.proc.pid}/fd")))
    maps = mapped_indexes(s.proc.pid)
    alive = s.proc.poll() is None
    code, secs = s.stop()
    failed = e["connect"] + e["read"] + e["write"] + e["timeout"] + e["status"]
    secs_run = d["duration_us"] / 1e6
    result = {"generated": datetime.now(timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"), "input": osm.name, "cpus": CPUS,
              "connections": conns, "seconds": round(secs_run, 1), "requests": d["requests"],
              "req_per_s": round(d["requests"] / secs_run, 1), "p50_ms": d["latency_us"]["p50"] / 1000,
              "p99_ms": d["latency_us"]["p99"] / 1000, "max_ms": d["latency_us"]["max"] / 1000,
              "errors": e, "failed_requests": failed, "events": events, "reloads_metric": metrics,
              "memory_before": before, "memory_after": after, "rss_max_mb": max((x["rss_mb"] for x in samples), default=None),
              "rss_samples": samples, "mapped_index_files_after": maps, "alive_until_stop": alive,
              "sigterm": {"exit": code, "seconds": secs}}
    (out / "reload.json").write_text(json.dumps(result, indent=1) + "\n")
    reloaded = all(ev.get("reloaded_after_s") is not None for ev in events) and len(events) == 2
    stale = [p for p, deleted in maps.items() if deleted]
    print(f"## geoserve reload under load: {osm.name}, {conns} connections, {result['seconds']} s on /api\n")
    print("| requests | req/s | p50 ms | p99 ms | max ms | failed (socket/non-2xx) | RSS MB before → max → after "
          "| fds before → after |")
    print("|---:|---:|---:|---:|---:|---:|---|---|")
    print(f"| {d['requests']:,} | {result['req_per_s']:,.0f} | {fmt_ms(result['p50_ms'])} | {fmt_ms(result['p99_ms'])} | "
          f"{fmt_ms(result['max_ms'])} | {e['connect'] + e['read'] + e['write'] + e['timeout']}/{e['status']} | "
          f"{before['rss_mb']} → {result['rss_max_mb']} → {after['rss_mb']} | {before['fds']} → {after['fds']} |\n")
    for ev in events:
        print(f"- {ev['event']}: " + (f"reopened after {ev['reloaded_after_s']} s (loaded_at {ev['loaded_at']})"
                                     if ev.get("reloaded_after_s") is not None else "NOT reopened within 15 s"))
    print(f"- /metrics geoserve_reloads_total: {metrics}")
    print(f"- index files mapped after the test: {len(maps)} ({len(stale)} replaced ones still mapped)")
    print(f"- SIGTERM: exit {code} after {secs} s")
    print(f"\nJSON: {out / 'reload.json'}")
    ok = failed == 0 and reloaded and alive and code == 0
    print("reload test: " + ("passed" if ok else "FAILED"))
    return 0 if ok else 1


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--bin", required=True, help="directory with the release geoserve and geoindex")
    ap.add_argument("--out", default=str(ROOT / "bench-out" / "serve"))
    ap.add_argument("--data", default=os.environ.get("GEOINDEX_DATA", str(ROOT.parent / "shared" / "data")))
    ap.add_argument("--seconds", type=int, default=int(os.environ.get("BENCH_SECONDS", "10")))
    ap.add_argument("--connections", type=int, nargs="+",
                    default=[int(c) for c in os.environ.get("BENCH_CONNECTIONS", "1 8 64").split()])
    ap.add_argument("--seed", type=int, default=int(os.environ.get("BENCH_SEED", "42")))
    ap.add_argument("--no-peers", action="store_true", default=bool(os.environ.get("NO_PEERS")))
    ap.add_argument("--reload", action="store_true", help="the 60 s reload test instead of the benchmark")
    ap.add_argument("--reload-seconds", type=int, default=60)
    args = ap.parse_args()

    osm = Path(args.data) / "monaco.osm.gz"
    if not osm.is_file():
        print(f"bench-serve skipped: {osm} not found (set GEOINDEX_DATA)")
        return 0
    for tool in ("geoserve", "geoindex"):
        if not os.access(Path(args.bin) / tool, os.X_OK):
            print(f"bench-serve: {Path(args.bin) / tool} not found; build it: "
                  f"swift build -c release --product {tool}", file=sys.stderr)
            return 2
    if not shutil.which("wrk"):
        print("bench-serve: wrk not found; install it: apt-get install -y wrk", file=sys.stderr)
        return 2
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    tmp = Path(tempfile.mkdtemp(prefix="geoindex-bench-serve-"))
    try:
        return reload_test(args, osm, out, tmp) if args.reload else bench(args, osm, out, tmp)
    except PeerUnavailable as e:          # geoserve itself did not start
        print(f"bench-serve: {e}", file=sys.stderr)
        return 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
