#!/usr/bin/env python3
# Side by side: `georoute route` and OSRM 26.10's car, bicycle and foot Lua profiles on
# the tiny one-rule maps of scripts/routing_cases.py, so we can see — and the Swift test
# Tests/GeoRoutingTests/OSRMRuleCasesTests.swift can hold — where our rules differ
# from OSRM's. OSRM runs only under .venv-peers (scripts/peers/setup.sh); its answers
# are frozen in samples/rules/osrm/ so the comparison needs no OSRM afterwards.
#
#   python3 scripts/rules_vs_osrm.py record    # OSRM -> samples/rules/osrm/{cases.osm,expected.json}, then compare
#   python3 scripts/rules_vs_osrm.py compare   # our binaries against the frozen expected.json
#   python3 scripts/rules_vs_osrm.py live      # both engines now (nothing written)
#   python3 scripts/rules_vs_osrm.py compare --write-known-differences   # today's differences -> known-differences.json
#
# Run from the project root, after `swift build -c release --product geoindex` and
# `--product georoute`. A (case, mode) agrees when both engines find a route or both do
# not, and, when both do, the street names along it are the same and the distances are
# within max(10 m, 5 %). Names: OSRM's are read off the route's OSM nodes (the
# `nodes` annotation) as the names of the ways between consecutive nodes — the route
# itself, not OSRM's guidance, which leaves out name changes it finds unremarkable
# (its step names are kept as `step_names` for reading). An unnamed way is "" on both
# sides (ours: a street whose `named` is false). Exit 0 with the report; 2 (one line)
# when an engine cannot run.
import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path.insert(0, str(HERE))
import routing_cases  # noqa: E402

OUT_DIR = ROOT / "samples" / "rules" / "osrm"
VENV_PY = ROOT / ".venv-peers" / "bin" / "python"
BIN = ROOT / ".build" / "release"
# OSRM counts a strongly connected component below this many edge-based nodes as "tiny" and
# snaps a point near it to a bigger one when the other points are elsewhere. Its default, 1000,
# would make every case of this file tiny; 4 keeps the relation of a real map: each case's
# network is big, an isolated piece of road or a one-way stub is tiny.
SMALL_COMPONENT_SIZE = 4
# OSRM snaps without a distance limit by default, and a point by a tiny component goes to the
# nearest big one however far: here that would be another case's cell (cells are >= 3.8 km
# apart). Every query gets this radius instead, beyond the farthest point a case places.
OSRM_RADIUS_M = 1500.0
MIN_PIECE_M = 0.5        # pieces of way shorter than this (touching a junction) are not a street


def fail(message):
    print(f"rules_vs_osrm: {message}")
    sys.exit(2)


# --------------------------------------------------------------------------------------------
# OSRM (runs under the peers venv: `_osrm-worker`).

def osrm_worker(osm, work, queries_path, out_path):
    import osrm
    from importlib.metadata import version
    pkg = Path(osrm.__file__).resolve().parent
    queries = json.loads(Path(queries_path).read_text())
    answers = {}
    for profile in routing_cases.MODES:
        base = Path(work) / profile / "map.osrm"
        base.parent.mkdir(parents=True, exist_ok=True)
        with open(base.parent / "prep.log", "w") as log:
            for cmd in ([str(pkg / "bin" / "osrm-extract"), "-p", str(pkg / "share" / "profiles" / f"{profile}.lua"),
                         "-t", "2", "--small-component-size", str(SMALL_COMPONENT_SIZE), "-o", str(base), osm],
                        [str(pkg / "bin" / "osrm-contract"), "-t", "2", str(base)]):
                r = subprocess.run(cmd, stdout=log, stderr=subprocess.STDOUT)
                if r.returncode != 0:
                    print(f"{Path(cmd[0]).name} failed for {profile} (log: {base.parent / 'prep.log'})")
                    sys.exit(2)
        engine = osrm.OSRM(algorithm="CH", storage_config=str(base), use_shared_memory=False)
        for q in queries:
            if profile not in q["modes"]:
                continue
            params = osrm.RouteParameters(
                coordinates=[osrm.Coordinate((lon, lat)) for lat, lon in q["points"]],
                steps=True, overview="full", geometries="geojson", annotations=["nodes", "distance", "duration"],
                radiuses=[OSRM_RADIUS_M] * len(q["points"]), generate_hints=False)
            try:
                answers[f"{q['id']}/{profile}"] = {"ok": True, "route": plain(engine.Route(params))}
            except RuntimeError as e:       # NoRoute, NoSegment, ...
                answers[f"{q['id']}/{profile}"] = {"ok": False, "error": str(e)}
    Path(out_path).write_text(json.dumps({"version": version("osrm-bindings"), "answers": answers}))


def plain(o):
    """osrm.Object / osrm.Array -> dicts and lists."""
    import osrm
    if isinstance(o, osrm.Object):
        return {k: plain(o[k]) for k in o}
    if isinstance(o, osrm.Array):
        return [plain(x) for x in o]
    return o


def osrm_answers(osm):
    """Every case and mode asked of OSRM: {"case/mode": expectation}, and OSRM's version."""
    if not VENV_PY.exists():
        fail("OSRM unavailable: .venv-peers missing (run bash scripts/peers/setup.sh)")
    with tempfile.TemporaryDirectory(prefix="rules-osrm-") as work:
        queries = [{"id": c.id, "points": c.points(), "modes": list(c.modes)} for c in routing_cases.CASES]
        qpath, opath = Path(work) / "queries.json", Path(work) / "answers.json"
        qpath.write_text(json.dumps(queries))
        r = subprocess.run([str(VENV_PY), str(Path(__file__).resolve()), "_osrm-worker", str(osm), work, str(qpath), str(opath)],
                           capture_output=True, text=True)
        if r.returncode != 0 or not opath.exists():
            msg = (r.stdout + r.stderr).strip().splitlines()
            fail("OSRM could not run: " + (msg[-1] if msg else f"exit {r.returncode}"))
        raw = json.loads(opath.read_text())
    pairs = routing_cases.way_lookup()
    out = {}
    for key, a in raw["answers"].items():
        out[key] = summarise_osrm(a, pairs)
    return out, raw["version"]


def osrm_way_name(tags):
    """The name OSRM's WayHandlers.names gives a way: name, else a sidewalk's is_sidepath:of:name / street:name."""
    if "name" in tags:
        return tags["name"]
    side = tags.get("is_sidepath:of:name") or tags.get("street:name")
    if side and tags.get("highway") in ("footway", "cycleway", "path") and (
            tags.get("footway") == "sidewalk" or tags.get("cycleway") == "sidepath" or tags.get("is_sidepath") == "yes"):
        return side
    return ""


def merged(seq):
    out = []
    for x in seq:
        if not out or out[-1] != x:
            out.append(x)
    return out


def summarise_osrm(a, pairs):
    if not a["ok"]:
        return {"routable": False, "osrm_error": a["error"].split(":")[0].strip()}
    route = a["route"]["routes"][0]
    names, refs, steps, step_refs, modes = [], [], [], [], []
    for leg in route["legs"]:
        nodes = [int(n) for n in leg["annotation"]["nodes"]]
        dists = leg["annotation"]["distance"]
        for (u, v), d in zip(zip(nodes, nodes[1:]), dists):
            if d < MIN_PIECE_M or (u, v) not in pairs:
                continue
            tags = pairs[(u, v)][1]
            names.append(osrm_way_name(tags))
            if tags.get("ref"):
                refs.append(tags["ref"])
        for s in leg["steps"]:
            if s["maneuver"]["type"] == "arrive":
                continue
            steps.append(s.get("name", ""))
            if s.get("ref"):
                step_refs.append(s["ref"])
            modes.append(s.get("mode", ""))
    return {"routable": True, "names": merged(names), "refs": merged(refs), "step_names": merged(steps),
            "step_refs": merged(step_refs), "step_modes": merged(modes),
            "distance_m": round(route["distance"], 1), "duration_s": round(route["duration"], 1),
            "snapped_m": [round(w["distance"], 1) for w in a["route"]["waypoints"]]}


# --------------------------------------------------------------------------------------------
# Ours: geoindex build once, georoute route per case and mode.

def our_answers(osm_path):
    geoindex, georoute = BIN / "geoindex", BIN / "georoute"
    for exe in (geoindex, georoute):
        if not exe.exists():
            fail(f"{exe.relative_to(ROOT)} missing (swift build -c release --product {exe.name})")
    with tempfile.TemporaryDirectory(prefix="rules-ours-") as work:
        index = Path(work) / "cases.geoidx"
        r = subprocess.run([str(geoindex), "build", str(osm_path), "-o", str(index), "--quiet"], capture_output=True, text=True)
        if r.returncode != 0:
            fail("geoindex build failed: " + (r.stderr.strip().splitlines() or ["?"])[-1])

        def one(job):
            case, mode = job
            pts = case.points()
            args = [str(georoute), "route", "--from", "%.7f,%.7f" % tuple(pts[0]), "--to", "%.7f,%.7f" % tuple(pts[-1]),
                    "--mode", mode, "-i", str(index), "--format", "json", "--quiet", "--accuracy", "%.0f" % OSRM_RADIUS_M]
            for p in pts[1:-1]:
                args += ["--via", "%.7f,%.7f" % tuple(p)]
            r = subprocess.run(args, capture_output=True, text=True)
            if r.returncode == 1:
                return f"{case.id}/{mode}", {"routable": False, "error": r.stderr.strip().removeprefix("georoute: ")}
            if r.returncode != 0:
                fail(f"georoute failed on {case.id}/{mode}: {r.stderr.strip()}")
            return f"{case.id}/{mode}", summarise_ours(json.loads(r.stdout))

        jobs = [(c, m) for c in routing_cases.CASES for m in c.modes]
        with ThreadPoolExecutor(max_workers=max(2, os.cpu_count() or 2)) as pool:
            return dict(pool.map(one, jobs))


def summarise_ours(j):
    streets = [s for seg in j["segments"] for s in seg["streets"]]
    names = [s["name"] if s["named"] else "" for s in streets if s["distance_m"] >= MIN_PIECE_M]
    return {"routable": True, "names": merged(names), "distance_m": j["distance_m"], "duration_s": j["duration_s"],
            "snapped_m": [w["distance_m"] for w in j["waypoints"]]}


# --------------------------------------------------------------------------------------------
# The comparison (the Swift test does the same: keep them in step).

def compare_one(exp, ours):
    """Reasons the answers differ ([] when they agree)."""
    if exp["routable"] != ours["routable"]:
        return ["OSRM finds a route, we do not" if exp["routable"] else "we find a route, OSRM does not"]
    if not exp["routable"]:
        return []
    why = []
    if exp["names"] != ours["names"]:
        why.append("names")
    if abs(exp["distance_m"] - ours["distance_m"]) > max(10.0, 0.05 * exp["distance_m"]):
        why.append("distance")
    return why


def describe(a):
    if not a["routable"]:
        return "no route" + (f" ({a.get('osrm_error') or a.get('error')})" if a.get("osrm_error") or a.get("error") else "")
    names = " → ".join(n if n else '""' for n in a["names"]) or "(none)"
    snapped = "/".join(f"{d:.0f}" for d in a.get("snapped_m", []))
    return f"{names}; {a['distance_m']:.0f} m, {a['duration_s']:.0f} s; snapped {snapped} m"


def report(expected, ours, known=None):
    cases = expected["cases"]
    rows, diffs, ratios = {}, [], {m: [] for m in routing_cases.MODES}
    for cid in [c.id for c in routing_cases.CASES if c.id in cases]:
        entry = cases[cid]
        for mode, exp in sorted(entry["modes"].items()):
            key = f"{cid}/{mode}"
            mine = ours[key]
            why = compare_one(exp, mine)
            t = rows.setdefault(entry["theme"], {m: [0, 0] for m in routing_cases.MODES})
            t[mode][1] += 1
            if not why:
                t[mode][0] += 1
            else:
                diffs.append((key, entry, exp, mine, why))
            if exp["routable"] and mine["routable"] and exp["duration_s"] > 0:
                ratios[mode].append(mine["duration_s"] / exp["duration_s"])

    def pct(a, n):
        return f"{a:3}/{n:<3} {100 * a / n:5.1f} %" if n else "      -      "

    print(f"OSRM {expected['osrm_version']} vs georoute: {len(cases)} cases")
    print(f"{'theme':14} " + " ".join(f"{m:>17}" for m in routing_cases.MODES) + f" {'all':>17}")
    total = {m: [0, 0] for m in routing_cases.MODES}
    for theme, t in rows.items():
        for m in routing_cases.MODES:
            total[m][0] += t[m][0]
            total[m][1] += t[m][1]
        a, n = sum(v[0] for v in t.values()), sum(v[1] for v in t.values())
        print(f"{theme:14} " + " ".join(f"{pct(*t[m]):>17}" for m in routing_cases.MODES) + f" {pct(a, n):>17}")
    a, n = sum(v[0] for v in total.values()), sum(v[1] for v in total.values())
    print(f"{'all':14} " + " ".join(f"{pct(*total[m]):>17}" for m in routing_cases.MODES) + f" {pct(a, n):>17}")
    print("duration ours/OSRM where both route (median, 10th-90th percentile): " + ", ".join(
        f"{m} {statistics.median(r):.2f} ({quantile(r, 0.1):.2f}-{quantile(r, 0.9):.2f})" for m, r in ratios.items() if r))
    print(f"\n{len(diffs)} disagreements:")
    for key, entry, exp, mine, why in diffs:
        mark = "" if known is None else ("  [known]" if key in known else "  [NEW]")
        print(f"- {key} [{entry['theme']}] {entry['description']}: {', '.join(why)}{mark}")
        extra = ""
        if exp["routable"]:
            steps = " → ".join(s if s else '""' for s in exp["step_names"])
            extra = f"  (steps: {steps}; modes: {', '.join(exp['step_modes'])})"
        print(f"    OSRM: {describe(exp)}{extra}")
        print(f"    ours: {describe(mine)}")
    if known is not None:
        fixed = sorted(set(known) - {d[0] for d in diffs})
        if fixed:
            print(f"\n{len(fixed)} known differences now agree (remove them from known-differences.json): " + ", ".join(fixed))
    return diffs


def quantile(xs, q):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def expectations(answers, version):
    cases = {}
    for c in routing_cases.CASES:
        modes = {}
        for m in c.modes:
            modes[m] = answers[f"{c.id}/{m}"]
        cases[c.id] = {"theme": c.theme, "description": c.description, "points": c.points(), "modes": modes}
    return {"osrm_version": version, "profiles": "car.lua, bicycle.lua, foot.lua as shipped; osrm-extract "
            f"--small-component-size {SMALL_COMPONENT_SIZE}, osrm-contract (CH); route with steps, overview=full, "
            f"annotations nodes/distance/duration, radiuses {OSRM_RADIUS_M:.0f} m", "cases": cases}


def write_json(path, obj):
    """Sorted keys; each entry of a top-level "cases" object on one line (small, and a diff shows the case)."""
    def one(v):
        return json.dumps(v, ensure_ascii=False, sort_keys=True)
    lines = []
    for k in sorted(obj):
        if k == "cases":
            body = ",\n".join(f"  {one(cid)}: {one(obj[k][cid])}" for cid in sorted(obj[k]))
            lines.append(f" {one(k)}: {{\n{body}\n }}")
        else:
            lines.append(f" {one(k)}: {one(obj[k])}")
    path.write_text("{\n" + ",\n".join(lines) + "\n}\n", encoding="utf-8")


def main():
    if len(sys.argv) > 1 and sys.argv[1] == "_osrm-worker":
        osrm_worker(*sys.argv[2:6])
        return
    ap = argparse.ArgumentParser(description="georoute vs OSRM's profiles on one-rule maps")
    ap.add_argument("command", choices=["record", "compare", "live"])
    ap.add_argument("--write-known-differences", action="store_true",
                    help="compare: write today's differences to samples/rules/osrm/known-differences.json")
    a = ap.parse_args()
    known_path = OUT_DIR / "known-differences.json"
    if a.command in ("record", "live"):
        with tempfile.TemporaryDirectory(prefix="rules-map-") as tmp:
            osm = Path(tmp) / "cases.osm"
            routing_cases.write_osm(osm)
            answers, version = osrm_answers(osm)
            expected = expectations(answers, version)
            if a.command == "record":
                OUT_DIR.mkdir(parents=True, exist_ok=True)
                routing_cases.write_osm(OUT_DIR / "cases.osm")
                write_json(OUT_DIR / "expected.json", expected)
                print(f"recorded {len(expected['cases'])} cases into {OUT_DIR.relative_to(ROOT)}/")
            if not (BIN / "georoute").exists() and a.command == "record":
                return
            ours = our_answers(osm)
    else:
        if not (OUT_DIR / "expected.json").exists():
            fail(f"{(OUT_DIR / 'expected.json').relative_to(ROOT)} missing (run: python3 scripts/rules_vs_osrm.py record)")
        expected = json.loads((OUT_DIR / "expected.json").read_text(encoding="utf-8"))
        ours = our_answers(OUT_DIR / "cases.osm")
    known = json.loads(known_path.read_text(encoding="utf-8")) if known_path.exists() else None
    diffs = report(expected, ours, known)
    if a.write_known_differences:
        import rules_diagnoses
        write_json(known_path, {key: "not yet handled: " + rules_diagnoses.diagnose(key, exp, mine, why)
                                for key, _, exp, mine, why in diffs})
        print(f"\nwrote {len(diffs)} entries to {known_path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
