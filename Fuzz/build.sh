#!/usr/bin/env bash
# Builds the libFuzzer targets: the library modules, the test support module and
# each Fuzz/<target>/*.swift (with Fuzz/Common) compiled by swiftc with
# -sanitize=fuzzer,address, so libFuzzer supplies main() and every read is
# checked by AddressSanitizer.
# Package.swift is left alone: a whole-package fuzzer build would instrument and
# link the executables too, and `main` would clash with libFuzzer's.
#
#   Fuzz/build.sh [target...]      default: every target; binaries in $FUZZ_OUT/bin
set -euo pipefail
cd "$(dirname "$0")/.."

OUT=${FUZZ_OUT:-fuzz-out}
SWIFTC=${SWIFTC:-swiftc}
ALL_TARGETS="osmxml pbf gpx geojson csv compressed index query json http httphead websocket"
TARGETS=${*:-$ALL_TARGETS}
FLAGS=(-sanitize=fuzzer,address -O -g -use-ld=lld -swift-version 6 -I Sources/CExpat -I Sources/CZlib -I Sources/CBzip2 -I Sources/CMicroHTTPD -I Sources/CMappingGuard/include)

mkdir -p "$OUT/lib" "$OUT/bin"

# The library targets and the front ends, in dependency order, then the test support the tests use too: each is
# compiled as its own module (as SwiftPM does), with the C module maps it needs.
MODULES="GeoBase GeoOSM GeoModel GeoRoads GeoFormat GeoImport GeoTracks GeoSearch GeoRouting GeoFrontEnd GeoCommands GeoServer GeoIndexKit GeoTestSupport"
module_dir() { case $1 in GeoTestSupport) echo Tests/GeoTestSupport ;; *) echo "Sources/$1" ;; esac; }

# The modules are rebuilt only when their sources change. They are compiled from a copy, so
# edits made in the tree during the few minutes of a build cannot make swiftc stop with "file
# was modified during the build".
stamp=$( { for m in $MODULES; do find "$(module_dir $m)" -name '*.swift' -type f; done; find Sources/CMappingGuard -type f; } | sort | xargs cat | cksum | cut -d' ' -f1)
if [ ! -f "$OUT/lib/libGeoTestSupport.a" ] || [ "$(cat "$OUT/lib/stamp" 2>/dev/null)" != "$stamp" ]; then
  rm -rf "$OUT/src" "$OUT/lib" && mkdir -p "$OUT/src" "$OUT/lib"
  # The one C target of our own (the mapping guard's signal handler), as SwiftPM would compile it.
  echo "fuzz: building CMappingGuard"
  clang -O1 -g -fsanitize=fuzzer-no-link,address -I Sources/CMappingGuard/include -c Sources/CMappingGuard/guard.c \
    -o "$OUT/lib/guard.o" && ar rcs "$OUT/lib/libCMappingGuard.a" "$OUT/lib/guard.o"
  for m in $MODULES; do
    echo "fuzz: building $m with -sanitize=fuzzer,address"
    cp -R "$(module_dir $m)" "$OUT/src/$m"
    "$SWIFTC" -module-name "$m" -package-name geoindex -parse-as-library -emit-library -static -enable-testing \
      -emit-module-path "$OUT/lib/$m.swiftmodule" -o "$OUT/lib/lib$m.a" -I "$OUT/lib" \
      "${FLAGS[@]}" -j 2 $(find "$OUT/src/$m" -name '*.swift' -type f | sort)
  done
  echo "$stamp" > "$OUT/lib/stamp"
  rm -f "$OUT"/bin/fuzz-*
fi
LIBS=()
for m in $MODULES; do LIBS+=("-l$m"); done

for t in $TARGETS; do
  [ -d "Fuzz/$t" ] || { echo "fuzz: no target Fuzz/$t (targets: $ALL_TARGETS)" >&2; exit 2; }
  bin="$OUT/bin/fuzz-$t"
  if [ -x "$bin" ] && [ -z "$(find Fuzz/Common "Fuzz/$t" -name '*.swift' -newer "$bin")" ]; then continue; fi
  echo "fuzz: building $t"
  "$SWIFTC" -parse-as-library -package-name geoindex "${FLAGS[@]}" -I "$OUT/lib" -L "$OUT/lib" \
    Fuzz/Common/*.swift "Fuzz/$t"/*.swift "${LIBS[@]}" -lCMappingGuard -lexpat -lz -lbz2 -lmicrohttpd -o "$bin"
done
