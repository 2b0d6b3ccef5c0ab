#!/usr/bin/env python3
"""Cut a large OSM extract into regions, index them in parallel, check the folder answers as one.

Why: one index per region, built by independent jobs (a CI matrix, several machines), keeps each
build small (an import's memory grows with the extract) and lets a region be rebuilt alone;
`geoquery -i DIR` and `georoute -i DIR` use the folder as one index. The recipe of
docs/SCALE.md; `make bench-regions` measures it.

    python3 scripts/regions.py plan big.osm.pbf --regions 8 --overlap-km 2 --out regions
    python3 scripts/regions.py cut regions [--strategy smart -S types=multipolygon,boundary]
    python3 scripts/regions.py build regions --jobs 2 --geoindex geoindex [--single big.osm.pbf]
    python3 scripts/regions.py check regions --single regions/single.geoidx --geoquery geoquery --georoute georoute

plan   the input's extent (PBF header box, else osmium fileinfo -e) cut into rows x cols = N cells
       as square as the extent allows (or --grid RxC), each widened by the overlap:
       DIR/extracts.json (osmium's config) and DIR/plan.json (the cells, for check).
cut    `osmium extract --config DIR/extracts.json --strategy complete_ways INPUT`, one pass; osmium's
       memory grows with the extracts per pass times the highest node id: --per-pass K, --only NAME.
build  DIR/indexes/NAME.geoidx for every region, --jobs at a time, each job's wall time and peak
       RSS measured (wait4); --single INPUT also builds the whole input as the baseline.
check  seeded searches (names from the single index's export, without and with a location hint)
       and routes (within a region and across a cut, three modes) on the single index and the
       folder: same top result (OSM id; equal scores are counted apart as ties), no object shown
       twice, route lengths within 1 %. Lists every difference; exit status 1 when there is one.

Python standard library only; osmium-tool for plan and cut.
"""
import argparse
import concurrent.futures
import json
import math
import os
import random
import re
import subprocess
import sys
import time

KM_PER_DEG = 111.32
MODES = ("car", "bicycle", "foot")


def load_json(path):
    with open(path) as f:
        return json.load(f)


def save_json(path, value):
    with open(path + ".part", "w") as f:
        json.dump(value, f, indent=1)
        f.write("\n")
    os.replace(path + ".part", path)


# --- plan ------------------------------------------------------------------------------------

def read_extent(path):
    """(minlon, minlat, maxlon, maxlat): the header's box when the file has one, else the data's."""
    info = json.loads(subprocess.run(["osmium", "fileinfo", "-j", path], check=True,
                                     capture_output=True, text=True).stdout)
    boxes = info.get("header", {}).get("boxes") or []
    if boxes:
        return tuple(boxes[0])
    info = json.loads(subprocess.run(["osmium", "fileinfo", "-e", "-j", path], check=True,
                                     capture_output=True, text=True).stdout)
    return tuple(info["data"]["bbox"])


def size_km(box):
    minlon, minlat, maxlon, maxlat = box
    mid = math.radians((minlat + maxlat) / 2)
    return (maxlon - minlon) * KM_PER_DEG * math.cos(mid), (maxlat - minlat) * KM_PER_DEG


def choose_grid(n, box):
    """rows x cols = n with the cells closest to square on the ground."""
    width, height = size_km(box)
    pairs = [(r, n // r) for r in range(1, n + 1) if n % r == 0]
    return min(pairs, key=lambda rc: abs(math.log(max(width / rc[1], 1e-9) / max(height / rc[0], 1e-9))))


def grid_cells(box, rows, cols):
    """The un-widened cells, named r<row>c<col> from the south-west corner."""
    minlon, minlat, maxlon, maxlat = box
    dlon, dlat = (maxlon - minlon) / cols, (maxlat - minlat) / rows
    return [{"name": f"r{r}c{c}", "row": r, "col": c,
             "cell": [minlon + c * dlon, minlat + r * dlat, minlon + (c + 1) * dlon, minlat + (r + 1) * dlat]}
            for r in range(rows) for c in range(cols)]


def widen(cell, km):
    """The cell grown by km on every side (in degrees at its most poleward latitude)."""
    minlon, minlat, maxlon, maxlat = cell
    dlat = km / KM_PER_DEG
    dlon = km / (KM_PER_DEG * max(0.01, math.cos(math.radians(max(abs(minlat), abs(maxlat))))))
    return [round(max(-180.0, minlon - dlon), 7), round(max(-90.0, minlat - dlat), 7),
            round(min(180.0, maxlon + dlon), 7), round(min(90.0, maxlat + dlat), 7)]


def cmd_plan(args):
    box = read_extent(args.input)
    if args.grid:
        rows, cols = (int(x) for x in args.grid.split("x"))
    else:
        rows, cols = choose_grid(args.regions, box)
    regions = grid_cells(box, rows, cols)
    for r in regions:
        r["bbox"] = widen(r["cell"], args.overlap_km)
    os.makedirs(args.out, exist_ok=True)
    save_json(os.path.join(args.out, "extracts.json"), {
        "directory": args.out,
        "extracts": [{"output": r["name"] + ".osm.pbf", "output_format": "pbf", "bbox": r["bbox"],
                      "description": f"cell {r['cell']} widened by {args.overlap_km} km"} for r in regions]})
    save_json(os.path.join(args.out, "plan.json"), {"input": args.input, "extent": list(box), "rows": rows,
                                                     "cols": cols, "overlap_km": args.overlap_km, "regions": regions})
    w, h = size_km(box)
    print(f"{args.input}: {w:.1f} x {h:.1f} km -> {rows} x {cols} regions of {w / cols:.1f} x {h / rows:.1f} km, "
          f"widened by {args.overlap_km} km; {args.out}/extracts.json")
    if args.matrix:
        print(json.dumps([r["name"] for r in regions]))


# --- cut and build -----------------------------------------------------------------------------

def run_measured(cmd):
    """Runs cmd; returns (seconds, peak RSS in bytes, exit status, stderr) of that child alone."""
    started = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    with proc.stderr:
        err = proc.stderr.read()       # a job's messages are short; read until it closes them
    _, status, usage = os.wait4(proc.pid, 0)
    proc.returncode = os.waitstatus_to_exitcode(status)
    return time.perf_counter() - started, usage.ru_maxrss * 1024, proc.returncode, err.decode(errors="replace")


def cmd_cut(args):
    """One osmium pass for all regions, or passes of --per-pass regions: osmium's memory grows with
    the number of extracts in a pass times the highest node id (not the extract's size)."""
    plan = load_json(os.path.join(args.dir, "plan.json"))
    config = load_json(os.path.join(args.dir, "extracts.json"))
    if args.only:     # one region (a CI job cutting its own): osmium's memory for one extract
        config["extracts"] = [e for e in config["extracts"] if e["output"] == args.only + ".osm.pbf"]
        plan["regions"] = [r for r in plan["regions"] if r["name"] == args.only]
        if not plan["regions"]:
            sys.exit(f"regions: no region {args.only!r} in {args.dir}/plan.json")
    step = args.per_pass or len(config["extracts"])
    seconds, rss = 0.0, 0
    for k in range(0, len(config["extracts"]), step):
        path = os.path.join(args.dir, "extracts.json")
        if step < len(config["extracts"]) or args.only:
            path = os.path.join(args.dir, f"extracts.{args.only or f'pass{k // step}'}.json")
            save_json(path, dict(config, extracts=config["extracts"][k:k + step]))
        cmd = ["osmium", "extract", "--config", path, "--directory", args.dir, "--strategy", args.strategy,
               "--overwrite", args.input or plan["input"]] + [f"--option={o}" for o in args.option]
        s, r, status, err = run_measured(cmd)
        if status != 0:
            sys.exit(f"regions: {' '.join(cmd)} failed ({status}): {err.strip() or 'killed'}")
        seconds, rss = seconds + s, max(rss, r)
    mb = sum(os.path.getsize(os.path.join(args.dir, r["name"] + ".osm.pbf")) for r in plan["regions"]) / 1e6
    passes = -(-len(config["extracts"]) // step)
    print(f"cut {len(plan['regions'])} regions ({args.strategy}) in {passes} osmium pass{'es' * (passes > 1)}: "
          f"{seconds:.1f} s, osmium peak RSS {rss / 2**20:.0f} MB, {mb:.1f} MB of PBF")
    save_json(os.path.join(args.dir, "cut.json"), {"seconds": seconds, "rss": rss, "passes": passes,
                                                    "strategy": args.strategy, "mb": mb})


def build_one(geoindex, source, target):
    """One `geoindex build`, measured, with the facts of the index it wrote."""
    seconds, rss, status, err = run_measured([geoindex, "build", source, "-o", target, "--quiet"])
    if status != 0:
        raise RuntimeError(f"{source}: geoindex build exited {status}: {err.strip()}")
    info = json.loads(subprocess.run([geoindex, "info", target, "--json"], check=True,
                                     capture_output=True, text=True).stdout)
    return {"name": os.path.basename(target)[:-7], "seconds": seconds, "rss": rss,
            "input_mb": os.path.getsize(source) / 1e6, "nodes": info["osm"]["nodes"],
            "landmarks": info["landmarks"], "bytes": info["file_bytes"],
            "graph_nodes": (info.get("graph") or {}).get("nodes", 0)}


def row_text(r):
    return (f"{r['name']:8} {r['input_mb']:8.1f} {r['nodes']:>10,} {r['landmarks']:>9,} {r['graph_nodes']:>8,} "
            f"{r['bytes'] / 1e6:9.2f} {r['seconds']:8.2f} {r['rss'] / 2**20:9.1f}")


def build_regions(args, plan, out):
    """All regions through a pool of --jobs processes: (wall seconds, per-region rows)."""
    started = time.perf_counter()
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        jobs = [pool.submit(build_one, args.geoindex, os.path.join(args.dir, r["name"] + ".osm.pbf"),
                            os.path.join(out, r["name"] + ".geoidx")) for r in plan["regions"]]
        rows = [j.result() for j in jobs]
    return time.perf_counter() - started, rows


def cmd_build(args):
    """Best of --repeat runs (the machine's noise), the pool's and the single build's each."""
    plan = load_json(os.path.join(args.dir, "plan.json"))
    out = os.path.join(args.dir, "indexes")
    os.makedirs(out, exist_ok=True)
    wall, rows = min((build_regions(args, plan, out) for _ in range(args.repeat)), key=lambda run: run[0])
    single = None
    if args.single:
        single = min((build_one(args.geoindex, args.single, os.path.join(args.dir, "single.geoidx"))
                      for _ in range(args.repeat)), key=lambda r: r["seconds"])
    print(f"{'region':8} {'PBF MB':>8} {'nodes':>10} {'landmarks':>9} {'graph':>8} {'index MB':>9} "
          f"{'build s':>8} {'peak MB':>9}")
    for r in rows:
        print(row_text(r))
    big, slow = max(rows, key=lambda r: r["rss"]), max(rows, key=lambda r: r["seconds"])
    total = {k: sum(r[k] for r in rows) for k in ("input_mb", "nodes", "landmarks", "graph_nodes", "bytes", "seconds")}
    print(row_text(dict(total, name="sum", rss=big["rss"])).rstrip() + "  (max)")
    print(f"{len(rows)} regions with {args.jobs} parallel jobs (best of {args.repeat}): {wall:.2f} s wall "
          f"({total['seconds']:.2f} s of jobs, slowest {slow['seconds']:.2f} s); largest peak RSS "
          f"{big['rss'] / 2**20:.1f} MB ({big['name']})")
    if single:
        print(row_text(dict(single, name="single")))
        print(f"single build: {single['seconds']:.2f} s, peak RSS {single['rss'] / 2**20:.1f} MB -> regions take "
              f"{wall / single['seconds']:.2f}x its wall time ({slow['seconds'] / single['seconds']:.2f}x with a "
              f"machine per region), {big['rss'] / single['rss']:.2f}x its peak memory per job, "
              f"{total['bytes'] / single['bytes']:.2f}x its index bytes")
    save_json(os.path.join(args.dir, "build.json"), {"jobs": args.jobs, "repeat": args.repeat, "wall_seconds": wall,
                                                      "regions": rows, "single": single})


# --- check -------------------------------------------------------------------------------------

def region_of(plan, lat, lon):
    """The region whose un-widened cell holds the point (the last row/column take their edge)."""
    minlon, minlat, maxlon, maxlat = plan["extent"]
    c = min(plan["cols"] - 1, max(0, int((lon - minlon) / (maxlon - minlon) * plan["cols"])))
    r = min(plan["rows"] - 1, max(0, int((lat - minlat) / (maxlat - minlat) * plan["rows"])))
    return r, c


def distance_km(a, b):
    dx = (b[1] - a[1]) * KM_PER_DEG * math.cos(math.radians((a[0] + b[0]) / 2))
    return math.hypot(dx, (b[0] - a[0]) * KM_PER_DEG)


def make_queries(landmarks, rng, n):
    """n/2 distinct texts (names typed whole, or as-you-type prefixes of 3-6 letters), each asked
    without and with a location hint (another landmark's position)."""
    named = [l["name"] for l in landmarks if l["name"].strip()]
    texts = []
    for _ in range(100 * n):           # bounded: a small extract may have fewer distinct texts
        if len(texts) >= n // 2 or not named:
            break
        name = rng.choice(named)
        q = name if len(texts) % 2 == 0 else name[:rng.randint(3, 6)]
        if q not in texts:
            texts.append(q)
    queries = []
    for q in texts:
        near = rng.choice(landmarks)
        queries.append({"id": len(queries), "q": q, "limit": 10})
        queries.append({"id": len(queries), "q": q, "limit": 10, "near": [near["lat"], near["lon"]]})
    return queries


def run_batch(geoquery, index, queries):
    text = "".join(json.dumps(q) + "\n" for q in queries)
    out = subprocess.run([geoquery, "--batch", "-", "-i", index, "--format", "ndjson", "--quiet"], input=text,
                         check=True, capture_output=True, text=True).stdout
    answers = [json.loads(line) for line in out.splitlines() if line.strip()]
    return {a["id"]: a for a in answers}


def query_text(q):
    return f"query {q['q']!r}" + (f" near {q['near'][0]},{q['near'][1]}" if "near" in q else "")


def compare_queries(queries, single, regions, wide):
    """Per query: "same" top result (OSM id); "tie" when the tops differ but score the same (ranked
    equal: in replicated data, mostly copies of one object); else "different", annotated with the
    single index's top at limit 1000 (`wide`, a wider candidate search). Separately, "twice" when
    the folder's list shows one OSM id twice (a duplicate the merge missed)."""
    counts = {hint: dict.fromkeys(("queries", "same", "tie", "different", "twice"), 0) for hint in ("without", "with")}
    notes = []
    describe = lambda r: f"{r['osm']} {r['name']!r} score {r['score']}" if r else "nothing"
    for q in queries:
        a, b = single[q["id"]].get("results", []), regions[q["id"]].get("results", [])
        ta, tb = (a[0] if a else None), (b[0] if b else None)
        ids = [r["osm"] for r in b]
        twice = sorted({i for i in ids if ids.count(i) > 1})
        verdict = ("same" if ta and tb and ta["osm"] == tb["osm"] else
                   "tie" if ta and tb and ta["score"] == tb["score"] else "different")
        c = counts["with" if "near" in q else "without"]
        c["queries"] += 1
        c[verdict] += 1
        c["twice"] += bool(twice)
        text = f"{query_text(q)}: single {describe(ta)}, regions {describe(tb)}"
        if verdict == "different" and q["id"] in wide:
            tw = (wide[q["id"]].get("results") or [None])[0]
            text += f" [single at limit 1000: {describe(tw)}" + (
                ", the folder's answer: missed at limit 10]" if tw and tb and tw["score"] == tb["score"] else "]")
        if verdict != "same":
            notes.append((verdict, text))
        if twice:
            notes.append(("twice", f"{query_text(q)}: shown twice: {', '.join(twice)}"))
    return counts, notes


def make_routes(landmarks, plan, rng, n):
    """Pairs within one region (0.5-5 km apart) and across a cut (each end within 3 km of it)."""
    ends = [(l["lat"], l["lon"]) for l in landmarks if l["kind"] in ("street", "transit")]
    by_cell = {}
    for p in ends:
        by_cell.setdefault(region_of(plan, *p), []).append(p)
    routes, tries = [], 0
    while len(routes) < n and tries < 200 * n:
        tries += 1
        a = rng.choice(ends)
        across = len(routes) % 2 == 1
        ra = region_of(plan, *a)
        if across:
            r, c = ra[0] + rng.choice((-1, 0, 1)), ra[1] + rng.choice((-1, 0, 1))
            if (r, c) == ra or (r, c) not in by_cell:
                continue
            b = rng.choice(by_cell[(r, c)])
            if not (distance_km(a, b) < 6 and near_cut(plan, a, 3) and near_cut(plan, b, 3)):
                continue
        else:
            b = rng.choice(by_cell[ra])
            if not 0.5 < distance_km(a, b) < 5:
                continue
        routes.append({"id": len(routes), "from": a, "to": b, "mode": MODES[len(routes) // 2 % 3],
                       "type": "shortest" if len(routes) % 5 == 4 else "fastest",
                       "kind": "across" if across else "within"})
    return routes


def near_cut(plan, p, km):
    """Is p within km of an inner cut line of the grid?"""
    minlon, minlat, maxlon, maxlat = plan["extent"]
    cuts_lon = [minlon + (maxlon - minlon) * c / plan["cols"] for c in range(1, plan["cols"])]
    cuts_lat = [minlat + (maxlat - minlat) * r / plan["rows"] for r in range(1, plan["rows"])]
    return (any(distance_km(p, (p[0], x)) <= km for x in cuts_lon) or
            any(distance_km(p, (y, p[1])) <= km for y in cuts_lat))


def run_route(georoute, index, route):
    """(exit status, metres or None, first line of stderr, seconds of the whole process)."""
    fmt = lambda p: f"{p[0]:.7f},{p[1]:.7f}"
    start = time.monotonic()
    proc = subprocess.run([georoute, "route", "--from", fmt(route["from"]), "--to", fmt(route["to"]),
                           "--mode", route["mode"], "--type", route["type"], "-i", index, "--format", "json",
                           "-o", "-", "--quiet"], capture_output=True, text=True)
    metres = json.loads(proc.stdout)["distance_m"] if proc.returncode == 0 else None
    return proc.returncode, metres, (proc.stderr.strip().splitlines() or [""])[0], time.monotonic() - start


def compare_routes(routes, single, regions, tolerance):
    counts, notes = {}, []
    for r in routes:
        (sa, ma, ea, ta), (sb, mb, eb, tb) = single[r["id"]], regions[r["id"]]
        c = counts.setdefault(r["kind"], {"routes": 0, "equal": 0, "routed": 0, "single_s": 0.0, "regions_s": 0.0})
        c["routes"] += 1
        c["single_s"] += ta
        c["regions_s"] += tb
        c["routed"] += sa == 0
        if sa == sb and (sa != 0 or abs(ma - mb) <= tolerance * ma):
            c["equal"] += 1
            continue
        show = lambda s, m, e: f"{m:.1f} m" if s == 0 else f"exit {s} ({e})"
        notes.append(("different", f"route {r['kind']} {r['mode']} {r['type']} {r['from'][0]:.7f},{r['from'][1]:.7f} "
                      f"-> {r['to'][0]:.7f},{r['to'][1]:.7f}: single {show(sa, ma, ea)}, regions {show(sb, mb, eb)}"))
    return counts, notes


def ask_searches(args, landmarks, rng, folder):
    """The seeded searches on both sides; those whose top scores differ asked the single index again
    with limit 1000."""
    queries = make_queries(landmarks, rng, args.queries)
    single, regions = run_batch(args.geoquery, args.single, queries), run_batch(args.geoquery, folder, queries)
    top = lambda answers, q: ((answers[q["id"]].get("results") or [{}])[0]).get("score")
    again = [dict(q, limit=1000) for q in queries if top(single, q) != top(regions, q)]
    return compare_queries(queries, single, regions, run_batch(args.geoquery, args.single, again) if again else {})


def ask_routes(args, landmarks, rng, plan, folder):
    routes = make_routes(landmarks, plan, rng, args.routes)
    with concurrent.futures.ThreadPoolExecutor(max_workers=args.jobs) as pool:
        single = dict(zip((r["id"] for r in routes), pool.map(lambda r: run_route(args.georoute, args.single, r), routes)))
        regions = dict(zip((r["id"] for r in routes), pool.map(lambda r: run_route(args.georoute, folder, r), routes)))
    return compare_routes(routes, single, regions, args.tolerance)


def print_report(args, plan, q_counts, r_counts, notes):
    print(f"check {args.dir} ({plan['rows']} x {plan['cols']} regions, {plan['overlap_km']} km overlap) "
          f"against {os.path.basename(args.single)}, seed {args.seed}")
    for hint, c in q_counts.items():
        print(f"searches {hint} a hint: {c['same']}/{c['queries']} same top result, {c['tie']} ties (another "
              f"result of the same score), {c['different']} different; {c['twice']} showing one object twice")
    for kind, c in sorted(r_counts.items(), reverse=True):
        print(f"routes {kind:6}: {c['equal']}/{c['routes']} equal within {args.tolerance:.0%} "
              f"({c['routed']} routed by the single index, the rest no route in either); georoute "
              f"{c['single_s']:.1f} s on the single index, {c['regions_s']:.1f} s on the folder in all")
    ties = [t for v, t in notes if v == "tie"]
    for verdict, text in [n for n in notes if n[0] != "tie"] + [("tie", t) for t in ties[:5]]:
        print(f"  {verdict.upper():9} {text}")
    if len(ties) > 5:
        print(f"  ... and {len(ties) - 5} more ties in {args.dir}/check.json")


def cmd_check(args):
    plan = load_json(os.path.join(args.dir, "plan.json"))
    folder = os.path.join(args.dir, "indexes")
    geoindex = args.geoindex or os.path.join(os.path.dirname(args.geoquery), "geoindex")
    export = subprocess.run([geoindex, "export", args.single], check=True, capture_output=True, text=True).stdout
    landmarks = [json.loads(line) for line in export.splitlines()]
    rng = random.Random(args.seed)
    q_counts, q_notes = ask_searches(args, landmarks, rng, folder)
    r_counts, r_notes = ask_routes(args, landmarks, rng, plan, folder)
    print_report(args, plan, q_counts, r_counts, q_notes + r_notes)
    failed = any(v != "tie" for v, _ in q_notes + r_notes)
    print("check: " + ("results differ (listed above)" if failed else "the folder answers as the single index"))
    save_json(os.path.join(args.dir, "check.json"), {"seed": args.seed, "queries": q_counts, "routes": r_counts,
                                                      "notes": [{"verdict": v, "text": t} for v, t in q_notes + r_notes]})
    return 1 if failed else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    sub = ap.add_subparsers(dest="command", required=True)
    p = sub.add_parser("plan", help="grid of widened boxes -> DIR/extracts.json")
    p.add_argument("input")
    p.add_argument("--regions", type=int, default=8)
    p.add_argument("--grid", help="ROWSxCOLS instead of the grid chosen from --regions and the extent")
    p.add_argument("--overlap-km", type=float, default=2.0)
    p.add_argument("--out", required=True)
    p.add_argument("--matrix", action="store_true", help="also print the region names as a JSON list")
    p = sub.add_parser("cut", help="osmium extract --config DIR/extracts.json (one pass)")
    p.add_argument("dir")
    p.add_argument("--input", help="default: the input named by plan")
    p.add_argument("--strategy", default="complete_ways", choices=("complete_ways", "smart", "simple"))
    p.add_argument("--per-pass", type=int, help="regions per osmium pass (default: all in one)")
    p.add_argument("--only", metavar="NAME", help="cut this region alone")
    p.add_argument("-S", "--option", action="append", default=[], help="osmium strategy option, e.g. types=any")
    p = sub.add_parser("build", help="index every region in parallel -> DIR/indexes/")
    p.add_argument("dir")
    p.add_argument("--jobs", type=int, default=os.cpu_count())
    p.add_argument("--geoindex", default="geoindex")
    p.add_argument("--single", help="also build this whole input alone, as the baseline (DIR/single.geoidx)")
    p.add_argument("--repeat", type=int, default=1, help="best of N runs (default 1)")
    p = sub.add_parser("check", help="single index vs the region folder on a seeded query/route set")
    p.add_argument("dir")
    p.add_argument("--single", required=True)
    p.add_argument("--geoquery", default="geoquery")
    p.add_argument("--georoute", default="georoute")
    p.add_argument("--geoindex", help="for the export (default: beside --geoquery)")
    p.add_argument("--queries", type=int, default=400)
    p.add_argument("--routes", type=int, default=200)
    p.add_argument("--seed", type=int, default=7)
    p.add_argument("--tolerance", type=float, default=0.01)
    p.add_argument("--jobs", type=int, default=os.cpu_count())
    args = ap.parse_args()
    if args.command == "plan" and (args.regions < 1 or args.grid and not re.fullmatch(r"[1-9]\d*x[1-9]\d*", args.grid)):
        ap.error("--regions must be at least 1, --grid ROWSxCOLS (e.g. 2x4)")
    return {"plan": cmd_plan, "cut": cmd_cut, "build": cmd_build, "check": cmd_check}[args.command](args) or 0


if __name__ == "__main__":
    sys.exit(main())
