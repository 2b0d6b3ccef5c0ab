# Shared helpers for the peer benchmark scripts in scripts/peers/ (project paths,
# venv re-exec, NDJSON I/O, cache keys). Stdlib only.
import hashlib
import json
import os
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]                      # project root (scripts/peers/ -> ../..)
VENV = ROOT / ".venv-peers"
VENV_PY = VENV / "bin" / "python"
DEFAULT_CACHE = ROOT / "bench-out" / "peers" / "cache"


def ensure_module(name):
    """Import `name`; if it is missing, re-run this script under the peers venv python."""
    try:
        return __import__(name)
    except ImportError:
        pass
    if VENV_PY.exists() and not os.environ.get("PEERS_REEXEC") and Path(sys.prefix).resolve() != VENV.resolve():
        os.environ["PEERS_REEXEC"] = "1"
        script = str(Path(sys.argv[0]).resolve())
        os.execv(str(VENV_PY), [str(VENV_PY), script] + sys.argv[1:])
    sys.exit(f"peers unavailable: python module '{name}' not found (run scripts/peers/setup.sh)")


def read_ndjson(path):
    with open(path, encoding="utf-8") as f:
        for line in f:
            line = line.strip()
            if line:
                yield json.loads(line)


def dump(obj):
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


def file_key(path):
    """Stable cache key for an input file: stem + first 12 hex of its sha256."""
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    name = Path(path).name
    for suffix in (".osm.pbf", ".pbf", ".osm"):
        if name.endswith(suffix):
            name = name[: -len(suffix)]
            break
    return f"{name}.{h.hexdigest()[:12]}"


def track_points(track):
    """[[lat, lon], ...] of a track line (accepts 'points' or 'coordinates')."""
    return track.get("points") or track.get("coordinates") or []


def dedup_concat(dst, pts):
    """Append pts to dst, skipping a first point equal to dst's last (joins of legs)."""
    for i, p in enumerate(pts):
        if i == 0 and dst and dst[-1] == p:
            continue
        dst.append(p)
    return dst


def decode_polyline(s, precision=6):
    """Decode a Google encoded polyline into [[lat, lon], ...]."""
    coords, idx, lat, lon, factor = [], 0, 0, 0, 10.0 ** precision
    n = len(s)
    while idx < n:
        vals = []
        for _ in range(2):
            shift = result = 0
            while True:
                b = ord(s[idx]) - 63
                idx += 1
                result |= (b & 0x1F) << shift
                shift += 5
                if b < 0x20:
                    break
            vals.append(~(result >> 1) if result & 1 else result >> 1)
        lat += vals[0]
        lon += vals[1]
        coords.append([lat / factor, lon / factor])
    return coords
