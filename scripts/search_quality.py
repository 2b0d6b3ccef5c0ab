#!/usr/bin/env python3
"""Compares search answers on the benchmark's query set: for each engine, the
share of queries whose target landmark (or one with the same normalised name)
is among the first 10 results, overall and by what was typed (1-2 characters,
3-4, 5+, two words, with a typo).

    python3 scripts/search_quality.py --landmarks L.ndjson --queries Q.ndjson NAME=ANSWERS.ndjson ...

Answer files hold one line per query: {"id": ..., "results": [landmark ids]}
(summary lines are skipped).
"""
import argparse
import json
import re
import unicodedata

WORD = re.compile(r"[^\W_]+")


def norm(s):
    s = unicodedata.normalize("NFKD", (s or "").lower())
    return " ".join(WORD.findall("".join(c for c in s if not unicodedata.combining(c))))


def bucket(q, target_name):
    text = q["q"]
    if " " in text:
        return "two words"
    words = WORD.findall(norm(target_name))
    if not any(w.startswith(text) for w in words):
        return "typo"
    n = len(text)
    return "1-2 chars" if n <= 2 else "3-4 chars" if n <= 4 else "5+ chars"


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--landmarks", required=True)
    ap.add_argument("--queries", required=True)
    ap.add_argument("answers", nargs="+", help="NAME=FILE")
    a = ap.parse_args()
    names = {}
    with open(a.landmarks, encoding="utf-8") as f:
        for line in f:
            d = json.loads(line)
            names[d["id"]] = norm(d["name"])
    queries = [json.loads(l) for l in open(a.queries, encoding="utf-8")]
    buckets = ["1-2 chars", "3-4 chars", "5+ chars", "two words", "typo"]
    rows = {}
    for spec in a.answers:
        label, path = spec.split("=", 1)
        got = {}
        for line in open(path, encoding="utf-8"):
            d = json.loads(line)
            if d.get("summary"):
                continue
            got[d["id"]] = d.get("results", [])
        tally = {b: [0, 0] for b in buckets + ["all"]}
        for q in queries:
            target = names[q["target"]]
            b = bucket(q, target)
            hit = any(names.get(r) == target for r in got.get(q["id"], [])[:10])
            for k in (b, "all"):
                tally[k][0] += hit
                tally[k][1] += 1
        rows[label] = tally
    print("hit rate @10 (target landmark among the first 10 results)")
    print("%-12s" % "engine" + "".join("%12s" % b for b in buckets + ["all"]))
    for label, tally in rows.items():
        print("%-12s" % label + "".join("%11.1f%%" % (100 * t[0] / t[1] if t[1] else 0) for t in (tally[b] for b in buckets + ["all"])))
    print("%-12s" % "queries" + "".join("%12d" % rows[next(iter(rows))][b][1] for b in buckets + ["all"]))


if __name__ == "__main__":
    main()
