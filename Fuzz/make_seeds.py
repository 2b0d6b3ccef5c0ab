#!/usr/bin/env python3
"""Writes the binary seed inputs of the fuzz corpora (Fuzz/corpus/{pbf,compressed,query,websocket}).

The PBF seeds are tiny hand-assembled files (a header blob and one data blob
with dense nodes, a way and a relation, raw and zlib-compressed), so the fuzzer
starts from inputs that reach the primitive-block decoder. The WebSocket seeds
are client frames (masked, as a browser sends them) covering each length
encoding, fragments with control frames between them and the close frame. Run it again only to
change the seeds; its output is committed. Standard library only.
"""
import bz2
import gzip
import os
import struct
import sys
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))


# The protobuf primitives are scale_extract.py's (the project's other PBF writer).
sys.path.insert(0, os.path.join(HERE, "..", "scripts"))
from scale_extract import varint, zz, key, ld, vi as uint  # noqa: E402


def packed(field, values):
    return ld(field, b"".join(varint(v) for v in values))


def delta(values):
    out, last = [], 0
    for v in values:
        out.append(zz(v - last))
        last = v
    return out


def blob(kind, block, compress):
    if compress:
        body = uint(2, len(block)) + ld(3, zlib.compress(block))
    else:
        body = ld(1, block)
    header = ld(1, kind.encode()) + uint(3, len(body))
    return struct.pack(">I", len(header)) + header + body


def header_block():
    bbox = uint(1, zz(67_859_104_000)) + uint(2, zz(68_134_438_000)) + uint(3, zz(462_090_838_000)) + uint(4, zz(461_909_247_000))
    return ld(1, bbox) + ld(4, b"OsmSchema-V0.6") + ld(4, b"DenseNodes") + ld(16, b"geoindex seeds")


def data_block():
    strings = [b"", b"name", b"Caf\xc3\xa9 de Paris", b"amenity", b"cafe", b"highway", b"residential",
               b"Rue du Moulin", b"type", b"route", b"stop", b"bus"]
    table = b"".join(ld(1, s) for s in strings)
    ids = [10001, 10002, 10003, 10004]
    lats = [461957171, 461958815, 461960000, 461961000]
    lons = [67922507, 67941852, 67950000, 67960000]
    # keys_vals: node 1 has name + amenity, the others none (0 ends a node's list).
    keys_vals = [1, 2, 3, 4, 0, 0, 0, 0]
    dense = packed(1, delta(ids)) + packed(8, delta(lats)) + packed(9, delta(lons)) + packed(10, keys_vals)
    way = uint(1, 20001) + packed(2, [5, 1]) + packed(3, [6, 7]) + packed(8, delta([10002, 10003, 10004]))
    rel = (uint(1, 30001) + packed(2, [8]) + packed(3, [9]) + packed(8, [10])
           + packed(9, delta([10001, 20001])) + packed(10, [0, 1]))
    groups = ld(2, ld(2, dense)) + ld(2, ld(3, way)) + ld(2, ld(4, rel))
    return ld(1, table) + groups + uint(17, 100)


def ws_frame(opcode, payload, fin=True, key=b"\x37\xfa\x21\x3d", length_bytes=None):
    """A client's WebSocket frame (RFC 6455 §5.2): masked with `key`; `length_bytes` 2 or 8 forces that
    length encoding (a non-minimal one for short payloads)."""
    n = len(payload)
    if length_bytes is None:
        length_bytes = 0 if n < 126 else 2 if n <= 0xFFFF else 8
    head = bytes([(0x80 if fin else 0) | opcode])
    if length_bytes == 0:
        head += bytes([0x80 | n])
    elif length_bytes == 2:
        head += bytes([0x80 | 126]) + struct.pack(">H", n)
    else:
        head += bytes([0x80 | 127]) + struct.pack(">Q", n)
    return head + key + bytes(b ^ key[i % 4] for i, b in enumerate(payload))


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as f:
        f.write(data)


def main():
    pbf = os.path.join(HERE, "corpus", "pbf")
    write(os.path.join(pbf, "raw.osm.pbf"), blob("OSMHeader", header_block(), False) + blob("OSMData", data_block(), False))
    write(os.path.join(pbf, "zlib.osm.pbf"), blob("OSMHeader", header_block(), True) + blob("OSMData", data_block(), True))
    write(os.path.join(pbf, "header-only.osm.pbf"), blob("OSMHeader", header_block(), False))
    write(os.path.join(pbf, "unknown-blob.osm.pbf"),
          blob("OSMHeader", header_block(), False) + blob("X-Extra", b"\x08\x01", False) + blob("OSMData", data_block(), True))

    osm = (b'<?xml version="1.0"?>\n<osm version="0.6">\n <node id="1" lat="46.2" lon="6.8">'
           b'<tag k="name" v="Caf\xc3\xa9"/><tag k="amenity" v="cafe"/></node>\n</osm>\n')
    comp = os.path.join(HERE, "corpus", "compressed")
    # The first byte picks the decoder: even gzip, odd bzip2 (see FuzzCompressed.swift).
    write(os.path.join(comp, "gzip"), b"\x10" + gzip.compress(osm, mtime=0))
    write(os.path.join(comp, "gzip-two-members"), b"\x02" + gzip.compress(osm[:40], mtime=0) + gzip.compress(osm[40:], mtime=0))
    write(os.path.join(comp, "bzip2"), b"\x11" + bz2.compress(osm))
    write(os.path.join(comp, "bzip2-two-streams"), b"\x03" + bz2.compress(osm[:50]) + bz2.compress(osm[50:]))

    query = os.path.join(HERE, "corpus", "query")
    # Four option bytes (see FuzzQuery.swift), then the text.
    seeds = {
        "plain": b"\x02\x00\x00\x00rue du moulin",
        "near": b"\x0a\x40\x80\x20caf\xc3\xa9 de par",
        "range": b"\x01\x00\x00\x0010-14 rue grimaldi ",
        "window": b"\x62\xff\xff\x10restaurant",
        "typo": b"\x03\x00\x00\x00hotl bellvue",
        "script": b"\x80\x00\x00\x00\xd0\x9c\xd0\xbe\xd1\x81\xd0\xba\xd0\xb2\xd0\xb0 \xe6\x9d\xb1\xe4\xba\xac \xce\xb1\xce\xb8\xce\xae\xce\xbd\xce\xb1",
        "marks": b"\x00\x00\x00\x00e\xcc\x81cole \xef\xac\x81 stra\xc3\x9fe \xe2\x80\x94 n\xc2\xb0 5",
    }
    for name, data in seeds.items():
        write(os.path.join(query, name), data)

    websocket = os.path.join(HERE, "corpus", "websocket")
    # The first byte picks how the rest is split into feeds (see FuzzWebSocket.swift): low 3 bits the
    # largest piece (1 byte ... all at once), the rest the sequence of sizes.
    close = ws_frame(0x8, struct.pack(">H", 1000) + b"bye")
    seeds = {
        # RFC 6455 §5.7's masked "Hello".
        "hello": b"\x07" + ws_frame(0x1, b"Hello"),
        "suggest": b"\x06" + ws_frame(0x1, b'{"id":1,"q":"rue du mo","lat":46.19,"lon":6.79}')
                   + ws_frame(0x1, '{"id":2,"q":"caf\u00e9 de par"}'.encode()) + ws_frame(0x9, b"keepalive")
                   + ws_frame(0xA, b"") + close,
        "fragments": b"\x03" + ws_frame(0x1, b"Hel", fin=False) + ws_frame(0x9, b"ping")
                     + ws_frame(0x0, "lo w\u00f6r".encode()[:-1], fin=False) + ws_frame(0x0, "\u00f6rld".encode()[1:]) + close,
        "lengths": b"\x04" + ws_frame(0x1, b"") + ws_frame(0x1, b"x" * 125) + ws_frame(0x1, b"y" * 126)
                   + ws_frame(0x1, b"z" * 8192) + ws_frame(0x1, b"short", length_bytes=2)
                   + ws_frame(0x1, b"shorter", length_bytes=8),
        "utf8": b"\x01" + ws_frame(0x1, "\u6771\u4eac \U0001f600 \u00df \u0645\u0648\u0633\u0643\u0648".encode())
                + ws_frame(0x1, "\U0010ffff".encode()),
        "close-reason": b"\x05" + ws_frame(0x8, struct.pack(">H", 4000) + "au revoir \u00e9lan".encode()),
        "close-empty": b"\x02" + ws_frame(0x1, b"a") + ws_frame(0x8, b""),
        "too-big": b"\x00" + ws_frame(0x1, b"ab", fin=False) + bytes([0x80, 0xFF, 0x7F]) + b"\xff" * 7,
    }
    for name, data in seeds.items():
        write(os.path.join(websocket, name), data)


if __name__ == "__main__":
    main()
