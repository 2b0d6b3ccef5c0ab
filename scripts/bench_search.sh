#!/usr/bin/env bash
# `make bench-search`: in-process search latency on a seeded as-you-type query set over the
# largest real extract, queries/s through `geoquery --batch`, and the same queries through
# SQLite FTS5 (scripts/peers/fts5_search.py: prefix index, distance ORDER BY) in the same run,
# plus the share of queries that find what was typed for (scripts/search_quality.py).
#
# Environment: GEOINDEX_DATA (default ../shared/data), BENCH_QUERIES (2000), BENCH_SEED (7).
set -euo pipefail
cd "$(dirname "$0")/.."
DATA=${GEOINDEX_DATA:-../shared/data}
OUT=bench-out/search
N=${BENCH_QUERIES:-2000}
SEED=${BENCH_SEED:-7}
SRC="$DATA/osrm/monaco.osm.gz"
if [ ! -f "$SRC" ]; then echo "bench-search skipped: $SRC not found"; exit 0; fi
mkdir -p "$OUT"
SCRATCH=${SWIFT_SCRATCH_PATH:-.build}
for p in geoindex geoquery geobench; do swift build -c release --scratch-path "$SCRATCH" --product $p >&2; done
BIN="$SCRATCH/release"
"$BIN/geoindex" build "$SRC" -o "$OUT/monaco.geoidx" --quiet
"$BIN/geoindex" export "$OUT/monaco.geoidx" > "$OUT/landmarks.ndjson"
python3 scripts/make_search_queries.py --landmarks "$OUT/landmarks.ndjson" --out "$OUT/queries.ndjson" --n "$N" --seed "$SEED"
ours=$("$BIN/geobench" search --index "$OUT/monaco.geoidx" --queries "$OUT/queries.ndjson" --repeat 5 --out "$OUT/geoindex.ndjson")
start=$(date +%s.%N)
"$BIN/geoquery" --batch "$OUT/queries.ndjson" -i "$OUT/monaco.geoidx" > "$OUT/batch.ndjson"
end=$(date +%s.%N)
fts=$(python3 scripts/peers/fts5_search.py --landmarks "$OUT/landmarks.ndjson" --queries "$OUT/queries.ndjson" \
      --out "$OUT/fts5.ndjson" --repeat 5 | tail -1)
python3 - "$ours" "$fts" "$start" "$end" "$N" <<'PY'
import json, sys
sys.path.insert(0, "scripts")
import bench_doc
ours, fts = json.loads(sys.argv[1]), json.loads(sys.argv[2])
batch_s = float(sys.argv[4]) - float(sys.argv[3])
n = int(sys.argv[5])
print(f"Search: {n} seeded as-you-type queries (1-6 letter prefixes of real names, two-word and one-typo queries,")
print(f"half with a location hint) over {ours['landmarks']:,} landmarks of osrm/monaco, in process, median of 5 passes")
print(f"{'engine':12} {'p50 µs':>8} {'p99 µs':>8} {'mean µs':>8} {'queries/s':>10}")
print(f"{'geoindex':12} {ours['p50_us']:8.1f} {ours['p99_us']:8.1f} {ours['mean_us']:8.1f} {ours['queries_per_second']:10,.0f}")
print(f"{'sqlite fts5':12} {fts['p50_us']:8.1f} {fts['p99_us']:8.1f} {fts['mean_us']:8.1f} {fts['queries_per_second']:10,.0f}")
print(f"ratio fts5/geoindex: p50 {fts['p50_us'] / ours['p50_us']:.1f}x, p99 {fts['p99_us'] / ours['p99_us']:.1f}x (goal: p99 at least 5x)")
print(f"geoquery --batch (one process, index opened once, JSON out): {n / batch_s:,.0f} queries/s ({batch_s:.2f} s)")
print(f"opening the index: {ours['open_us_median']:.0f} µs (median of 20; goal under 5 ms); index {ours['index_bytes']:,} bytes")
bench_doc.write_table("search", "make bench-search", ["engine", "p50 µs", "p99 µs", "queries/s"], [
    ["geoindex", f"{ours['p50_us']:.1f}", f"{ours['p99_us']:.1f}", bench_doc.thousands(ours['queries_per_second'])],
    ["SQLite FTS5", f"{fts['p50_us']:.1f}", f"{fts['p99_us']:.1f}", bench_doc.thousands(fts['queries_per_second'])]])
PY
# Several indexes as one (issue 5): the same queries over Monaco plus a second region, and the
# time to open ten indexes (five of each), as geoquery -i A -i B … does.
SECOND="$DATA/valhalla/liechtenstein-latest.osm.gz"
if [ -f "$SECOND" ]; then
  "$BIN/geoindex" build "$SECOND" -o "$OUT/second.geoidx" --quiet
  two=$("$BIN/geobench" search --index "$OUT/monaco.geoidx" --index "$OUT/second.geoidx" --queries "$OUT/queries.ndjson" --repeat 5)
  ten=()
  for i in 1 2 3 4 5; do ten+=(--index "$OUT/monaco.geoidx" --index "$OUT/second.geoidx"); done
  opened=$("$BIN/geobench" search "${ten[@]}" --queries "$OUT/queries.ndjson" --repeat 1)
  python3 - "$ours" "$two" "$opened" <<'PY'
import json, sys
one, two, ten = (json.loads(a) for a in sys.argv[1:4])
print(f"two indexes (osrm/monaco + liechtenstein) searched as one: p50 {two['p50_us']:.1f} µs, p99 {two['p99_us']:.1f} µs"
      f" = {two['p50_us'] / one['p50_us']:.2f}x / {two['p99_us'] / one['p99_us']:.2f}x one index (goal under 2x);"
      f" opening 10 indexes: {ten['open_all_us_median'] / 1000:.2f} ms (goal under 20 ms)")
PY
fi
python3 scripts/search_quality.py --landmarks "$OUT/landmarks.ndjson" --queries "$OUT/queries.ndjson" \
    geoindex="$OUT/geoindex.ndjson" fts5="$OUT/fts5.ndjson"
