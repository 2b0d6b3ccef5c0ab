# geoindex — offline OpenStreetMap search and route matching.
#   make demo   build the tools and run them on the bundled sample town
#   make test   run the test suite (real extracts in ../shared/data are used when present)
#   make test-browser   the map page in headless Chromium (Selenium), screenshots in docs/screenshots; then
#                       routingpy's and geopy's clients against geoserve (scripts/test_clients.py)
#   make compare-osrm   324 recorded OSRM requests, osrm-routed 26 beside geoserve (key sets, maneuvers, lines)
#   make bench  measure import, search and matching beside xmlwf, SQLite FTS5, OSRM and Valhalla
#   make build  release build of geoindex, geoquery, georoute, geoserve
#   make fuzz           libFuzzer targets for every reader, FUZZ_SECONDS (60) each; non-zero on a finding
#   make test-sanitize  the test suite under AddressSanitizer, then ThreadSanitizer
#   make test-limits    hostile inputs at full size (100 MB attribute, 10M tags, ...), with peak memory
#   make bench-scale    build and search at 1x, 4x, 16x, 64x a real extract (SCALES, SCALE_INPUT)
#   make bench-regions  the 16x extract cut into 8 regions, built in parallel, checked against one index
#   make bench-serve    geoserve under wrk load (1, 8, 64 connections) beside osrm-routed and Nominatim
#   make bench-serve-reload  64 connections on geoserve for 60 s while its index is replaced and reloaded
#   make bench-addresses  address search (success@1/@5 per query class) and reverse beside Nominatim and SQLite FTS5
#   make bench-classes  what people type, in their languages (issue 12): success@1/@5 per class beside FTS5 and Nominatim
#   make ranking-report  per query class, which ranking-weight changes would help (geobench weights on bench-classes' queries)
#   make bench-routing  long routes and a 100 x 100 table on a generated country-size network, with and without the overlay, beside OSRM MLD and CH
#   make rules-osrm     georoute beside OSRM's car, bicycle and foot profiles on one-rule maps (docs/ROUTING.md)

SWIFT ?= swift
APT_PACKAGES := libexpat1-dev zlib1g-dev libbz2-dev libmicrohttpd-dev libjs-leaflet fonts-materialdesignicons-webfont pkg-config
BIN := .build/release
DEMO := .build/demo

.PHONY: all deps build demo test test-browser compare-osrm test-sanitize test-limits fuzz bench bench-build bench-search bench-match bench-scale bench-regions bench-routing \
        bench-serve bench-serve-reload serve-bench-tools clean

all: build

# The C libraries come from Debian packages: install them when missing (as root), or say how.
deps:
	@if ! { [ -f /usr/include/expat.h ] && [ -f /usr/include/zlib.h ] && [ -f /usr/include/bzlib.h ] && [ -f /usr/include/microhttpd.h ] && [ -f /usr/share/javascript/leaflet/leaflet.js ] && [ -f /usr/share/fonts/svg/materialdesignicons-webfont/materialdesignicons-webfont.svg ] && command -v pkg-config >/dev/null; }; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing $(APT_PACKAGES)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(APT_PACKAGES); \
	  else \
	    echo "missing C libraries; run:  sudo apt-get install -y $(APT_PACKAGES)"; exit 1; \
	  fi; \
	fi

build: deps
	$(SWIFT) build -c release --product geoindex
	$(SWIFT) build -c release --product geoquery
	$(SWIFT) build -c release --product georoute
	$(SWIFT) build -c release --product geoserve

demo: build
	@mkdir -p $(DEMO)
	$(BIN)/geoindex build samples/town.osm -o $(DEMO)/town.geoidx
	$(BIN)/geoindex info $(DEMO)/town.geoidx
	$(BIN)/geoindex verify $(DEMO)/town.geoidx
	@echo '--- geoquery "ho" --near 46.2,6.8 (as-you-type: the first two letters)'
	$(BIN)/geoquery "ho" -i $(DEMO)/town.geoidx --near 46.2,6.8 --limit 5 --format text
	@echo '--- geoquery "12 rue grimaldi" and a typo: "belleveu"'
	$(BIN)/geoquery "12 rue grimaldi" -i $(DEMO)/town.geoidx --limit 2 --format text
	$(BIN)/geoquery "belleveu" -i $(DEMO)/town.geoidx --limit 1 --format text
	@echo '--- georoute match samples/town-ride.gpx (a ride drawn with a finger)'
	$(BIN)/georoute match samples/town-ride.gpx -i $(DEMO)/town.geoidx -o $(DEMO)/town-ride.gpx
	$(BIN)/georoute match samples/town-ride.gpx -i $(DEMO)/town.geoidx -o $(DEMO)/town-ride.svg --quiet
	@echo "matched route: $(DEMO)/town-ride.gpx, picture: $(DEMO)/town-ride.svg"
	@echo '--- geoserve: the same index over HTTP (Photon, Nominatim and OSRM APIs)'
	bash scripts/demo_serve.sh $(BIN) $(DEMO)/town.geoidx

test: deps
	$(SWIFT) test

# The map page in a real browser: Debian's chromium and chromium-driver, Selenium from PyPI in a virtual
# environment under .build.
BROWSER_PACKAGES := chromium chromium-driver python3-venv
BROWSER_VENV := .build/browser-venv
test-browser: build
	@if ! { command -v chromium >/dev/null && command -v chromedriver >/dev/null && python3 -c 'import ensurepip' 2>/dev/null; }; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing $(BROWSER_PACKAGES)"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(BROWSER_PACKAGES); \
	  else \
	    echo "missing the browser; run:  sudo apt-get install -y $(BROWSER_PACKAGES)"; exit 1; \
	  fi; \
	fi
	@[ -x $(BROWSER_VENV)/bin/python ] || python3 -m venv $(BROWSER_VENV)
	@$(BROWSER_VENV)/bin/python -c 'import selenium, routingpy, geopy' 2>/dev/null || $(BROWSER_VENV)/bin/pip install -q selenium routingpy geopy
	$(BROWSER_VENV)/bin/python scripts/test_browser.py $(BIN)
	$(BROWSER_VENV)/bin/python scripts/test_clients.py $(BIN)

# Separate build directories, so a sanitizer run never invalidates the normal build.
test-sanitize: deps
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Sanitizers/lsan.supp:print_suppressions=0 \
	  $(SWIFT) test --sanitize=address --scratch-path .build-asan
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan

test-limits: deps
	GEOINDEX_TEST_LIMITS=1 $(SWIFT) test --filter HostileInputAtFullSize

fuzz: deps
	FUZZ_SECONDS=$${FUZZ_SECONDS:-60} bash Fuzz/run.sh

bench: bench-build bench-search bench-match bench-classes bench-routing

compare-osrm: build
	python3 scripts/compare_osrm_api.py --bin $(BIN) --out bench-out/osrm-api

bench-routing: build
	python3 scripts/bench_routing.py --bin $(BIN) --out bench-out/routing

bench-build: deps
	bash scripts/bench_build.sh

bench-search: deps
	bash scripts/bench_search.sh

bench-match: deps
	bash scripts/bench_match.sh

bench-scale: deps
	bash scripts/bench_scale.sh

# geoserve over HTTP (scripts/bench_serve.py): the release geoserve and geoindex built in
# SWIFT_SCRATCH_PATH (default .build) as the other benchmarks do, and wrk, installed like the C
# libraries when missing. The peers, their venv and prepared data: scripts/peers/serve_peers.py.
# Results in bench-out/serve/. Environment: GEOINDEX_DATA, BENCH_SECONDS (10), BENCH_CONNECTIONS
# ("1 8 64"), BENCH_SEED (42), NO_PEERS=1, BENCH_SERVE_CACHE, BENCH_OSRM_ALGORITHM (mld or ch).
SERVE_SCRATCH = $(or $(SWIFT_SCRATCH_PATH),.build)
serve-bench-tools: deps
	$(SWIFT) build -c release --scratch-path $(SERVE_SCRATCH) --product geoindex
	$(SWIFT) build -c release --scratch-path $(SERVE_SCRATCH) --product geoserve
	@if ! command -v wrk >/dev/null; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing wrk"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq wrk; \
	  else \
	    echo "missing wrk; run:  sudo apt-get install -y wrk"; exit 1; \
	  fi; \
	fi

bench-serve: serve-bench-tools
	python3 scripts/bench_serve.py --bin $(SERVE_SCRATCH)/release

bench-serve-reload: serve-bench-tools
	python3 scripts/bench_serve.py --bin $(SERVE_SCRATCH)/release --reload

clean:
	rm -rf .build .build-asan .build-tsan $(DEMO) bench-out fuzz-out

# docs/SCALE.md: the 16x Monaco of bench-scale (reused when present) cut with osmium into REGIONS
# regions widened by OVERLAP_KM, indexed by REGION_JOBS parallel jobs beside the single build
# (best of 3 each), and checked against it (scripts/regions.py). Two layouts (REGION_GRIDS): the
# planner's grid, whose cuts fall between the copies, and 8 strips that cut through every copy's
# streets, for routes across cuts. REGION_CUT: osmium's memory grows with the highest node id (the
# copies' id offsets make it 1.6e11), so one region per osmium pass. Non-zero exit when a check
# finds differences.
REGIONS ?= 8
OVERLAP_KM ?= 2
REGION_JOBS ?= 2
REGION_GRIDS ?= auto 1x8
REGION_CUT ?= --per-pass 1
bench-regions: deps
	@DATA=$${GEOINDEX_DATA:-../shared/data}; SRC=$${SCALE_INPUT:-$$DATA/osrm/monaco.osm.gz}; \
	if [ ! -f "$$SRC" ]; then echo "bench-regions skipped: $$SRC not found"; exit 0; fi; \
	if ! command -v osmium >/dev/null; then echo "bench-regions skipped: osmium not found (apt-get install osmium-tool)"; exit 0; fi; \
	set -e; SCRATCH=$${SWIFT_SCRATCH_PATH:-.build}; BIN=$$SCRATCH/release; X16=bench-out/scale/x16.osm.pbf; \
	for p in geoindex geoquery georoute; do $(SWIFT) build -c release --scratch-path "$$SCRATCH" --product $$p >&2; done; \
	if [ ! -f $$X16 ]; then mkdir -p bench-out/scale; echo "generating 16x ..." >&2; \
	  python3 scripts/scale_extract.py "$$SRC" -n 16 -o $$X16.part.pbf -q; mv $$X16.part.pbf $$X16; fi; \
	status=0; for grid in $(REGION_GRIDS); do \
	  dir=bench-out/regions-$$grid; rm -rf $$dir; echo "=== $$grid"; \
	  if [ $$grid = auto ]; then layout="--regions $(REGIONS)"; else layout="--grid $$grid"; fi; \
	  python3 scripts/regions.py plan $$X16 $$layout --overlap-km $(OVERLAP_KM) --out $$dir; \
	  python3 scripts/regions.py cut $$dir $(REGION_CUT); \
	  python3 scripts/regions.py build $$dir --jobs $(REGION_JOBS) --repeat 3 --geoindex $$BIN/geoindex --single $$X16; \
	  python3 scripts/regions.py check $$dir --single $$dir/single.geoidx --geoquery $$BIN/geoquery \
	    --georoute $$BIN/georoute || status=1; \
	done; exit $$status

# Address search on the real extracts (scripts/bench_addresses.py): seeded queries from real addr:*
# tags in fifteen classes (scripts/make_address_queries.py), answered by geoquery --batch, Nominatim's
# Python API in process (imported once per extract into bench-serve's peer cache,
# scripts/peers/serve_peers.py) and SQLite FTS5 (scripts/peers/address_peers.py); success@1/@5 per
# class, reverse accuracy, latency, geoquery's misses by cause. Results in bench-out/addresses/.
# Needs osmium-tool (installed like the C libraries when missing). Environment: GEOINDEX_DATA,
# BENCH_ADDR_N (300 targets per extract), BENCH_ADDR_REVERSE (100), BENCH_SEED (42),
# BENCH_ADDR_EXTRACTS (comma-separated, under GEOINDEX_DATA), NO_PEERS=1 (geoquery alone),
# BENCH_SERVE_CACHE, SWIFT_SCRATCH_PATH.
.PHONY: bench-addresses
ADDR_SCRATCH = $(or $(SWIFT_SCRATCH_PATH),.build)
bench-addresses: deps
	$(SWIFT) build -c release --scratch-path $(ADDR_SCRATCH) --product geoindex
	$(SWIFT) build -c release --scratch-path $(ADDR_SCRATCH) --product geoquery
	@if ! command -v osmium >/dev/null; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "installing osmium-tool"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq osmium-tool; \
	  else \
	    echo "missing osmium; run:  sudo apt-get install -y osmium-tool"; exit 1; \
	  fi; \
	fi
	python3 scripts/bench_addresses.py --bin $(ADDR_SCRATCH)/release

# What people type, in their languages (issue 12; scripts/bench_classes.py): seeded queries in
# classes from the real extracts (scripts/make_class_queries.py: category words in 12 languages,
# Moscow's names in BGN/PCGN Latin, 1-2 letters with a hint, famous places without one, and the
# search benchmark's prefixes, two words and typos), answered by geoquery --batch, SQLite FTS5
# (scripts/peers/fts5_search.py) and Nominatim's Python API (bench-serve's cached import);
# success@1/@5 per class and engine, latency, geoquery's misses per class. Results in
# bench-out/classes/. Needs osmium-tool. Environment: GEOINDEX_DATA, BENCH_CLASSES_N (15 per
# language and extract), BENCH_SEED (42), BENCH_CLASSES_EXTRACTS, NO_PEERS=1, BENCH_SERVE_CACHE,
# SWIFT_SCRATCH_PATH.
.PHONY: bench-classes ranking-report
CLASS_SCRATCH = $(or $(SWIFT_SCRATCH_PATH),.build)
bench-classes: deps
	$(SWIFT) build -c release --scratch-path $(CLASS_SCRATCH) --product geoindex
	$(SWIFT) build -c release --scratch-path $(CLASS_SCRATCH) --product geoquery
	@if command -v osmium >/dev/null; then python3 scripts/bench_classes.py --bin $(CLASS_SCRATCH)/release; \
	else echo "bench-classes skipped: osmium-tool missing (run: sudo apt-get install -y osmium-tool)"; fi

# Which ranking-weight changes help which query class: `geobench weights` scales each weight of
# RankingWeights (and the main CandidateLimits) by 0, 0.5 and 2 over bench-classes' queries and
# indexes (run make bench-classes first, NO_PEERS=1 is enough), then
# scripts/ranking_weights_report.py writes bench-out/classes/ranking-report.md.
ranking-report: deps
	$(SWIFT) build -c release --scratch-path $(CLASS_SCRATCH) --product geobench
	@if [ ! -f bench-out/classes/results.json ]; then echo "ranking-report skipped: run make bench-classes first"; exit 0; fi; \
	args=""; for e in $$(python3 -c 'import json; print(" ".join(json.load(open("bench-out/classes/results.json"))["extracts_run"]))'); do \
	  args="$$args --index bench-out/classes/$$e/index.geoidx --queries bench-out/classes/$$e/queries.ndjson"; done; \
	$(CLASS_SCRATCH)/release/geobench weights $$args --out bench-out/classes/weights.csv --features bench-out/classes/features.csv && \
	python3 scripts/ranking_weights_report.py bench-out/classes/weights.csv --features bench-out/classes/features.csv \
	  | tee bench-out/classes/ranking-report.md

# georoute beside OSRM 26.10's car, bicycle and foot profiles on the one-rule maps of
# scripts/routing_cases.py (docs/ROUTING.md, "Compared with OSRM's profiles"): installs the peers,
# builds the two tools and prints the agreement per theme and mode and every disagreement.
# `python3 scripts/rules_vs_osrm.py record` re-freezes OSRM's answers in samples/rules/osrm/.
.PHONY: rules-osrm
rules-osrm: deps
	bash scripts/peers/setup.sh
	$(SWIFT) build -c release --product geoindex
	$(SWIFT) build -c release --product georoute
	python3 scripts/rules_vs_osrm.py live
