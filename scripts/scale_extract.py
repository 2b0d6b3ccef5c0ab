#!/usr/bin/env python3
"""Scale a real OSM extract up N times, for memory and time benchmarks.

    python3 scripts/scale_extract.py INPUT.osm[.gz|.bz2] -n 16 -o big.osm.gz -o big.osm.pbf

Writes N copies of INPUT side by side on a grid (each copy shifted by the
extract's extent plus a gap, so copies never touch and a street stays one
street per copy), with every id offset by `copy * stride` so ids stay unique
and each type stays sorted: all nodes (copy 0, 1, …), then all ways, then all
relations, ascending. Names, tags and metadata are copied unchanged, so the
distribution of names and tags stays that of real data.

Outputs (one or more `-o`, format by extension): OSM XML (`.osm`), gzip XML
(`.osm.gz`) and PBF (`.pbf`, dense nodes, zlib blobs, written by the small
protobuf writer below). Only the 1x extract is held in memory; the N-times
output is streamed. Output is deterministic (gzip mtime 0, fixed blob layout).

Speed: everything that does not change between copies is encoded once. In a
PBF block only the first delta of each packed id / coordinate / ref array
depends on the copy, so a copy is a few byte concatenations plus zlib.
"""
import argparse
import bz2
import calendar
import gzip
import math
import struct
import sys
import time
import xml.etree.ElementTree as ET
import zlib

E7 = 10_000_000
BLOCK = 8000            # entities per PBF block (what osmium writes)
META_KEYS = ("version", "timestamp", "changeset", "uid", "user")


# --- reading the 1x extract ---------------------------------------------------------------

def open_input(path):
    with open(path, "rb") as f:
        head = f.read(3)
    if head[:2] == b"\x1f\x8b":
        return gzip.open(path, "rb")
    if head == b"BZh":
        return bz2.open(path, "rb")
    return open(path, "rb")


def parse_e7(s):
    """'43.7370125' -> 437370125, exactly (no float rounding)."""
    neg = s.startswith("-")
    if neg or s.startswith("+"):
        s = s[1:]
    whole, _, frac = s.partition(".")
    frac = (frac + "0000000")[:8]
    v = int(whole or "0") * E7 + int(frac[:7])
    if frac[7] >= "5":
        v += 1
    return -v if neg else v


def fmt_e7(v):
    sign = "-" if v < 0 else ""
    i, f = divmod(abs(v), E7)
    if f == 0:
        return f"{sign}{i}"
    return f"{sign}{i}.{f:07d}".rstrip("0")


class Extract:
    """The 1x extract, element by element, in file order."""

    def __init__(self):
        self.nodes = []      # (id, lat, lon, attrs, tags)
        self.ways = []       # (id, attrs, refs, tags)
        self.relations = []  # (id, attrs, members[(type, ref, role)], tags)
        self.bounds = None   # (minlat, minlon, maxlat, maxlon) in e7
        self.max_id = 0

    @staticmethod
    def read(path):
        ex = Extract()
        with open_input(path) as f:
            for _, el in ET.iterparse(f, events=("end",)):
                tag = el.tag
                if tag == "node":
                    a = el.attrib
                    if "lat" not in a or "lon" not in a:
                        el.clear()
                        continue
                    attrs = [(k, v) for k, v in a.items() if k not in ("id", "lat", "lon")]
                    tags = [(t.get("k"), t.get("v")) for t in el if t.tag == "tag"]
                    i = int(a["id"])
                    ex.nodes.append((i, parse_e7(a["lat"]), parse_e7(a["lon"]), attrs, tags))
                    ex.max_id = max(ex.max_id, abs(i))
                elif tag == "way":
                    a = el.attrib
                    refs = [int(t.get("ref")) for t in el if t.tag == "nd"]
                    tags = [(t.get("k"), t.get("v")) for t in el if t.tag == "tag"]
                    i = int(a["id"])
                    ex.ways.append((i, [(k, v) for k, v in a.items() if k != "id"], refs, tags))
                    ex.max_id = max(ex.max_id, abs(i), *(abs(r) for r in refs)) if refs else max(ex.max_id, abs(i))
                elif tag == "relation":
                    a = el.attrib
                    members = [(t.get("type"), int(t.get("ref")), t.get("role") or "") for t in el if t.tag == "member"]
                    tags = [(t.get("k"), t.get("v")) for t in el if t.tag == "tag"]
                    i = int(a["id"])
                    ex.relations.append((i, [(k, v) for k, v in a.items() if k != "id"], members, tags))
                    ex.max_id = max([ex.max_id, abs(i)] + [abs(m[1]) for m in members])
                elif tag == "bounds":
                    a = el.attrib
                    ex.bounds = tuple(parse_e7(a[k]) for k in ("minlat", "minlon", "maxlat", "maxlon"))
                else:
                    continue
                if tag != "bounds":
                    el.clear()
        return ex

    def extent(self):
        lats = [n[1] for n in self.nodes] or [0]
        lons = [n[2] for n in self.nodes] or [0]
        return min(lats), min(lons), max(lats), max(lons)


class Layout:
    """Where copy k goes: a grid of ceil(sqrt(N)) columns, shifted by extent + gap."""

    def __init__(self, extract, copies):
        self.copies = copies
        min_lat, min_lon, max_lat, max_lon = extract.extent()
        if extract.bounds:
            min_lat, min_lon = min(min_lat, extract.bounds[0]), min(min_lon, extract.bounds[1])
            max_lat, max_lon = max(max_lat, extract.bounds[2]), max(max_lon, extract.bounds[3])
        self.box = (min_lat, min_lon, max_lat, max_lon)
        # A gap of 10% (at least 0.01 degrees, about 1 km) keeps copies well apart.
        step_lat = (max_lat - min_lat) + max((max_lat - min_lat) // 10, E7 // 100)
        step_lon = (max_lon - min_lon) + max((max_lon - min_lon) // 10, E7 // 100)
        self.cols = max(1, math.ceil(math.sqrt(copies)))
        self.rows = max(1, math.ceil(copies / self.cols))
        # Grow towards the equator / west when the grid would leave the valid range.
        if max_lat + (self.rows - 1) * step_lat > 85 * E7:
            step_lat = -step_lat
        if max_lon + (self.cols - 1) * step_lon > 180 * E7:
            step_lon = -step_lon
        self.step = (step_lat, step_lon)
        lo_lat = min(min_lat, min_lat + (self.rows - 1) * step_lat)
        lo_lon = min(min_lon, min_lon + (self.cols - 1) * step_lon)
        if lo_lat < -85 * E7 or lo_lon < -180 * E7:
            sys.exit(f"scale_extract: {copies} copies do not fit on the globe")
        # Ids: copy k adds k * stride, a power of ten above every id and reference in the file.
        self.stride = 10 ** len(str(max(1, extract.max_id)))

    def shift(self, k):
        r, c = divmod(k, self.cols)
        return k * self.stride, r * self.step[0], c * self.step[1]

    def bounds(self):
        min_lat, min_lon, max_lat, max_lon = self.box
        lats = [min_lat + self.shift(k)[1] for k in range(self.copies)] + [max_lat + self.shift(k)[1] for k in range(self.copies)]
        lons = [min_lon + self.shift(k)[2] for k in range(self.copies)] + [max_lon + self.shift(k)[2] for k in range(self.copies)]
        return min(lats), min(lons), max(lats), max(lons)


# --- OSM XML ----------------------------------------------------------------------------

def esc(s):
    return (s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")
            .replace("\n", "&#10;").replace("\r", "&#13;").replace("\t", "&#9;"))


def attr_text(attrs):
    return "".join(f' {k}="{esc(v)}"' for k, v in attrs)


def tag_text(tags):
    return "".join(f'    <tag k="{esc(k)}" v="{esc(v)}"/>\n' for k, v in tags)


class XMLWriter:
    def __init__(self, path, extract, layout):
        self.layout = layout
        raw = open(path, "wb")
        self.raw = raw
        # mtime 0 and no file name: the same input gives the same bytes.
        self.out = gzip.GzipFile(filename="", mode="wb", fileobj=raw, mtime=0, compresslevel=6) if path.endswith(".gz") else raw
        # Everything except id, coordinates and references, rendered once.
        self.nodes = [(i, lat, lon, attr_text(a), ("/>\n" if not t else ">\n" + tag_text(t) + "  </node>\n"))
                      for i, lat, lon, a, t in extract.nodes]
        self.ways = [(i, attr_text(a), refs, tag_text(t)) for i, a, refs, t in extract.ways]
        self.relations = [(i, attr_text(a), [(ty, ref, f'" role="{esc(role)}"/>\n') for ty, ref, role in m], tag_text(t))
                          for i, a, m, t in extract.relations]

    def write_all(self):
        w = self.out.write
        b = self.layout.bounds()
        w(b"<?xml version='1.0' encoding='UTF-8'?>\n<osm version=\"0.6\" generator=\"scale_extract.py\">\n")
        w(f'  <bounds minlat="{fmt_e7(b[0])}" minlon="{fmt_e7(b[1])}" maxlat="{fmt_e7(b[2])}" maxlon="{fmt_e7(b[3])}"/>\n'.encode())
        for k in range(self.layout.copies):
            off, dlat, dlon = self.layout.shift(k)
            w("".join([f'  <node id="{i + off}"{a} lat="{fmt_e7(lat + dlat)}" lon="{fmt_e7(lon + dlon)}"{rest}'
                       for i, lat, lon, a, rest in self.nodes]).encode())
        for k in range(self.layout.copies):
            off = self.layout.shift(k)[0]
            parts = []
            for i, a, refs, tags in self.ways:
                parts.append(f'  <way id="{i + off}"{a}>\n')
                parts.append("".join([f'    <nd ref="{r + off}"/>\n' for r in refs]))
                parts.append(tags)
                parts.append("  </way>\n")
            w("".join(parts).encode())
        for k in range(self.layout.copies):
            off = self.layout.shift(k)[0]
            parts = []
            for i, a, members, tags in self.relations:
                parts.append(f'  <relation id="{i + off}"{a}>\n')
                parts.append("".join([f'    <member type="{ty}" ref="{ref + off}{rest}' for ty, ref, rest in members]))
                parts.append(tags)
                parts.append("  </relation>\n")
            w("".join(parts).encode())
        w(b"</osm>\n")

    def close(self):
        if self.out is not self.raw:
            self.out.close()
        self.raw.close()


# --- PBF (a minimal protobuf writer) ------------------------------------------------------

def varint(v):
    v &= 0xFFFFFFFFFFFFFFFF   # negative int64 values take ten bytes, as in protobuf
    out = bytearray()
    while v >= 0x80:
        out.append((v & 0x7F) | 0x80)
        v >>= 7
    out.append(v)
    return bytes(out)


def zz(v):
    return (v << 1) ^ (v >> 63)


def key(field, wire):
    return varint(field << 3 | wire)


def ld(field, payload):
    """A length-delimited field."""
    return key(field, 2) + varint(len(payload)) + payload


def vi(field, v):
    return key(field, 0) + varint(v)


def packed(values, signed=False, delta=False):
    out = bytearray()
    prev = 0
    for v in values:
        d = v - prev if delta else v
        prev = v
        out += varint(zz(d) if signed else d & 0xFFFFFFFFFFFFFFFF)
    return bytes(out)


def packed_tail(values):
    """Delta-coded sint64 array split into (first value, bytes of the remaining deltas)."""
    return values[0], packed([values[j] - values[j - 1] for j in range(1, len(values))], signed=True)


def epoch(ts):
    try:
        return calendar.timegm(time.strptime(ts, "%Y-%m-%dT%H:%M:%SZ"))
    except (ValueError, TypeError):
        return 0


class StringTable:
    def __init__(self):
        self.index = {"": 0}
        self.strings = [""]

    def __call__(self, s):
        i = self.index.get(s)
        if i is None:
            i = self.index[s] = len(self.strings)
            self.strings.append(s)
        return i

    def encode(self):
        return ld(1, b"".join(ld(1, s.encode()) for s in self.strings))


def meta(attrs):
    d = dict(attrs)
    return (int(d.get("version", 0)), epoch(d.get("timestamp")), int(d.get("changeset", 0)),
            int(d.get("uid", 0)), d.get("user", ""))


class PBFWriter:
    def __init__(self, path, extract, layout):
        self.layout = layout
        self.out = open(path, "wb")
        self.has_meta = any(k in META_KEYS for n in extract.nodes[:1000] for k, _ in n[3])
        self.node_blocks = [self.node_block(extract.nodes[s:s + BLOCK]) for s in range(0, len(extract.nodes), BLOCK)]
        self.way_blocks = [self.way_block(extract.ways[s:s + BLOCK]) for s in range(0, len(extract.ways), BLOCK)]
        self.rel_blocks = [self.relation_block(extract.relations[s:s + BLOCK])
                           for s in range(0, len(extract.relations), BLOCK)]

    def info(self, attrs, st):
        v, t, c, u, user = meta(attrs)
        return ld(4, vi(1, v) + vi(2, t) + vi(3, c) + vi(4, u) + vi(5, st(user))) if self.has_meta else b""

    def node_block(self, nodes):
        st = StringTable()
        kv = []
        for n in nodes:
            for k, v in n[4]:
                kv += [st(k), st(v)]
            kv.append(0)
        fixed = b""
        if self.has_meta:
            m = [meta(n[3]) for n in nodes]
            fixed += ld(5, ld(1, packed([x[0] for x in m])) + ld(2, packed([x[1] for x in m], True, True))
                        + ld(3, packed([x[2] for x in m], True, True)) + ld(4, packed([x[3] for x in m], True, True))
                        + ld(5, packed([st(x[4]) for x in m], True, True)))
        fixed_tail = ld(10, packed(kv)) if any(kv) else b""
        ids = packed_tail([n[0] for n in nodes])
        lats = packed_tail([n[1] for n in nodes])
        lons = packed_tail([n[2] for n in nodes])
        return st.encode(), ids, fixed, lats, lons, fixed_tail

    def way_block(self, ways):
        st = StringTable()
        items = []
        for i, attrs, refs, tags in ways:
            body = ld(2, packed([st(k) for k, _ in tags])) + ld(3, packed([st(v) for _, v in tags])) + self.info(attrs, st)
            items.append((i, body, packed_tail(refs) if refs else None))
        return st.encode(), items

    def relation_block(self, relations):
        st = StringTable()
        items = []
        types = {"node": 0, "way": 1, "relation": 2}
        for i, attrs, members, tags in relations:
            body = ld(2, packed([st(k) for k, _ in tags])) + ld(3, packed([st(v) for _, v in tags])) + self.info(attrs, st)
            body += ld(8, packed([st(r) for _, _, r in members]))
            tail = ld(10, packed([types[t] for t, _, _ in members])) if members else b""
            items.append((i, body, packed_tail([m[1] for m in members]) if members else None, tail))
        return st.encode(), items

    def blob(self, kind, payload):
        data = zlib.compress(payload, 6)
        blob = vi(2, len(payload)) + ld(3, data)
        header = ld(1, kind.encode()) + vi(3, len(blob))
        self.out.write(struct.pack(">I", len(header)) + header + blob)

    @staticmethod
    def shifted(first_tail, by):
        first, tail = first_tail
        return varint(zz(first + by)) + tail

    def write_all(self):
        b = self.layout.bounds()
        bbox = ld(1, vi(1, zz(b[1] * 100)) + vi(2, zz(b[3] * 100)) + vi(3, zz(b[2] * 100)) + vi(4, zz(b[0] * 100)))
        header = bbox + ld(4, b"OsmSchema-V0.6") + ld(4, b"DenseNodes") + ld(5, b"Sort.Type_then_ID") + ld(16, b"scale_extract.py")
        self.blob("OSMHeader", header)
        copies = range(self.layout.copies)
        for k in copies:
            off, dlat, dlon = self.layout.shift(k)
            for strings, ids, fixed, lats, lons, fixed_tail in self.node_blocks:
                dense = (ld(1, self.shifted(ids, off)) + fixed + ld(8, self.shifted(lats, dlat))
                         + ld(9, self.shifted(lons, dlon)) + fixed_tail)
                self.blob("OSMData", strings + ld(2, ld(2, dense)))
        for k in copies:
            off = self.layout.shift(k)[0]
            for strings, items in self.way_blocks:
                group = b"".join(ld(3, vi(1, i + off) + body + (ld(8, self.shifted(refs, off)) if refs else b""))
                                 for i, body, refs in items)
                self.blob("OSMData", strings + ld(2, group))
        for k in copies:
            off = self.layout.shift(k)[0]
            for strings, items in self.rel_blocks:
                group = b"".join(ld(4, vi(1, i + off) + body + (ld(9, self.shifted(mem, off)) if mem else b"") + tail)
                                 for i, body, mem, tail in items)
                self.blob("OSMData", strings + ld(2, group))

    def close(self):
        self.out.close()


def main():
    ap = argparse.ArgumentParser(description="Write an N-times scaled-up copy of an OSM extract (XML, gzip XML or PBF).")
    ap.add_argument("input", help="OSM XML extract (.osm, .osm.gz or .osm.bz2)")
    ap.add_argument("-n", "--copies", type=int, required=True, help="number of copies (>= 1)")
    ap.add_argument("-o", "--output", action="append", required=True,
                    help="output file: .osm, .osm.gz or .pbf (repeat for several formats)")
    ap.add_argument("-q", "--quiet", action="store_true")
    args = ap.parse_args()
    if args.copies < 1:
        ap.error("--copies must be at least 1")
    started = time.time()
    extract = Extract.read(args.input)
    layout = Layout(extract, args.copies)
    for path in args.output:
        writer = PBFWriter(path, extract, layout) if path.endswith(".pbf") else XMLWriter(path, extract, layout)
        writer.write_all()
        writer.close()
        if not args.quiet:
            print(f"{path}: {args.copies} x ({len(extract.nodes)} nodes, {len(extract.ways)} ways, "
                  f"{len(extract.relations)} relations), {layout.rows}x{layout.cols} grid, id stride {layout.stride}, "
                  f"{time.time() - started:.1f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
