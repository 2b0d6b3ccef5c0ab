#!/usr/bin/env python3
"""`make bench-classes`: what people type, in their languages (issue 12), geoquery beside SQLite
FTS5 and Nominatim, success@1/@5 per query class on the real extracts.

Why it exists: the search benchmark draws random prefixes; issue 12 asks instead whether a
category word in one's own language, a Cyrillic name typed in Latin, one or two letters near
where one stands and a famous place without a hint find what a person means, and whether we do
at least as well as the better of the two peers in every class. The queries and what counts as
right: scripts/make_class_queries.py (its header).

For each extract (the five of bench-addresses under GEOINDEX_DATA, default ../shared/data):
the release geoindex builds and exports the index, make_class_queries writes the queries, then
  geoquery   one `geoquery --batch` process ({"id", "q", "near", "limit": 5}), after one warm-up
             line (the first query again, not counted); latency: took_ms
  fts5       scripts/peers/fts5_search.py on the export (names, a prefix on the last word, ordered
             by distance with a hint, by bm25 and importance without); latency: its median per query
  nominatim  Nominatim's Python API in process on bench-serve's cached import
             (scripts/bench_addresses.Nominatim, scripts/peers/address_peers.py), with the hint as
             near=; imported offline, so without the OSM wiki's special phrases (category words)
Prints a Markdown table (class x engine, success@1 / success@5, overall; latency p50/p99) to
stdout and OUT/report.md, writes OUT/results.json, OUT/queries.ndjson (all extracts: the input of
`geobench weights`), and geoquery's misses per class in OUT/misses-<class>.ndjson: the query, what
was expected (target and how many answers counted), what came first, and the rank of the first
right answer among 100 (null: not found at all). NO_PEERS=1: geoquery alone. PostgreSQL is
started if it is down and stopped at the end if this run started it.

    python3 scripts/bench_classes.py --bin DIR [--out bench-out/classes] [--n 15] [--seed 42]
Environment: GEOINDEX_DATA, BENCH_CLASSES_N (--n), BENCH_SEED, BENCH_CLASSES_EXTRACTS, NO_PEERS=1.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "scripts"))
sys.path.insert(0, str(ROOT / "scripts" / "peers"))
import bench_addresses as ba  # noqa: E402
import bench_doc  # noqa: E402
import make_class_queries as mcq  # noqa: E402

ENGINES = ["geoquery", "fts5", "nominatim"]
FTS5_PY = ROOT / "scripts" / "peers" / "fts5_search.py"


def log(msg):
    print(f"bench-classes: {msg}", file=sys.stderr, flush=True)


def first_rank(results, accept, k=None):
    for i, osm in enumerate(results[:k] if k else results):
        if osm in accept:
            return i + 1
    return None


def run_geoquery(bindir, osm, work, name, n, seed):
    idx = work / "index.geoidx"
    r = subprocess.run([str(bindir / "geoindex"), "build", str(osm), "-o", str(idx), "--quiet"], capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError(f"geoindex build {osm} failed: {r.stderr.strip()}")
    export = work / "landmarks.ndjson"
    with open(export, "w", encoding="utf-8") as out:
        subprocess.run([str(bindir / "geoindex"), "export", str(idx)], stdout=out, check=True)
    queries = mcq.make(osm, export, name, seed, n)
    ba.write_ndjson(work / "queries.ndjson", queries)
    rows = [dict({"id": q["id"], "q": q["q"], "limit": 5}, **({"near": q["near"]} if "near" in q else {})) for q in queries]
    warm = dict(rows[0], id="warm-up") if rows else None        # the peers warm up too: first touch of the index
    got = ba.geoquery_batch(bindir, idx, ([warm] if warm else []) + rows, work / "geoquery-in.ndjson", work / "geoquery.ndjson")
    answers = {}
    for q in queries:
        d = got.get(q["id"], {})
        res = d.get("results") or []
        answers[q["id"]] = {"results": [x.get("osm") for x in res], "ms": d.get("took_ms"),
                            "detail": [{k: x.get(k) for k in ("osm", "name", "category", "subtitle", "distance_m", "score")}
                                       for x in res]}
    return idx, export, queries, answers


def deep_ranks(bindir, idx, work, queries, answers):
    """Rank (up to 100) of the first right answer of each query geoquery missed in its top 5."""
    missed = [q for q in queries if not first_rank(answers[q["id"]]["results"], q["_accept"], 5)]
    if not missed:
        return {}
    rows = [dict({"id": q["id"], "q": q["q"], "limit": 100}, **({"near": q["near"]} if "near" in q else {})) for q in missed]
    got = ba.geoquery_batch(bindir, idx, rows, work / "geoquery-deep-in.ndjson", work / "geoquery-deep.ndjson")
    return {q["id"]: first_rank([x.get("osm") for x in got.get(q["id"], {}).get("results") or []], q["_accept"])
            for q in missed}


def run_fts5(work, export, queries):
    landmarks = {d["id"]: d["osm"] for d in ba.read_ndjson(export)}
    rows = [dict({"id": q["id"], "q": q["q"], "limit": 5}, **({"near": q["near"]} if "near" in q else {})) for q in queries]
    ba.write_ndjson(work / "fts5-in.ndjson", rows)
    out = work / "fts5.ndjson"
    r = subprocess.run([sys.executable, str(FTS5_PY), "--landmarks", str(export), "--queries", str(work / "fts5-in.ndjson"),
                        "--out", str(out), "--repeat", "3"], capture_output=True, text=True)
    if r.returncode != 0:
        return None, ba.one_line(r.stderr.strip() or f"fts5_search.py exit {r.returncode}")
    return {d["id"]: {"results": [landmarks.get(i) for i in d["results"]], "ms": d["us"] / 1000}
            for d in ba.read_ndjson(out) if not d.get("summary")}, None


def run_nominatim(nominatim, osm, work):
    (work / "reverse.ndjson").write_text("")
    ans, _, summary, why = nominatim.run(osm, work)
    return ans, summary, why


def tally(queries, answers):
    t = defaultdict(lambda: [0, 0, 0])
    for q in queries:
        a = answers.get(q["id"])
        if a is None:
            continue
        r = first_rank(a["results"], q["_accept"], 5)
        for g in (q["class"], "all"):
            t[g][0] += 1
            t[g][1] += r == 1
            t[g][2] += r is not None
    return {g: {"n": n, "at1": round(a / n, 4), "at5": round(b / n, 4)} for g, (n, a, b) in t.items()}


def class_order(classes):
    head = ["category:" + lang for lang in mcq.cw.LANGUAGES] + ["translit", "translit-typo", "prefix1-2+hint", "famous-nohint"]
    return [c for c in head if c in classes] + sorted(c for c in classes if c not in head)


LABEL = {"geoquery": "geoquery", "fts5": "SQLite FTS5", "nominatim": "Nominatim"}


def docs_table(results):
    """docs/BENCHMARKS.md's table: per class, success@5 of each engine (geoquery's @1 in brackets)."""
    engines = [e for e in ENGINES if e in results["success"]]
    classes = class_order({c for e in engines for c in results["success"][e]} - {"all"})
    rows = []
    for c in classes + ["all"]:
        n = next((results["success"][e][c]["n"] for e in engines if c in results["success"][e]), 0)
        cells = []
        for e in engines:
            v = results["success"][e].get(c)
            text = "–" if not v else (f"{v['at5']:.3f} ({v['at1']:.3f})" if e == "geoquery" else f"{v['at5']:.3f}")
            cells.append(f"**{text}**" if c == "all" and e == "geoquery" else text)
        rows.append(["**all**" if c == "all" else c, bench_doc.thousands(n)] + cells)
    return ["class", "queries"] + [LABEL[e] for e in engines], rows


def render(results):
    engines = [e for e in ENGINES if e in results["success"]]
    classes = class_order({c for e in engines for c in results["success"][e]} - {"all"})
    lines = [f"## Query classes (issue 12): success@1 / success@5, {results['queries']} queries over "
             f"{', '.join(results['extracts_run'])}", "",
             "| class | n | " + " | ".join(f"{e} @1 | {e} @5" for e in engines) + " | goal met |",
             "|---|---:|" + "---:|---:|" * len(engines) + "---|"]
    for c in classes + ["all"]:
        cells, at5 = [], {}
        n = next((results["success"][e][c]["n"] for e in engines if c in results["success"][e]), 0)
        for e in engines:
            v = results["success"][e].get(c)
            cells += [f"{v['at1']:.3f}" if v else "–", f"{v['at5']:.3f}" if v else "–"]
            at5[e] = v["at5"] if v else 0
        goal = 0.97 if c == "all" else 0.95
        peers = max((at5[e] for e in engines if e != "geoquery"), default=0)
        ok = at5.get("geoquery", 0) >= goal and at5.get("geoquery", 0) >= peers
        lines.append(f"| {'**all**' if c == 'all' else c} | {n} | " + " | ".join(cells) + f" | {'yes' if ok else 'no'} |")
    lines += ["", "goal met: geoquery success@5 >= 0.95 (overall 0.97) and >= the better peer.", "",
              "| engine | p50 ms | p99 ms | queries |", "|---|---:|---:|---:|"]
    for e in engines:
        lat = results["latency"][e]
        lines.append(f"| {e} | {lat['p50_ms']:.3f} | {lat['p99_ms']:.3f} | {lat['n']} |")
    for e, why in results["status"].items():
        lines.append(f"\n{e}: {why}")
    lines += ["", "geoquery misses (not in the first 5) per class, by where the first right answer came "
              "(rank 6-100, or not found): " + "; ".join(f"{c} {v['ranked_low']}+{v['not_found']}"
                                                        for c, v in results["misses"].items()),
              f"files: {results['out']}/misses-<class>.ndjson, {results['out']}/results.json; {results['seconds']} s"]
    return "\n".join(lines)


def main():
    ap = argparse.ArgumentParser(description="issue-12 query classes: geoquery, SQLite FTS5, Nominatim")
    ap.add_argument("--bin", required=True, help="directory with the release geoindex and geoquery")
    ap.add_argument("--out", default="bench-out/classes")
    ap.add_argument("--data", default=os.environ.get("GEOINDEX_DATA") or str(ROOT.parent / "shared" / "data"))
    ap.add_argument("--extracts", default=os.environ.get("BENCH_CLASSES_EXTRACTS") or ",".join(ba.DEFAULT_EXTRACTS))
    ap.add_argument("--n", type=int, default=int(os.environ.get("BENCH_CLASSES_N") or 15))
    ap.add_argument("--seed", default=os.environ.get("BENCH_SEED") or "42")
    ap.add_argument("--no-peers", action="store_true", default=os.environ.get("NO_PEERS", "") not in ("", "0"))
    a = ap.parse_args()
    t0 = time.perf_counter()
    data, out, bindir = Path(a.data), Path(a.out), Path(a.bin).resolve()
    if not data.is_dir():
        print(f"bench-classes skipped: {data} not found (the real extracts; set GEOINDEX_DATA)")
        return 0
    out.mkdir(parents=True, exist_ok=True)
    for old in out.glob("misses-*.ndjson"):
        old.unlink()
    nominatim = None if a.no_peers else ba.Nominatim()
    status = {"fts5": "skipped: NO_PEERS=1", "nominatim": "skipped: NO_PEERS=1"} if a.no_peers else {}
    if nominatim and nominatim.reason:
        status["nominatim"] = f"skipped: {nominatim.reason}"
    all_q, answers, deep, run = [], {e: {} for e in ENGINES}, {}, []
    try:
        for rel in [x.strip() for x in a.extracts.split(",") if x.strip()]:
            osm, name = data / rel, ba.stem(rel)
            if not osm.exists():
                log(f"{rel}: not found under {data}, left out")
                continue
            work = (out / name).resolve()
            work.mkdir(parents=True, exist_ok=True)
            log(f"{name}: index, queries, geoquery")
            idx, export, queries, gq = run_geoquery(bindir, osm, work, name, a.n, a.seed)
            for q in queries:
                q["_accept"] = set(q["accept"])
            answers["geoquery"].update(gq)
            deep.update(deep_ranks(bindir, idx, work, queries, gq))
            if not a.no_peers:
                log(f"{name}: SQLite FTS5")
                fts, why = run_fts5(work, export, queries)
                if why:
                    status["fts5"] = f"skipped: {why}"
                else:
                    answers["fts5"].update(fts)
                if nominatim and not nominatim.reason:
                    log(f"{name}: Nominatim")
                    nom, _, why = run_nominatim(nominatim, osm, work)
                    if why:
                        status["nominatim"] = f"skipped on {name}: {why}"
                    else:
                        answers["nominatim"].update(nom)
            all_q.extend(queries)
            run.append(name)
    finally:
        if nominatim:
            nominatim.cleanup()
    engines = [e for e in ENGINES if answers[e]]
    results = {"seed": a.seed, "n": a.n, "queries": len(all_q), "extracts_run": run, "status": status, "out": str(out),
               "success": {e: tally(all_q, answers[e]) for e in engines},
               "latency": {e: ba.latency([x.get("ms") for x in answers[e].values()]) for e in engines}, "misses": {}}
    by_class = defaultdict(list)
    for q in all_q:
        a5 = answers["geoquery"][q["id"]]
        if first_rank(a5["results"], q["_accept"], 5):
            continue
        by_class[q["class"]].append({"id": q["id"], "q": q["q"], "near": q.get("near"), "form": q.get("form"),
                                     "expected": {"target": q["target"], "name": q["target_name"], "accepted": len(q["accept"]),
                                                  "target_from_hint_m": round(ba.dist_m(q["near"], q["target_pt"]))
                                                  if q.get("near") else None},
                                     "deep_rank": deep.get(q["id"]), "returned": a5["detail"]})
    for c, rows in by_class.items():
        ba.write_ndjson(out / f"misses-{re.sub(r'[^a-z0-9+-]+', '_', c.lower())}.ndjson", rows)
        results["misses"][c] = {"n": len(rows), "ranked_low": sum(1 for r in rows if r["deep_rank"]),
                                "not_found": sum(1 for r in rows if not r["deep_rank"])}
    ba.write_ndjson(out / "queries.ndjson", [{k: v for k, v in q.items() if k != "_accept"} for q in all_q])
    results["seconds"] = round(time.perf_counter() - t0, 1)
    text = render(results)
    print(text)
    (out / "report.md").write_text(text + "\n", encoding="utf-8")
    header, rows = docs_table(results)
    bench_doc.write_table("classes", "make bench-classes", header, rows)
    (out / "results.json").write_text(json.dumps(results, ensure_ascii=False, indent=1), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
