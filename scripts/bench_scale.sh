#!/usr/bin/env bash
# `make bench-scale`: import time, peak memory, index size and search latency at
# 1x, 4x, 16x and 64x the largest real extract, as XML and PBF (scripts/bench_scale.py).
# Needs about 4 GB of disk in bench-out/scale at 64x; takes a few minutes.
#
# Environment: GEOINDEX_DATA (default ../shared/data), SCALE_INPUT (default
# osrm/monaco.osm.gz under it), SCALES (default "1 4 16 64").
set -euo pipefail
cd "$(dirname "$0")/.."
DATA=${GEOINDEX_DATA:-../shared/data}
SRC=${SCALE_INPUT:-$DATA/osrm/monaco.osm.gz}
if [ ! -f "$SRC" ]; then echo "bench-scale skipped: $SRC not found"; exit 0; fi
SCRATCH=${SWIFT_SCRATCH_PATH:-.build}
for p in geoindex geobench; do swift build -c release --scratch-path "$SCRATCH" --product $p >&2; done
python3 scripts/bench_scale.py --input "$SRC" --scales ${SCALES:-1 4 16 64} --bin "$SCRATCH/release"
