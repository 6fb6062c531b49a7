# TextReveal's everyday commands. See README.md.

SWIFT ?= swift
MAKEFLAGS += --no-print-directory
# Debian's own Python: it has Pango's bindings (python3-gi), another python3 on PATH may not.
PYTHON ?= /usr/bin/python3
# Extra options for swift build and swift test, e.g. SWIFTFLAGS="--scratch-path /tmp/build".
SWIFTFLAGS ?=
TEXTREVEAL ?= .build/debug/textreveal

.PHONY: all bootstrap build test differential lint format demo demo-check bench fuzz asan clean \
  play playground-check playground-build playground-sources playground-bench load-check docs \
  readme-check gtk-bootstrap gtk-build gtk-demo gtk-check

all: build

bootstrap:
	scripts/bootstrap

build: bootstrap
	$(SWIFT) build $(SWIFTFLAGS)

test: bootstrap
	$(SWIFT) build $(SWIFTFLAGS)
	$(SWIFT) test $(SWIFTFLAGS)
	$(MAKE) differential
	$(MAKE) lint
	$(MAKE) readme-check
	$(MAKE) docs
	@# In CI (CI set, as .ci/run does), the suite once more under AddressSanitizer, and a
	@# short fuzzing run of every target: about six minutes more, so not on every local run.
	@if [ -n "$${CI:-}" ]; then $(MAKE) asan && $(MAKE) fuzz FUZZ_SECONDS=$(CI_FUZZ_SECONDS); fi

# The whole test suite under AddressSanitizer, in a build folder of its own. Leaks are left to
# the fuzz targets (make fuzz): at exit the test runner reports objects that XCTest's runner and
# Foundation's file reading keep, which are the toolchain's, not ours.
asan: bootstrap
	$(SWIFT) build --build-tests --scratch-path .build-asan -Xswiftc -sanitize=address -Xswiftc -use-ld=lld
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --skip-build --scratch-path .build-asan

# The README's Swift examples, built as a user's package that depends on TextReveal by path
# (scripts/readme-check; written and built under .build-readme, nothing committed).
readme-check:
	$(PYTHON) scripts/readme-check

# The libraries' DocC documentation, one static site with links between the modules, in
# .build/docs/site (open .build/docs/site/documentation/textreveal/index.html through a web
# server). Any DocC warning fails the target.
DOC_TARGETS := TextLayout TextShaping TextReveal TextRaster TextMarkdown
docs:
	@rm -rf .build/docs && mkdir -p .build/docs
	$(SWIFT) package --allow-writing-to-directory .build/docs generate-documentation \
	  $(foreach target,$(DOC_TARGETS),--target $(target)) \
	  --enable-experimental-combined-documentation --transform-for-static-hosting \
	  --output-path .build/docs/site > .build/docs/log.txt 2>&1 \
	  || { cat .build/docs/log.txt; exit 1; }
	@if grep "warning:" .build/docs/log.txt; then \
	  echo "docs: the DocC warnings above must be fixed" >&2; exit 1; fi
	@echo 'docs: .build/docs/site/documentation/textreveal/index.html'

# Line breaking against Pango on real text collected from this machine (Tests/Differential).
differential:
	$(SWIFT) build $(SWIFTFLAGS) --product textreveal
	$(PYTHON) Tests/Differential/compare.py --binary $(TEXTREVEAL)

lint:
	$(SWIFT) format lint --strict -r Sources Tests Package.swift Benchmarks/Sources Benchmarks/Package.swift Fuzz/Sources Fuzz/Package.swift \
	  Playground/Sources Playground/Tests Playground/Package.swift \
	  GTK/Sources GTK/Tests GTK/Package.swift

format:
	$(SWIFT) format -i -r Sources Tests Package.swift Benchmarks/Sources Benchmarks/Package.swift Fuzz/Sources Fuzz/Package.swift \
	  Playground/Sources Playground/Tests Playground/Package.swift \
	  GTK/Sources GTK/Tests GTK/Package.swift

# libFuzzer over the engine, the JSON Lines readers, the font loader, the Markdown parser and
# batched style updates (Fuzz/, scripts/fuzz),
# with AddressSanitizer: FUZZ_SECONDS of new inputs per target after replaying the stored ones.
FUZZ_SECONDS ?= 60
# Seconds per target in CI: six targets, two minutes in all.
CI_FUZZ_SECONDS ?= 20
fuzz: bootstrap
	$(SWIFT) build --package-path Fuzz -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld
	scripts/fuzz $(FUZZ_SECONDS)

# The gallery: PNG and animated PNG of every component, captioned in gallery/index.html.
demo: bootstrap
	$(SWIFT) build $(SWIFTFLAGS) --product textreveal
	$(TEXTREVEAL) demo --output gallery
	$(TEXTREVEAL) measure --width 320 --line-limit 3 Examples/sample.jsonl > gallery/measure.jsonl
	@echo "demo: open file://$(CURDIR)/gallery/index.html in a browser"

# Builds the gallery, opens it in headless Chromium, and fails if any image did not load.
demo-check: bootstrap
	scripts/demo-check

# The playground (Playground/, docs/Playground.md): a local web app to use every component.
# A release build: the first takes several minutes (Hummingbird and SwiftNIO), later ones are
# incremental. HOST and PORT say where it listens.
HOST ?= 127.0.0.1
PORT ?= 8080
# Extra options for swift build of the playground; not SWIFTFLAGS, whose scratch path is the
# library's.
PLAYGROUND_SWIFTFLAGS ?=
PLAYGROUND := Playground
# SwiftPM names a path dependency after its folder. In a checkout whose folder is itself called
# "playground", Playground/'s dependency on ".." would have Playground/'s own name, so the
# package is built from a copy of the sources under a neutral folder name instead.
ifeq ($(shell basename "$(CURDIR)" | tr A-Z a-z),playground)
PLAYGROUND := .build-mirror/textreveal/Playground
endif
PLAYGROUND_BIN = "$$($(SWIFT) build $(PLAYGROUND_SWIFTFLAGS) -c release --package-path $(PLAYGROUND) --show-bin-path)/textreveal-playground"

playground-sources:
ifneq ($(PLAYGROUND),Playground)
	@# Files are overwritten in place (same inode, same time when unchanged), since SwiftPM
	@# rebuilds a file whose inode changed; files gone from the checkout are removed.
	@mkdir -p .build-mirror/textreveal
	@cd .build-mirror/textreveal && find . -path ./Playground/.build -prune -o -type f -print \
	  | while read -r file; do [ -e "$(CURDIR)/$$file" ] || rm -f "$$file"; done
	@tar -cf - --exclude=./.git --exclude='./.build*' --exclude='*/.build' --exclude=./gallery \
	  --exclude=./bench-output --exclude=./playground-output --exclude=./load-output . \
	  | tar -C .build-mirror/textreveal --overwrite -xf -
endif

playground-build: bootstrap playground-sources
	$(SWIFT) build $(PLAYGROUND_SWIFTFLAGS) -c release --package-path $(PLAYGROUND)

# Builds the playground and serves it until Ctrl-C.
play: playground-build
	@echo "play: open http://$(HOST):$(PORT)/ in a browser (Ctrl-C stops the server)"
	$(PLAYGROUND_BIN) --host $(HOST) --port $(PORT)

# The playground's unit tests, then headless Chromium driving it like a person, malformed
# requests, and a load of 8 sessions x 100 taps (scripts/playground-check).
playground-check: playground-build
	@# Without testable imports (the tests use the public API), the tests build with the same
	@# flags as the server, so the two builds do not rebuild each other.
	$(SWIFT) test $(PLAYGROUND_SWIFTFLAGS) -c release --disable-testable-imports \
	  --package-path $(PLAYGROUND)
	$(PYTHON) scripts/playground-check --binary $(PLAYGROUND_BIN) --output playground-output

# The playground under attack (scripts/load-check): stalled connections, slow readers, huge
# texts, floods of rows, sessions, bad hosts and bad values beside 50 clients tapping like
# people, for LOAD_SECONDS; fails unless /healthz and the taps stay fast, no 5xx but 503 is
# answered, memory stays under 512 MB and every stalled connection is closed in time. About a
# minute more than LOAD_SECONDS.
LOAD_SECONDS ?= 45
load-check: playground-build
	$(PYTHON) scripts/load-check --binary $(PLAYGROUND_BIN) --seconds $(LOAD_SECONDS) \
	  --output load-output

# The playground's two figures (tap latency, width drag), in the form make bench prints.
playground-bench: playground-build
	$(PLAYGROUND_BIN) --bench

# The GTK 4 front end (GTK/, docs/GTK.md): the components as GTK widgets, and a demo window of
# the installed Debian packages and a chat. GTK's packages come from `scripts/bootstrap gtk`,
# which make test never runs. One optimized build, with testable imports, serves the demo and
# the GTK package's tests alike, so neither rebuilds the other.
GTK_SWIFTFLAGS ?=
GTK_BUILD := $(SWIFT) build $(GTK_SWIFTFLAGS) -c release -Xswiftc -enable-testing --package-path GTK
GTK_BIN = "$$($(GTK_BUILD) --show-bin-path)/textreveal-gtk-demo"

gtk-bootstrap:
	scripts/bootstrap
	scripts/bootstrap gtk

gtk-build: gtk-bootstrap
	$(GTK_BUILD)

# Opens the demo window (DEMO_ARGS, e.g. --page chat or --direction rtl).
gtk-demo: gtk-build
	$(GTK_BIN) $(DEMO_ARGS)

# The GTK package's tests, then the demo driven under Xvfb like a person would: clicks, typing
# and resizing with xdotool, the X server's pixels and the AT-SPI accessibility tree
# (scripts/gtk-check). Screenshots go to .build/gtk-check. About a minute after the build.
gtk-check: gtk-build
	$(SWIFT) build $(SWIFTFLAGS) --product textreveal
	$(SWIFT) test $(GTK_SWIFTFLAGS) -c release -Xswiftc -enable-testing --package-path GTK
	$(PYTHON) scripts/gtk-check --binary $(GTK_BIN) --textreveal $(TEXTREVEAL) \
	  --output .build/gtk-check

bench:
	$(SWIFT) build $(SWIFTFLAGS) -c release
	@if [ -f Benchmarks/Makefile ]; then \
	  $(MAKE) -C Benchmarks; \
	else \
	  echo "bench: the benchmarks are not there yet (Benchmarks/Makefile)"; \
	fi

clean:
	$(SWIFT) package clean
	rm -rf gallery bench-output playground-output load-output .build-mirror
