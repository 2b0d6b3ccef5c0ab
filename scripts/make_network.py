#!/usr/bin/env python3
"""A synthetic country-size road network as OSM XML, for routing benchmarks.

Shaped like real networks rather than a plain grid (the kindest case for plain
search, the worst for partitions): towns of jittered residential grids with a
few one-way streets and missing links, joined to their neighbours by secondary
roads with bends, every third row and column of towns also by a primary road,
and a motorway on every sixth with junctions at its towns. Deterministic for a
given seed.

  scripts/make_network.py --towns 40 --streets 12 -o network.osm
"""
import argparse
import math
import random
import sys


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--towns", type=int, default=20, help="towns per side (default 20)")
    ap.add_argument("--streets", type=int, default=12, help="junctions per side of a town (default 12)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("-o", "--output", default="-")
    a = ap.parse_args()
    if a.towns < 2 or a.streets < 2:
        sys.exit("make_network.py: --towns and --streets must be at least 2")
    rnd = random.Random(a.seed)
    out = sys.stdout if a.output == "-" else open(a.output, "w")
    lat0, lon0 = 47.0, 8.0
    town_step = 6000.0   # metres between town centres
    street_step = 110.0
    m_lat = 1 / 111_320.0
    m_lon = 1 / (111_320.0 * math.cos(math.radians(lat0)))
    nodes = []           # (id, lat, lon)
    ways = []            # (id, [node ids], tags)

    def node(x, y):
        nodes.append((len(nodes) + 1, lat0 + y * m_lat, lon0 + x * m_lon))
        return len(nodes)

    def way(refs, **tags):
        ways.append((len(ways) + 1, refs, tags))

    town_nodes = {}
    for ti in range(a.towns):
        for tj in range(a.towns):
            cx, cy = tj * town_step, ti * town_step
            s = a.streets
            grid = [[node(cx + (j - s / 2) * street_step + rnd.uniform(-20, 20),
                          cy + (i - s / 2) * street_step + rnd.uniform(-20, 20)) for j in range(s)] for i in range(s)]
            town_nodes[(ti, tj)] = grid
            for i in range(s):
                for j in range(s):
                    for (di, dj) in ((0, 1), (1, 0)):
                        ni, nj = i + di, j + dj
                        if ni >= s or nj >= s or rnd.random() < 0.06:
                            continue
                        tags = {"highway": "residential", "name": f"Street {ti}-{tj}-{i}-{j}-{di}"}
                        if rnd.random() < 0.08:
                            tags["oneway"] = "yes"
                        way([grid[i][j], grid[ni][nj]], **tags)

    def link(g1, g2, kind, name, bends):
        """A road between two towns' edge junctions, with `bends` shape nodes."""
        a1, a2 = g1, g2
        pts = [a1]
        (_, la1, lo1), (_, la2, lo2) = nodes[a1 - 1], nodes[a2 - 1]
        for k in range(1, bends + 1):
            t = k / (bends + 1)
            pts.append(len(nodes) + 1)
            nodes.append((len(nodes) + 1, la1 + (la2 - la1) * t + rnd.uniform(-3e-4, 3e-4),
                          lo1 + (lo2 - lo1) * t + rnd.uniform(-3e-4, 3e-4)))
        pts.append(a2)
        way(pts, highway=kind, name=name)

    s = a.streets
    for ti in range(a.towns):
        for tj in range(a.towns):
            g = town_nodes[(ti, tj)]
            if tj + 1 < a.towns:
                h = town_nodes[(ti, tj + 1)]
                kind = "primary" if ti % 3 == 0 else "secondary"
                link(g[s // 2][s - 1], h[s // 2][0], kind, f"Road E{ti}-{tj}", 6)
                if rnd.random() < 0.5:
                    link(g[1][s - 1], h[1][0], "tertiary", f"Lane E{ti}-{tj}", 4)
            if ti + 1 < a.towns:
                h = town_nodes[(ti + 1, tj)]
                kind = "primary" if tj % 3 == 0 else "secondary"
                link(g[s - 1][s // 2], h[0][s // 2], kind, f"Road N{ti}-{tj}", 6)
    # Motorways: separate carriageways are left out; one two-way motorway with junctions at towns.
    for line in range(0, a.towns, 6):
        for k in range(a.towns - 1):
            for (p, q) in (((line, k), (line, k + 1)), ((k, line), (k + 1, line))):
                link(town_nodes[p][s // 2][s // 2], town_nodes[q][s // 2][s // 2], "motorway", f"A{line}", 8)

    out.write("<?xml version='1.0' encoding='UTF-8'?>\n<osm version='0.6' generator='make_network.py'>\n")
    for (i, la, lo) in nodes:
        out.write(f" <node id='{i}' version='1' lat='{la:.7f}' lon='{lo:.7f}'/>\n")
    for (i, refs, tags) in ways:
        out.write(f" <way id='{i}' version='1'>")
        out.write("".join(f"<nd ref='{r}'/>" for r in refs))
        out.write("".join(f"<tag k='{k}' v='{v}'/>" for k, v in tags.items()))
        out.write("</way>\n")
    out.write("</osm>\n")
    if out is not sys.stdout:
        out.close()
    print(f"make_network.py: {len(nodes)} nodes, {len(ways)} ways", file=sys.stderr)


if __name__ == "__main__":
    main()
