#!/usr/bin/env bash
# `make bench-build`: import throughput and memory beside xmlwf (see scripts/bench_build.py).
set -euo pipefail
cd "$(dirname "$0")/.."
if ! command -v xmlwf >/dev/null; then
    if [ "$(id -u)" = 0 ]; then apt-get install -y -qq expat >/dev/null 2>&1 || true; else echo "xmlwf missing: sudo apt-get install -y expat"; fi
fi
SCRATCH=${SWIFT_SCRATCH_PATH:-.build}
swift build -c release --scratch-path "$SCRATCH" --product geoindex >&2
python3 scripts/bench_build.py --geoindex "$SCRATCH/release/geoindex" "$@"
