# AdaptiveLayout. `make demo` and `make test` work on a fresh machine:
# they install what is missing (scripts/setup.sh), then build and run.
SHARED ?= ../shared
export SHARED

.PHONY: all setup build demo test bench package-benchmark docs fuzz clean

# Seconds each fuzz target runs for `make fuzz`.
FUZZ_SECONDS ?= 600

all: build

setup:
	@scripts/setup.sh

build: setup
	swift build -c release

# The main job (scripts/demo.sh): the bundled documents solved and checked
# on every device and drawn into .build-demo/*.svg and .html, the IB corpus
# against its stored frames, then the transition benchmark table (every
# workload's M trace through CSolver and kiwisolver in one run) and every
# workload through the Swift API.
demo: build
	scripts/demo.sh

# Every test: the C core under ASan and UBSan, the C example, swift test,
# lpcheck in both modes, and agreement with kiwisolver at sizes S and M.
test: setup
	scripts/test.sh

# Phase times at S, M, L and XL against kiwisolver (kiwi stops at 120 s a
# phase), the resize floor, memory, and the per-transition plot
# (.build-bench/transitions.svg); the workloads through the Swift API;
# 100,000 visual formats.
bench: build
	"$$(swift build -c release --show-bin-path)/solver-bench" compare --sizes S,M,L,XL --runs 5 \
	    --plot .build-bench/transitions.svg
	python3 Benchmarks/api_compare.py --sizes M,L --runs 5
	for i in 1 2 3; do "$$(swift build -c release --show-bin-path)/layout-bench" vfl 100000; done

# The phases through the Swift API as package-benchmark (ordo-one/benchmark)
# benchmarks: statistics, allocation counts, baselines
# (Benchmarks/PackageBenchmarks; ARGS="baseline check main" and so on).
package-benchmark: setup
	cd Benchmarks/PackageBenchmarks && swift package benchmark $(ARGS)

# Every libFuzzer target for FUZZ_SECONDS each (fuzz/, scripts/fuzz.sh).
fuzz:
	scripts/fuzz.sh $(FUZZ_SECONDS)

# The DocC catalog of AdaptiveLayout, rendered into .build-docs/.
docs:
	scripts/docs.sh .build-docs

clean:
	rm -rf .build .build-tests .build-traces .build-docs .build-fuzz .build-fuzz-swift .build-asan .build-tsan .build-symbols .build-demo .build-bench Benchmarks/PackageBenchmarks/.build
