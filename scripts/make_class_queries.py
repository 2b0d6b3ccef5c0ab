#!/usr/bin/env python3
"""Seeded queries in the classes of issue 12 ("what people type, in their languages"), from one
real extract, for `make bench-classes` (scripts/bench_classes.py) and `geobench weights`.
Why it exists: success on random prefixes says little about what people type; each class here
is one habit (a category word in one's own language, a Cyrillic name typed in Latin, one or two
letters near where one stands, a famous place with no hint) with a fair, written-down notion of
a right answer, computed from the raw OSM tags so every engine is judged the same way.

    python3 scripts/make_class_queries.py --osm EXTRACT --landmarks EXPORT.ndjson --extract NAME \
            --out Q.ndjson [--seed 42] [--n 15]

EXPORT is `geoindex export` of the extract's index (targets are landmarks the index holds);
EXTRACT is read with osmium (scripts/make_address_queries.read_osm) for every object's tags.
One line per query: {"id", "q", "near": [lat, lon] (absent: no hint), "class", "extract",
"target": OSM id ("n123"), "target_name", "target_pt": [lat, lon], "form", "accept": [OSM ids that count as right]}. success@k: one of
the first k answers is in "accept".

Classes and what counts as right (distances from the hint, or from the target without one):
  category:<lang>  (en de fr it es ca pt nl pl ru fi sv) a word of scripts/class_words.py for a
      category present in the extract, hint 0-500 m from one object of it. Right: an object of
      that category (by its OSM tags) among the 3 nearest to the hint, or no farther than the
      nearest + 250 m: what one expects of "pharmacy" near oneself.  --n per language.
  translit / translit-typo  Moscow's Cyrillic names in BGN/PCGN Latin as typed (no ’ ” or
      diaeresis), whole; -typo: one edit in the longest word (never its first letter). Half with
      a hint 0-1000 m from the target. Right: an object with the same name within 1 km (a street
      is several ways). Latin -> Cyrillic is left out: nobody types Helsinki in Cyrillic. 6 x --n.
  prefix1-2+hint  the first one or two letters of a named landmark's first word, hint 0-150 m
      from it. Right: any object with a word of a name starting so within 300 m of the hint (what
      is around you), since one letter cannot say which of them was meant.  4 x --n.
  famous-nohint  places (city, town, village, suburb) and objects with wikidata/wikipedia and a
      tourism or historic tag, by full name (form "full") and by a prefix of 4+ letters ("prefix"),
      no hint. Right: an object with that name within 2 km (places: 10 km: node, boundary).
  search:3-4 chars, search:5+ chars, search:two words, search:typo  the as-you-type set of
      scripts/make_search_queries.py (a quarter without hint, a quarter a random hint, half a hint
      within 2 km), classed as scripts/search_quality.py does. Right: a landmark with the
      target's normalised name, as there. Its 1-2 character queries (mostly without a useful
      hint) are left out: prefix1-2+hint asks that question fairly.  8 x --n drawn.
"""
import argparse
import json
import math
import random
import sys
from collections import defaultdict
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import class_words as cw  # noqa: E402
import make_address_queries as maq  # noqa: E402
import make_search_queries as msq  # noqa: E402
import search_quality  # noqa: E402
from bench_addresses import dist_m, read_ndjson  # noqa: E402

FAMOUS_PLACES = {"city", "town", "village", "suburb"}
CELL = 0.01                                   # grid cell, degrees (about 1.1 km of latitude)


def offset(rng, lat, lon, max_m, min_m=0.0):
    d, a = rng.uniform(min_m, max_m), rng.uniform(0, 2 * math.pi)
    return [round(lat + d * math.cos(a) / 111_320, 6),
            round(lon + d * math.sin(a) / (111_320 * math.cos(math.radians(lat))), 6)]


class World:
    """The extract's objects with positions, their folded names and categories, on a grid."""

    def __init__(self, osm):
        objs, _ = maq.read_osm(osm, extra_filters=("nwr/amenity", "nwr/shop", "nwr/tourism", "nwr/building=church,chapel"))
        self.objs = {k: o for k, o in objs.items() if o.get("lat") is not None}
        self.names = {k: sorted({maq.norm(n) for n in maq.all_names(o["tags"])} - {""}) for k, o in self.objs.items()}
        self.by_cat = defaultdict(list)
        self.grid = defaultdict(list)
        for k, o in self.objs.items():
            for c in cw.category_of(o["tags"]):
                self.by_cat[c].append(k)
            self.grid[(int(o["lat"] // CELL), int(o["lon"] // CELL))].append(k)

    def pt(self, k):
        return [self.objs[k]["lat"], self.objs[k]["lon"]]

    def near(self, p, radius_m):
        """Objects within radius_m of p (radius up to a few km)."""
        r = int(radius_m / 111_320 / CELL / max(0.2, math.cos(math.radians(p[0])))) + 1
        ci, cj = int(p[0] // CELL), int(p[1] // CELL)
        for i in range(ci - r, ci + r + 1):
            for j in range(cj - r, cj + r + 1):
                for k in self.grid.get((i, j), ()):
                    if dist_m(p, self.pt(k)) <= radius_m:
                        yield k

    def same_name(self, name, p, radius_m):
        want = maq.norm(name)
        return {k for k in self.near(p, radius_m) if want in self.names[k]}


def category_queries(world, rng, n, row):
    cats = sorted(c for c in cw.CATEGORIES if world.by_cat[c])
    if not cats:
        return
    for lang in cw.LANGUAGES:
        for _ in range(n):
            cat = rng.choice(cats)
            anchor = rng.choice(sorted(world.by_cat[cat]))
            hint = offset(rng, *world.pt(anchor), 500)
            ranked = sorted(world.by_cat[cat], key=lambda k: dist_m(hint, world.pt(k)))
            d1 = dist_m(hint, world.pt(ranked[0]))
            accept = [k for i, k in enumerate(ranked) if i < 3 or dist_m(hint, world.pt(k)) <= d1 + 250]
            row(f"category:{lang}", rng.choice(cw.CATEGORIES[cat][1][lang]), hint, ranked[0], accept, form=cat)


def translit_queries(world, lms, rng, n, row):
    cyr = [d for d, _ in lms if cw.is_cyrillic(d["name"]) and d["osm"] in world.objs]
    rng.shuffle(cyr)
    for d in cyr[: 6 * n]:
        latin = cw.romanise(d["name"])
        typo_words = [w for w in latin.split() if len(w) >= 5 and w.isalpha()]
        target = d["osm"]
        accept = world.same_name(d["name"], world.pt(target), 1000) | {target}
        hint = offset(rng, *world.pt(target), 1000) if rng.random() < 0.5 else None
        row("translit", latin, hint, target, accept)
        if typo_words:
            w = max(typo_words, key=len)
            row("translit-typo", latin.replace(w, msq.typo(w, rng), 1), hint, target, accept)


def prefix_queries(world, lms, rng, n, row):
    pool = [(d, words) for d, words in lms if d["osm"] in world.objs and words[0][:1].isalpha()]
    for _ in range(min(4 * n, len(pool))):
        d, words = rng.choice(pool)
        prefix = words[0][: rng.choice((1, 2))]
        hint = offset(rng, *world.pt(d["osm"]), 150)
        accept = {k for k in world.near(hint, 300)
                  if any(w.startswith(prefix) for name in world.names[k] for w in name.split())} | {d["osm"]}
        row("prefix1-2+hint", prefix, hint, d["osm"], accept, form=f"{len(prefix)} letter(s)")


def famous_queries(world, rng, n, row):
    famous = sorted(k for k, o in world.objs.items() if o["tags"].get("name") and (
        o["tags"].get("place") in FAMOUS_PLACES
        or (("wikidata" in o["tags"] or "wikipedia" in o["tags"]) and ("tourism" in o["tags"] or "historic" in o["tags"]))))
    rng.shuffle(famous)
    seen = set()
    for k in famous:
        name = world.objs[k]["tags"]["name"].strip()
        if maq.norm(name) in seen or len(seen) >= 2 * n:
            continue
        seen.add(maq.norm(name))
        radius = 10_000 if world.objs[k]["tags"].get("place") else 2000
        accept = world.same_name(name, world.pt(k), radius) | {k}
        row("famous-nohint", name, None, k, accept, form="full")
        if len(name) > 4:
            cut = rng.randint(4, len(name) - 1)
            prefix = name[:cut].rstrip(" -'")
            if len(maq.norm(prefix).replace(" ", "")) >= 4:
                row("famous-nohint", prefix, None, k, accept, form="prefix")


def search_queries(world, lms, landmarks, rng, n, row):
    by_name = defaultdict(set)
    for d in landmarks.values():
        by_name[search_quality.norm(d["name"])].add(d["osm"])
    for q in msq.queries(lms, 8 * n, rng):
        d = landmarks[q["target"]]
        b = search_quality.bucket(q, d["name"])
        if b == "1-2 chars" or d["osm"] not in world.objs:
            continue
        row(f"search:{b}", q["q"], q.get("near"), d["osm"], by_name[search_quality.norm(d["name"])])


def make(osm, landmarks_path, extract, seed, n):
    rng = random.Random(f"{seed}:{extract}")
    world = World(osm)
    landmarks = {d["id"]: d for d in read_ndjson(landmarks_path)}
    lms = msq.named_landmarks(landmarks_path)
    out, seen = [], set()

    def row(cls, q, near, target, accept, form=None):
        q = " ".join(q.split())
        if not q or (cls, q, tuple(near or ())) in seen:
            return
        seen.add((cls, q, tuple(near or ())))
        d = {"id": f"{extract}/{len(out)}", "q": q, "class": cls, "extract": extract, "target": target,
             "target_name": world.objs[target]["tags"].get("name", ""), "target_pt": world.pt(target), "accept": sorted(set(accept) | {target})}
        if near:
            d["near"] = near
        if form:
            d["form"] = form
        out.append(d)

    category_queries(world, rng, n, row)
    translit_queries(world, lms, rng, n, row)
    prefix_queries(world, lms, rng, n, row)
    famous_queries(world, rng, n, row)
    search_queries(world, lms, landmarks, rng, n, row)
    return out


def main():
    ap = argparse.ArgumentParser(description="class queries of issue 12 from one extract")
    ap.add_argument("--osm", required=True)
    ap.add_argument("--landmarks", required=True, help="geoindex export of the extract's index")
    ap.add_argument("--extract", required=True, help="a short name, used in query ids")
    ap.add_argument("--out", required=True)
    ap.add_argument("--seed", default="42")
    ap.add_argument("--n", type=int, default=15, help="queries per language of the category class (other classes: see above)")
    a = ap.parse_args()
    rows = make(a.osm, a.landmarks, a.extract, a.seed, a.n)
    with open(a.out, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n")
    print(f"{a.extract}: {len(rows)} queries", file=sys.stderr)


if __name__ == "__main__":
    main()
