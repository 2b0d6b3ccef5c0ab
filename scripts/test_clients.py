#!/usr/bin/env python3
"""Real client libraries against geoserve, unchanged: routingpy's OSRM, geopy's Nominatim and Photon.

Part of `make test-browser` (its venv installs routingpy and geopy from PyPI). Builds the sample
town, starts geoserve on a free loopback port and asks through each library what its users ask:
routingpy `OSRM.directions` (polyline, polyline6 and GeoJSON lines, steps, annotations,
alternatives, radiuses, bearings, continue_straight) and `OSRM.matrix` (sources, destinations,
durations and distances); geopy `Nominatim.geocode` (one and many, addressdetails, namedetails,
extratags, country_codes, featuretype, language, a structured query), `Nominatim.reverse` (zoom
levels) and `Photon.geocode`/`reverse`. Every answer the library parses is checked against the
raw JSON of the same request (a library that parsed nothing, or something else, fails) and against
the town's facts (names, places). Prints one line per check; exits 1 on a failure.

    scripts/test_clients.py BIN_DIR
"""
import json
import math
import os
import re
import subprocess
import sys
import tempfile
import time
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
failures = []


def check(condition, message):
    print(("  ok   " if condition else "  FAIL ") + message, flush=True)
    if not condition:
        failures.append(message)


def start(bin_dir, index):
    log = tempfile.NamedTemporaryFile("w+", suffix=".log", delete=False)
    proc = subprocess.Popen([os.path.join(bin_dir, "geoserve"), "-i", index, "--listen", "127.0.0.1:0"],
                            stderr=log, stdout=subprocess.DEVNULL)
    deadline = time.time() + 20
    while time.time() < deadline:
        m = re.search(r"on http://127\.0\.0\.1:(\d+)/", open(log.name).read())
        if m:
            return proc, f"http://127.0.0.1:{m.group(1)}"
        time.sleep(0.05)
    proc.kill()
    raise SystemExit("geoserve did not start: " + open(log.name).read()[-400:])


def raw(base, path):
    with urllib.request.urlopen(base + path, timeout=30) as r:
        return json.load(r)


def metres(a, b):
    return math.hypot((a[0] - b[0]) * 111320 * math.cos(math.radians(a[1])), (a[1] - b[1]) * 110540)


def routingpy_checks(base):
    from routingpy import OSRM
    client = OSRM(base_url=base, timeout=30)
    # Two points on streets of the town (Rue Grimaldi to Rue de l'Église, lon/lat as routingpy takes them).
    a, b, c = [6.7954014, 46.1982501], [6.8018496, 46.1987981], [6.7950055, 46.2004816]
    coords = f"{a[0]},{a[1]};{b[0]},{b[1]}"
    ref = raw(base, f"/route/v1/driving/{coords}?overview=full&geometries=polyline6&steps=true")["routes"][0]
    d = client.directions([a, b], profile="driving", geometries="polyline6", overview="full", steps=True)
    check(d.distance == int(ref["distance"]) and d.duration == int(ref["duration"]),
          f"routingpy directions: {d.distance} m, {d.duration} s as the raw answer")
    check(len(d.geometry) >= 2 and metres(d.geometry[0], a) < 50 and metres(d.geometry[-1], b) < 50,
          f"routingpy decodes the polyline6 line: {len(d.geometry)} points from start to end")
    g = client.directions([a, b], profile="driving", geometries="geojson", overview="full", annotations=True)
    check(len(g.geometry) == len(d.geometry) and all(metres(p, q) < 0.5 for p, q in zip(g.geometry, d.geometry)),
          "routingpy: the GeoJSON line is the polyline6 line")
    legs = g.raw["routes"][0]["legs"]
    check(all(k in legs[0].get("annotation", {}) for k in ("duration", "distance", "speed")),
          "routingpy annotations=true: the leg carries OSRM's annotation arrays")
    p5 = client.directions([a, b], profile="driving")
    check(len(p5.geometry) >= 2 and metres(p5.geometry[-1], d.geometry[-1]) < 5,
          "routingpy's default polyline (precision 5) decodes to the same line")
    alts = list(client.directions([a, b], profile="driving", alternatives=True))
    check(len(alts) >= 1 and alts[0].distance == d.distance and all(x.distance > 0 for x in alts),
          f"routingpy alternatives=true: {len(alts)} route(s) as Directions, the first the route")
    r = client.directions([a, b], profile="cycling", radiuses=[30, 30], bearings=[[90, 90], [0, 180]], continue_straight=True)
    bike = raw(base, f"/route/v1/cycling/{coords}?radiuses=30;30&bearings=90,90;0,180&continue_straight=true")["routes"][0]
    check(r.distance == int(bike["distance"]) and r.duration == int(bike["duration"]) and r.duration > d.duration,
          f"routingpy cycling with radiuses, bearings, continue_straight: {r.distance} m, {r.duration} s as the raw answer")
    m = client.matrix([a, b, c], profile="driving", sources=[0, 1], destinations=[1, 2])
    table = raw(base, f"/table/v1/driving/{coords};{c[0]},{c[1]}?sources=0;1&destinations=1;2&annotations=duration,distance")
    check(m.durations == table["durations"] and m.distances == table["distances"],
          f"routingpy matrix: 2 x 2 durations and distances as the raw table ({m.durations})")
    check(m.durations[1][0] == 0, "routingpy matrix: a source that is also a destination has 0")


def geopy_checks(base):
    from geopy.geocoders import Nominatim, Photon
    host, scheme = base.split("://")[1], "http"
    nom = Nominatim(domain=host, scheme=scheme, user_agent="geoindex-test", timeout=30)
    one = nom.geocode("Boulangerie Favre", addressdetails=True, namedetails=True, extratags=True)
    check(one is not None and "Boulangerie Favre" in one.address and one.raw.get("address", {}).get("road") == "Rue Saint-Roch",
          f"geopy Nominatim.geocode: {one.address if one else None}")
    check(one is not None and abs(one.latitude - 46.2003922) < 1e-5 and abs(one.longitude - 6.7958723) < 1e-5,
          "geopy reads the position as Nominatim's strings")
    many = nom.geocode("rue", exactly_one=False, limit=3)
    check(many is not None and len(many) == 3 and all("Rue" in x.address for x in many),
          f"geopy exactly_one=False, limit=3: {[x.address.split(',')[0] for x in many or []]}")
    check(nom.geocode("Boulangerie Favre", country_codes=["zz"]) is None, "geopy country_codes=['zz'] finds nothing")
    # Rivebelle is a place=town (rank 18): a settlement, not a city (ranks 13–16), as Nominatim sorts them.
    town = nom.geocode("Rivebelle", featuretype="settlement")
    check(town is not None and town.raw.get("addresstype") == "town",
          f"geopy featuretype='settlement': {town.raw.get('addresstype') if town else None}")
    check(nom.geocode("Rivebelle", featuretype="city") is None, "geopy featuretype='city' leaves the town out")
    structured = nom.geocode({"street": "34 Rue Saint-Roch", "city": "Rivebelle"}, addressdetails=True)
    check(structured is not None and structured.raw.get("address", {}).get("house_number") == "34",
          f"geopy structured query: {structured.address if structured else None}")
    back = nom.reverse((46.2003922, 6.7958723), zoom=18, addressdetails=True)
    check(back is not None and "Rue Saint-Roch" in back.address, f"geopy Nominatim.reverse zoom 18: {back.address if back else None}")
    # Halfway between two nodes of Rue Grimaldi (10013 and 10014 in samples/town.osm), away from any junction.
    street = nom.reverse((46.1981816, 6.79459535), zoom=16)
    check(street is not None and "Rue Grimaldi" in street.address, f"geopy reverse zoom 16: {street.address if street else None}")
    # The Musée alpin de Rivebelle has name:de; geopy's language is Nominatim's accept-language.
    museum = (46.1966683, 6.8013110)
    de, fr = nom.reverse(museum, language="de"), nom.reverse(museum, language="fr")
    check(de is not None and de.address.startswith("Alpines Museum Rivebelle")
          and fr is not None and fr.address.startswith("Musée alpin de Rivebelle"),
          f"geopy reverse with language: {de.address if de else None} / {fr.address if fr else None}")
    photon = Photon(domain=host, scheme=scheme, user_agent="geoindex-test", timeout=30)
    ph = photon.geocode("Boulangerie Favre")
    check(ph is not None and "Boulangerie Favre" in ph.address, f"geopy Photon.geocode: {ph.address if ph else None}")
    near = photon.geocode("rue", exactly_one=False, limit=2, location_bias=(46.2004816, 6.7950055))
    check(near is not None and len(near) == 2, f"geopy Photon limit and location_bias: {len(near or [])} results")
    pr = photon.reverse((46.2003922, 6.7958723))
    check(pr is not None and pr.raw.get("type") == "Feature", f"geopy Photon.reverse: {pr.address if pr else None}")


def main():
    if len(sys.argv) != 2:
        raise SystemExit(__doc__)
    bin_dir = sys.argv[1]
    work = tempfile.mkdtemp(prefix="geoindex-clients-")
    index = os.path.join(work, "town.geoidx")
    subprocess.run([os.path.join(bin_dir, "geoindex"), "build", os.path.join(ROOT, "samples/town.osm"), "-o", index, "-q"], check=True)
    proc, base = start(bin_dir, index)
    try:
        print("== routingpy (OSRM)")
        routingpy_checks(base)
        print("== geopy (Nominatim, Photon)")
        geopy_checks(base)
    finally:
        proc.terminate()
        proc.wait(timeout=10)
    print(f"client tests: {len(failures)} failure(s)")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
