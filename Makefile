# Three20 for Swift. `make help` lists the targets.
SHELL := /bin/bash
SWIFT ?= swift
# Extra arguments for the Catalog: make catalog ARGS="--help"
ARGS ?=

.PHONY: help deps build catalog test check check-graph check-links ttmodule-integration docs format lint clean

help:
	@echo "make catalog      build and run the Catalog (installs missing system packages first)"
	@echo "make test         run every test"
	@echo "make check        check the module graph in Package.swift and on the linked binaries"
	@echo "make ttmodule-integration  generate, build and test starter projects with ttmodule"
	@echo "make docs         build every DocC catalog, failing on warnings (.build/docs/), and check every public declaration is documented"
	@echo "make format       format the sources with swift format; make lint checks them"
	@echo "make bench        run every benchmark (make bench-<module> for one)"
	@echo "make fuzz         run every fuzz target (libFuzzer) for FUZZ_TIME seconds each (default 60)"
	@echo "make fuzz-xml     fuzz TTXMLParser; fuzz-feed the feed reader; fuzz-styled-text styled text; fuzz-image the image decoders; fuzz-web web pages"
	@echo "make soak         hostile responses against one queue for SOAK_SECONDS (default 180): peak memory, healthy latency"
	@echo "make deps         install the Debian/Ubuntu packages Three20 needs (as root)"

deps:
	@scripts/install-deps.sh

build: deps
	$(SWIFT) build

catalog: deps
	@$(SWIFT) build --product Catalog >/dev/null || $(SWIFT) build --product Catalog
	@"$$($(SWIFT) build --show-bin-path)/Catalog" $(ARGS)

# Two groups run in processes of their own. The network suites check timeouts and cancellation
# against a live server and must not wait behind the CPU-heavy suites for Swift concurrency's
# threads; the Catalog's interactive tests drive the terminal host, of which a process has one
# at a time, as Style's terminal-host tests do.
test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build --skip Three20NetworkTests --skip CatalogTests
	$(SWIFT) test --skip-build --filter Three20NetworkTests
	$(SWIFT) test --skip-build --filter CatalogTests

check: check-graph check-links

# The graph in Package.swift against the design, then the places a module is registered by hand
# (umbrella, registry, README, DocC catalog, probe, tests, Catalog; see CONTRIBUTING.md).
check-graph: deps
	$(SWIFT) build --product Catalog
	$(SWIFT) package dump-package | python3 scripts/check-module-graph.py \
	  --registry <("$$($(SWIFT) build --show-bin-path)/Catalog" --modules-json)
	$(SWIFT) package dump-package | python3 scripts/check-module-registration.py

check-links: deps
	$(SWIFT) build
	$(SWIFT) package dump-package | python3 scripts/check-link-probes.py "$$($(SWIFT) build --show-bin-path)"

ttmodule-integration: deps
	scripts/ttmodule-integration.sh

docs: deps
	$(SWIFT) build
	scripts/build-docs.sh
	scripts/check-doc-coverage.py

format:
	$(SWIFT) format --in-place --recursive --parallel Package.swift Modules Tests Catalog Tools Probes Fuzz

lint:
	$(SWIFT) format lint --strict --recursive --parallel Package.swift Modules Tests Catalog Tools Probes Fuzz

clean:
	rm -rf .build

# Benchmarks (a separate package in Benchmarks/, built in release mode).
BENCH_RUN = $(SWIFT) run -c release --package-path Benchmarks Three20Benchmarks

.PHONY: bench bench-style bench-table bench-navigator bench-xml bench-feed bench-network bench-image bench-web
# The image suite's anchors, the chafa and img2sixel command-line tools: installed as root (as
# deps installs libraries); otherwise the suite skips the comparisons whose tool is missing and
# says which package to install.
BENCH_IMAGE_TOOLS = if [[ $$(id -u) -eq 0 ]]; then scripts/install-deps.sh chafa libsixel-bin; fi
# The web suite's anchors: w3m and lynx (Debian packages, as root) and Python's html2text (pip).
BENCH_WEB_TOOLS = if [[ $$(id -u) -eq 0 ]]; then scripts/install-deps.sh w3m lynx; fi; \
  python3 -c 'import html2text' 2>/dev/null || python3 -m pip install --quiet html2text || true

# Every suite, with the local nginx the network suite needs (see Benchmarks/scripts/network.sh).
bench: deps
	@$(BENCH_IMAGE_TOOLS)
	@$(BENCH_WEB_TOOLS)
	SWIFT=$(SWIFT) Benchmarks/scripts/network.sh

bench-style: deps
	$(BENCH_RUN) style

bench-table: deps
	$(BENCH_RUN) table

bench-navigator: deps
	$(BENCH_RUN) navigator

bench-xml: deps
	$(BENCH_RUN) xml

bench-feed: deps
	$(BENCH_RUN) feed

# Starts nginx on 127.0.0.1 (installing it first as root), builds the C floor, runs the
# network suite against them and stops nginx again.
bench-network: deps
	SWIFT=$(SWIFT) Benchmarks/scripts/network.sh network

# Symbols and sixels from a 12-megapixel JPEG and a 1-megapixel PNG against chafa and img2sixel,
# and a thumbnail grid's frame at 100 thumbnails against 10 (Benchmarks/…/ImageBenchmarks.swift).
bench-image: deps
	@$(BENCH_IMAGE_TOOLS)
	$(BENCH_RUN) image

# Pages to text at 80 columns, whole process against whole process: Three20Web (Benchmarks/
# Sources/WebDump) against w3m -dump, lynx -dump and Python's html2text (…/WebBenchmarks.swift).
# WebDump is linked with --static-swift-stdlib, as a Swift tool is shipped on Linux, in a build
# folder of its own (the flag would relink everything in the suite's).
BENCH_WEBDUMP = Benchmarks/.build-static/release/WebDump
BENCH_WEBDUMP_BUILD = $(SWIFT) build -c release --package-path Benchmarks --product WebDump \
  --static-swift-stdlib --scratch-path Benchmarks/.build-static
bench-web: deps
	@$(BENCH_WEB_TOOLS)
	$(BENCH_WEBDUMP_BUILD)
	THREE20_BENCH_WEBDUMP=$(BENCH_WEBDUMP) $(BENCH_RUN) web

# Fuzzing (libFuzzer, with AddressSanitizer) in its own build folder, one release build for every
# target. `make fuzz-<name>` runs Fuzz/<Target>/main.swift for FUZZ_TIME seconds (default 60);
# `make fuzz` runs them all (CI does, for 60 s each). New inputs go to .build-fuzz/corpus-<name>;
# the seed corpus in Fuzz/<Target>/corpus is only read. A crash leaves .build-fuzz/crash-*,
# replayed by the normal build: swift run Fuzz<Target> <file>.
# `-sanitize=fuzzer` would link libFuzzer's own main, which clashes with the main SwiftPM gives
# every executable; so the coverage libFuzzer needs is asked for directly, libFuzzer is linked
# without its main, and Fuzz/Support starts it (LLVMFuzzerRunDriver).
FUZZ_TIME ?= 60
FUZZ_RUNTIME ?= $(dir $(shell readlink -f "$$(command -v swiftc)"))../lib/swift/clang/lib/linux/libclang_rt.fuzzer_no_main-$(shell uname -m).a
FUZZ_FLAGS = -c release --scratch-path .build-fuzz \
  -Xswiftc -sanitize=address -Xswiftc -sanitize-coverage=edge,inline-8bit-counters,pc-table,trace-cmp \
  -Xswiftc -DFUZZING -Xlinker $(FUZZ_RUNTIME) -Xlinker -lstdc++
# One input running over 30 s fails the run (-timeout): under AddressSanitizer a CI machine is
# several times slower than a laptop, and an entity bomb stopped by our limit takes seconds there.
# name:Target pairs.
FUZZ_TARGETS = xml:XMLParser feed:FeedReader styled-text:StyledText image:ImageDecoder web:WebPage
# The environment a target's fuzzer runs in, by name. The styled-text target builds the default
# style sheet once (a global); LeakSanitizer reports its styles as leaked at exit because Swift
# keeps an enum case's box pointer with tag bits set, which it does not read as a pointer (every
# report is in a one-time initializer). Growth per input would still hit -rss_limit_mb.
FUZZ_ENV_styled-text = ASAN_OPTIONS=detect_leaks=0
# The web target lays pages out with the default style sheet too (the same one-time globals),
# and is seeded with the Web tests' corpus pages as well as its own hostile seeds.
FUZZ_ENV_web = ASAN_OPTIONS=detect_leaks=0
FUZZ_SEEDS_web = Tests/Three20WebTests/Fixtures/Pages

.PHONY: fuzz $(foreach t,$(FUZZ_TARGETS),fuzz-$(word 1,$(subst :, ,$(t))))
fuzz: $(foreach t,$(FUZZ_TARGETS),fuzz-$(word 1,$(subst :, ,$(t))))

define FUZZ_RULE
fuzz-$(1): deps
	$(SWIFT) build $(FUZZ_FLAGS) --product Fuzz$(2)
	mkdir -p .build-fuzz/corpus-$(1)
	$(FUZZ_ENV_$(1)) "$$$$($(SWIFT) build $(FUZZ_FLAGS) --show-bin-path)/Fuzz$(2)" -max_total_time=$(FUZZ_TIME) \
	  -timeout=30 -rss_limit_mb=3072 -print_final_stats=1 -artifact_prefix=.build-fuzz/ \
	  .build-fuzz/corpus-$(1) Fuzz/$(2)/corpus $(FUZZ_SEEDS_$(1))
endef
$(foreach t,$(FUZZ_TARGETS),$(eval $(call FUZZ_RULE,$(word 1,$(subst :, ,$(t))),$(word 2,$(subst :, ,$(t))))))

# Hostile responses against one request queue for SOAK_SECONDS, with healthy requests beside
# them; reports peak memory and the healthy requests' latency (Tests/Soak/main.swift). Not in CI.
SOAK_SECONDS ?= 180
.PHONY: soak
soak: deps
	$(SWIFT) build -c release --product Soak
	SOAK_SECONDS=$(SOAK_SECONDS) "$$($(SWIFT) build -c release --show-bin-path)/Soak"
