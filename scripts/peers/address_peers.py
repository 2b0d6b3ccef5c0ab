#!/usr/bin/env python3
"""Peers of `make bench-addresses` (scripts/bench_addresses.py): address search with SQLite FTS5
and with Nominatim's Python API, in process, on the queries of scripts/make_address_queries.py.
Why it exists: geoquery's address results mean little alone; Nominatim is the reference
geocoder on OSM data and FTS5 the plain full-text baseline, both asked the same questions.

    python3 scripts/peers/address_peers.py fts5 --docs DOCS.ndjson --queries Q.ndjson --out OUT.ndjson [--limit 5] [--repeat 3]
    VENV/bin/python scripts/peers/address_peers.py nominatim --project DIR --queries Q.ndjson \
            [--reverse R.ndjson] --out OUT.ndjson [--limit 5]

Output: one line per query {"id", "results": ["n123", "w45", ... or null], "points": [[lat, lon], ...],
"coarse": [bool, ...], "ms": t} (coarse: a street, place, boundary or postcode, not an address
answer; Nominatim: rank_search < 30); for reverse lines
{"id", "reverse": true, "osm", "housenumber", "streets": [names], "ms"}; then a summary line
{"summary": true, "engine", "version", ...}.

fts5 (stdlib sqlite3, the interpreter's own SQLite; re-executes under .venv-peers when it lacks
FTS5, like fts5_search.py): every object with a name or an address is one row of a contentless
FTS5 table fts5(name, alt, housenumber, street, postcode, city) with fts5_search.py's options
(prefix='1 2 3', unicode61 remove_diacritics 2). A query is tokenised as fts5_search.py does it:
every token quoted, the last one a prefix ("tok"*), all ANDed; ORDER BY bm25 with the name
column weighing 2 (as the search benchmark's name column), the others 1; ties by row order.
No location hint. "ms" = median of --repeat timed runs after one warm-up (MATCH string + execute
+ fetchall).

nominatim (nominatim-api in the peers' venv, the project directory prepared by
serve_peers.NominatimPeer): `NominatimAPI(project).search(q)` as Nominatim's own /search
endpoint calls it for `limit=5` with no other parameter: max_results = limit + min(10, limit),
no layer filter, results localised and deduplicated by nominatim_api.v1.helpers, first `limit`
kept. Reverse: `reverse(Point(lon, lat), max_rank=30, address_details=True)` (= /reverse
zoom=18 with addressdetails). A query with "near": [lat, lon] (the class benchmark's hint) is
asked with `near=Point(lon, lat)` and no radius: Nominatim then orders by closeness, as
/search's viewbox cannot say (a box is no point). "ms" = wall time of that call in process (one warm-up query
first, not counted), so it includes the Python API's own work and the database round trips.
"""
import argparse
import os
import platform
import sqlite3
import statistics
import sys
import time
import unicodedata
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE))
from _common import dump, read_ndjson  # noqa: E402
from fts5_search import FTS_OPTS, TOKEN, has_fts5 as fts5_available  # noqa: E402

# ---------------------------------------------------------------- FTS5

SQL = ("SELECT rowid FROM addr_fts WHERE addr_fts MATCH :q "
       "ORDER BY bm25(addr_fts, 2.0, 1.0, 1.0, 1.0, 1.0, 1.0), rowid LIMIT :n")


def fts5_build(docs_path):
    db = sqlite3.connect(":memory:")
    db.execute(f"CREATE VIRTUAL TABLE addr_fts USING fts5(name, alt, housenumber, street, postcode, city, "
               f"content='', {FTS_OPTS})")
    ids = [None]
    t0 = time.perf_counter()
    with db:
        for d in read_ndjson(docs_path):
            ids.append(d["osm"])
            db.execute("INSERT INTO addr_fts(rowid, name, alt, housenumber, street, postcode, city) VALUES (?,?,?,?,?,?,?)",
                       (len(ids) - 1, d.get("name") or "", " ; ".join(d.get("names") or []), d.get("housenumber") or "",
                        d.get("street") or "", d.get("postcode") or "", d.get("city") or ""))
    db.execute("INSERT INTO addr_fts(addr_fts) VALUES ('optimize')")
    return db, ids, time.perf_counter() - t0


def fts5_query(db, text, limit):
    toks = TOKEN.findall(unicodedata.normalize("NFC", text or ""))
    if not toks:
        return []
    expr = " ".join(f'"{t}"' for t in toks) + "*"
    return [r[0] for r in db.execute(SQL, {"q": expr, "n": limit}).fetchall()]


def run_fts5(a):
    if not fts5_available():
        venv_py = HERE.parents[1] / ".venv-peers" / "bin" / "python"
        if venv_py.exists() and not os.environ.get("PEERS_REEXEC"):
            os.environ["PEERS_REEXEC"] = "1"
            os.execv(str(venv_py), [str(venv_py), str(Path(__file__).resolve())] + sys.argv[1:])
        sys.exit(f"peers unavailable: sqlite3 {sqlite3.sqlite_version} has no FTS5")
    db, ids, build_s = fts5_build(a.docs)
    docs = {d["osm"]: d for d in read_ndjson(a.docs)}
    queries = list(read_ndjson(a.queries))
    results = [fts5_query(db, q["q"], a.limit) for q in queries]      # warm-up pass, also the answers
    times = [[] for _ in queries]
    for _ in range(max(1, a.repeat)):
        for i, q in enumerate(queries):
            t0 = time.perf_counter_ns()
            fts5_query(db, q["q"], a.limit)
            times[i].append((time.perf_counter_ns() - t0) / 1e6)
    with open(a.out, "w", encoding="utf-8") as out:
        for q, res, ts in zip(queries, results, times):
            found = [docs[ids[r]] for r in res]
            out.write(dump({"id": q["id"], "results": [d["osm"] for d in found], "points": [[d["lat"], d["lon"]] for d in found],
                            "coarse": [bool(d.get("coarse")) for d in found], "ms": round(statistics.median(ts), 4)}) + "\n")
        out.write(dump({"summary": True, "engine": "sqlite-fts5", "version": f"SQLite {sqlite3.sqlite_version}",
                        "python": platform.python_version(), "docs": len(ids) - 1, "queries": len(queries),
                        "build_seconds": round(build_s, 3)}) + "\n")


# ---------------------------------------------------------------- Nominatim

def run_nominatim(a):
    import nominatim_api as napi
    from nominatim_api.v1 import helpers
    try:
        from importlib.metadata import version
        ver = version("nominatim-api")
    except Exception:  # noqa: BLE001 - the version is informational
        ver = "?"
    api = napi.NominatimAPI(Path(a.project))
    locales = napi.Locales()
    limit = a.limit
    max_results = limit + min(10, limit)

    def search(text, near=None):
        extra = {"near": napi.Point(near[1], near[0])} if near else {}
        res = api.search(text, max_results=max_results, locales=locales, **extra)
        locales.localize_results(res)
        if len(res) > 1:
            res = helpers.deduplicate_results(res, limit)
        return res[:limit]

    def osm(r):
        return f"{r.osm_object[0].lower()}{r.osm_object[1]}" if r.osm_object else None

    queries = list(read_ndjson(a.queries))
    reverse = list(read_ndjson(a.reverse)) if a.reverse else []
    with open(a.out, "w", encoding="utf-8") as out:
        try:
            if queries:
                search(queries[0]["q"])                                  # warm-up: connection, caches
            search_ms = []
            for q in queries:
                t0 = time.perf_counter()
                try:
                    res, err = search(q["q"], q.get("near")), None
                except Exception as e:  # noqa: BLE001 - one bad query must not end the run
                    res, err = [], f"{type(e).__name__}: {e}"
                ms = (time.perf_counter() - t0) * 1000
                search_ms.append(ms)
                line = {"id": q["id"], "results": [osm(r) for r in res],
                        "points": [[round(r.centroid.lat, 7), round(r.centroid.lon, 7)] for r in res],
                        "coarse": [r.rank_search < 30 for r in res], "ms": round(ms, 3)}
                if err:
                    line["error"] = err
                out.write(dump(line) + "\n")
            if reverse:
                api.reverse(napi.Point(reverse[0]["lon"], reverse[0]["lat"]), max_rank=30, address_details=True)
            for r in reverse:
                t0 = time.perf_counter()
                try:
                    res, err = api.reverse(napi.Point(r["lon"], r["lat"]), max_rank=30, address_details=True), None
                except Exception as e:  # noqa: BLE001
                    res, err = None, f"{type(e).__name__}: {e}"
                ms = (time.perf_counter() - t0) * 1000
                line = {"id": r["id"], "reverse": True, "osm": osm(res) if res else None, "ms": round(ms, 3),
                        "housenumber": None, "streets": []}
                if res:
                    line["housenumber"] = (res.address or {}).get("housenumber") or res.housenumber
                    streets = []
                    for k in ("street", "place"):
                        if (res.address or {}).get(k):
                            streets.append(res.address[k])
                    for row in res.address_rows or []:
                        if row.isaddress and row.rank_address in (26, 27) and row.names:
                            streets.extend(v for k, v in row.names.items() if k == "name" or k.startswith("name:"))
                    line["streets"] = streets
                if err:
                    line["error"] = err
                out.write(dump(line) + "\n")
            out.write(dump({"summary": True, "engine": "nominatim", "version": f"Nominatim {ver} (Python API in process)",
                            "python": platform.python_version(), "queries": len(queries), "reverse": len(reverse),
                            "search_p50_ms": round(statistics.median(search_ms), 3) if search_ms else None}) + "\n")
        finally:
            api.close()


def main():
    ap = argparse.ArgumentParser(description="address-search peers: SQLite FTS5 and Nominatim, in process")
    sub = ap.add_subparsers(dest="engine", required=True)
    f = sub.add_parser("fts5")
    f.add_argument("--docs", required=True)
    f.add_argument("--queries", required=True)
    f.add_argument("--out", required=True)
    f.add_argument("--limit", type=int, default=5)
    f.add_argument("--repeat", type=int, default=3)
    n = sub.add_parser("nominatim")
    n.add_argument("--project", required=True)
    n.add_argument("--queries", required=True)
    n.add_argument("--reverse")
    n.add_argument("--out", required=True)
    n.add_argument("--limit", type=int, default=5)
    a = ap.parse_args()
    if a.engine == "fts5":
        run_fts5(a)
    else:
        run_nominatim(a)


if __name__ == "__main__":
    main()
