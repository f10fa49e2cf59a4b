# Waterfall: `make run` opens the viewer on the bundled catalogue, `make test` runs every test.
SHELL := /bin/bash
SWIFT ?= swift
PREFIX ?= /usr/local
TEST_TIMEOUT ?= 2400
BENCH_OUT ?= .build/bench.json
ARGS ?=
FUZZ_STEPS ?= 200000
FUZZ_SECONDS ?= 60
FUZZ_TARGETS = terminal-input json json-lines csv plist key-script picture-sniffer feed-body jpeg tape stream-split \
  asciicast golden-frames link-header terminal-reply
# The libFuzzer targets exist only with WATERFALL_FUZZ=1 (Package.swift); gold fails on their link, lld does not.
# The C targets are built with AddressSanitizer too: the JPEG decoder is C reading untrusted bytes.
# The release build that `make test` drives, `make install` ships and `make dist` / `make deb` package: one build,
# with the Swift runtime linked in, so that it needs only Debian's packages at run time (DEPENDS, the .deb's Depends),
# and the loader maps fewer libraries at each start (ldd: 26 where it listed 40). Such a binary prints no backtrace
# on a crash unless SWIFT_BACKTRACE names a toolchain's swift-backtrace-static (the runtime finds none beside it);
# the terminal is restored and the runtime's message shown all the same. Every release product is built with the
# same flags, so that none rebuilds another's modules.
RELEASE_BUILD = $(SWIFT) build -c release --static-swift-stdlib
RELEASE_BIN = $$($(SWIFT) build -c release --show-bin-path)
FUZZ_BUILD = WATERFALL_FUZZ=1 $(SWIFT) build -c release --scratch-path .build-fuzz \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld -Xcc -fsanitize=address

.PHONY: all build run test lint format bench bench-quick fuzz fuzz-build fuzz-inputs fuzz-merge fuzz-regressions sanitize man man-page \
  install dist deb clean deps test-deps bench-deps packaging-deps screenshots

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

# ncursesw, libvips, libchafa, zlib, libdeflate and libjpeg(-turbo) through pkg-config are the system requirements (and the chafa command for the
# benchmarks' side-by-side), and SQLite (with FTS5, as Debian builds it) for GRDB (http(s) needs nothing: AsyncHTTPClient
# and its TLS are built from source); libdeflate deflates kitty's pictures. A tape's pictures (GIF, WebP, PNG) need FreeType and fontconfig, cgif
# and libwebp, and their fonts: DejaVu Sans Mono, Droid Sans Fallback for CJK (fonts-droid-fallback: 4 MB, where
# fonts-noto-cjk is 60) and Noto Color Emoji. As root we install what is missing; otherwise we say how.
SYSTEM_PACKAGES = libncurses-dev libvips-dev libchafa-dev zlib1g-dev libdeflate-dev chafa pkg-config \
  libsqlite3-dev libjpeg-dev libfreetype-dev libfontconfig-dev libcgif-dev libwebp-dev \
  fonts-dejavu-core fonts-droid-fallback fonts-noto-color-emoji
SYSTEM_MISSING = ! pkg-config --exists ncursesw vips chafa zlib libdeflate sqlite3 libjpeg freetype2 fontconfig cgif \
  libwebpmux 2>/dev/null \
  || ! command -v chafa >/dev/null \
  || ! fc-list 2>/dev/null | grep -q 'DejaVu Sans Mono' || ! fc-list 2>/dev/null | grep -q 'Droid Sans Fallback' \
  || ! fc-list 2>/dev/null | grep -q 'Noto Color Emoji'
deps:
	$(call require,$(SYSTEM_MISSING),$(SYSTEM_PACKAGES),Waterfall needs ncursesw and libvips and libchafa and zlib and libdeflate and libjpeg (through pkg-config) and SQLite; and for a tape's pictures FreeType and fontconfig and cgif and libwebp and the DejaVu and Droid Sans Fallback and Noto Color Emoji fonts)

# The end-to-end tests drive the real binary in tmux; the direct-colour test needs xterm-direct (ncurses-term);
# the network tests serve pictures with Python's http.server; the recording tests check that asciinema plays
# what we write; the real-pixel tests run xterm, kitty and mlterm on a virtual X display (Xvfb), type with xdotool
# and take screenshots with xwd (x11-apps); the manual page is checked with man (man-db) and the completion scripts
# with each shell's syntax check.
TEST_PACKAGES = tmux ncurses-term python3 asciinema xvfb xterm kitty mlterm x11-apps xdotool man-db zsh fish
TEST_MISSING = ! command -v tmux >/dev/null || ! infocmp xterm-direct >/dev/null 2>&1 || ! command -v python3 >/dev/null \
  || ! command -v asciinema >/dev/null || ! command -v Xvfb >/dev/null || ! command -v xterm >/dev/null \
  || ! command -v kitty >/dev/null || ! command -v mlterm >/dev/null || ! command -v xwd >/dev/null \
  || ! command -v xdotool >/dev/null || ! command -v man >/dev/null || ! command -v zsh >/dev/null \
  || ! command -v fish >/dev/null
# The PostgreSQL source's tests run against a private cluster that Tests/with-postgres.sh starts for the run (and
# stops at its end): Debian's server, whose package holds pg_trgm too. Never the machine's own server.
POSTGRES_PACKAGES = postgresql-15
POSTGRES_MISSING = ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1
test-deps: deps
	$(call require,$(TEST_MISSING),$(TEST_PACKAGES),The tests need tmux and ncurses-term and python3 and asciinema and Xvfb and xterm and kitty and mlterm and xwd and xdotool and man-db and zsh and fish)
	$(call require,$(POSTGRES_MISSING),$(POSTGRES_PACKAGES),The PostgreSQL tests need a PostgreSQL server's programs (initdb, pg_ctl, psql) and pg_trgm)

# The benchmarks' peers: `jq length` and Python's json module on the same catalogue; libjpeg-turbo's `djpeg -scale`
# (libjpeg-turbo-progs), the floor of a picture's decode; timg beside chafa (a system package already) in real
# pixels; python3 also gives timg the pseudo-terminal it reads its cell size from.
BENCH_PACKAGES = jq python3 libjpeg-turbo-progs timg
BENCH_MISSING = ! command -v jq >/dev/null || ! command -v python3 >/dev/null || ! command -v djpeg >/dev/null \
  || ! command -v timg >/dev/null
bench-deps: deps
	$(call require,$(BENCH_MISSING),$(BENCH_PACKAGES),The benchmarks compare with jq and python3 and djpeg and timg)

# `make dist` and `make deb`: dpkg-shlibdeps (dpkg-dev) computes the Depends, lintian checks the package.
PACKAGING_PACKAGES = dpkg-dev lintian
PACKAGING_MISSING = ! command -v dpkg-shlibdeps >/dev/null || ! command -v lintian >/dev/null
packaging-deps: deps
	$(call require,$(PACKAGING_MISSING),$(PACKAGING_PACKAGES),make dist and make deb need dpkg-shlibdeps and lintian)

build: deps
	$(SWIFT) build --product waterfall

run: build
	"$$($(SWIFT) build --show-bin-path)/waterfall" $(ARGS)

# The end-to-end tests drive the release binary, the one `make install` ships. Every test runs beside a private
# PostgreSQL cluster (Tests/with-postgres.sh). The tests' servers are on loopback
# and the proxy tests set their own proxies: a proxy this machine's environment names must not come between.
PROXY_VARIABLES = http_proxy https_proxy all_proxy no_proxy HTTP_PROXY HTTPS_PROXY ALL_PROXY NO_PROXY
test: test-deps packaging-deps
	@Tests/phase-took.sh --start
	$(RELEASE_BUILD) --product waterfall
	@Tests/phase-took.sh "the release build"
	$(MAKE) --no-print-directory dist deb
	@Tests/phase-took.sh "the packages (make dist, make deb) from that build"
	$(SWIFT) build --build-tests
	@Tests/phase-took.sh "the tests' build"
	env $(PROXY_VARIABLES:%=-u %) WATERFALL_BIN="$(RELEASE_BIN)/waterfall" WATERFALL_PACKAGES="$(abspath $(DIST_OUT))" \
	  Tests/with-postgres.sh timeout --kill-after=30 $(TEST_TIMEOUT) $(SWIFT) test --skip-build \
	  --xunit-output .build/test-results.xml 2>&1 | tee .build/test-output.log; \
	  status=$${PIPESTATUS[0]}; [ "$$status" = 0 ] || Tests/show-failures.sh .build; exit "$$status"
	@Tests/phase-took.sh "the tests' run"
	$(MAKE) --no-print-directory fuzz-regressions
	@Tests/phase-took.sh "the fuzz targets' build and replay"

lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

format:
	$(SWIFT) format format --in-place --recursive Package.swift Sources Tests

bench: bench-deps
	$(RELEASE_BUILD) --product waterfall
	$(RELEASE_BUILD) --product waterfall-bench
	BENCH_OUT="$(BENCH_OUT)" "$(RELEASE_BIN)/waterfall-bench" \
	  --waterfall "$(RELEASE_BIN)/waterfall"

bench-quick: bench-deps
	$(RELEASE_BUILD) --product waterfall
	$(RELEASE_BUILD) --product waterfall-bench
	BENCH_OUT="$(BENCH_OUT)" "$(RELEASE_BIN)/waterfall-bench" --quick \
	  --waterfall "$(RELEASE_BIN)/waterfall"

# The README's GIFs (browsing; the reuse lesson), from tapes on the bundled catalogue with its pictures in real
# pixels: drawn without a browser, the same bytes on every run.
screenshots: deps
	$(RELEASE_BUILD) --product waterfall
	"$(RELEASE_BIN)/waterfall" snapshot --tape Resources/tapes/readme.tape \
	  --graphics kitty --size 100x30 Resources/catalogue >/dev/null
	"$(RELEASE_BIN)/waterfall" snapshot --tape Resources/tapes/reuse-lesson.tape \
	  --graphics kitty --size 120x36 Resources/catalogue >/dev/null

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

# After long runs: the fewest inputs the fuzzers learned (FUZZ_LEARNED/TARGET) that reach code the seeds do not
# join the seed corpus, to be committed (`make test` replays them).
FUZZ_LEARNED ?= .build-fuzz/corpus
fuzz-merge: fuzz-build
	Tests/Fuzz/merge-corpus.sh .build-fuzz/release $(FUZZ_LEARNED) $(FUZZ_TARGETS)

# Part of `make test`: each target once over its seed corpus, the corpus as regression tests (the same inputs every
# run; new inputs are `make fuzz-inputs` work).
fuzz-regressions: fuzz-build
	rm -rf .build-fuzz/regressions
	FUZZ_REPLAY_ONLY=1 Tests/Fuzz/run-targets.sh 3 .build-fuzz/release .build-fuzz/regressions $(FUZZ_TARGETS)

# The unit tests under AddressSanitizer (with LeakSanitizer), then under ThreadSanitizer; fails on any report.
# Both halves beside the private PostgreSQL cluster the PostgreSQL tests need, and both run even when the first fails.
sanitize: test-deps
	status=0; \
	SWIFT="$(SWIFT)" Tests/with-postgres.sh Tests/run-sanitized.sh address .build-asan $(TEST_TIMEOUT) || status=1; \
	SWIFT="$(SWIFT)" Tests/with-postgres.sh Tests/run-sanitized.sh thread .build-tsan $(TEST_TIMEOUT) || status=1; \
	exit $$status

# The manual page: swift-argument-parser's generator over the command's own definitions (so it never drifts from
# --help), its generic EXIT STATUS replaced by the sections it cannot know (keys, formats, environment, files, exit
# statuses) from share/man/sections.mdoc.
MAN_DATE ?= $(shell git log -1 --format=%cs 2>/dev/null || date -u +%Y-%m-%d)
# `make man` refreshes the copy in the repository; `make install` installs a fresh one.
man-page: deps
	$(RELEASE_BUILD) --product waterfall
	$(RELEASE_BUILD) --product generate-manual
	rm -rf .build/man && mkdir -p .build/man/generated
	"$(RELEASE_BIN)/generate-manual" "$(RELEASE_BIN)/waterfall" --date "$(MAN_DATE)" \
	  --output-directory .build/man/generated
	awk '/^\.Sh "?EXIT STATUS/ { skip = 1; next } /^\.Sh/ { skip = 0 } !skip' .build/man/generated/waterfall.1 \
	  | awk -f share/man/synopsis.awk | cat - share/man/sections.mdoc >.build/man/waterfall.1

man: man-page
	cp .build/man/waterfall.1 share/man/man1/waterfall.1

# fish reads vendor completions only from the folders it was built with (and $XDG_DATA_DIRS', often unset), and
# Debian's fish has none under /usr/local: the first folder fish itself names under PREFIX, else the one its
# pkg-config file names, else PREFIX's own (for a fish that is not installed yet).
FISH_LOOKS_IN = $(shell fish -c 'string join \n -- $$__fish_vendor_completionsdirs' 2>/dev/null)
FISH_COMPLETIONS ?= $(or $(firstword $(filter $(PREFIX)/%,$(FISH_LOOKS_IN))),\
  $(shell pkg-config --variable completionsdir fish 2>/dev/null),$(PREFIX)/share/fish/vendor_completions.d)
install: deps man-page
	$(RELEASE_BUILD) --product waterfall
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/waterfall/catalogue/pictures" \
	  "$(DESTDIR)$(PREFIX)/share/man/man1" "$(DESTDIR)$(PREFIX)/share/bash-completion/completions" \
	  "$(DESTDIR)$(PREFIX)/share/zsh/site-functions" "$(DESTDIR)$(FISH_COMPLETIONS)"
	install -s -m 755 "$(RELEASE_BIN)/waterfall" "$(DESTDIR)$(PREFIX)/bin/waterfall"
	install -m 644 .build/man/waterfall.1 "$(DESTDIR)$(PREFIX)/share/man/man1/waterfall.1"
	"$(DESTDIR)$(PREFIX)/bin/waterfall" --generate-completion-script bash | sed '1{/^#!/d}' \
	  >"$(DESTDIR)$(PREFIX)/share/bash-completion/completions/waterfall"
	"$(DESTDIR)$(PREFIX)/bin/waterfall" --generate-completion-script zsh \
	  >"$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_waterfall"
	"$(DESTDIR)$(PREFIX)/bin/waterfall" --generate-completion-script fish >"$(DESTDIR)$(FISH_COMPLETIONS)/waterfall.fish"
	install -m 644 Resources/catalogue/*.plist "$(DESTDIR)$(PREFIX)/share/waterfall/catalogue/"
	install -m 644 Resources/catalogue/pictures/*.jpg "$(DESTDIR)$(PREFIX)/share/waterfall/catalogue/pictures/"

# `make dist`: waterfall-VERSION-linux-ARCH.tar.gz, laid out as `make install` lays out a prefix (fish's folder the
# one under it), with README.md, ARCHITECTURE.md, docs/ and the screenshots they show (so that their links work
# there) and DEPENDS, the Debian packages it needs at run time. `make deb`:
# waterfall_VERSION_ARCH.deb, the same files under /usr. VERSION is the binary's own --version. No licence file is
# shipped: the repository has none to ship.
DIST_OUT ?= .build/dist
RELEASE_VERSION = $$("$(RELEASE_BIN)/waterfall" --version)
dist: packaging-deps
	$(RELEASE_BUILD) --product waterfall
	version=$(RELEASE_VERSION) && name=waterfall-$$version-linux-$$(uname -m) && \
	  root="$(abspath $(DIST_OUT))/$$name" && rm -rf "$$root" "$(DIST_OUT)/$$name.tar.gz" && \
	  $(MAKE) --no-print-directory install PREFIX="$$root" FISH_COMPLETIONS="$$root/share/fish/vendor_completions.d" && \
	  install -m 644 README.md ARCHITECTURE.md "$$root/" && \
	  install -D -m 644 -t "$$root/docs" docs/*.md && \
	  install -D -m 644 -t "$$root/Resources/screenshots" Resources/screenshots/*.gif Resources/screenshots/*.png && \
	  packaging/runtime-depends.sh "$$root/bin/waterfall" | tr ',' '\n' | sed 's/^ *//' >"$$root/DEPENDS" && \
	  tar -C "$(DIST_OUT)" --owner=0 --group=0 --numeric-owner -czf "$(DIST_OUT)/$$name.tar.gz" "$$name" && \
	  echo "$(DIST_OUT)/$$name.tar.gz"

# Debian wants the manual page compressed and the package's documents in /usr/share/doc/waterfall. The bash
# completion is sourced, not run, so it goes without the #! line ArgumentParser writes (lintian's
# bash-completion-with-hashbang). lintian checks the package; each tag it would still give is explained in
# packaging/waterfall.lintian-overrides (its informational spelling tags are in the Swift runtime's and libraries'
# strings, not ours).
deb: packaging-deps
	$(RELEASE_BUILD) --product waterfall
	version=$(RELEASE_VERSION) && arch=$$(dpkg --print-architecture) && \
	  root="$(abspath $(DIST_OUT))/deb" && deb="$(DIST_OUT)/waterfall_$${version}_$$arch.deb" && rm -rf "$$root" "$$deb" && \
	  $(MAKE) --no-print-directory install DESTDIR="$$root" PREFIX=/usr \
	    FISH_COMPLETIONS=/usr/share/fish/vendor_completions.d && \
	  gzip -9n "$$root/usr/share/man/man1/waterfall.1" && \
	  install -d "$$root/usr/share/doc/waterfall" "$$root/usr/share/lintian/overrides" "$$root/DEBIAN" && \
	  install -m 644 packaging/copyright "$$root/usr/share/doc/waterfall/copyright" && \
	  install -m 644 packaging/waterfall.lintian-overrides "$$root/usr/share/lintian/overrides/waterfall" && \
	  packaging/changelog.sh "$$version" | gzip -9n >"$$root/usr/share/doc/waterfall/changelog.gz" && \
	  packaging/control.sh "$$version" "$$arch" "$$(packaging/runtime-depends.sh "$$root/usr/bin/waterfall")" \
	    "$$(du -sk --exclude=DEBIAN "$$root" | cut -f1)" >"$$root/DEBIAN/control" && \
	  (cd "$$root" && find usr -type f | sort | xargs md5sum) >"$$root/DEBIAN/md5sums" && \
	  dpkg-deb --root-owner-group --build -Zxz "$$root" "$$deb" && \
	  lintian --fail-on error,warning "$$deb" && echo "$$deb"

clean:
	rm -rf .build
