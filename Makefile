# Mancala Lab: `make serve` and `make test` set up whatever is missing (scripts/setup.sh), then
# build once and reuse the artifacts for every check.
SHELL := /bin/bash
export PATH := $(CURDIR)/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)
WASM := --target wasm32-unknown-unknown --features web

MACRO_MODULES = src/families/*/mod.rs src/families/tchouka2.rs src/labs/*/mod.rs src/web/labs/*.rs src/web/labs/*/mod.rs

.PHONY: setup serve build test fmt lint test-native test-release test-browser test-e2e bench cli clean fuzz

setup:
	@bash scripts/setup.sh

## Build the app and the worker, then serve them on http://127.0.0.1:8080.
serve: setup
	trunk serve --release

build: setup
	trunk build --release

## Every check: format, lints (native and wasm), native tests, browser tests, end-to-end tests.
test: setup
	@start=$$(date +%s); \
	for part in lint test-native test-release test-browser test-e2e; do \
		at=$$(date +%s); \
		$(MAKE) --no-print-directory $$part || exit 1; \
		echo "make test: $$part took $$(( $$(date +%s) - at )) s"; \
	done; \
	echo "make test: all checks passed in $$(( $$(date +%s) - start )) s"

## Formats the code: `cargo fmt`, and the modules the family and lab lists declare (in a
## macro, where `cargo fmt` does not look).
fmt:
	cargo fmt --all
	rustfmt --edition 2021 $(MACRO_MODULES)

lint:
	cargo fmt --all -- --check
	rustfmt --check --edition 2021 $(MACRO_MODULES)
	python3 scripts/imports.py > /dev/null
	python3 scripts/long_fns.py 120 > /dev/null
	cargo clippy --all-targets --features cli,distributed -- -D warnings
	cargo clippy --features cli -- -D warnings
	cargo clippy $(WASM) --lib --bins --tests -- -D warnings

# The native tests run optimised with the debug build's checks (the `checked` profile: debug
# assertions and overflow checks on), one build for this part and the next: five times faster
# than the debug build, with nothing it checks left out. The CLI is built with the distributed
# engine (the `distributed` feature), whose tests launch it as several processes.
test-native:
	cargo test --profile checked --features cli,distributed

# The published results too slow for a debug build, on the `checked` build of test-native:
# Kalah(5,4), (6,4) = +8 and (6,4) with empty capture = +10; Dakon-7's Tables 1-3; Dakon-8's minimum-cycle opening; Erickson's
# tables and Table 3's search; .37 to 200,000 and to Officers' largest value, and octal games
# against the plain recursion. (Kalah(6,5) and the Dakon-8 proof take 20 minutes and 1.5 hours:
# benchmarks, see BENCHMARKS.md.) tests/house.rs checks that every test whose
# #[ignore] reason says "make test" is selected here.
test-release:
	cargo test --profile checked --features cli,distributed --test native -- --ignored \
		published_kalah_values_slow perft_table_matches_the_reference_deep endgame_layers_all \
		tables_1_to_3_dakon_7 minimum_cycle_dakon_8 octal_37_has_thirteen_p_positions_to_200000 \
		octal_37_reaches_officers_largest_value octal_blocks_agree_with_the_plain_recursion \
		octal_two_threads_give_one_threads_values \
		erickson_tables_recomputed erickson_table_3_search \
		the_books_deepest_lines_are_what_the_solver_proves \
		bench_reports_its_workloads parallel_solver_agrees_with_minimax_and_one_thread \
		memory_past_what_may_be_used_ends_with_the_figures every_shipped_puzzle_is_proven_again

# The runner's default of 20 s for a whole test file is near what web_worker takes on a busy
# two-core machine (13 s idle): a generous limit, since a hang still fails.
test-browser:
	WASM_BINDGEN_TEST_TIMEOUT=180 cargo test $(WASM) --test web --test web_worker

# The page the end-to-end tests drive: its worker built with the test-release profile (the same
# code as `make build`'s, optimised without link-time optimisation: half the build time); the
# app and the labs keep index.html's `page` profile (Trunk says it overrides), so that the
# weight test measures the sizes a visitor downloads.
# scripts/e2e-page.sh builds it unless dist/ holds the build of these very sources.
test-e2e:
	bash scripts/e2e-page.sh
	node --test tests/e2e/

## The CLI, optimised.
cli:
	cargo build --release --features cli
	@echo "target/release/mancala-lab"

## Benchmarks (figures for BENCHMARKS.md).
bench: setup
	cargo bench --bench engine
	cargo run --release --features cli -- bench
	trunk build --release
	node tests/e2e/bench.mjs
	node tests/e2e/bench-endgame.mjs 15 3

clean:
	cargo clean
	rm -rf dist tests/e2e/artifacts

## Fuzzing, coverage-guided: each target of fuzz/fuzz_targets (cargo-fuzz, libFuzzer, the pinned
## nightly of scripts/setup-fuzz.sh) for FUZZ_SECONDS (default 120) from its seed corpus
## fuzz/corpus/TARGET (read only; what it finds goes to fuzz/work/TARGET, a crash to
## fuzz/artifacts/TARGET; FUZZ_TARGETS picks some), its last status line printed (executions per second, coverage);
## then the CLI driver, which mutates tests/cli-corpus.txt. Figures: BENCHMARKS.md.
FUZZ_SECONDS ?= 120
FUZZ_TARGETS ?= $(sort $(notdir $(basename $(wildcard fuzz/fuzz_targets/*.rs))))
fuzz: setup
	@set -o pipefail; nightly=$$(bash scripts/setup-fuzz.sh); cd fuzz && \
	cargo +$$nightly fuzz build -O -s none && \
	for t in $(FUZZ_TARGETS); do \
		mkdir -p work/$$t; \
		echo "fuzz $$t:"; \
		cargo +$$nightly fuzz run -O -s none $$t work/$$t corpus/$$t -- -max_total_time=$(FUZZ_SECONDS) \
			-timeout=10 -rss_limit_mb=4096 -print_final_stats=1 > work/$$t.log 2>&1 \
			|| { tail -40 work/$$t.log; exit 1; }; \
		grep -E "^#[0-9]+" work/$$t.log | tail -1; \
		grep -E "stat::(number_of_executed_units|average_exec_per_sec|new_units_added|peak_rss_mb)" work/$$t.log; \
	done
	cargo test --profile checked --features cli,distributed --test native -- --ignored --nocapture fuzz_cli
