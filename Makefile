# Waterfall: `make run` opens the viewer on the bundled catalogue, `make test` runs every test.
SHELL := /bin/bash
SWIFT ?= swift
PREFIX ?= /usr/local
TEST_TIMEOUT ?= 2400
BENCH_OUT ?= .build/bench.json
ARGS ?=
FUZZ_STEPS ?= 200000
FUZZ_SECONDS ?= 60
FUZZ_TARGETS = terminal-input json json-lines csv plist key-script picture-sniffer
# The libFuzzer targets exist only with WATERFALL_FUZZ=1 (Package.swift); gold fails on their link, lld does not.
FUZZ_BUILD = WATERFALL_FUZZ=1 $(SWIFT) build -c release --scratch-path .build-fuzz \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld

.PHONY: all build run test lint format bench bench-quick fuzz fuzz-build fuzz-inputs fuzz-regressions install clean \
  deps test-deps

all: build

# ncursesw, libvips and libchafa through pkg-config are the system requirements (and the chafa command for the
# benchmarks' side-by-side), and libcurl for Foundation's URLSession (pictures over http(s); the -dev package, as
# swift.org lists it, has the same name on every Debian release). As root we install what is missing; otherwise we
# say how.
SYSTEM_PACKAGES = libncurses-dev libvips-dev libchafa-dev chafa pkg-config libcurl4-openssl-dev
deps:
	@if ! pkg-config --exists ncursesw vips chafa 2>/dev/null || ! command -v chafa >/dev/null \
	  || ! /sbin/ldconfig -p 2>/dev/null | grep -q 'libcurl\.so\.4 '; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "Installing $(SYSTEM_PACKAGES) with apt-get…"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(SYSTEM_PACKAGES); \
	  else \
	    echo "Waterfall needs ncursesw, libvips and libchafa (through pkg-config) and libcurl. Install them with:"; \
	    echo "    sudo apt-get install $(SYSTEM_PACKAGES)"; \
	    exit 1; \
	  fi; \
	fi

# The end-to-end tests drive the real binary in tmux; the direct-colour test needs xterm-direct (ncurses-term);
# the network tests serve pictures with Python's http.server.
TEST_PACKAGES = tmux ncurses-term python3
test-deps: deps
	@if ! command -v tmux >/dev/null || ! infocmp xterm-direct >/dev/null 2>&1 || ! command -v python3 >/dev/null; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "Installing $(TEST_PACKAGES) with apt-get for the tests…"; \
	    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(TEST_PACKAGES); \
	  else \
	    echo "The tests need tmux, ncurses-term and python3. Install them with:"; \
	    echo "    sudo apt-get install $(TEST_PACKAGES)"; \
	    exit 1; \
	  fi; \
	fi

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
	$(MAKE) --no-print-directory fuzz-regressions

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

format:
	$(SWIFT) format format --in-place --recursive Package.swift Sources Tests

bench: deps
	$(SWIFT) build -c release
	BENCH_OUT="$(BENCH_OUT)" "$$($(SWIFT) build -c release --show-bin-path)/waterfall-bench" \
	  --waterfall "$$($(SWIFT) build -c release --show-bin-path)/waterfall"

bench-quick: deps
	$(SWIFT) build -c release
	BENCH_OUT="$(BENCH_OUT)" "$$($(SWIFT) build -c release --show-bin-path)/waterfall-bench" --quick \
	  --waterfall "$$($(SWIFT) build -c release --show-bin-path)/waterfall"

fuzz: deps
	$(SWIFT) build --build-tests
	WATERFALL_FUZZ_STEPS=$(FUZZ_STEPS) timeout $(TEST_TIMEOUT) $(SWIFT) test --skip-build --filter OperationFuzzTests

# Coverage-guided fuzzing of everything that reads untrusted bytes (Tests/Fuzz): FUZZ_SECONDS per target.
fuzz-build: deps
	@for target in $(FUZZ_TARGETS); do \
	  $(FUZZ_BUILD) --product fuzz-$$target 2>&1 | grep -v "Cannot export local symbol" ; \
	  test "$${PIPESTATUS[0]}" = 0 || exit 1; \
	done

fuzz-inputs: fuzz-build
	nice -n 10 Tests/Fuzz/run-targets.sh $(FUZZ_SECONDS) .build-fuzz/release .build-fuzz $(FUZZ_TARGETS)

# Part of `make test`: each target for a few seconds from its seed corpus alone, the corpus as regression tests.
fuzz-regressions: fuzz-build
	rm -rf .build-fuzz/regressions
	Tests/Fuzz/run-targets.sh 3 .build-fuzz/release .build-fuzz/regressions $(FUZZ_TARGETS)

install: deps
	$(SWIFT) build -c release --product waterfall
	install -d "$(PREFIX)/bin" "$(PREFIX)/share/waterfall/catalogue/pictures"
	install -m 755 "$$($(SWIFT) build -c release --show-bin-path)/waterfall" "$(PREFIX)/bin/waterfall"
	install -m 644 Resources/catalogue/*.plist "$(PREFIX)/share/waterfall/catalogue/"
	install -m 644 Resources/catalogue/pictures/*.jpg "$(PREFIX)/share/waterfall/catalogue/pictures/"

clean:
	rm -rf .build
