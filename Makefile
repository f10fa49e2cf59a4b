# Waterfall: `make run` opens the viewer on the bundled catalogue, `make test` runs every test.
SWIFT ?= swift
PREFIX ?= /usr/local
TEST_TIMEOUT ?= 2400
BENCH_OUT ?= .build/bench.json
ARGS ?=
FUZZ_STEPS ?= 200000

.PHONY: all build run test lint format bench bench-quick fuzz install clean deps test-deps bench-deps

all: build

# $(call require,MISSING,PACKAGES,WHAT): when the shell test MISSING succeeds (something is missing), installs
# PACKAGES with apt-get as root, and otherwise says how (WHAT: who needs them). One routine for every kind of deps.
define require
	@if $(1); then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "Installing $(2) with apt-get…"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(2); \
	  else \
	    echo "$(3). Install them with:"; \
	    echo "    sudo apt-get install $(2)"; \
	    exit 1; \
	  fi; \
	fi
endef

# ncursesw, libvips and libchafa through pkg-config are the system requirements (and the chafa command for the
# benchmarks' side-by-side), and libcurl for Foundation's URLSession (pictures over http(s); the -dev package, as
# swift.org lists it, has the same name on every Debian release). As root we install what is missing; otherwise we
# say how.
SYSTEM_PACKAGES = libncurses-dev libvips-dev libchafa-dev chafa pkg-config libcurl4-openssl-dev
SYSTEM_MISSING = ! pkg-config --exists ncursesw vips chafa 2>/dev/null || ! command -v chafa >/dev/null \
  || ! /sbin/ldconfig -p 2>/dev/null | grep -q 'libcurl\.so\.4 '
deps:
	$(call require,$(SYSTEM_MISSING),$(SYSTEM_PACKAGES),Waterfall needs ncursesw and libvips and libchafa (through pkg-config) and libcurl)

# The end-to-end tests drive the real binary in tmux; the direct-colour test needs xterm-direct (ncurses-term);
# the network tests serve pictures with Python's http.server; the recording tests check that asciinema plays
# what we write; the real-pixel tests run xterm, kitty and mlterm on a virtual X display (Xvfb), type with xdotool
# and take screenshots with xwd (x11-apps).
TEST_PACKAGES = tmux ncurses-term python3 asciinema xvfb xterm kitty mlterm x11-apps xdotool
TEST_MISSING = ! command -v tmux >/dev/null || ! infocmp xterm-direct >/dev/null 2>&1 || ! command -v python3 >/dev/null \
  || ! command -v asciinema >/dev/null || ! command -v Xvfb >/dev/null || ! command -v xterm >/dev/null \
  || ! command -v kitty >/dev/null || ! command -v mlterm >/dev/null || ! command -v xwd >/dev/null \
  || ! command -v xdotool >/dev/null
test-deps: deps
	$(call require,$(TEST_MISSING),$(TEST_PACKAGES),The tests need tmux and ncurses-term and python3 and asciinema and Xvfb and xterm and kitty and mlterm and xwd and xdotool)

# The catalogue benchmark's peers: `jq length` and Python's json module on the same file.
BENCH_PACKAGES = jq python3
BENCH_MISSING = ! command -v jq >/dev/null || ! command -v python3 >/dev/null
bench-deps: deps
	$(call require,$(BENCH_MISSING),$(BENCH_PACKAGES),The benchmarks compare with jq and python3)

build: deps
	$(SWIFT) build --product waterfall

run: build
	"$$($(SWIFT) build --show-bin-path)/waterfall" $(ARGS)

# The end-to-end tests drive the release binary, the one `make install` ships.
test: test-deps
	$(SWIFT) build -c release --product waterfall
	$(SWIFT) build --build-tests
	WATERFALL_BIN="$$($(SWIFT) build -c release --show-bin-path)/waterfall" \
	  timeout --kill-after=30 $(TEST_TIMEOUT) $(SWIFT) test --skip-build

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

format:
	$(SWIFT) format format --in-place --recursive Package.swift Sources Tests

bench: bench-deps
	$(SWIFT) build -c release
	BENCH_OUT="$(BENCH_OUT)" "$$($(SWIFT) build -c release --show-bin-path)/waterfall-bench" \
	  --waterfall "$$($(SWIFT) build -c release --show-bin-path)/waterfall"

bench-quick: bench-deps
	$(SWIFT) build -c release
	BENCH_OUT="$(BENCH_OUT)" "$$($(SWIFT) build -c release --show-bin-path)/waterfall-bench" --quick \
	  --waterfall "$$($(SWIFT) build -c release --show-bin-path)/waterfall"

fuzz: deps
	$(SWIFT) build --build-tests
	WATERFALL_FUZZ_STEPS=$(FUZZ_STEPS) timeout $(TEST_TIMEOUT) $(SWIFT) test --skip-build --filter OperationFuzzTests

install: deps
	$(SWIFT) build -c release --product waterfall
	install -d "$(PREFIX)/bin" "$(PREFIX)/share/waterfall/catalogue/pictures"
	install -m 755 "$$($(SWIFT) build -c release --show-bin-path)/waterfall" "$(PREFIX)/bin/waterfall"
	install -m 644 Resources/catalogue/*.plist "$(PREFIX)/share/waterfall/catalogue/"
	install -m 644 Resources/catalogue/pictures/*.jpg "$(PREFIX)/share/waterfall/catalogue/pictures/"

clean:
	rm -rf .build
