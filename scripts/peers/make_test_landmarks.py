#!/usr/bin/env python3
# Makes search test inputs for fts5_search.py from an OSM XML file (.osm / .osm.gz):
# landmarks = named nodes and ways (way position = mean of its nodes), importance from a crude
# tag table; queries = random as-you-type prefixes of landmark names (half of them with "near").
#   python3 scripts/peers/make_test_landmarks.py --osm X.osm.gz --landmarks L.ndjson --queries Q.ndjson [--n 1000]
import argparse
import gzip
import random
import sys
import unicodedata
import xml.etree.ElementTree as ET
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from _common import dump  # noqa: E402

IMPORTANCE = {("place", "city"): 1.0, ("place", "town"): 0.8, ("place", "village"): 0.6,
              ("place", "suburb"): 0.5, ("place", "hamlet"): 0.4, ("highway", "primary"): 0.4,
              ("highway", "secondary"): 0.3, ("tourism", "attraction"): 0.4, ("amenity", "hospital"): 0.4}


def landmarks(path):
    opener = gzip.open if str(path).endswith(".gz") else open
    coords, out = {}, []
    with opener(path, "rb") as f:
        for _, el in ET.iterparse(f, events=("end",)):
            if el.tag not in ("node", "way"):
                continue
            tags = {t.get("k"): t.get("v") for t in el.findall("tag")}
            if el.tag == "node":
                lat, lon = float(el.get("lat")), float(el.get("lon"))
                coords[el.get("id")] = (lat, lon)
            else:
                pts = [coords[nd.get("ref")] for nd in el.findall("nd") if nd.get("ref") in coords]
                if not pts:
                    el.clear()
                    continue
                lat, lon = sum(p[0] for p in pts) / len(pts), sum(p[1] for p in pts) / len(pts)
            name = tags.get("name")
            if name:
                alts = sorted({v for k, v in tags.items()
                               if (k.startswith("name:") or k in ("alt_name", "old_name", "short_name")) and v != name})
                imp = max([IMPORTANCE.get((k, v), 0.0) for k, v in tags.items()] + [0.1])
                rec = {"id": len(out) + 1, "name": name, "lat": round(lat, 7), "lon": round(lon, 7),
                       "importance": imp}
                if alts:
                    rec["names"] = alts
                out.append(rec)
            el.clear()
    return out


def strip_accents(s):
    return "".join(c for c in unicodedata.normalize("NFD", s) if unicodedata.category(c) != "Mn")


def main():
    ap = argparse.ArgumentParser(description="make search test inputs from OSM XML")
    ap.add_argument("--osm", required=True)
    ap.add_argument("--landmarks", required=True)
    ap.add_argument("--queries", required=True)
    ap.add_argument("--n", type=int, default=1000)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args()
    lms = landmarks(a.osm)
    with open(a.landmarks, "w", encoding="utf-8") as f:
        for rec in lms:
            f.write(dump(rec) + "\n")
    rnd = random.Random(a.seed)
    with open(a.queries, "w", encoding="utf-8") as f:
        for i in range(a.n):
            lm = rnd.choice(lms)
            name = lm["name"]
            q = name[: rnd.randint(1, len(name))]           # typed so far
            if rnd.random() < 0.2:
                q = strip_accents(q).lower()
            rec = {"id": i + 1, "q": q, "limit": 10}
            if rnd.random() < 0.5:
                rec["near"] = [round(lm["lat"] + rnd.uniform(-0.02, 0.02), 6),
                               round(lm["lon"] + rnd.uniform(-0.02, 0.02), 6)]
            f.write(dump(rec) + "\n")
    print(f"wrote {len(lms)} landmarks -> {a.landmarks}, {a.n} queries -> {a.queries}")


if __name__ == "__main__":
    main()
