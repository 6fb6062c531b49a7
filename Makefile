# TextReveal's everyday commands. See README.md.

SWIFT ?= swift
MAKEFLAGS += --no-print-directory
# Debian's own Python: it has Pango's bindings (python3-gi), another python3 on PATH may not.
PYTHON ?= /usr/bin/python3
# Extra options for swift build and swift test, e.g. SWIFTFLAGS="--scratch-path /tmp/build".
SWIFTFLAGS ?=
TEXTREVEAL ?= .build/debug/textreveal

.PHONY: all bootstrap build test differential lint format demo demo-check bench clean

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

# Line breaking against Pango on real text collected from this machine (Tests/Differential).
differential:
	$(SWIFT) build $(SWIFTFLAGS) --product textreveal
	$(PYTHON) Tests/Differential/compare.py --binary $(TEXTREVEAL)

lint:
	$(SWIFT) format lint --strict -r Sources Tests Package.swift Benchmarks/Sources Benchmarks/Package.swift

format:
	$(SWIFT) format -i -r Sources Tests Package.swift Benchmarks/Sources Benchmarks/Package.swift

# The gallery: PNG and animated PNG of every component, captioned in gallery/index.html.
demo: bootstrap
	$(SWIFT) build $(SWIFTFLAGS) --product textreveal
	$(TEXTREVEAL) demo --output gallery
	$(TEXTREVEAL) measure --width 320 --line-limit 3 Examples/sample.jsonl > gallery/measure.jsonl
	@echo "demo: open file://$(CURDIR)/gallery/index.html in a browser"

# Builds the gallery, opens it in headless Chromium, and fails if any image did not load.
demo-check: bootstrap
	scripts/demo-check

bench:
	$(SWIFT) build $(SWIFTFLAGS) -c release
	@if [ -f Benchmarks/Makefile ]; then \
	  $(MAKE) -C Benchmarks; \
	else \
	  echo "bench: the benchmarks are not there yet (Benchmarks/Makefile)"; \
	fi

clean:
	$(SWIFT) package clean
	rm -rf gallery bench-output
