#!/usr/bin/env bash
# `make fuzz`: builds the libFuzzer targets (Fuzz/build.sh) and runs each for
# FUZZ_SECONDS (default 60), one after another, with seed corpora from
# Fuzz/corpus/<target>, samples/, and — when present beside the checkout —
# ../shared/data/osm-testdata and ../shared/data/map-matching/gpx-edge-cases
# (read in place, never copied). New interesting inputs collect in
# $FUZZ_OUT/corpus/<target>, so later runs resume where earlier ones stopped.
#
# A crash, an AddressSanitizer report, a failed invariant, an input slower than
# FUZZ_TIMEOUT seconds or memory over FUZZ_RSS_MB is a finding: libFuzzer saves
# the input under $FUZZ_OUT/findings/<target>/ and this script exits 1 after the
# remaining targets have run. Minimise a finding with
#   fuzz-out/bin/fuzz-<target> -minimize_crash=1 -runs=10000 <file>
#
#   FUZZ_SECONDS=600 FUZZ_TARGETS="index pbf" Fuzz/run.sh
set -uo pipefail
cd "$(dirname "$0")/.."

OUT=${FUZZ_OUT:-fuzz-out}
SECONDS_PER_TARGET=${FUZZ_SECONDS:-60}
TIMEOUT=${FUZZ_TIMEOUT:-25}
RSS_MB=${FUZZ_RSS_MB:-2048}
TARGETS=${FUZZ_TARGETS:-osmxml pbf gpx geojson csv compressed index query json http httphead websocket}
SHARED=../shared/data

Fuzz/build.sh $TARGETS || exit 2

# Seeds that must be generated: indexes of the samples, built by the index target itself.
if [[ " $TARGETS " == *" index "* ]] && [ ! -f "$OUT/seeds/index/town.geoidx" ]; then
  SWIFT_BACKTRACE=enable=no GEOINDEX_FUZZ_WRITE_SEEDS="$OUT/seeds/index" GEOINDEX_FUZZ_TOWN=samples/town.osm \
    "$OUT/bin/fuzz-index" || exit 2
fi

# Corpus directories, dictionary and input size cap per target.
config() {
  local t=$1
  DIRS=("Fuzz/corpus/$t"); DICT=""; MAXLEN=16384
  case $t in
    osmxml) DIRS+=(samples "$SHARED/osm-testdata"); DICT=osmxml; MAXLEN=65536 ;;
    pbf) ;;
    gpx) DIRS+=(samples "$SHARED/map-matching/gpx-edge-cases"); DICT=gpx; MAXLEN=32768 ;;
    geojson) DIRS+=(Fuzz/corpus/json); DICT=json ;;
    csv) DICT=csv ;;
    compressed) ;;
    index) DIRS=("$OUT/seeds/index"); MAXLEN=65536 ;;
    query) MAXLEN=4096 ;;
    http) DIRS+=(Fuzz/corpus/csv); MAXLEN=16384 ;;
    httphead) DICT=http; MAXLEN=8192 ;;
    # Room for a whole 8192-byte message (maxMessage) in a few frames, and for messages just over it.
    websocket) MAXLEN=20000 ;;
    json) DIRS+=(Fuzz/corpus/geojson "$SHARED/osm-testdata"); DICT=json ;;
  esac
}

mkdir -p "$OUT/logs"
failed=()
printf '%-11s %8s %12s %8s  %s\n' target seconds executions "exec/s" result
for t in $TARGETS; do
  config "$t"
  present=()
  for d in "${DIRS[@]}"; do [ -d "$d" ] && present+=("$d"); done
  mkdir -p "$OUT/corpus/$t" "$OUT/findings/$t"
  args=(-max_total_time="$SECONDS_PER_TARGET" -timeout="$TIMEOUT" -rss_limit_mb="$RSS_MB" -max_len="$MAXLEN"
        -artifact_prefix="$OUT/findings/$t/" -print_final_stats=1)
  [ -n "$DICT" ] && args+=(-dict="Fuzz/dict/$DICT.dict")
  log="$OUT/logs/$t.log"
  started=$SECONDS
  SWIFT_BACKTRACE=enable=no GEOINDEX_FUZZ_TOWN=samples/town.osm "$OUT/bin/fuzz-$t" "${args[@]}" "$OUT/corpus/$t" "${present[@]}" > "$log" 2>&1
  status=$?
  elapsed=$(( SECONDS - started ))
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  result=ok
  if [ $status -ne 0 ]; then
    result="FINDING (exit $status): $(ls -t "$OUT/findings/$t" | head -1) — see $log"
    failed+=("$t")
  fi
  printf '%-11s %8s %12s %8s  %s\n' "$t" "$elapsed" "${execs:-?}" "$(( ${execs:-0} / (elapsed > 0 ? elapsed : 1) ))" "$result"
  echo "$(date -u +%FT%TZ) $t seconds=$elapsed execs=${execs:-?} status=$status" >> "$OUT/history.txt"
done

if [ ${#failed[@]} -gt 0 ]; then
  echo "fuzz: findings in: ${failed[*]}" >&2
  exit 1
fi
