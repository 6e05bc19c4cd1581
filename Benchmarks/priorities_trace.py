#!/usr/bin/env python3
"""Writes a solver trace (../shared/bench/TRACE.md) of a layout with many
priorities in conflict: N variables, each wanted at six values, one a
priority (1,001 to 6,001), and a chain of inequalities between neighbours
(v[i] + 1 <= v[i+1], at 3,500). Every level's objective row then holds an
error of each variable, and the optimum takes a pivot for most of the
6N wishes, each adding a constraint's row of a few terms into those long
rows: the shape CSolver's rows take in place (CSolver/README.md, "A short
row into a long one").

    python3 Benchmarks/priorities_trace.py N > priorities-N.trace
    .build/release/solver-bench replay [--lexicographic] priorities-N.trace
    python3 ../shared/bench/replay_kiwisolver.py priorities-N.trace
"""
import sys

WISHES = 6


def write(n, out):
    for i in range(n):
        out.write(f"var v{i}\n")
    out.write("group wishes\n")
    for i in range(n):
        for k in range(WISHES):
            out.write(f"c {(k + 1) * 1000 + 1} == {-(10 * k + i % 5)} 1 v{i}\n")
    out.write("end\ngroup chain\n")
    for i in range(n - 1):
        out.write(f"c {WISHES // 2 * 1000 + 500} <= 1 1 v{i} -1 v{i + 1}\n")
    out.write("end\nphase build\nadd wishes\nadd chain\nsolve\ncheck\n")


if __name__ == "__main__":
    if len(sys.argv) != 2 or not sys.argv[1].isdigit() or int(sys.argv[1]) < 2:
        sys.exit("usage: priorities_trace.py N   (N >= 2 variables)")
    write(int(sys.argv[1]), sys.stdout)
