#!/usr/bin/env python3
"""The cells workload through AdaptiveLayout's API against the same trace in C.

    api_compare.py [--sizes M,L] [--runs N] [--bin DIR] [--check]

For each size, runs `layout-bench cells N` (views, anchors, intrinsic sizes,
activate/deactivate, root frame changes), `layout-bench traits N` (the same
views as size-class variations in a window on an iPhone 8, rotated with
Screen.rotate) and `solver-bench replay --lexicographic` on gen_traces.py's
`cells` trace of that size, alternating them --runs times, and prints the
median time of each phase, the ratios to C, and whether all three printed
the same `check` lines (the same layout). The targets are build + flip +
rotate within 1.5x for both API paths.

With --check it is a test: `api: N passed, N failed` over the sizes and
API paths (one passes when its check lines agree with C's), exit status 1
on any disagreement.
"""
import argparse
import os
import statistics
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import compare  # noqa: E402  (trace cache and output parsing)

CELLS = {"S": 20, "M": 200, "L": 2000, "XL": 20000}


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--sizes", default="M,L")
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--bin", default=None, help="folder of layout-bench and solver-bench (release build)")
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    bin_dir = args.bin or subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=compare.ROOT,
                                         capture_output=True, text=True, check=True).stdout.strip()
    passed = failed = 0
    print("| size | phase | anchors (ms) | size classes (ms) | C trace (ms) | anchors / C | size classes / C |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: |")
    for size in args.sizes.split(","):
        trace = compare.trace_path("cells", size)
        runs = {"cells": [os.path.join(bin_dir, "layout-bench"), "cells", str(CELLS[size])],
                "traits": [os.path.join(bin_dir, "layout-bench"), "traits", str(CELLS[size])],
                "c": [os.path.join(bin_dir, "solver-bench"), "replay", "--lexicographic", trace]}
        times = {name: {p: [] for p in compare.PHASES} for name in runs}
        checks = {}
        for _ in range(args.runs):
            for name, cmd in runs.items():
                out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
                t, chk, _ = compare.parse(out)
                checks[name] = chk
                for p in compare.PHASES:
                    times[name][p].append(t[p])
        med = {name: {p: statistics.median(xs) for p, xs in ph.items()} for name, ph in times.items()}
        total = {name: sum(med[name][p] for p in ("build", "flip", "rotate")) for name in runs}
        for p in compare.PHASES:
            a, t, c = med["cells"][p], med["traits"][p], med["c"][p]
            print(f"| cells {size} | {p} | {a:.3f} | {t:.3f} | {c:.3f} | {a / c:.2f}x | {t / c:.2f}x |")
        a, t, c = total["cells"], total["traits"], total["c"]
        print(f"| cells {size} | build+flip+rotate | {a:.3f} | {t:.3f} | {c:.3f} | {a / c:.2f}x | {t / c:.2f}x |")
        for name in ("cells", "traits"):
            same = compare.agree(checks[name], checks["c"])  # TRACE.md's rule, as compare.py applies it
            print(f"{name}: check lines {'agree' if same else 'DIFFER'} at {size}: {checks[name]} / {checks['c']}",
                  file=sys.stderr)
            passed += same
            failed += not same
    if args.check:
        print(f"api: {passed} passed, {failed} failed")
        return 1 if failed else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
