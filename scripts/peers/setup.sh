#!/usr/bin/env bash
# Installs the benchmark peers (OSRM and Valhalla Python wheels) into .venv-peers/ at the
# project root. Idempotent. Never fails the caller: on any problem it prints
#   peers unavailable: <reason>
# writes bench-out/peers/UNAVAILABLE and exits 0, so `make bench` can skip the peers.
# On success it writes .venv-peers/PEERS_OK (the installed versions) and removes UNAVAILABLE.
set -u

OSRM_VERSION="26.10.0"      # osrm-bindings (osrm-backend engine + osrm-extract/contract/... + profiles)
VALHALLA_VERSION="3.9.1"    # pyvalhalla (Actor API + valhalla_build_tiles)

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
ROOT="$(cd "$HERE/../.." && pwd)"
VENV="$ROOT/.venv-peers"
OK_MARK="$VENV/PEERS_OK"
OUT="$ROOT/bench-out/peers"
BAD_MARK="$OUT/UNAVAILABLE"
mkdir -p "$OUT"

unavailable() {
    echo "peers unavailable: $*"
    echo "$*" > "$BAD_MARK"
    rm -f "$OK_MARK"
    exit 0
}

is_py312() {  # is_py312 CMD -> true if CMD runs and is Python >= 3.12
    "$1" -c 'import sys, venv; sys.exit(0 if sys.version_info >= (3, 12) else 1)' >/dev/null 2>&1
}

want="osrm-bindings==$OSRM_VERSION pyvalhalla==$VALHALLA_VERSION"

# Fast path: already installed with the pinned versions.
if [ -f "$OK_MARK" ] && [ "$(cat "$OK_MARK")" = "$want" ] && \
   "$VENV/bin/python" -c 'import osrm, valhalla' >/dev/null 2>&1; then
    rm -f "$BAD_MARK"
    echo "peers ready ($VENV): $want"
    exit 0
fi

# Find a Python >= 3.12.
PY=""
for cand in "${PEERS_PYTHON:-}" python3.12 python3.13 python3; do
    [ -n "$cand" ] || continue
    if command -v "$cand" >/dev/null 2>&1 && is_py312 "$cand"; then PY="$(command -v "$cand")"; break; fi
done
if [ -z "$PY" ] && command -v pyenv >/dev/null 2>&1; then
    for v in 3.12.1 $(pyenv versions --bare 2>/dev/null | grep -E '^3\.(1[2-9]|[2-9][0-9])(\.|$)' | sort -rV); do
        p="$(pyenv prefix "$v" 2>/dev/null)/bin/python3"
        if [ -x "$p" ] && is_py312 "$p"; then PY="$p"; break; fi
    done
fi
[ -n "$PY" ] || unavailable "no Python >= 3.12 found (tried python3.12, python3.13, python3, pyenv)"
echo "peers: using $("$PY" -c 'import sys; print(sys.executable, sys.version.split()[0])')"

if [ ! -x "$VENV/bin/python" ] || ! is_py312 "$VENV/bin/python"; then
    rm -rf "$VENV"
    "$PY" -m venv "$VENV" || unavailable "could not create venv with $PY"
fi

# shellcheck disable=SC2086
"$VENV/bin/python" -m pip install --disable-pip-version-check -q $want \
    || unavailable "pip install $want failed"
"$VENV/bin/python" - <<'PY' || unavailable "installed packages do not import (osrm / valhalla)"
import osrm, valhalla
from importlib.metadata import version
print("peers installed: osrm-bindings", version("osrm-bindings"), "| pyvalhalla", version("pyvalhalla"),
      "| valhalla", valhalla.__version__)
PY
echo "$want" > "$OK_MARK"
rm -f "$BAD_MARK"
echo "peers ready ($VENV): $want"
