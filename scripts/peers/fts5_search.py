#!/usr/bin/env python3
# Peer benchmark: as-you-type landmark search with SQLite FTS5 (the Python stdlib sqlite3).
# Loads landmarks NDJSON into an in-memory FTS5 index (prefix='1 2 3', unicode61 with
# remove_diacritics 2), runs every query once as warm-up, then --repeat timed passes, and writes
# one NDJSON line per query plus a summary line.
#
#   python3 scripts/peers/fts5_search.py --landmarks L.ndjson --queries Q.ndjson --out OUT.ndjson [--repeat 3]
#
# Query semantics (kept identical for every query):
#   * the typed text is split into tokens the way unicode61 does (runs of letters/digits); each is
#     quoted ("tok"), the last one is a prefix ("tok"*); tokens are ANDed. No tokens -> no results.
#   * with "near": ORDER BY squared equirectangular distance computed in SQL,
#       (lat-lat0)^2 + ((lon-lon0)*cos(lat0))^2, then LIMIT.
#   * without "near": ORDER BY bm25(fts, 2.0, 1.0) * (1 + importance)  (bm25 is negative, lower is
#     better; name column weighs 2x alt names; importance 0..1 boosts up to 2x), then LIMIT.
#   * "us" = median over the timed passes of: build MATCH string + execute + fetchall, measured
#     with time.perf_counter_ns in process. p50/p99/mean in the summary are over all timed runs.
# Interpreter: the running python's sqlite3 if it has FTS5, else re-exec under .venv-peers' python.
import argparse
import math
import os
import platform
import re
import sqlite3
import statistics
import sys
import time
import unicodedata
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import VENV_PY, dump, read_ndjson  # noqa: E402

TOKEN = re.compile(r"[^\W_]+")
FTS_OPTS = "prefix='1 2 3', tokenize='unicode61 remove_diacritics 2'"


def has_fts5():
    try:
        c = sqlite3.connect(":memory:")
        c.execute(f"CREATE VIRTUAL TABLE t USING fts5(x, {FTS_OPTS})")
        c.close()
        return True
    except sqlite3.Error:
        return False


def ensure_fts5():
    if has_fts5():
        return
    if VENV_PY.exists() and not os.environ.get("PEERS_REEXEC"):
        os.environ["PEERS_REEXEC"] = "1"
        os.execv(str(VENV_PY), [str(VENV_PY), str(Path(sys.argv[0]).resolve())] + sys.argv[1:])
    sys.exit(f"peers unavailable: sqlite3 {sqlite3.sqlite_version} has no FTS5")


def build(landmarks_path):
    db = sqlite3.connect(":memory:")
    db.execute("CREATE TABLE lm(id INTEGER PRIMARY KEY, lat REAL NOT NULL, lon REAL NOT NULL, importance REAL NOT NULL)")
    # contentless: only the index is stored (results are ids, no text is read back)
    db.execute(f"CREATE VIRTUAL TABLE lm_fts USING fts5(name, alt, content='', {FTS_OPTS})")
    n = 0
    t0 = time.perf_counter()
    with db:
        for rec in read_ndjson(landmarks_path):
            lid = int(rec["id"])
            db.execute("INSERT INTO lm VALUES (?,?,?,?)",
                       (lid, float(rec["lat"]), float(rec["lon"]), float(rec.get("importance") or 0.0)))
            db.execute("INSERT INTO lm_fts(rowid, name, alt) VALUES (?,?,?)",
                       (lid, rec.get("name") or "", " ; ".join(rec.get("names") or [])))
            n += 1
    db.execute("INSERT INTO lm_fts(lm_fts) VALUES ('optimize')")
    return db, n, time.perf_counter() - t0


SQL_NEAR = ("SELECT lm.id FROM lm_fts JOIN lm ON lm.id = lm_fts.rowid WHERE lm_fts MATCH :q "
            "ORDER BY (lm.lat - :lat) * (lm.lat - :lat) + (lm.lon - :lon) * (lm.lon - :lon) * :k LIMIT :n")
SQL_RANK = ("SELECT lm.id FROM lm_fts JOIN lm ON lm.id = lm_fts.rowid WHERE lm_fts MATCH :q "
            "ORDER BY bm25(lm_fts, 2.0, 1.0) * (1.0 + lm.importance) LIMIT :n")


def run_query(db, q):
    toks = TOKEN.findall(unicodedata.normalize("NFC", q.get("q") or ""))
    if not toks:
        return []
    expr = " ".join(f'"{t}"' for t in toks) + "*"
    limit = int(q.get("limit") or 10)
    near = q.get("near")
    if near:
        lat0, lon0 = float(near[0]), float(near[1])
        k = math.cos(math.radians(lat0)) ** 2
        args = {"q": expr, "lat": lat0, "lon": lon0, "k": k, "n": limit}
        return [r[0] for r in db.execute(SQL_NEAR, args).fetchall()]
    return [r[0] for r in db.execute(SQL_RANK, {"q": expr, "n": limit}).fetchall()]


def pct(sorted_vals, p):
    """Nearest-rank percentile of an ascending list."""
    if not sorted_vals:
        return None
    return sorted_vals[min(len(sorted_vals) - 1, max(0, math.ceil(p / 100 * len(sorted_vals)) - 1))]


def main():
    ap = argparse.ArgumentParser(description="as-you-type search with SQLite FTS5")
    ap.add_argument("--landmarks", required=True)
    ap.add_argument("--queries", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--repeat", type=int, default=1, help="timed passes over all queries (after 1 warm-up)")
    a = ap.parse_args()
    ensure_fts5()

    db, n_lm, build_s = build(a.landmarks)
    queries = list(read_ndjson(a.queries))
    results = [run_query(db, q) for q in queries]           # warm-up pass (also the results)
    times = [[] for _ in queries]
    for _ in range(max(1, a.repeat)):
        for i, q in enumerate(queries):
            t0 = time.perf_counter_ns()
            run_query(db, q)
            times[i].append(time.perf_counter_ns() - t0)

    all_us = sorted(t / 1000 for ts in times for t in ts)
    Path(a.out).parent.mkdir(parents=True, exist_ok=True)
    with open(a.out, "w", encoding="utf-8") as out:
        for q, res, ts in zip(queries, results, times):
            out.write(dump({"id": q.get("id"), "results": res, "us": round(statistics.median(ts) / 1000, 1)}) + "\n")
        mean = statistics.fmean(all_us) if all_us else None
        summary = {"summary": True, "engine": "sqlite-fts5", "sqlite_version": sqlite3.sqlite_version,
                   "python": platform.python_version(), "landmarks": n_lm, "queries": len(queries),
                   "repeat": max(1, a.repeat), "build_seconds": round(build_s, 3),
                   "p50_us": round(pct(all_us, 50), 1) if all_us else None,
                   "p99_us": round(pct(all_us, 99), 1) if all_us else None,
                   "mean_us": round(mean, 1) if mean else None,
                   "queries_per_second": round(1e6 / mean, 1) if mean else None}
        out.write(dump(summary) + "\n")
    print(dump(summary))


if __name__ == "__main__":
    main()
