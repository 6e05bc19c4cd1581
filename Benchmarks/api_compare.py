#!/usr/bin/env python3
"""The trace workloads through AdaptiveLayout's API against the same traces in C.

    api_compare.py [--workloads stack,tree,cells] [--sizes M,L] [--runs N] [--bin DIR] [--check]

For each workload and size, runs `layout-bench WORKLOAD N` (views, anchors,
intrinsic sizes, activate/deactivate, root frame changes), `layout-bench
traits WORKLOAD N` (the same views as size-class variations in a window on
an iPhone 8, rotated with Screen.rotate) and `solver-bench replay
--lexicographic` on gen_traces.py's trace of that workload and size,
alternating them --runs times, and prints the median time of each phase,
the ratios to C, and whether all three printed the same `check` lines (the
same layout).

With --check it is a test: `api: N passed, N failed` over the workloads,
sizes and API paths (one passes when its check lines agree with C's), exit
status 1 on any disagreement.
"""
import argparse
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare  # noqa: E402  (trace cache and output parsing)

# gen_traces.py's parameter of each workload at each size (layout-bench's N).
PARAMETER = {"stack": {"S": 100, "M": 1000, "L": 10000, "XL": 100000},
             "tree": {"S": 4, "M": 6, "L": 8, "XL": 10},
             "cells": {"S": 20, "M": 200, "L": 2000, "XL": 20000}}


def compare_one(workload, size, bin_dir, runs):
    """Prints the table rows of one workload at one size; returns how many
    of the two API paths reached C's check lines."""
    trace = compare.trace_path(workload, size)
    n = str(PARAMETER[workload][size])
    bench = os.path.join(bin_dir, "layout-bench")
    paths = {"anchors": [bench, workload, n], "traits": [bench, "traits", workload, n],
             "c": [os.path.join(bin_dir, "solver-bench"), "replay", "--lexicographic", trace]}
    times = {name: {p: [] for p in compare.PHASES} for name in paths}
    checks = {}
    for _ in range(runs):
        for name, cmd in paths.items():
            out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
            t, chk, _ = compare.parse(out)
            checks[name] = chk
            for p in compare.PHASES:
                times[name][p].append(t[p])
    med = {name: {p: statistics.median(xs) for p, xs in ph.items()} for name, ph in times.items()}
    total = {name: sum(med[name][p] for p in ("build", "flip", "rotate")) for name in paths}
    for p in compare.PHASES:
        a, t, c = med["anchors"][p], med["traits"][p], med["c"][p]
        print(f"| {workload} {size} | {p} | {a:.3f} | {t:.3f} | {c:.3f} | {a / c:.2f}x | {t / c:.2f}x |")
    a, t, c = total["anchors"], total["traits"], total["c"]
    print(f"| {workload} {size} | build+flip+rotate | {a:.3f} | {t:.3f} | {c:.3f} | {a / c:.2f}x | {t / c:.2f}x |")
    agreed = 0
    for name in ("anchors", "traits"):
        same = compare.agree(checks[name], checks["c"])  # TRACE.md's rule, as compare.py applies it
        print(f"{workload} {name}: check lines {'agree' if same else 'DIFFER'} at {size}: {checks[name]} / {checks['c']}",
              file=sys.stderr)
        agreed += same
    return agreed


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--workloads", default="stack,tree,cells")
    ap.add_argument("--sizes", default="M,L")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--bin", default=None, help="folder of layout-bench and solver-bench (release build)")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    bin_dir = args.bin or subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=compare.ROOT,
                                         capture_output=True, text=True, check=True).stdout.strip()
    passed = failed = 0
    print("| trace | phase | anchors (ms) | size classes (ms) | C trace (ms) | anchors / C | size classes / C |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for workload in args.workloads.split(","):
        for size in args.sizes.split(","):
            ok = compare_one(workload, size, bin_dir, args.runs)
            passed += ok
            failed += 2 - ok
    if args.check:
        print(f"api: {passed} passed, {failed} failed")
        return 1 if failed else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
