#!/usr/bin/env python3
# Map-matching accuracy: how well a matched polyline covers the true route (and vice versa).
# Both lines are projected to a local equirectangular plane (metres) and cut into pieces of
# at most ~2 m; a piece counts as "covered" when its midpoint lies within `tol` (10 m) of the
# other line. recall = covered length of the TRUE line / its length; precision = covered length
# of the MATCHED line / its length. The other line's pieces sit in a uniform grid (cell = tol),
# so one comparison is O(n) with a small constant (thousands of tracks per minute, pure Python).
#
# Module:  from route_overlap import overlap; overlap(true_latlon, matched_latlon) -> dict
# CLI:     python3 route_overlap.py --truth truth.ndjson --matched out.ndjson [--tol 10] [--out F]
#          (lines {"id", "geometry": [[lat, lon], ...]}; "route"/"points" also accepted;
#           summary lines of match outputs are skipped)
# Self-test: python3 route_overlap.py --self-test   (also runs when called without arguments)
import argparse
import json
import math
import sys

R_EARTH = 6371008.8


def _project(lines):
    """Project lists of [lat, lon] to metres around the mean latitude of all points."""
    pts = [p for line in lines for p in line]
    lat0 = sum(p[0] for p in pts) / len(pts)
    kx = math.radians(1) * R_EARTH * math.cos(math.radians(lat0))
    ky = math.radians(1) * R_EARTH
    return [[(p[1] * kx, p[0] * ky) for p in line] for line in lines]


def _pieces(xy, step):
    """Cut a projected polyline into pieces of length <= step: list of (x0, y0, x1, y1, len)."""
    out = []
    for (ax, ay), (bx, by) in zip(xy, xy[1:]):
        dx, dy = bx - ax, by - ay
        d = math.hypot(dx, dy)
        if d == 0:
            continue
        n = max(1, math.ceil(d / step))
        for i in range(n):
            t0, t1 = i / n, (i + 1) / n
            out.append((ax + dx * t0, ay + dy * t0, ax + dx * t1, ay + dy * t1, d / n))
    return out


def _grid(pieces, cell):
    g = {}
    for s in pieces:
        x0, y0, x1, y1 = s[0], s[1], s[2], s[3]
        for cx in range(int(math.floor(min(x0, x1) / cell)), int(math.floor(max(x0, x1) / cell)) + 1):
            for cy in range(int(math.floor(min(y0, y1) / cell)), int(math.floor(max(y0, y1) / cell)) + 1):
                g.setdefault((cx, cy), []).append(s)
    return g


_NEIGHBOURS = [(0, 0)] + [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if dx or dy]


def _covered_length(pieces, grid, cell, tol):
    """Sum of lengths of `pieces` whose midpoint is within tol of a segment in `grid`."""
    tol2 = tol * tol
    covered = 0.0
    last = None                       # segment that covered the previous piece: try it first
    floor = math.floor
    for x0, y0, x1, y1, ln in pieces:
        px, py = (x0 + x1) * 0.5, (y0 + y1) * 0.5
        if last is not None:
            ax, ay, bx, by, _ = last
            ux, uy = bx - ax, by - ay
            t = ((px - ax) * ux + (py - ay) * uy) / (ux * ux + uy * uy)
            t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
            ex, ey = ax + t * ux - px, ay + t * uy - py
            if ex * ex + ey * ey <= tol2:
                covered += ln
                continue
        cx, cy = int(floor(px / cell)), int(floor(py / cell))
        last = None
        for dx, dy in _NEIGHBOURS:
            for seg in grid.get((cx + dx, cy + dy), ()):
                ax, ay, bx, by, _ = seg
                ux, uy = bx - ax, by - ay
                t = ((px - ax) * ux + (py - ay) * uy) / (ux * ux + uy * uy)
                t = 0.0 if t < 0.0 else 1.0 if t > 1.0 else t
                ex, ey = ax + t * ux - px, ay + t * uy - py
                if ex * ex + ey * ey <= tol2:
                    last = seg
                    break
            if last is not None:
                covered += ln
                break
    return covered


def overlap(true_line, matched_line, tol=10.0, step=2.0):
    """Compare two [[lat, lon], ...] polylines; returns recall, precision and both lengths (m)."""
    true_line = [p for p in true_line or [] if p is not None]
    matched_line = [p for p in matched_line or [] if p is not None]
    if not true_line or not matched_line:
        lens = [sum(s[4] for s in _pieces(_project([ln])[0], step)) if ln else 0.0
                for ln in (true_line, matched_line)]
        return {"recall": 0.0, "precision": 0.0, "true_m": round(lens[0], 1), "matched_m": round(lens[1], 1)}
    txy, mxy = _project([true_line, matched_line])
    tp, mp = _pieces(txy, step), _pieces(mxy, step)
    t_len, m_len = sum(s[4] for s in tp), sum(s[4] for s in mp)
    # the grid holds the other line cut at <= cell length (exact point-to-segment distances,
    # each piece lands in at most 2x2 cells); the measured line is sampled every <= step metres
    cell = max(tol, step)
    recall = _covered_length(tp, _grid(_pieces(mxy, cell), cell), cell, tol) / t_len if t_len > 0 else 0.0
    precision = _covered_length(mp, _grid(_pieces(txy, cell), cell), cell, tol) / m_len if m_len > 0 else 0.0
    return {"recall": round(recall, 4), "precision": round(precision, 4),
            "true_m": round(t_len, 1), "matched_m": round(m_len, 1)}


def _geometry(rec):
    for k in ("geometry", "route", "points"):
        if rec.get(k) is not None:
            return rec[k]
    return []


def self_test():
    lat0, lon0 = 43.73, 7.42
    m_per_deg_lat = math.radians(1) * R_EARTH
    m_per_deg_lon = m_per_deg_lat * math.cos(math.radians(lat0))

    def line(x0, x1, y=0.0, n=7):     # straight east-west line, metres from (lat0, lon0)
        return [[lat0 + y / m_per_deg_lat, lon0 + (x0 + (x1 - x0) * i / (n - 1)) / m_per_deg_lon] for i in range(n)]

    base = line(0, 1000)
    r = overlap(base, base)
    assert r["recall"] == 1.0 and r["precision"] == 1.0, r
    assert abs(r["true_m"] - 1000) < 1, r
    r = overlap(base, line(0, 1000, y=20))
    assert r["recall"] == 0.0 and r["precision"] == 0.0, r
    r = overlap(base, line(0, 1000, y=5, n=3))        # within tolerance, different vertices
    assert r["recall"] == 1.0 and r["precision"] == 1.0, r
    r = overlap(base, line(500, 1500))                # half overlap
    assert abs(r["recall"] - 0.5) < 0.02 and abs(r["precision"] - 0.5) < 0.02, r
    r = overlap(base, line(0, 500))                   # matched covers half the truth, all inside it
    assert abs(r["recall"] - 0.5) < 0.02 and r["precision"] == 1.0, r
    # L-shaped truth vs straight match: the 300 m northward leg is missed
    ell = base + [[lat0 + 300 / m_per_deg_lat, lon0 + 1000 / m_per_deg_lon]]
    r = overlap(ell, base)
    assert abs(r["recall"] - 1000 / 1300) < 0.02 and r["precision"] == 1.0, r
    r = overlap(base, [])
    assert r["recall"] == 0.0 and abs(r["true_m"] - 1000) < 1 and r["matched_m"] == 0.0, r
    # speed: 10 km line vs its 3 m-offset copy
    import time
    long_a = line(0, 10000, n=200)
    long_b = line(0, 10000, y=3, n=150)
    t0 = time.perf_counter()
    r = overlap(long_a, long_b)
    dt = time.perf_counter() - t0
    assert r["recall"] == 1.0 and r["precision"] == 1.0, r
    print(f"route_overlap self-test: ok (10 km pair in {dt * 1000:.0f} ms)")


def main():
    ap = argparse.ArgumentParser(description="recall/precision of matched routes vs true routes")
    ap.add_argument("--truth")
    ap.add_argument("--matched")
    ap.add_argument("--tol", type=float, default=10.0)
    ap.add_argument("--step", type=float, default=2.0)
    ap.add_argument("--out", help="per-track NDJSON (default: stdout summary only)")
    ap.add_argument("--self-test", action="store_true")
    a = ap.parse_args()
    if a.self_test or not (a.truth and a.matched):
        self_test()
        return
    truth = {}
    with open(a.truth, encoding="utf-8") as f:
        for line in f:
            if line.strip():
                rec = json.loads(line)
                if not rec.get("summary"):
                    truth[rec["id"]] = _geometry(rec)
    rows = []
    with open(a.matched, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            rec = json.loads(line)
            if rec.get("summary") or rec.get("id") not in truth:
                continue
            r = overlap(truth[rec["id"]], _geometry(rec), a.tol, a.step)
            r["id"] = rec["id"]
            rows.append(r)
    if a.out:
        with open(a.out, "w", encoding="utf-8") as f:
            for r in rows:
                f.write(json.dumps(r) + "\n")
    n = len(rows)
    summary = {"summary": True, "tracks": n, "missing": len(truth) - n,
               "mean_recall": round(sum(r["recall"] for r in rows) / n, 4) if n else None,
               "mean_precision": round(sum(r["precision"] for r in rows) / n, 4) if n else None,
               "min_recall": min((r["recall"] for r in rows), default=None),
               "tol_m": a.tol}
    print(json.dumps(summary))


if __name__ == "__main__":
    sys.exit(main())
