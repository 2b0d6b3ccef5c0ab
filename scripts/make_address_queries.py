#!/usr/bin/env python3
"""Address-search queries with their expected answers, from the real addr:* tags of one OSM
extract (for `make bench-addresses`, scripts/bench_addresses.py). Stdlib only; the extract is
read with osmium-tool (any format osmium reads: .osm.pbf, .osm, .osm.gz, .osm.bz2).
Why it exists: address search is judged on what people type for real addresses (number first
or last, with a city or postcode, misspelled, abbreviated, half typed), with the right answers
taken from the data itself, so geoquery, Nominatim and FTS5 are scored on the same questions.

    python3 scripts/make_address_queries.py --osm ../shared/data/andorra.osm.pbf --out-dir DIR \
            [--n 300] [--seed 42] [--reverse-n 100]

Writes into DIR:
  queries.ndjson   one search query a line: {"id", "cls", "q", "target", "kind", "key", "match",
                   "pt": [lat, lon], "box": [minlat, minlon, maxlat, maxlon] (postcode), "expect": [osm ids]}
  reverse.ndjson   one reverse look-up a line: {"id", "target", "kind", "lat", "lon", "key", "expect": [osm ids]}
  docs.ndjson      every object with a name or an address (for the SQLite FTS5 peer):
                   {"osm", "lat", "lon", "name", "names", "housenumber", "street", "postcode", "city", "coarse"}
  addresses.json   the address table (normalised street|housenumber -> osm ids), the streets,
                   the postcode of every object that has one, stats

How the targets are chosen
  Every object (node, way, relation) with addr:housenumber and addr:street or addr:place is a
  candidate; its house number must be one a person types as one number ("12", "12a", "3 B",
  "12к1", "10/2"; lists "3;5" and ranges "10-14" are left out as targets but still count as
  right answers for each number they name). Candidates are put in strata by what they are:
  poi (amenity, shop, tourism, ... keys), entrance, building (a way with building=*), relation,
  address (a node that is only an address), other (any other way). --n targets are drawn from
  the strata in equal shares (a stratum smaller than its share gives the rest to the others),
  with random.Random("<seed>:<file name>"), so the same seed and extract give the same queries.
  addr:interpolation ways (none in the five default extracts) give targets of their own: a
  number strictly between the two end numbers (same parity for odd/even) that no object has.

Query classes (each a row of the report), for one target with street S, number H:
  street_number    "S H"                     number_street    "H S"
  street_city      "S H City" / "S H, City"  (target has addr:city; the comma is a coin toss)
  street_postcode  "S H P" / "S H, P"        (target has addr:postcode)
  postcode_first   "P City S H"              (both)
  postcode_only    "P"                       -> anything carrying that postcode (match "postcode")
  misspelled       "S' H": one edit (swap, drop, double or replace a letter, never the first) in
                   the longest word of S with 5+ letters; never another street's name
  abbreviation     "S H" with one word of S abbreviated as addresses are written: Avenue -> Av.,
                   Boulevard -> Bd, Carrer -> C/, Strasse -> Str. (also in compounds), Saint -> St,
                   улица -> ул., Finnish -katu -> -k. ... (ABBREVIATIONS below)
  lowercase        "s h" lower-cased         (only when that changes the text)
  no_diacritics    "S H" with Latin accents removed, ß -> ss, ё -> е (only when that changes it)
  street_only      "S"                       -> the street (match "street")
  prefix_typed     "H S…": the number, then S up to 60 % (at least 3 letters) of its last word
                   of 4+ letters (what is in the box while the street is still being typed)
  name_street      "Name S"                  (the target has a name)
  number_absent    "S N" with N a number no object on S has -> the street (match "street")
  interpolation    "S N" with N inside an addr:interpolation way -> that way

What counts as right ("expect", "match", "pt")
  match "addr": an object whose normalised street and house number equal the target's (several
  objects can share one address: the shop node, the building, the entrance) -- or any answer
  that is not a street, place or boundary and lies within 50 m of the target's point "pt" (the
  scorer's --radius). Normalised: NFKD, accents dropped, case-folded, ß -> ss, punctuation ->
  spaces; house numbers case-folded without spaces. With a postcode or city in the query, an
  object with a different addr:postcode (addr:city) is left out; one without that tag stays.
  name_street expects the objects with that address and that name (the POI typed for).
  match "street": one of the highway=* ways named S (all of them: engines that merge a street's
  ways return one), or the place named S for addr:place.
  match "postcode": an object whose addr:postcode or postal_code is P (the OSM data says, see
  addresses.json "postcodes"), or an answer without an OSM object (Nominatim's postcode
  centroids) inside "box", the box of P's addressed objects widened by 300 m.
"""
import argparse
import json
import math
import random
import re
import subprocess
import sys
import tempfile
import unicodedata
from collections import defaultdict
from pathlib import Path

WORD = re.compile(r"[^\W_]+")
ESC = re.compile(r"%([0-9a-fA-F]+)%")
POI_KEYS = ("amenity", "shop", "tourism", "leisure", "office", "craft", "healthcare", "historic",
            "sport", "emergency", "club", "public_transport", "railway", "aeroway")
NAME_KEYS_EXTRA = ("alt_name", "old_name", "official_name", "short_name", "loc_name", "reg_name")
PLACE_VALUES = {"city", "town", "village", "hamlet", "suburb", "quarter", "neighbourhood", "locality",
                "isolated_dwelling", "farm", "square", "borough", "island", "islet", "plot", "city_block"}
SIMPLE_HN = re.compile(r"^\d[^;,]{0,11}$")            # one number as typed: 12, 12a, 3 B, 8 к2, 10/2
RANGE_HN = re.compile(r"^(\d+)\s*-\s*(\d+)$")
LEAD_NUM = re.compile(r"^(\d+)")
CLASSES = ["street_number", "number_street", "street_city", "street_postcode", "postcode_first", "postcode_only",
           "misspelled", "abbreviation", "lowercase", "no_diacritics", "street_only", "prefix_typed",
           "name_street", "number_absent", "interpolation"]
# Words as addresses abbreviate them (folded word -> abbreviation as written). Whole words, plus
# SUFFIX_ABBR inside compounds (Landstrasse -> Landstr., Aleksanterinkatu -> Aleksanterink.).
ABBREVIATIONS = {
    "avenue": "Av.", "avinguda": "Av.", "avenida": "Av.", "boulevard": "Bd", "place": "Pl.", "placa": "Pl.",
    "platz": "Pl.", "plaza": "Pl.", "route": "Rte", "chemin": "Ch.", "impasse": "Imp.", "square": "Sq.",
    "saint": "St", "sainte": "Ste", "sankt": "St.", "carrer": "C/", "calle": "C/", "carretera": "Ctra.",
    "passeig": "Pg.", "strasse": "Str.", "street": "St", "road": "Rd", "piazza": "P.za", "viale": "V.le",
    "corso": "C.so", "allee": "All.", "docteur": "Dr", "general": "Gen.", "professeur": "Prof.",
    "улица": "ул.", "проспект": "просп.", "переулок": "пер.", "площадь": "пл.", "бульвар": "б-р",
    "шоссе": "ш.", "набережная": "наб.", "проезд": "пр-д"}
SUFFIX_ABBR = [("strasse", "str."), ("katu", "k.")]
STRATA = ["poi", "building", "address", "entrance", "relation", "other"]


# ---------------------------------------------------------------- normalisation

def fold(s):
    """Lower-cased, accents removed, ß -> ss: the key used to compare names."""
    s = unicodedata.normalize("NFKD", (s or "").casefold().replace("ß", "ss"))
    return "".join(c for c in s if not unicodedata.combining(c))


def norm(s):
    return " ".join(WORD.findall(fold(s)))


def norm_hn(h):
    return "".join((h or "").casefold().split())


def ascii_fold_typed(s):
    """What a person without an accent key types: Latin accents dropped, ß -> ss, ё -> е;
    other scripts untouched (й stays й)."""
    out = []
    for ch in unicodedata.normalize("NFC", s):
        if ch in "ßẞ":
            out.append("ss")
        elif ch in "ёЁ":
            out.append("е" if ch == "ё" else "Е")
        elif ord(ch) < 0x250:
            d = unicodedata.normalize("NFKD", ch)
            out.append("".join(c for c in d if not unicodedata.combining(c)) or ch)
        else:
            out.append(ch)
    return "".join(out)


def hn_components(h):
    """Each house number an addr:housenumber value names: "3;5" -> 3, 5; "10-14" -> 10..14."""
    out = []
    for part in re.split(r"[;,]", h or ""):
        part = part.strip()
        if not part:
            continue
        m = RANGE_HN.match(part)
        if m and int(m.group(1)) < int(m.group(2)) <= int(m.group(1)) + 40:
            out.extend(str(i) for i in range(int(m.group(1)), int(m.group(2)) + 1))
        out.append(part)
    return out


NEIGHBOURS = dict(zip("qwertyuiopasdfghjklzxcvbnm", ["wa", "qes", "wrd", "etf", "ryg", "tuh", "yij", "uok", "ipl", "ol",
                                                        "qsz", "awdx", "sefc", "drgv", "fthb", "gyjn", "hukm", "jil", "kop",
                                                        "asx", "zdc", "xfv", "cgb", "vhn", "bjm", "nk"]))


def misspell(rng, street):
    """S with one edit in its longest word of 5+ letters (never the first letter), or None."""
    words = list(WORD.finditer(street))
    cands = [m for m in words if len(m.group()) >= 5 and m.group().isalpha()]
    if not cands:
        return None
    specific = [x for x in cands if fold(x.group()) not in ABBREVIATIONS] or cands
    m = max(specific, key=lambda x: (len(x.group()), x.start()))
    w = m.group()
    op, i = rng.choice(["swap", "drop", "double", "replace"]), rng.randrange(1, len(w) - 1)
    if op == "swap" and w[i] != w[i + 1]:
        w2 = w[:i] + w[i + 1] + w[i] + w[i + 2:]
    elif op == "drop":
        w2 = w[:i] + w[i + 1:]
    elif op == "double":
        w2 = w[:i] + w[i] + w[i:]
    else:
        c = w[i].lower()
        pool = NEIGHBOURS.get(c) or "".join(sorted(set(w.lower()) - {c})) or "e"
        r = rng.choice(pool)
        w2 = w[:i] + (r.upper() if w[i].isupper() else r) + w[i + 1:]
    return street[:m.start()] + w2 + street[m.end():] if norm(w2) != norm(w) else None


def abbreviate(street):
    """S with its first abbreviable word abbreviated (ABBREVIATIONS, SUFFIX_ABBR), or None."""
    for m in WORD.finditer(street):
        f = fold(m.group())
        if f in ABBREVIATIONS:
            return street[:m.start()] + ABBREVIATIONS[f] + street[m.end():]
        for suf, ab in SUFFIX_ABBR:
            if len(f) > len(suf) + 2 and f.endswith(suf) and len(m.group()) == len(f):
                return street[:m.end() - len(suf)] + ab + street[m.end():]
    return None


def typed_prefix(street):
    """S up to 60 % (at least 3 letters) of its last word of 4+ letters, or None."""
    words = [m for m in WORD.finditer(street) if len(m.group()) >= 4]
    if not words:
        return None
    m = words[-1]
    k = max(3, math.ceil(len(m.group()) * 0.6))
    return street[:m.start() + k] if k < len(m.group()) else None


# ---------------------------------------------------------------- reading OSM with osmium

def unescape(s):
    return ESC.sub(lambda m: chr(int(m.group(1), 16)), s)


def parse_tags(tok):
    tags = {}
    if not tok:
        return tags
    for kv in tok.split(","):
        if "=" in kv:
            k, v = kv.split("=", 1)
            tags[unescape(k)] = unescape(v)
    return tags


def read_osm(path, extra_filters=()):
    """Objects with a name, an address, a highway or a place (or matching one of osmium's
    `extra_filters`, e.g. "nwr/amenity"), with positions.
    Returns {"n123": {"tags", "lat", "lon"}} (ways and relations: centroid) and way node lists."""
    with tempfile.TemporaryDirectory(prefix="addr-queries-") as tmp:
        filtered = Path(tmp) / "f.osm.pbf"
        cmd = ["osmium", "tags-filter", "--overwrite", "-o", str(filtered), str(path),
               "nwr/addr:housenumber", "w/addr:interpolation", "w/highway", "nwr/place", "nwr/name",
               "nwr/addr:postcode", "nwr/postal_code", *extra_filters]
        r = subprocess.run(cmd, capture_output=True, text=True)
        if r.returncode != 0:
            raise SystemExit(f"osmium tags-filter failed: {r.stderr.strip()}")
        proc = subprocess.Popen(["osmium", "add-locations-to-ways", "--ignore-missing-nodes", "--keep-untagged-nodes",
                                 "-f", "opl,add_metadata=false", "-o", "-", str(filtered)],
                                stdout=subprocess.PIPE, text=True, encoding="utf-8")
        objs, way_nodes, rel_members, node_pos = {}, {}, {}, {}
        for line in proc.stdout:
            fields = line.rstrip("\n").split(" ")
            oid = fields[0]
            tags, lat, lon, nodes, members = {}, None, None, None, None
            for f in fields[1:]:
                if not f:
                    continue
                c, rest = f[0], f[1:]
                if c == "T":
                    tags = parse_tags(rest)
                elif c == "x":
                    lon = float(rest) if rest else None
                elif c == "y":
                    lat = float(rest) if rest else None
                elif c == "N":
                    nodes = []
                    for ref in rest.split(",") if rest else []:
                        m = re.match(r"n(\d+)(?:x([-\d.]+)y([-\d.]+))?$", ref)
                        if m:
                            nodes.append(("n" + m.group(1), float(m.group(3)) if m.group(3) else None,
                                          float(m.group(2)) if m.group(2) else None))
                elif c == "M":
                    members = []
                    for mem in rest.split(",") if rest else []:
                        ref, _, role = mem.partition("@")
                        members.append((ref, unescape(role)))
            if oid[0] == "n":
                if lat is not None:
                    node_pos[oid] = (lat, lon)
                if tags:
                    objs[oid] = {"tags": tags, "lat": lat, "lon": lon}
            elif oid[0] == "w":
                way_nodes[oid] = nodes or []
                if tags:
                    objs[oid] = {"tags": tags}
            elif oid[0] == "r":
                rel_members[oid] = members or []
                if tags:
                    objs[oid] = {"tags": tags}
        if proc.wait() != 0:
            raise SystemExit("osmium add-locations-to-ways failed")
    # positions of ways (area centroid of a closed ring, else the middle vertex) and relations
    for oid, o in objs.items():
        if oid[0] == "w":
            pts = [(la, lo) for _, la, lo in way_nodes.get(oid, []) if la is not None]
            o["lat"], o["lon"] = centroid(pts)
    for oid, o in objs.items():
        if oid[0] == "r":
            pts = []
            for ref, role in rel_members.get(oid, []):
                if ref.startswith("w") and role in ("outer", ""):
                    pts.extend((la, lo) for _, la, lo in way_nodes.get(ref, []) if la is not None)
                elif ref.startswith("n") and ref in node_pos and role in ("label", "admin_centre", ""):
                    pts.append(node_pos[ref])
            o["lat"], o["lon"] = centroid(pts, ring=False)
    return objs, way_nodes


def centroid(pts, ring=True):
    if not pts:
        return None, None
    if ring and len(pts) >= 4 and pts[0] == pts[-1]:
        a = cx = cy = 0.0
        la0, lo0 = pts[0]
        for (y1, x1), (y2, x2) in zip(pts, pts[1:]):
            x1, y1, x2, y2 = x1 - lo0, y1 - la0, x2 - lo0, y2 - la0
            cr = x1 * y2 - x2 * y1
            a += cr
            cx += (x1 + x2) * cr
            cy += (y1 + y2) * cr
        if abs(a) > 1e-14:
            return round(la0 + cy / (3 * a), 7), round(lo0 + cx / (3 * a), 7)
    if not ring:
        return round((min(p[0] for p in pts) + max(p[0] for p in pts)) / 2, 7), \
            round((min(p[1] for p in pts) + max(p[1] for p in pts)) / 2, 7)
    mid = pts[len(pts) // 2]
    return round(mid[0], 7), round(mid[1], 7)


# ---------------------------------------------------------------- tables

def all_names(tags):
    out = []
    for k, v in tags.items():
        if k == "name" or k.startswith("name:") or k in NAME_KEYS_EXTRA:
            out.extend(x.strip() for x in v.split(";") if x.strip())
    return out


def stratum(oid, tags):
    if oid[0] == "r":
        return "relation"
    if any(k in tags for k in POI_KEYS):
        return "poi"
    if oid[0] == "n" and ("entrance" in tags or tags.get("building") == "entrance" or "door" in tags):
        return "entrance"
    if oid[0] == "w" and "building" in tags:
        return "building"
    if oid[0] == "n":
        return "address"
    return "other"


def build_tables(objs, way_nodes):
    by_key = defaultdict(set)            # "street|hn" -> osm ids
    hns_by_street = defaultdict(set)     # street -> normalised house numbers (all components)
    info = {}                            # osm id -> {"street", "hn", "postcode", "city", "names"}
    street_objs = defaultdict(set)       # normalised street / place name -> highway ways, places
    postcode_of, pc_pts = {}, defaultdict(list)      # osm id -> postcode; postcode -> points
    candidates = []
    interp = []
    for oid, o in objs.items():
        t = o["tags"]
        pc = norm(t.get("addr:postcode") or t.get("postal_code") or "")
        if pc:
            postcode_of[oid] = pc
            if o.get("lat") is not None and t.get("addr:postcode"):
                pc_pts[pc].append((o["lat"], o["lon"]))
        if t.get("highway") and oid[0] == "w":
            for n in all_names(t):
                street_objs[norm(n)].add(oid)
        if t.get("place") in PLACE_VALUES or (t.get("place") and oid[0] != "w"):
            for n in all_names(t):
                street_objs[norm(n)].add(oid)
        if "addr:interpolation" in t and oid[0] == "w":
            interp.append(oid)
        hn = t.get("addr:housenumber")
        street = t.get("addr:street") or t.get("addr:place")
        if not hn or not street or o.get("lat") is None:
            continue
        s = norm(street)
        comps = [norm_hn(c) for c in hn_components(hn)]
        for c in comps:
            by_key[f"{s}|{c}"].add(oid)
            hns_by_street[s].add(c)
        info[oid] = {"street": street, "hn": hn, "postcode": t.get("addr:postcode"), "city": t.get("addr:city"),
                     "names": [norm(n) for n in all_names(t)]}
        if SIMPLE_HN.match(hn.strip()) and not RANGE_HN.match(hn.strip()):
            candidates.append(oid)
    # interpolation: numbers strictly between the end nodes' numbers
    interp_targets = []
    for wid in interp:
        t = objs[wid]["tags"]
        nodes = way_nodes.get(wid, [])
        if len(nodes) < 2:
            continue
        a, b = objs.get(nodes[0][0]), objs.get(nodes[-1][0])
        if not a or not b:
            continue
        ha, hb = a["tags"].get("addr:housenumber", ""), b["tags"].get("addr:housenumber", "")
        street = t.get("addr:street") or a["tags"].get("addr:street") or b["tags"].get("addr:street")
        if not (ha.isdigit() and hb.isdigit() and street):
            continue
        lo, hi = sorted((int(ha), int(hb)))
        step = 1 if t["addr:interpolation"] in ("all", "alphabetic") else 2
        nums = list(range(lo + step, hi, step))
        s = norm(street)
        for n in nums:
            by_key[f"{s}|{n}"].add(wid)
        hns_by_street[s].update(str(n) for n in nums)
        if nums:
            interp_targets.append((wid, street, nums, objs[wid]))
    m = 300 / 111_320                                 # the postcode's box, widened by about 300 m
    pc_box = {pc: [round(min(p[0] for p in v) - m, 6), round(min(p[1] for p in v) - m / math.cos(math.radians(v[0][0])), 6),
                   round(max(p[0] for p in v) + m, 6), round(max(p[1] for p in v) + m / math.cos(math.radians(v[0][0])), 6)]
              for pc, v in pc_pts.items()}
    return by_key, hns_by_street, info, street_objs, candidates, interp_targets, postcode_of, pc_box


def stratified_sample(rng, candidates, objs, n):
    groups = defaultdict(list)
    for oid in sorted(candidates, key=lambda x: (x[0], int(x[1:]))):
        groups[stratum(oid, objs[oid]["tags"])].append(oid)
    for g in groups.values():
        rng.shuffle(g)
    quota = {k: 0 for k in groups}
    left = min(n, len(candidates))
    open_ = [k for k in STRATA if groups.get(k)]
    while left > 0 and open_:
        share = max(1, left // len(open_))
        for k in list(open_):
            take = min(share, len(groups[k]) - quota[k], left)
            quota[k] += take
            left -= take
            if quota[k] >= len(groups[k]):
                open_.remove(k)
            if left == 0:
                break
    picked = []
    for k in STRATA:
        picked.extend(groups.get(k, [])[:quota.get(k, 0)])
    return picked, {k: len(v) for k, v in groups.items()}, {k: v for k, v in quota.items() if v}


def absent_number(rng, present):
    """A number no object on the street has (nor 'Na', nor inside a range)."""
    leading = set()
    for h in present:
        m = LEAD_NUM.match(h)
        if m:
            leading.add(int(m.group(1)))
    top = max(leading or {10})
    pool = [i for i in range(1, max(40, 2 * top) + 1) if i not in leading]
    return str(rng.choice(pool)) if pool else None


# ---------------------------------------------------------------- queries

def make(osm, n, seed, reverse_n):
    objs, way_nodes = read_osm(osm)
    by_key, hns_by_street, info, street_objs, candidates, interp_targets, postcode_of, pc_box = \
        build_tables(objs, way_nodes)
    rng = random.Random(f"{seed}:{Path(osm).name}")
    picked, strata_sizes, quota = stratified_sample(rng, candidates, objs, n)
    queries, seen = [], set()
    street_names = set(street_objs) | {norm(i["street"]) for i in info.values()}

    def add(cls, q, target, kind, key, expect, match="addr", box=None, once_per=None):
        q = " ".join(q.split())
        if not expect or not q or (cls, once_per or norm(q)) in seen:
            return
        seen.add((cls, once_per or norm(q)))
        o = objs.get(target, {})
        row = {"id": f"q{len(queries)}", "cls": cls, "q": q, "target": target, "kind": kind, "key": key,
               "match": match, "pt": [o.get("lat"), o.get("lon")], "expect": sorted(expect)}
        if box:
            row["box"] = box
        queries.append(row)

    for oid in picked:
        o, inf = objs[oid], info[oid]
        t = o["tags"]
        kind = stratum(oid, t)
        street, hn = inf["street"].strip(), inf["hn"].strip()
        s = norm(street)
        key = f"{s}|{norm_hn(hn)}"
        same = by_key[key]
        pc, city = (t.get("addr:postcode") or "").strip(), (t.get("addr:city") or "").strip()
        add("street_number", f"{street} {hn}", oid, kind, key, same)
        add("number_street", f"{hn} {street}", oid, kind, key, same)
        if city:
            ok = {x for x in same if norm(info[x]["city"] or city) == norm(city)}
            add("street_city", f"{street} {hn}{',' if rng.random() < 0.5 else ''} {city}", oid, kind, key, ok)
        if pc:
            ok = {x for x in same if norm(info[x]["postcode"] or pc) == norm(pc)}
            add("street_postcode", f"{street} {hn}{',' if rng.random() < 0.5 else ''} {pc}", oid, kind, key, ok)
            if norm(pc) in pc_box:
                add("postcode_only", pc, oid, kind, f"|{norm(pc)}",
                    {x for x, p in postcode_of.items() if p == norm(pc)}, "postcode", pc_box[norm(pc)])
        if pc and city:
            ok = {x for x in same if norm(info[x]["postcode"] or pc) == norm(pc) and norm(info[x]["city"] or city) == norm(city)}
            add("postcode_first", f"{pc} {city} {street} {hn}", oid, kind, key, ok)
        typo = misspell(rng, street)
        if typo and norm(typo) not in street_names:
            add("misspelled", f"{typo} {hn}", oid, kind, key, same, once_per=key)      # one typo per address
        short = abbreviate(street)
        if short:
            add("abbreviation", f"{short} {hn}", oid, kind, key, same)
        plain = f"{street} {hn}"
        if plain.lower() != plain:
            add("lowercase", plain.lower(), oid, kind, key, same)
        if ascii_fold_typed(plain) != plain:
            add("no_diacritics", ascii_fold_typed(plain), oid, kind, key, same)
        if street_objs.get(s):
            add("street_only", street, oid, kind, f"{s}|", street_objs[s], "street")
        prefix = typed_prefix(street)
        if prefix:
            add("prefix_typed", f"{hn} {prefix}", oid, kind, key, same)
        name = (t.get("name") or "").strip()
        if name and norm(name) and norm(name) != s:
            ok = {x for x in same if norm(name) in info[x]["names"]}
            add("name_street", f"{name} {street}", oid, kind, key, ok)
        if street_objs.get(s):
            num = absent_number(rng, hns_by_street[s])
            if num:
                add("number_absent", f"{street} {num}", oid, kind, f"{s}|", street_objs[s], "street")
    for wid, street, nums, o in interp_targets[: max(1, n // 5)]:
        real = {h for x, inf in info.items() if norm(inf["street"]) == norm(street) for h in [norm_hn(inf["hn"])]}
        free = [x for x in nums if str(x) not in real]
        if free:
            num = rng.choice(free)
            add("interpolation", f"{street} {num}", wid, "interpolation", f"{norm(street)}|{num}",
                by_key[f"{norm(street)}|{num}"])

    # reverse: the targets' own positions, moved 0-3 m in a random direction
    reverse = []
    for oid in picked[:]:
        if len(reverse) >= reverse_n:
            break
        o, inf = objs[oid], info[oid]
        d, b = rng.uniform(0, 3.0), rng.uniform(0, 2 * math.pi)
        lat = o["lat"] + d * math.cos(b) / 111_320
        lon = o["lon"] + d * math.sin(b) / (111_320 * math.cos(math.radians(o["lat"])))
        key = f"{norm(inf['street'])}|{norm_hn(inf['hn'])}"
        reverse.append({"id": f"r{len(reverse)}", "target": oid, "kind": stratum(oid, o["tags"]),
                        "lat": round(lat, 7), "lon": round(lon, 7), "key": key, "street": inf["street"],
                        "hn": inf["hn"], "expect": sorted(by_key[key])})
    rng.shuffle(reverse)

    docs = []
    for oid, o in objs.items():
        t = o["tags"]
        names = all_names(t)
        hn = t.get("addr:housenumber")
        if o.get("lat") is None or not (names or hn):
            continue
        docs.append({"osm": oid, "lat": o["lat"], "lon": o["lon"], "name": t.get("name") or "",
                     "names": [x for x in names if x != t.get("name")], "housenumber": hn or "",
                     "street": t.get("addr:street") or t.get("addr:place") or "",
                     "postcode": t.get("addr:postcode") or "", "city": t.get("addr:city") or "",
                     "coarse": bool(oid[0] == "w" and t.get("highway") or t.get("place") or t.get("boundary"))})
    stats = {"objects_with_address": len(info), "target_candidates": len(candidates), "strata": strata_sizes,
             "sampled": quota, "interpolation_ways": len(interp_targets), "queries": len(queries),
             "reverse": len(reverse), "docs": len(docs)}
    tables = {"by_key": {k: sorted(v) for k, v in by_key.items()},
              "info": info, "streets": {k: sorted(v) for k, v in street_objs.items()}, "postcodes": postcode_of,
              "stats": stats}
    return queries, reverse, docs, tables


def write_ndjson(path, rows):
    with open(path, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False, separators=(",", ":")) + "\n")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--osm", required=True)
    ap.add_argument("--out-dir", required=True)
    ap.add_argument("--n", type=int, default=300, help="targets per extract (default 300)")
    ap.add_argument("--seed", default="42")
    ap.add_argument("--reverse-n", type=int, default=100)
    a = ap.parse_args()
    out = Path(a.out_dir)
    out.mkdir(parents=True, exist_ok=True)
    queries, reverse, docs, tables = make(a.osm, a.n, a.seed, a.reverse_n)
    write_ndjson(out / "queries.ndjson", queries)
    write_ndjson(out / "reverse.ndjson", reverse)
    write_ndjson(out / "docs.ndjson", docs)
    (out / "addresses.json").write_text(json.dumps(tables, ensure_ascii=False), encoding="utf-8")
    print(json.dumps(tables["stats"], ensure_ascii=False))


if __name__ == "__main__":
    sys.exit(main())
