#!/usr/bin/env python3
"""`make test-browser`: the map page in a real browser.

Headless Chromium (Debian `chromium` + `chromium-driver`) driven by Selenium, against
geoserve on a free loopback port over the sample town, and over Monaco from
../shared/data when it is there. It types queries letter by letter and checks the
suggestions after each letter against /suggest, filters by type, takes a street
("substitute") and types its house number, shows all results as pins and checks that
crowded ones are grouped, draws a path with pointer events and checks the matched route's
length and streets against `georoute match` on the same points, clicks the map in reach mode
and checks the isochrone layers against /isochrone, downloads the GPX and
validates it, and checks that the page asked no other host and logged no JavaScript
error. Screenshots of each state go to docs/screenshots/; the timings (keystroke to
suggestions on screen, pointer release to route drawn) are printed.

    scripts/test_browser.py BIN_DIR [--screenshots DIR] [--monaco OSM_FILE]
"""
import argparse
import json
import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request
import xml.etree.ElementTree as ET

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.actions.action_builder import ActionBuilder
from selenium.webdriver.common.actions.pointer_input import PointerInput
from selenium.webdriver.common.actions import interaction
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
failures = []


def check(condition, message):
    print(("  ok   " if condition else "  FAIL ") + message, flush=True)
    if not condition:
        failures.append(message)


class Server:
    """geoserve over one index on a free loopback port."""

    def __init__(self, bin_dir, index):
        self.log = tempfile.NamedTemporaryFile("w+", suffix=".log", delete=False)
        self.process = subprocess.Popen([os.path.join(bin_dir, "geoserve"), "-i", index, "--listen", "127.0.0.1:0"],
                                        stderr=self.log, stdout=subprocess.DEVNULL)
        deadline = time.time() + 20
        self.port = None
        while time.time() < deadline and self.port is None:
            time.sleep(0.05)
            m = re.search(r"on http://127\.0\.0\.1:(\d+)/", open(self.log.name).read())
            if m:
                self.port = int(m.group(1))
        if self.port is None:
            raise SystemExit("geoserve did not start: " + open(self.log.name).read())
        self.base = f"http://127.0.0.1:{self.port}"

    def get(self, path):
        with urllib.request.urlopen(self.base + path) as r:
            return json.loads(r.read())

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=20)
        os.unlink(self.log.name)


def browser(network_log=True):
    options = Options()
    options.binary_location = os.environ.get("CHROMIUM", "/usr/bin/chromium")
    for a in ["--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--window-size=1280,900",
              "--disable-gpu", "--no-first-run", "--disable-extensions", "--disable-background-networking",
              "--disable-component-update", "--disable-sync", "--disable-default-apps", "--lang=en-US"]:
        options.add_argument(a)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL", "performance": "ALL"} if network_log else {"browser": "ALL"})
    service = Service(executable_path=os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver"))
    return webdriver.Chrome(service=service, options=options)


def requested_hosts(driver):
    """Hosts of every request the page made (from Chromium's network log)."""
    hosts = set()
    for entry in driver.get_log("performance"):
        message = json.loads(entry["message"])["message"]
        method = message.get("method")
        if method in ("Network.requestWillBeSent", "Network.webSocketCreated"):
            url = message["params"]["request"]["url"] if method == "Network.requestWillBeSent" else message["params"]["url"]
            if url.startswith(("http://", "https://", "ws://", "wss://")):
                hosts.add(urllib.parse.urlsplit(url).netloc)
    return hosts


def javascript_errors(driver):
    return [e["message"] for e in driver.get_log("browser") if e["level"] == "SEVERE"]


def wait(driver, condition, timeout=10, message="condition"):
    try:
        return WebDriverWait(driver, timeout).until(lambda d: d.execute_script(condition))
    except Exception:
        check(False, f"timed out waiting for {message}")
        return None


def suggestion_names(driver):
    return driver.execute_script(
        "return [...document.querySelectorAll('#suggestions li .name')].map(e => e.textContent)")


def expected_suggestions(driver, server, typed):
    """The names /suggest gives for `typed`, asked as the page asked it (its hint and chips)."""
    near = driver.execute_script("return window.geoserve.search.lastNear")
    types = driver.execute_script("return [...window.geoserve.search.types].join(',')")
    query = {"q": typed, "near": near, "limit": 8, "lang": "en"}
    if types:
        query["types"] = types
    return [r["name"] for r in server.get("/suggest?" + urllib.parse.urlencode(query))["results"]]


def check_every_icon_is_drawn(driver):
    """Every icon name a result can carry (the server's list in /config) is drawn by the page
    from the server's sprite with the font's glyph: not an empty box, not the fallback pin."""
    found = driver.execute_async_script("""
      const done = arguments[arguments.length - 1];
      (async () => {
        const config = await (await fetch('/config')).json();
        const { iconFor } = await import('/web/search.js');
        const box = document.createElement('div');
        document.body.appendChild(box);
        const out = { font: config.icon_font, count: config.icons.length, empty: [], pins: [] };
        box.innerHTML = config.icons.map(iconFor).join('');
        const svgs = [...box.querySelectorAll('svg')];
        const drawn = s => { const b = s.querySelector('use').getBBox(); return b.width > 0 && b.height > 0; };
        // The sprite is an external document: give it a moment to load.
        for (let i = 0; i < 30 && !svgs.every(drawn); i++) await new Promise(r => setTimeout(r, 100));
        config.icons.forEach((name, i) => {
          if (!drawn(svgs[i])) out.empty.push(name);
          if (svgs[i].dataset.icon !== name) out.pins.push(name);
        });
        box.remove();
        return out;
      })().then(done, e => done({ error: String(e) }));
    """)
    check("error" not in found, f"the icon check ran ({found.get('error')})")
    check(found.get("font") == "Material Design Icons", f"the icons are the font's glyphs (icon_font {found.get('font')!r})")
    check(found.get("count", 0) > 90 and not found.get("empty") and not found.get("pins"),
          f"each of the {found.get('count')} icons a result can carry is drawn (empty: {found.get('empty')}, "
          f"not in the sprite: {found.get('pins')})")


def type_letter_by_letter(driver, server, text, expect_first=None):
    box = driver.find_element(By.ID, "search")
    box.clear()
    typed = ""
    for letter in text:
        typed += letter
        before = driver.execute_script("return window.geoserve.search.shown")
        box.send_keys(letter)
        wait(driver, f"return window.geoserve.search.shown > {before} && window.geoserve.search.input.value === {json.dumps(typed)}",
             message=f"suggestions for {typed!r}")
        expected = expected_suggestions(driver, server, typed)
        shown = suggestion_names(driver)
        if shown != expected:
            check(False, f"after {typed!r} the page shows {shown[:3]}…, /suggest says {expected[:3]}…")
    check(True, f"suggestions matched /suggest after each of {len(text)} letters of {text!r}")
    if expect_first:
        names = suggestion_names(driver)
        check(bool(names) and names[0] == expect_first, f"{text!r}: first suggestion is {expect_first!r} (got {names[:1]})")


_pens = [0]


def draw(driver, points):
    """Presses, moves through the container points and releases, as a pen would (a new pen each
    time: the driver keeps a pen's state between gestures)."""
    _pens[0] += 1
    container = driver.find_element(By.ID, "map")
    rect = driver.execute_script("const r = arguments[0].getBoundingClientRect(); return [r.left, r.top];", container)
    builder = ActionBuilder(driver, mouse=PointerInput(interaction.POINTER_PEN, f"pen{_pens[0]}"), duration=0)
    pen = builder.pointer_action
    pen.move_to_location(int(rect[0] + points[0][0]), int(rect[1] + points[0][1]))
    pen.pointer_down()
    for x, y in points[1:]:
        pen.move_to_location(int(rect[0] + x), int(rect[1] + y))
    pen.pointer_up()
    builder.perform()
    # Release the input state, or the driver takes the next press for the same pen as a move.
    builder.clear_actions()


def draw_lat_lons(driver, lat_lons):
    # A group's list left open would take the pen's strokes (as it would a user's).
    driver.execute_script("window.geoserve.map.closePopup()")
    driver.execute_script("window.geoserve.fit(arguments[0])", lat_lons)
    time.sleep(0.3)
    points = driver.execute_script("""
        return arguments[0].map(p => { const c = window.geoserve.map.latLngToContainerPoint(p); return [c.x, c.y]; });""",
                                   lat_lons)
    if driver.execute_script("return document.getElementById('draw').getAttribute('aria-pressed')") != "true":
        driver.find_element(By.ID, "draw").click()
    before = driver.execute_script("return window.geoserveTimings.draw.length")
    draw(driver, points)
    wait(driver, f"return window.geoserveTimings.draw.length > {before}", timeout=20, message="the matched route")


def check_reach(driver, server, lat_lon, shots):
    """Reach mode: a click on the map draws the 5, 10 and 15 minute isochrones of the chosen mode, the
    same the server's /isochrone answers, in the answer's colours; drawing turns the mode off."""
    driver.execute_script("window.geoserve.map.closePopup(); window.geoserve.map.setView(arguments[0], 15, {animate: false})", lat_lon)
    time.sleep(0.3)
    driver.find_element(By.ID, "reach").click()
    check(driver.execute_script("return document.getElementById('draw').getAttribute('aria-pressed')") == "false",
          "reach mode turns drawing off")
    container = driver.find_element(By.ID, "map")
    x, y, w, h = driver.execute_script("""
        const c = window.geoserve.map.latLngToContainerPoint(arguments[0]), r = arguments[1].getBoundingClientRect();
        return [c.x, c.y, r.width, r.height];""", lat_lon, container)
    ActionChains(driver).move_to_element_with_offset(container, int(x - w / 2), int(y - h / 2)).click().perform()
    wait(driver, "return window.geoserveTimings.reach.length > 0", timeout=20, message="the isochrone")
    answer = driver.execute_script("return window.geoserveLastIsochrone")
    contours = [f["properties"]["contour"] for f in answer["features"] if f["properties"].get("metric") == "time"]
    check(contours == [15, 10, 5], f"the isochrone has the 15, 10 and 5 minute contours ({contours})")
    drawn = driver.execute_script("""
        const groups = window.geoserve.reach.layer.getLayers();
        const layers = groups.length ? groups[0].getLayers() : [];
        return layers.filter(l => l.feature.properties.metric === 'time').map(l => [l.feature.properties.contour, l.options.color]);""")
    check(len(drawn) == 3 and all(c.startswith("#") for _, c in drawn), f"three isochrone layers are drawn in the answer's colours ({drawn})")
    mode = driver.execute_script("return document.getElementById('mode').value")
    costing = {"car": "auto", "bicycle": "bicycle", "foot": "pedestrian"}[mode]
    clicked = next(f["geometry"]["coordinates"][0] for f in answer["features"] if f["properties"].get("type") == "input")
    request = {"locations": [{"lat": clicked[1], "lon": clicked[0]}], "costing": costing,
               "contours": [{"time": 5}, {"time": 10}, {"time": 15}], "polygons": True, "show_locations": True}
    direct = server.get("/isochrone?json=" + urllib.parse.quote(json.dumps(request)))
    check(direct == answer, "the page's isochrone is the server's answer to the same request")
    driver.save_screenshot(os.path.join(shots, "reach.png"))
    driver.find_element(By.ID, "reach").click()
    check(driver.execute_script("return document.getElementById('reach').getAttribute('aria-pressed')") == "false",
          "reach mode turns off again")


def georoute_match(bin_dir, index, csv_text, mode):
    with tempfile.NamedTemporaryFile("w", suffix=".csv", delete=False) as f:
        f.write(csv_text)
    try:
        out = subprocess.run([os.path.join(bin_dir, "georoute"), "match", f.name, "-i", index, "--mode", mode,
                              "--format", "json", "--quiet"], capture_output=True, text=True, check=True).stdout
        return json.loads(out)
    finally:
        os.unlink(f.name)


def percentile(values, p):
    s = sorted(values)
    return s[min(len(s) - 1, int(round(p / 100 * (len(s) - 1))))] if s else float("nan")


def gpx_points(driver):
    text = driver.execute_async_script("""
        const done = arguments[0];
        fetch(document.getElementById('gpx-link').href).then(r => r.text()).then(done, e => done('ERROR ' + e));""")
    root = ET.fromstring(text)
    ns = {"g": "http://www.topografix.com/GPX/1/1"}
    check(root.tag == "{http://www.topografix.com/GPX/1/1}gpx" and root.get("version") == "1.1", "the GPX is GPX 1.1")
    points = [(float(p.get("lat")), float(p.get("lon"))) for p in root.iterfind(".//g:trk/g:trkseg/g:trkpt", ns)]
    check(len(points) > 10 and all(-90 <= a <= 90 and -180 <= b <= 180 for a, b in points),
          f"the GPX holds the route ({len(points)} points)")
    check(all(p.find("g:time", ns) is not None for p in root.iterfind(".//g:trkpt", ns)), "every GPX point has a time")
    return points


def run_town(bin_dir, shots, driver):
    print("== the sample town")
    work = tempfile.mkdtemp()
    index = os.path.join(work, "town.geoidx")
    subprocess.run([os.path.join(bin_dir, "geoindex"), "build", os.path.join(ROOT, "samples/town.osm"), "-o", index, "-q"], check=True)
    server = Server(bin_dir, index)
    try:
        started = time.time()
        driver.get(server.base + "/")
        wait(driver, "return document.body.dataset.ready === 'true'", message="the page to start")
        wait(driver, "return document.querySelectorAll('.leaflet-pane canvas').length > 0 && document.querySelectorAll('.place-label').length > 0",
             message="the base map")
        check(driver.execute_script("return document.querySelectorAll('.place-label').length") > 0, "the base map shows place names")
        driver.save_screenshot(os.path.join(shots, "map.png"))

        # As-you-type, letter by letter, then a street taken and its house number typed.
        type_letter_by_letter(driver, server, "rue gri", expect_first="Rue Grimaldi")
        check(driver.execute_script("return document.querySelectorAll('#suggestions li .name mark').length") > 0,
              "matched letters are highlighted")
        check(all(driver.execute_script("return [...document.querySelectorAll('#suggestions li')].map(l => { const u = l.querySelector('.icon use'); const b = u && u.getBBox(); return !!b && b.width > 0 && b.height > 0 && l.querySelector('.subtitle').textContent.length > 0; })")),
              "every suggestion has a drawn icon and a subtitle")
        check_every_icon_is_drawn(driver)
        driver.save_screenshot(os.path.join(shots, "search.png"))
        box = driver.find_element(By.ID, "search")
        box.send_keys(Keys.ARROW_DOWN)
        check(driver.execute_script("return document.getElementById('search').getAttribute('aria-activedescendant')") == "suggestion-0",
              "arrow down selects the first suggestion (aria-activedescendant)")
        before = driver.execute_script("return window.geoserve.search.shown")
        box.send_keys(Keys.ENTER)
        wait(driver, f"return window.geoserve.search.shown > {before}", message="suggestions after taking the street")
        check(box.get_attribute("value") == "Rue Grimaldi, ", f"a street puts its text in the box (got {box.get_attribute('value')!r})")
        before = driver.execute_script("return window.geoserve.search.shown")
        box.send_keys("12")
        wait(driver, f"return window.geoserve.search.shown > {before} && document.getElementById('search').value.endsWith('12')",
             message="suggestions for the house number")
        names = suggestion_names(driver)
        check(bool(names) and names[0] == "12 Rue Grimaldi", f"typing the number finds the address (got {names[:2]})")

        # Type filter chips.
        driver.find_element(By.CSS_SELECTOR, ".chip[data-type=transit]").click()
        type_letter_by_letter(driver, server, "ri")
        kinds = driver.execute_script("return [...document.querySelectorAll('#suggestions li')].map(l => l.dataset.kind)")
        check(bool(kinds) and set(kinds) == {"transit"}, f"the Transit chip keeps transit only (got {sorted(set(kinds))})")
        driver.find_element(By.CSS_SELECTOR, ".chip[data-type=transit]").click()

        # Every result as pins, grouped where they crowd, and centred.
        driver.execute_script("window.geoserve.map.setZoom(13, {animate: false})")
        box.clear()
        type_letter_by_letter(driver, server, "rue")
        box.send_keys(Keys.ENTER)
        wait(driver, "return document.querySelectorAll('.group-pin').length > 0", message="grouped pins")
        groups = driver.execute_script("return [...document.querySelectorAll('.group-pin')].map(e => Number(e.textContent))")
        singles = driver.execute_script("return document.querySelectorAll('.pin').length")
        check(bool(groups) and all(n >= 2 for n in groups), f"crowded results are grouped: groups of {groups}, {singles} single pins")
        driver.find_element(By.ID, "centre-results").click()
        time.sleep(0.4)
        inside = driver.execute_script("""
            const a = window.geoserve.search.area, b = window.geoserve.map.getBounds();
            return b.contains([a[1], a[0]]) && b.contains([a[3], a[2]]);""")
        check(inside, "the centre control fits the results' area in view")
        driver.execute_script("document.querySelector('.group-pin').parentElement.click()")
        wait(driver, "return document.querySelectorAll('.group-list li').length > 1", message="a group's list")
        time.sleep(0.4)  # the popup fades in
        driver.save_screenshot(os.path.join(shots, "groups.png"))

        # Draw the sample ride with a pen and compare with georoute.
        ride = ET.parse(os.path.join(ROOT, "samples/town-ride.gpx")).getroot()
        ns = {"g": "http://www.topografix.com/GPX/1/1"}
        lat_lons = [[float(p.get("lat")), float(p.get("lon"))] for p in ride.iterfind(".//g:trkpt", ns)]
        draw_lat_lons(driver, lat_lons)
        page = driver.execute_script("return window.geoserveLastMatch")
        drawn = driver.execute_script("return window.geoserve.draw.lastCSV")
        cli = georoute_match(bin_dir, index, drawn, "bicycle")
        check(abs(page["distance_m"] - cli["distance_m"]) < 0.5,
              f"the drawn route's length equals georoute's ({page['distance_m']} m vs {cli['distance_m']} m)")
        shown_streets = driver.execute_script("return [...document.querySelectorAll('#route-streets li')].map(e => e.textContent)")
        check(shown_streets == cli["streets"], f"the streets shown are georoute's ({len(shown_streets)} streets)")
        check(abs(page["distance_m"] - 2791.9) < 150, f"the route is the ride's true route (2791.9 m; got {page['distance_m']})")
        check("Rue Grimaldi" in shown_streets and "Hauptstraße" in shown_streets, "the ride's streets are listed")
        check(len(driver.execute_script("return document.querySelectorAll('.end-pin')")) == 2, "start and end markers")
        wait(driver, "return !document.getElementById('gpx-link').hidden", message="the GPX link")
        gpx_points(driver)
        driver.save_screenshot(os.path.join(shots, "draw.png"))
        # Markers can be hidden; a second drawing replaces the first.
        driver.find_element(By.ID, "show-markers").click()
        check(driver.execute_script("return document.querySelectorAll('.end-pin').length") == 0, "start and end markers can be hidden")
        driver.find_element(By.ID, "show-markers").click()
        draw_lat_lons(driver, lat_lons[:40])
        check(driver.execute_script("return window.geoserve.draw.layer.getLayers().length") <= 3, "a second drawing replaces the first")
        check_reach(driver, server, lat_lons[0], shots)

        hosts = requested_hosts(driver)
        check(hosts == {f"127.0.0.1:{server.port}"}, f"the page asked no other host (hosts: {sorted(hosts)})")
        errors = javascript_errors(driver)
        check(not errors, f"no JavaScript error ({errors[:2]})")
        timings = driver.execute_script("return window.geoserveTimings")
        print(f"  town: {len(timings['suggest'])} keystrokes, suggestions on screen median {statistics.median(timings['suggest']):.1f} ms, "
              f"p99 {percentile(timings['suggest'], 99):.1f} ms; route drawn {', '.join(f'{t:.0f}' for t in timings['draw'])} ms "
              f"after release; {time.time() - started:.1f} s in all")
    finally:
        server.stop()


MONACO_WORDS = ["casino", "monte carlo", "boulevard", "place du", "avenue princesse"]
# Timed: about a hundred keystrokes, so that the p99 is not simply the slowest one.
MONACO_TIMED_WORDS = MONACO_WORDS + ["rue grimaldi", "port hercule", "jardin exotique", "hotel de paris"]
# A typist's pace: about six keys a second.
TYPING_PACE_S = 0.15


def time_keystrokes(server, words):
    """Keystroke → suggestions on screen as a user meets it: a browser without DevTools' network
    log (it adds its own work to every request and answer), the page settled on its base map,
    letters typed at a typist's pace with nothing polling the page meanwhile. Checks that every
    keystroke got its answer, over the page's WebSocket, and that the last list is /suggest's."""
    driver = browser(network_log=False)
    try:
        driver.get(server.base + "/")
        wait(driver, "return document.body.dataset.ready === 'true'", message="the page to start")
        driver.execute_script("window.geoserve.map.setView([43.7384, 7.4246], 16, {animate: false})")
        wait(driver, "return document.querySelectorAll('.base-labels .place-label').length > 0", message="the base map of Monaco")
        driver.execute_script("window.geoserveTimings.suggest = []; window.geoserveTimings.suggestFetch = []")
        box = driver.find_element(By.ID, "search")
        typed = 0
        for text in words:
            box.clear()
            box.click()
            time.sleep(TYPING_PACE_S)
            for letter in text:
                # Key events to the focused box, as a keyboard sends them (send_keys on the element
                # would first run the driver's own scripts in the page to find and focus it).
                ActionChains(driver).send_keys(letter).perform()
                typed += 1
                time.sleep(TYPING_PACE_S)
            wait(driver, f"const s = window.geoserve.search; return s.input.value === {json.dumps(text)} && s.shown === s.sequence",
                 message=f"suggestions for {text!r}")
            expected = expected_suggestions(driver, server, text)
            check(suggestion_names(driver) == expected, f"typed at a typist's pace, {text!r} shows /suggest's list")
        timings = driver.execute_script("return window.geoserveTimings.suggest")
        fetches = driver.execute_script("return window.geoserveTimings.suggestFetch")
        ways = driver.execute_script("return window.geoserve.search.channel.counts")
        # An answer overtaken by a newer one is rightly never shown; over one socket that is rare.
        check(len(timings) >= typed - 2, f"the keystrokes showed their suggestions ({len(timings)} of {typed} did)")
        check(ways["socket"] >= typed - 2, f"the suggestions came over the page's WebSocket ({ways['socket']} by it, {ways['fetch']} by fetch)")
        return timings, fetches
    finally:
        driver.quit()


def run_monaco(bin_dir, osm, driver):
    print("== Monaco")
    work = tempfile.mkdtemp()
    index = os.path.join(work, "monaco.geoidx")
    subprocess.run([os.path.join(bin_dir, "geoindex"), "build", osm, "-o", index, "-q"], check=True)
    server = Server(bin_dir, index)
    try:
        driver.get(server.base + "/")
        wait(driver, "return document.body.dataset.ready === 'true'", message="the page to start")
        # Frame gaps while typing: how long the page's main thread was held up at a stretch.
        driver.execute_script("""
            window.frameGaps = []; let last = performance.now();
            const tick = () => { const now = performance.now(); window.frameGaps.push(now - last); last = now;
                                 if (!window.stopFrames) requestAnimationFrame(tick); };
            requestAnimationFrame(tick);""")
        driver.execute_script("window.geoserve.map.setView([43.7384, 7.4246], 16, {animate: false})")
        driver.execute_script("window.geoserveTimings.suggest = []; window.geoserveTimings.suggestFetch = []")
        for text in MONACO_WORDS:
            type_letter_by_letter(driver, server, text)
        timings = driver.execute_script("return window.geoserveTimings.suggest")
        fetches = driver.execute_script("return window.geoserveTimings.suggestFetch")
        gaps = driver.execute_script("window.stopFrames = true; return window.frameGaps")
        # The page loads the view's shapes once the typing pauses.
        drawn = wait(driver, "return document.querySelectorAll('.base-labels .place-label').length > 0",
                     message="the base map of Monaco")
        check(bool(drawn), "the base map of Monaco is drawn, with its place names")
        # A 2 km drawing along real roads: a route from the server, drawn as a finger would.
        route = server.get("/route/v1/bike/7.4197,43.7312;7.4330,43.7460?overview=full&geometries=geojson")
        line = [[lat, lon] for lon, lat in route["routes"][0]["geometry"]["coordinates"]]
        length = route["routes"][0]["distance"]
        step = max(1, len(line) // 120)
        draws = []
        for _ in range(5):
            draw_lat_lons(driver, line[::step] + [line[-1]])
            draws.append(driver.execute_script("return window.geoserveTimings.draw.slice(-1)[0]"))
        page = driver.execute_script("return window.geoserveLastMatch")
        check(abs(page["distance_m"] - length) < 0.15 * length, f"a {length / 1000:.1f} km drawing matches a route of similar length ({page['distance_m']:.0f} m)")
        hosts = requested_hosts(driver)
        check(hosts == {f"127.0.0.1:{server.port}"}, f"the page asked no other host (hosts: {sorted(hosts)})")
        errors = javascript_errors(driver)
        check(not errors, f"no JavaScript error ({errors[:2]})")
        print(f"  checked with DevTools' network log and a frame counter on: {len(timings)} keystrokes, suggestions on screen "
              f"median {statistics.median(timings):.1f} ms, p99 {percentile(timings, 99):.1f} ms (the answer alone: median "
              f"{statistics.median(fetches):.1f} ms); frames while typing: {len(gaps)}, longest {max(gaps):.0f} ms, "
              f"p99 {percentile(gaps, 99):.0f} ms")
        timings, fetches = time_keystrokes(server, MONACO_TIMED_WORDS)
        print(f"  Monaco: {len(timings)} keystrokes, suggestions on screen median {statistics.median(timings):.1f} ms, "
              f"p99 {percentile(timings, 99):.1f} ms (the answer alone: median {statistics.median(fetches):.1f} ms, "
              f"p99 {percentile(fetches, 99):.1f} ms); a {length / 1000:.1f} km drawing: route drawn median "
              f"{statistics.median(draws):.0f} ms, max {max(draws):.0f} ms after release")
        # The page's first keystroke pays for its first list (code compiled, styles, glyphs).
        slowest = sorted(range(len(timings)), key=lambda k: -timings[k])[:5]
        print("  slowest keystrokes: " + ", ".join(f"#{k + 1} {timings[k]:.0f} ms (answer {fetches[k]:.0f})" for k in slowest)
              + f"; without the first: p99 {percentile(timings[1:], 99):.1f} ms")
    finally:
        server.stop()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("bin_dir")
    parser.add_argument("--screenshots", default=os.path.join(ROOT, "docs/screenshots"))
    parser.add_argument("--monaco", default=os.path.join(ROOT, "../shared/data/monaco.osm.gz"))
    args = parser.parse_args()
    os.makedirs(args.screenshots, exist_ok=True)
    started = time.time()
    driver = browser()
    try:
        run_town(args.bin_dir, args.screenshots, driver)
        if os.path.exists(args.monaco):
            run_monaco(args.bin_dir, args.monaco, driver)
        else:
            print(f"== Monaco skipped: {args.monaco} not found")
        # Neither Debian nor PyPI (the registries reachable here) ships the plugin's files; the requests it
        # sends are checked in OSRMAPITests (leafletRoutingMachinesRequestIsAccepted).
        print("== Leaflet Routing Machine skipped: no reachable package registry (Debian, PyPI) ships leaflet-routing-machine")
    finally:
        driver.quit()
    print(f"browser tests: {len(failures)} failure(s) in {time.time() - started:.1f} s")
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
