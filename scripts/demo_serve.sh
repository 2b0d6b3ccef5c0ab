#!/usr/bin/env bash
# `make demo`'s last part: geoserve over the demo index on a free loopback port,
# asked once in each API's dialect with bash's own /dev/tcp (no HTTP client
# needs installing), then stopped with SIGTERM as an operator would.
#
#   scripts/demo_serve.sh BIN_DIR INDEX
set -euo pipefail
bin=$1 index=$2
log=$(mktemp)
trap 'kill -TERM "$pid" 2>/dev/null || true; rm -f "$log"' EXIT
"$bin/geoserve" -i "$index" --listen 127.0.0.1:0 2>"$log" &
pid=$!
for _ in $(seq 100); do grep -q 'on http://' "$log" && break; sleep 0.05; done
port=$(sed -n 's|.*on http://127.0.0.1:\([0-9]*\)/.*|\1|p' "$log" | head -1)
[ -n "$port" ] || { echo "geoserve did not start:"; cat "$log"; exit 1; }
echo "geoserve listening on 127.0.0.1:$port"

ask() {
  echo "--- GET $1"
  exec 3<>"/dev/tcp/127.0.0.1/$port"
  printf 'GET %s HTTP/1.0\r\nHost: localhost\r\n\r\n' "$1" >&3
  # The body only (after the blank line), cut for the screen.
  sed '1,/^\r$/d' <&3 | head -c 400
  echo
  exec 3<&-
}
ask '/api?q=ho&lat=46.2&lon=6.8&limit=2'
ask '/search?q=rue+grimaldi&format=jsonv2&limit=1'
ask '/reverse?lat=46.1966&lon=6.8004&format=jsonv2'
ask '/route/v1/driving/6.7978337,46.2029872;6.7986255,46.1985241?overview=false'

kill -TERM "$pid"
wait "$pid"
echo "--- geoserve's log"
cat "$log"
