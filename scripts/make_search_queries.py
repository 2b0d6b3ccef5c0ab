#!/usr/bin/env python3
"""Seeded as-you-type query set for the search benchmark.

Reads the landmarks that `geoindex export` writes (one JSON object per line) and
writes queries as NDJSON: {"id", "q", "near": [lat, lon] | absent, "target": id}.
Each query is what a user types on the way to a real landmark's name: a prefix
of 1-6 characters of one of its words, a whole first word plus a prefix of the
next (multi-word), or a word with one typo (never in the first letter). Half of
the queries carry a location hint near the target (within 2 km), a quarter a
random point in the data's extent, a quarter none. `target` lets the benchmark
check that the landmark typed for is among the first results.

    python3 scripts/make_search_queries.py --landmarks L.ndjson --out Q.ndjson [--n 2000] [--seed 7]
"""
import argparse
import json
import math
import random
import re
import unicodedata

WORD = re.compile(r"[^\W_]+")


def fold(s):
    s = unicodedata.normalize("NFKD", s.lower())
    return "".join(c for c in s if not unicodedata.combining(c))


def typo(word, rng):
    if len(word) < 5:
        return word
    i = rng.randrange(1, len(word))
    kind = rng.choice(["sub", "del", "swap", "ins"])
    letters = "abcdefghijklmnopqrstuvwxyz"
    if kind == "sub":
        return word[:i] + rng.choice(letters.replace(word[i], "")) + word[i + 1:]
    if kind == "del":
        return word[:i] + word[i + 1:]
    if kind == "ins":
        return word[:i] + rng.choice(letters) + word[i:]
    if i + 1 < len(word) and word[i] != word[i + 1]:
        return word[:i] + word[i + 1] + word[i] + word[i + 2:]
    return word[:i] + rng.choice(letters.replace(word[i], "")) + word[i + 1:]


def named_landmarks(path):
    """(landmark, folded words of its name) of every named landmark that is not an address."""
    lms = []
    with open(path, encoding="utf-8") as f:
        for line in f:
            d = json.loads(line)
            if d["kind"] == "address" or not d["name"]:
                continue
            words = WORD.findall(fold(d["name"]))
            if words:
                lms.append((d, words))
    return lms


def queries(lms, n, rng):
    """n as-you-type queries over lms (see the header), drawn with rng."""
    lats = [d["lat"] for d, _ in lms]
    lons = [d["lon"] for d, _ in lms]
    box = (min(lats), min(lons), max(lats), max(lons))
    for qid in range(n):
        d, words = rng.choice(lms)
        r = rng.random()
        if r < 0.6 or len(words) == 1:
            w = rng.choice(words)
            q = w[: rng.randint(1, min(6, len(w)))]
        elif r < 0.8:
            i = rng.randrange(len(words) - 1)
            nxt = words[i + 1]
            q = words[i] + " " + nxt[: rng.randint(1, min(6, len(nxt)))]
        else:
            w = max(words, key=len)
            q = typo(w, rng)
        query = {"id": qid, "q": q, "target": d["id"]}
        h = rng.random()
        if h < 0.5:
            dist = rng.uniform(0, 2000)
            ang = rng.uniform(0, 2 * math.pi)
            lat = d["lat"] + dist * math.cos(ang) / 111320
            lon = d["lon"] + dist * math.sin(ang) / (111320 * math.cos(math.radians(d["lat"])))
            query["near"] = [round(lat, 6), round(lon, 6)]
        elif h < 0.75:
            query["near"] = [round(rng.uniform(box[0], box[2]), 6), round(rng.uniform(box[1], box[3]), 6)]
        yield query


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--landmarks", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--n", type=int, default=2000)
    ap.add_argument("--seed", type=int, default=7)
    a = ap.parse_args()
    rng = random.Random(a.seed)
    with open(a.out, "w", encoding="utf-8") as out:
        for query in queries(named_landmarks(a.landmarks), a.n, rng):
            out.write(json.dumps(query, ensure_ascii=False) + "\n")

if __name__ == "__main__":
    main()
