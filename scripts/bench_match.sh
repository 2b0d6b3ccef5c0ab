#!/usr/bin/env bash
# Map-matching benchmark (`make bench-match`): seeded synthetic tracks on Monaco and Andorra,
# matched by geoindex and, in the same run, by OSRM and Valhalla (scripts/peers/); prints
# recall/precision within 10 m (scripts/peers/route_overlap.py, the same measure for all three)
# and points per second per track kind and map, and the road graph's build time beside
# osrm-extract and valhalla_build_tiles on the same extract.
#
# Tracks (geobench match tracks): true routes = our fastest bicycle routes of 0.8–4 km (Monaco)
# or 1–8 km (Andorra) between random nodes, on ordinary roads only; GPS-like = a fix every 20 m,
# σ = 5 m noise per axis, 4 s apart, accuracy 5; drawn-like = smoothed, corners cut, 20–40 m
# off the road, no times, accuracy 25. Every engine gets the same points and accuracy.
#
# Environment: GEOINDEX_DATA (default ../shared/data), BENCH_SEED (42), BENCH_TRACKS (20 per
# set), BENCH_MODE (bicycle), NO_PEERS=1 to skip the peers, GEOBENCH=path to use a built binary,
# SWIFT_SCRATCH_PATH (default .build). Results: bench-out/match/.
set -uo pipefail
cd "$(dirname "$0")/.."
DATA=${GEOINDEX_DATA:-../shared/data}
OUT=bench-out/match
SEED=${BENCH_SEED:-42}
COUNT=${BENCH_TRACKS:-20}
MODE=${BENCH_MODE:-bicycle}
mkdir -p "$OUT"
rm -f "$OUT"/*.ndjson "$OUT"/*.json

if [ -n "${GEOBENCH:-}" ]; then
    GB=$GEOBENCH
else
    SCRATCH=${SWIFT_SCRATCH_PATH:-.build}
    swift build -c release --scratch-path "$SCRATCH" --product geobench >&2 || { echo "bench_match: build failed" >&2; exit 1; }
    GB="$SCRATCH/release/geobench"
fi

PEERS=0
if [ -z "${NO_PEERS:-}" ]; then
    bash scripts/peers/setup.sh >&2
    if [ -f .venv-peers/PEERS_OK ]; then PEERS=1; else echo "peers skipped: $(cat bench-out/peers/UNAVAILABLE 2>/dev/null || echo unavailable)"; fi
else
    echo "peers skipped: NO_PEERS is set"
fi
# Fresh peer preparation every run, so its timings are measured in this run too.
PEER_CACHE="$PWD/$OUT/peer-cache"   # absolute: valhalla_match.py runs the tile build in another cwd
rm -rf "$PEER_CACHE"

ran=0
#        name    our OSM XML               peers' PBF            km range
for spec in "monaco osrm/monaco.osm.gz osrm/monaco.osm.pbf 0.8 4" \
            "andorra andorra.from-pbf.osm.gz andorra.osm.pbf 1 8"; do
    read -r name osm pbf minkm maxkm <<< "$spec"
    if [ ! -f "$DATA/$osm" ]; then echo "skip $name: $DATA/$osm not found"; continue; fi
    ran=1
    IDX="$OUT/$name.geoidx"
    "$GB" match build --input "$DATA/$osm" --output "$IDX" --repeat 5 > "$OUT/$name.build.json" || exit 1
    for kind in gps drawn; do
        base="$OUT/$name-$kind"
        "$GB" match tracks --index "$IDX" --mode "$MODE" --kind "$kind" --count "$COUNT" --seed "$SEED" \
            --min-km "$minkm" --max-km "$maxkm" --tracks "$base.tracks.ndjson" --truth "$base.truth.ndjson" >/dev/null || exit 1
        "$GB" match run --index "$IDX" --mode "$MODE" --tracks "$base.tracks.ndjson" --out "$base.geoindex.ndjson" >/dev/null || exit 1
        python3 scripts/peers/route_overlap.py --truth "$base.truth.ndjson" --matched "$base.geoindex.ndjson" \
            > "$base.geoindex.overlap.json"
        if [ $PEERS = 1 ] && [ -f "$DATA/$pbf" ]; then
            for engine in osrm valhalla; do
                if python3 "scripts/peers/${engine}_match.py" --pbf "$DATA/$pbf" --profile "$MODE" --cache "$PEER_CACHE" \
                        --tracks "$base.tracks.ndjson" --out "$base.$engine.ndjson" >/dev/null 2>"$base.$engine.log"; then
                    python3 scripts/peers/route_overlap.py --truth "$base.truth.ndjson" --matched "$base.$engine.ndjson" \
                        > "$base.$engine.overlap.json"
                else
                    echo "$engine failed on $name $kind (see $base.$engine.log)"
                fi
            done
        fi
    done
done
[ $ran = 1 ] || { echo "bench_match: no shared data in $DATA; nothing measured"; exit 0; }
python3 scripts/bench_match_table.py "$OUT" --mode "$MODE" --seed "$SEED"
