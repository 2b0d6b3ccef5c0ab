#!/usr/bin/env bash
# Builds the libFuzzer targets: the library sources and each Fuzz/<target>/*.swift
# (with Fuzz/Common) compiled by swiftc with -sanitize=fuzzer,address, so
# libFuzzer supplies main() and every read is checked by AddressSanitizer.
# Package.swift is left alone: a whole-package fuzzer build would instrument and
# link the executables too, and `main` would clash with libFuzzer's.
#
#   Fuzz/build.sh [target...]      default: every target; binaries in $FUZZ_OUT/bin
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=${FUZZ_OUT:-fuzz-out}
SWIFTC=${SWIFTC:-swiftc}
ALL_TARGETS="osmxml pbf gpx geojson csv compressed index query json"
TARGETS=${*:-$ALL_TARGETS}
FLAGS=(-sanitize=fuzzer,address -O -g -use-ld=lld -swift-version 6 -I Sources/CExpat -I Sources/CZlib -I Sources/CBzip2)

mkdir -p "$OUT/lib" "$OUT/bin"

# The library is rebuilt only when its sources change. It is compiled from a
# copy, so edits made in the tree during the few minutes of a build cannot
# make swiftc stop with "file was modified during the build".
stamp=$(find Sources/GeoIndexKit -name '*.swift' -type f -print0 | sort -z | xargs -0 cat | cksum | cut -d' ' -f1)
if [ ! -f "$OUT/lib/libGeoIndexKit.a" ] || [ "$(cat "$OUT/lib/stamp" 2>/dev/null)" != "$stamp" ]; then
  echo "fuzz: building GeoIndexKit with -sanitize=fuzzer,address"
  rm -rf "$OUT/src" && mkdir -p "$OUT/src" && cp -R Sources/GeoIndexKit "$OUT/src/"
  rm -f "$OUT/lib/stamp"
  "$SWIFTC" -module-name GeoIndexKit -parse-as-library -emit-library -static -enable-testing \
    -emit-module-path "$OUT/lib/GeoIndexKit.swiftmodule" -o "$OUT/lib/libGeoIndexKit.a" \
    "${FLAGS[@]}" -j 2 $(find "$OUT/src" -name '*.swift' -type f | sort)
  echo "$stamp" > "$OUT/lib/stamp"
  rm -f "$OUT"/bin/fuzz-*
fi

for t in $TARGETS; do
  [ -d "Fuzz/$t" ] || { echo "fuzz: no target Fuzz/$t (targets: $ALL_TARGETS)" >&2; exit 2; }
  bin="$OUT/bin/fuzz-$t"
  if [ -x "$bin" ] && [ -z "$(find Fuzz/Common "Fuzz/$t" -name '*.swift' -newer "$bin")" ]; then continue; fi
  echo "fuzz: building $t"
  "$SWIFTC" -parse-as-library "${FLAGS[@]}" -I "$OUT/lib" -L "$OUT/lib" \
    Fuzz/Common/*.swift "Fuzz/$t"/*.swift -lGeoIndexKit -lexpat -lz -lbz2 -o "$bin"
done
