# geoindex — offline OpenStreetMap search and route matching.
#   make demo   build the tools and run them on the bundled sample town
#   make test   run the test suite (real extracts in ../shared/data are used when present)
#   make bench  measure import, search and matching beside xmlwf, SQLite FTS5, OSRM and Valhalla
#   make build  release build of geoindex, geoquery, georoute, geoserve
#   make fuzz           libFuzzer targets for every reader, FUZZ_SECONDS (60) each; non-zero on a finding
#   make test-sanitize  the test suite under AddressSanitizer, then ThreadSanitizer
#   make test-limits    hostile inputs at full size (100 MB attribute, 10M tags, ...), with peak memory
#   make bench-scale    build and search at 1x, 4x, 16x, 64x a real extract (SCALES, SCALE_INPUT)

SWIFT ?= swift
APT_PACKAGES := libexpat1-dev zlib1g-dev libbz2-dev libmicrohttpd-dev pkg-config
BIN := .build/release
DEMO := .build/demo

.PHONY: all deps build demo test test-sanitize test-limits fuzz bench bench-build bench-search bench-match bench-scale clean

all: build

# The C libraries come from Debian packages: install them when missing (as root), or say how.
deps:
	@if ! { [ -f /usr/include/expat.h ] && [ -f /usr/include/zlib.h ] && [ -f /usr/include/bzlib.h ] && [ -f /usr/include/microhttpd.h ] && command -v pkg-config >/dev/null; }; then \
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

# Separate build directories, so a sanitizer run never invalidates the normal build.
test-sanitize: deps
	LSAN_OPTIONS=suppressions=$(CURDIR)/Tests/Sanitizers/lsan.supp:print_suppressions=0 \
	  $(SWIFT) test --sanitize=address --scratch-path .build-asan
	$(SWIFT) test --sanitize=thread --scratch-path .build-tsan

test-limits: deps
	GEOINDEX_TEST_LIMITS=1 $(SWIFT) test --filter HostileInputAtFullSize

fuzz: deps
	FUZZ_SECONDS=$${FUZZ_SECONDS:-60} bash Fuzz/run.sh

bench: bench-build bench-search bench-match

bench-build: deps
	bash scripts/bench_build.sh

bench-search: deps
	bash scripts/bench_search.sh

bench-match: deps
	bash scripts/bench_match.sh

bench-scale: deps
	bash scripts/bench_scale.sh

clean:
	rm -rf .build .build-asan .build-tsan $(DEMO) bench-out fuzz-out
