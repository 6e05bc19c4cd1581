#!/usr/bin/env python3
"""The cells workload through AdaptiveLayout's API against the same trace in C.

    api_compare.py [--sizes M,L] [--runs N] [--bin DIR] [--check]

For each size, runs `layout-bench cells N` (views, anchors, intrinsic sizes,
activate/deactivate, root frame changes) and `solver-bench replay
--lexicographic` on gen_traces.py's `cells` trace of that size, alternating
them --runs times, and prints the median time of each phase, the ratio
API / C, and whether both printed the same `check` lines (the same layout).
The issue's target is build + flip + rotate within 1.5x.

With --check it is a test: `api: N passed, N failed` over the sizes (a size
passes when the check lines agree), exit status 1 on any disagreement.
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
    print("| size | phase | API (ms) | C trace (ms) | API / C |")
    print("| --- | --- | ---: | ---: | ---: |")
    for size in args.sizes.split(","):
        trace = compare.trace_path("cells", size)
        api = {p: [] for p in compare.PHASES}
        c = {p: [] for p in compare.PHASES}
        checks = {}
        for _ in range(args.runs):
            for name, cmd, into in (("api", [os.path.join(bin_dir, "layout-bench"), "cells", str(CELLS[size])], api),
                                    ("c", [os.path.join(bin_dir, "solver-bench"), "replay", "--lexicographic", trace], c)):
                out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
                times, chk, _ = compare.parse(out)
                checks[name] = chk
                for p in compare.PHASES:
                    into[p].append(times[p])
        med = lambda xs: statistics.median(xs)
        total_api = total_c = 0.0
        for p in compare.PHASES:
            a, b = med(api[p]), med(c[p])
            if p in ("build", "flip", "rotate"):
                total_api += a
                total_c += b
            print(f"| cells {size} | {p} | {a:.3f} | {b:.3f} | {a / b:.2f}x |")
        print(f"| cells {size} | build+flip+rotate | {total_api:.3f} | {total_c:.3f} | {total_api / total_c:.2f}x |")
        same = compare.agree(checks["api"], checks["c"])  # TRACE.md's rule, as compare.py applies it
        print(f"check lines {'agree' if same else 'DIFFER'} at {size}: {checks['api']} / {checks['c']}", file=sys.stderr)
        passed += same
        failed += not same
    if args.check:
        print(f"api: {passed} passed, {failed} failed")
        return 1 if failed else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
