#!/usr/bin/env python3
"""`make ranking-report`: per query class, which change of a ranking weight would help, which
would hurt other classes, and one recommendation; from `geobench weights` (its CSV, and its
per-result features CSV when given).

Why it exists: RankingWeights (Sources/GeoSearch/RankingWeights.swift) is one documented value;
tuning it by feel moves one class and silently breaks another. Organic Maps tunes its ranking
from a CSV of ranking features; this reads ours: the success@1/@5 of every class with each weight
scaled (x0, x0.5, x2) against the standard weights, and, for the queries whose right answer came
after rank 1 (within 20), how it differed from the result ranked first (nearer? more important?
more of its name matched?), which says which term of the score is too weak for that class.

    python3 scripts/ranking_weights_report.py WEIGHTS.csv [--features FEATURES.csv] [--min-gain 0.005]
"""
import argparse
import csv
from collections import defaultdict


def load(path):
    rows = list(csv.DictReader(open(path, encoding="utf-8")))
    std = {r["class"]: r for r in rows if r["weight"] == "standard"}
    changes = defaultdict(dict)                # (weight, factor) -> class -> row
    for r in rows:
        if r["weight"] != "standard":
            changes[(r["weight"], r["factor"])][r["class"]] = r
    return std, changes


def pct(x):
    return f"{100 * float(x):+.1f}"


def feature_hints(path):
    """Per class: how the first right answer (rank 2-20) compared with the result ranked first."""
    by_q = defaultdict(list)
    for r in csv.DictReader(open(path, encoding="utf-8")):
        by_q[(r["id"], r["class"])].append(r)
    hints = defaultdict(lambda: defaultdict(int))
    for (qid, cls), rs in by_q.items():
        rs.sort(key=lambda r: int(r["rank"]))
        right = next((r for r in rs if r["right"] == "1"), None)
        h = hints[cls]
        h["queries"] += 1
        if right is None:
            h["not in top 20"] += 1
            continue
        if right["rank"] == "1":
            h["right first"] += 1
            continue
        top = rs[0]
        h["right at 2-5" if int(right["rank"]) <= 5 else "right at 6-20"] += 1
        if right["distance_m"] and top["distance_m"] and float(right["distance_m"]) < float(top["distance_m"]):
            h["right was nearer"] += 1
        if float(right["importance"]) > float(top["importance"]):
            h["right was more important"] += 1
        if float(right["name_cover"]) > float(top["name_cover"]):
            h["more of right's name matched"] += 1
        if right["kind"] != top["kind"]:
            h[f"first was a {top['kind']}, right a {right['kind']}"] += 1
    return hints


def main():
    ap = argparse.ArgumentParser(description="which ranking-weight changes help which query class")
    ap.add_argument("weights_csv")
    ap.add_argument("--features")
    ap.add_argument("--min-gain", type=float, default=0.005, help="smallest change of success@5 worth naming (0.005)")
    a = ap.parse_args()
    std, changes = load(a.weights_csv)
    classes = [c for c in std if c != "all"] + ["all"]
    print(f"# Ranking weights, per query class ({a.weights_csv})\n")
    print("Standard weights: success@5 " + ", ".join(f"{c} {float(std[c]['success_at_5']):.3f}" for c in classes) + "\n")
    print("## Per class: changes that help (success@5 points; what they cost elsewhere)\n")
    for c in classes:
        helps = sorted(((k, float(v[c]["delta_at_5"]), float(v[c]["delta_at_1"])) for k, v in changes.items() if c in v),
                       key=lambda x: (-x[1], -x[2]))
        helps = [h for h in helps if h[1] >= a.min_gain or (h[1] >= 0 and h[2] >= a.min_gain)]
        if not helps:
            print(f"- **{c}** ({std[c]['queries']} queries, @5 {float(std[c]['success_at_5']):.3f}): no single change helps")
            continue
        parts = []
        for (w, f), d5, d1 in helps[:4]:
            hurt = [(o, float(r["delta_at_5"])) for o, r in changes[(w, f)].items() if o not in (c, "all")
                    and float(r["delta_at_5"]) <= -a.min_gain]
            hurt.sort(key=lambda x: x[1])
            cost = ", ".join(f"{o} {pct(d)}" for o, d in hurt[:3]) or "nothing"
            parts.append(f"{w} x{f}: @5 {pct(d5)}, @1 {pct(d1)} (hurts {cost})")
        print(f"- **{c}** ({std[c]['queries']} queries, @5 {float(std[c]['success_at_5']):.3f}): " + "; ".join(parts))
    print("\n## Changes that hurt most (success@5 overall)\n")
    worst = sorted(((k, float(v["all"]["delta_at_5"])) for k, v in changes.items() if "all" in v), key=lambda x: x[1])
    print(", ".join(f"{w} x{f} {pct(d)}" for (w, f), d in worst[:8]))
    print("\n## Recommendation\n")
    safe = []
    for k, v in changes.items():
        if "all" not in v:
            continue
        worst_class = min((float(r["delta_at_5"]) for o, r in v.items() if o != "all"), default=0)
        safe.append((float(v["all"]["delta_at_5"]), float(v["all"]["delta_at_1"]), worst_class, k))
    safe.sort(key=lambda x: (-x[0], -x[1]))
    harmless = [s for s in safe if s[2] > -a.min_gain and (s[0] >= a.min_gain or s[1] >= a.min_gain)]
    if harmless:
        d5, d1, _, (w, f) = harmless[0]
        print(f"Scale {w} by {f}: overall @5 {pct(d5)}, @1 {pct(d1)}, no class loses {100 * a.min_gain:.1f} points or more. "
              "Other changes of this kind: " + (", ".join(f"{x[3][0]} x{x[3][1]} (@5 {pct(x[0])}, @1 {pct(x[1])})"
                                                          for x in harmless[1:5]) or "none") + ".")
    else:
        print("No single weight change raises success overall without costing some class "
              f"{100 * a.min_gain:.1f} points or more; the misses need new ranking inputs, not other weights "
              "(see the per-class lines and the miss files of make bench-classes).")
    by_at1 = sorted(safe, key=lambda x: (-x[1], -x[0]))
    if by_at1 and by_at1[0][1] >= a.min_gain and (not harmless or by_at1[0][3] != harmless[0][3]):
        d5, d1, _, k = by_at1[0]
        n = {o: int(r["queries"]) for o, r in changes[k].items()}
        cost = sorted(((o, float(r["delta_at_5"])) for o, r in changes[k].items() if o != "all" and float(r["delta_at_5"]) < 0),
                      key=lambda x: x[1])
        print(f"The largest gain in first places: {k[0]} x{k[1]} (@1 {pct(d1)}, @5 {pct(d5)}), at the cost of "
              + (", ".join(f"{o} {pct(d)} ({round(-d * n[o])} of {n[o]} queries)" for o, d in cost) or "nothing") + ".")
    if a.features:
        print("\n## Where the right answer was not first (standard weights, top 20)\n")
        for c, h in sorted(feature_hints(a.features).items()):
            rest = {k: v for k, v in h.items() if k not in ("queries", "right first")}
            print(f"- **{c}**: {h['right first']}/{h['queries']} first; " +
                  ", ".join(f"{k} {v}" for k, v in sorted(rest.items(), key=lambda x: -x[1])[:6]))


if __name__ == "__main__":
    main()
