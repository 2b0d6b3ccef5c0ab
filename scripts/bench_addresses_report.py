"""The report of `make bench-addresses` (scripts/bench_addresses.py): Markdown tables from its
results, and a cause for each query geoquery missed.

Why it exists: a success rate says how often geoquery misses an address, not why; the causes
(an address stored on a shop that is not searchable by number and street, a word the query
parser drops, a typo not forgiven, ...) are what the address work on geoquery needs, so every
miss is sorted by a guessed cause from what geoquery returned and what its index holds
(`geoindex export`), with examples. Kept apart from the runner to keep both readable.
"""
from collections import Counter, defaultdict

import make_address_queries as maq

ENGINES = ["geoquery", "nominatim", "fts5"]
ENGINE_LABEL = {"geoquery": "geoquery", "nominatim": "Nominatim", "fts5": "SQLite FTS5"}
CLASS_LABEL = {
    "street_number": "street number", "number_street": "number street", "street_city": "street number city",
    "street_postcode": "street number postcode", "postcode_first": "postcode city street number",
    "postcode_only": "postcode alone", "misspelled": "misspelled street", "abbreviation": "abbreviated street",
    "lowercase": "lower-case", "no_diacritics": "no diacritics", "street_only": "street alone",
    "prefix_typed": "number + street half typed", "name_street": "name street",
    "number_absent": "number not on street", "interpolation": "interpolated number", "reverse": "reverse"}
CLASS_CAUSE = {   # the target's "street number" query works, this form of it does not
    "number_street": "number first breaks what works as 'street number'",
    "street_city": "the city word breaks what works without it",
    "street_postcode": "the postcode breaks what works without it",
    "postcode_first": "postcode + city in front break what works without them",
    "misspelled": "the misspelled street word is not matched (works spelled right)",
    "abbreviation": "the abbreviation is not understood (works spelled out)",
    "lowercase": "lower-case breaks what works as written",
    "no_diacritics": "typing without accents breaks what works with them",
    "prefix_typed": "the half-typed street finds nothing of it (works typed out)",
    "name_street": "the name in front breaks what works as 'street number'"}


def fmt_pct(x):
    return "–" if x is None else f"{100 * x:.1f}"


def ms(x):
    return "–" if x is None else (f"{x:.3f}" if x < 1 else f"{x:.2f}" if x < 10 else f"{x:.1f}")


def indexed_as(lm):
    if not lm:
        return None
    s = f"{lm.get('kind')} {lm.get('category')}: {lm.get('name') or '(no name)'}"
    if lm.get("housenumber") or lm.get("street"):
        s += f" [{lm.get('street')} {lm.get('housenumber')}]"
    return s


def describe_expected(q, tables, landmarks):
    out = []
    for x in q["expect"][:3]:
        inf = tables["info"].get(x)
        out.append({"osm": x, "address": f"{inf['street']} {inf['hn']}" if inf else None,
                    "indexed_as": indexed_as(landmarks.get(x))})
    return out


# ---------------------------------------------------------------- causes

def diagnose(q, ans, deep, landmarks, plain_works):
    """A short cause for one geoquery miss (not right in the top 5): a guess from what came back
    and what the index holds for the expected objects."""
    cls = q["cls"]
    got = [landmarks.get(x) or {} for x in ans["results"]]
    street = q["key"].split("|")[0]
    if deep:
        above = ("the street's pieces" if got and all(g.get("kind") == "street" for g in got)
                 else "other numbers or streets" if got and all(g.get("kind") in ("street", "address") for g in got)
                 else "other objects")
        return f"found, but ranked {'6-10' if deep <= 10 else '11-100'}, below {above}"
    if q["match"] == "street":
        what = "number not on street" if cls == "number_absent" else "street alone"
        if not any(x in landmarks for x in q["expect"]):
            return f"{what}: the street (or addr:place place) is not in the index"
        if not ans["results"]:
            return f"{what}: no results" + (" (no fall-back to the street)" if cls == "number_absent" else "")
        return f"{what}: other objects returned, not the street"
    if q["match"] == "postcode":
        if not ans["results"]:
            return "postcode alone: no results (postcodes are not searchable)"
        return "postcode alone: results that do not carry the postcode"
    indexed = [landmarks[x] for x in q["expect"] if x in landmarks]
    if not indexed:
        return "the addressed object is not in the index"
    if not any(lm.get("kind") == "address" for lm in indexed):
        kinds = "/".join(sorted({lm.get("kind") or "?" for lm in indexed}))
        if cls == "name_street":
            return f"name + street: the street words are not searchable on a {kinds} landmark"
        return f"address stored on a {kinds} landmark, whose number and street are not searchable"
    if plain_works and cls in CLASS_CAUSE:
        return CLASS_CAUSE[cls]
    if not ans["results"]:
        return "no results"
    if any(g.get("kind") == "street" and maq.norm(g.get("name") or "") == street for g in got):
        if any(maq.norm(g.get("street") or "") == street and g.get("kind") != "street" for g in got):
            return "the street found, other numbers of it returned, not this one"
        return "the street found, the number ignored"
    if any(maq.norm(g.get("street") or "") == street for g in got):
        return "other numbers of that street returned, not this one"
    return "unrelated results (the street not recognised)"


def reverse_cause(r, got, landmarks):
    if not got.get("osm"):
        return "reverse: nothing found"
    if r["target"] not in landmarks and not any(x in landmarks for x in r["expect"]):
        return "reverse: the addressed object is not in the index, another answer returned"
    lm = landmarks.get(got["osm"]) or {}
    if lm.get("housenumber"):
        return "reverse: a neighbouring address returned"
    return f"reverse: a {lm.get('kind') or 'non-address'} without a house number returned"


# ---------------------------------------------------------------- Markdown

def cell(t, cls):
    v = (t or {}).get(cls)
    return "–" if not v else f"{fmt_pct(v['at1'])} / {fmt_pct(v['at5'])}"


def class_table(title, success, exact, status, radius):
    lines = [f"#### {title}", "",
             "| class | n | " + " | ".join(f"{ENGINE_LABEL[e]} @1 / @5" for e in ENGINES) + " |",
             "|---|---:|" + "---|" * len(ENGINES)]
    for cls in maq.CLASSES + ["all"]:
        n = (success.get("geoquery") or {}).get(cls, {}).get("n")
        if not n:
            continue
        label = "**all classes**" if cls == "all" else CLASS_LABEL.get(cls, cls)
        lines.append(f"| {label} | {n} | " + " | ".join(
            "skipped" if e not in success and status.get(e) else cell(success.get(e), cls) for e in ENGINES) + " |")
    if exact:
        n = exact["geoquery"]["all"]["n"]
        lines.append(f"| all classes, expected object only (no {radius:g} m rule) | {n} | " + " | ".join(
            "skipped" if e not in exact else cell(exact.get(e), "all") for e in ENGINES) + " |")
    return lines


def docs_table(results):
    """The summary table of docs/BENCHMARKS.md: per extract and overall, success@1 / @5 of each engine."""
    rows = []
    for name, info in results["extracts"].items():
        if info.get("skipped"):
            continue
        n = info["success"]["geoquery"]["all"]["n"]
        label = f"{name} ({n:,} queries)".replace(",", " ") if not rows else f"{name} ({n:,})".replace(",", " ")
        rows.append([label] + [cell(info["success"].get(e), "all") for e in ENGINES])
    ov = results.get("overall", {}).get("success")
    if ov:
        rows.append(["**all**"] + [f"**{cell(ov.get(e), 'all')}**" if e == "geoquery" else cell(ov.get(e), "all")
                                   for e in ENGINES])
    header = ["extract"] + [f"{ENGINE_LABEL[e]} @1 / @5 %" for e in ENGINES]
    return header, rows


def render(results, n_examples):
    radius = results["radius_m"]
    md = ["## Address search: geoquery, Nominatim, SQLite FTS5", "",
          f"success@1 / success@5 in %: one of the first 1 / 5 answers is right — an object with the target's "
          f"address, or any non-street answer within {radius:g} m of it; for 'street alone' and 'number not on "
          f"street' one of the street's ways; for 'postcode alone' an object carrying it or a postcode centroid in "
          f"its area (scripts/make_address_queries.py). Up to {results['n']} targets per extract, seed "
          f"{results['seed']}, no location hint, limit 5.", ""]
    for name, info in results["extracts"].items():
        if info.get("skipped"):
            md += [f"#### {name}: skipped ({info['input']} {info['skipped']})", ""]
            continue
        st = info["stats"]
        title = (f"{name} ({info['input']}: {st['objects_with_address']} addressed objects; targets "
                 + ", ".join(f"{k} {v}" for k, v in st["sampled"].items()) + ")")
        md += class_table(title, info["success"], None, info["status"], radius)
        for e, why in info["status"].items():
            md += ["", f"{ENGINE_LABEL[e]} {why}"]
        missing = [CLASS_LABEL[c] for c in maq.CLASSES if not info["success"]["geoquery"].get(c)]
        if missing:
            md += ["", "no queries of: " + ", ".join(missing)]
        md.append("")
    ov = results.get("overall", {})
    if not ov.get("success"):
        return "\n".join(md + ["no extract was measured"]) + "\n"
    status = {e: "skipped" for e in ENGINES if e not in ov["success"]}
    md += class_table("all extracts", ov["success"], ov["exact"], status, radius)
    counts = ov.get("queries_per_engine", {})
    if len(set(counts.values())) > 1:
        md += ["", "queries answered per engine (a peer skipped on some extract): "
               + ", ".join(f"{ENGINE_LABEL[e]} {n}" for e, n in counts.items())]
    md += ["", "#### all extracts, by kind of target (all classes)", "",
           "| target | n | " + " | ".join(f"{ENGINE_LABEL[e]} @1 / @5" for e in ENGINES) + " |",
           "|---|---:|" + "---|" * len(ENGINES)]
    for k in maq.STRATA + ["interpolation"]:
        n = ov["by_kind"].get("geoquery", {}).get(k, {}).get("n")
        if n:
            md.append(f"| {k} | {n} | " + " | ".join(cell(ov["by_kind"].get(e), k) for e in ENGINES) + " |")
    md += ["", "#### search latency, ms p50 / p99 (geoquery: took_ms in the batch process; Nominatim: "
               "Python API call in process, PostgreSQL included; FTS5: median of 3 runs in process)", "",
           "| extract | " + " | ".join(ENGINE_LABEL[e] for e in ENGINES) + " |", "|---|" + "---|" * len(ENGINES)]
    rows = [(n, i["latency"]) for n, i in results["extracts"].items() if not i.get("skipped")] + [("**all**", ov["latency"])]
    for name, lat in rows:
        md.append(f"| {name} | " + " | ".join(f"{ms(lat[e]['p50_ms'])} / {ms(lat[e]['p99_ms'])}" if e in lat else "–"
                                             for e in ENGINES) + " |")
    md += ["", "#### reverse geocoding (target points moved 0-3 m; right = the same house number and street)", "",
           "| extract | n | geoquery right | Nominatim right | geoquery ms p50 / p99 | Nominatim ms p50 / p99 |",
           "|---|---:|---:|---:|---|---|"]
    rows = [(n, i["reverse"]) for n, i in results["extracts"].items() if not i.get("skipped")] + [("**all**", ov["reverse"])]
    for name, rv in rows:
        g, nm = rv.get("geoquery"), rv.get("nominatim")
        if not g or not g["n"]:
            continue
        md.append(f"| {name} | {g['n']} | {fmt_pct(g['accuracy'])} % | "
                  + (f"{fmt_pct(nm['accuracy'])} %" if nm else "skipped")
                  + f" | {ms(g['p50_ms'])} / {ms(g['p99_ms'])} | "
                  + (f"{ms(nm['p50_ms'])} / {ms(nm['p99_ms'])}" if nm else "–") + " |")
    md += failures_md(results["geoquery_failures"]["all"], ov["success"]["geoquery"]["all"]["n"], n_examples)
    md += ["", f"Total {results['seconds']:.0f} s. JSON: {results['json']}"]
    return "\n".join(md) + "\n"


def failures_md(failures, n_queries, n_examples):
    search = [f for f in failures if f["cls"] != "reverse"]
    causes = Counter(f["cause"] for f in failures)
    md = ["", f"#### geoquery's misses by apparent cause: {len(search)} of {n_queries} queries not right in the "
              f"top 5, {len(failures) - len(search)} reverse answers wrong", "",
          "| cause | count | classes (count) | extracts |", "|---|---:|---|---|"]
    for c, n in causes.most_common():
        fs = [f for f in failures if f["cause"] == c]
        cls = Counter(f["cls"] for f in fs)
        ex = Counter(f["extract"] for f in fs)
        md.append(f"| {c} | {n} | " + ", ".join(f"{CLASS_LABEL.get(k, k)} {v}" for k, v in cls.most_common())
                  + " | " + ", ".join(f"{k} {v}" for k, v in ex.most_common()) + " |")
    # examples: a few per cause, different classes and extracts first
    by_cause = defaultdict(list)
    for f in failures:
        by_cause[f["cause"]].append(f)
    per_cause = max(2, n_examples // max(1, len(by_cause)))
    md += ["", f"#### examples of misses (up to {per_cause} per cause, different classes and extracts first)", ""]
    for c, _ in causes.most_common():
        chosen, used = [], set()
        for f in by_cause[c]:
            if (f["cls"], f["extract"]) not in used and len(chosen) < per_cause:
                chosen.append(f)
                used.add((f["cls"], f["extract"]))
        for f in by_cause[c]:
            if len(chosen) >= per_cause:
                break
            if f not in chosen and f["extract"] not in {x["extract"] for x in chosen}:
                chosen.append(f)
        md.append(f"- **{c}**")
        for f in chosen:
            exp = "; ".join(f"{e['osm']} ({e.get('address') or '-'}; indexed as {e['indexed_as'] or 'nothing'})"
                            for e in f["expected"][:2]) + (f" +{f['n_expected'] - 2} more" if f["n_expected"] > 2 else "")
            got = "; ".join(f"{r['name']} · {r['subtitle']} [{r['osm']}]" for r in f["returned"][:3]) or "nothing"
            md.append(f"  - {f['extract']}, {CLASS_LABEL.get(f['cls'], f['cls'])} ({f['kind']}): `{f['q']}` — "
                      f"expected {exp}; returned {got}")
    return md
