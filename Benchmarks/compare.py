#!/usr/bin/env python3
"""Replay the shared workloads through solver-bench and kiwisolver, in one run.

    compare.py [--sizes S,M] [--workloads stack,tree,cells] [--runs N]
               [--kiwi-limit SECONDS] [--no-kiwi] [--check] [--bench PATH]

For every workload and size it writes the trace with ../shared/bench/gen_traces.py
(cached under .build-traces/), replays it with solver-bench (the median of
--runs replays per phase) and with ../shared/bench/replay_kiwisolver.py (once,
with a per-phase limit: DNF past it), checks that both print the same `check`
lines (within 1e-3 relative, as TRACE.md says) and prints a table of phase
times and ratios.

With --check it is a test: the last line is `compare: N passed, N failed`
over the traces compared, and the exit status is 1 if any disagree.
"""
import argparse
import os
import statistics
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SHARED = os.environ.get("SHARED", os.path.join(os.path.dirname(ROOT), "shared"))
PHASES = ["build", "resize", "flip", "rotate", "tweak"]


def trace_path(workload, size):
    folder = os.path.join(ROOT, ".build-traces")
    os.makedirs(folder, exist_ok=True)
    path = os.path.join(folder, f"{workload}-{size}.trace")
    if not os.path.exists(path):
        with open(path + ".tmp", "w") as f:
            subprocess.run([sys.executable, os.path.join(SHARED, "bench", "gen_traces.py"), workload, size],
                           stdout=f, check=True)
        os.replace(path + ".tmp", path)
    return path


def parse(out):
    """(phase -> ms or None for DNF, [check lines], [error lines])."""
    times, checks, errors = {}, [], []
    for line in out.splitlines():
        w = line.split()
        if w[:1] == ["phase"]:
            times[w[1]] = None if w[2] == "DNF" else float(w[2])
        elif w[:1] == ["check"]:
            checks.append((int(w[1]), float(w[2])))
        elif w[:1] == ["error"]:
            errors.append(line)
    return times, checks, errors


def ours(bench, path, runs, lexicographic):
    cmd = [bench, "replay"] + (["--lexicographic"] if lexicographic else []) + [path]
    samples, checks, errors = {}, None, None
    for _ in range(runs):
        out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
        times, checks, errors = parse(out)
        for p, t in times.items():
            samples.setdefault(p, []).append(t)
    return {p: statistics.median(v) for p, v in samples.items()}, checks, errors


def kiwi(path, limit):
    script = os.path.join(SHARED, "bench", "replay_kiwisolver.py")
    out = subprocess.run([sys.executable, script, path, str(limit)], capture_output=True, text=True)
    times, checks, errors = parse(out.stdout)
    if out.returncode == 1:  # killed inside one kiwi call: the next phase did not finish
        missing = [p for p in PHASES if p not in times]
        if missing:
            times[missing[0]] = None
    return times, checks, errors


def agree(a, b):
    if len(a) != len(b):
        return False
    return all(n == m and abs(x - y) <= 1e-3 * max(1.0, abs(x), abs(y)) for (n, x), (m, y) in zip(a, b))


def fmt(ms):
    if ms is None:
        return "DNF"
    return f"{ms:.3f}" if ms < 10 else f"{ms:.1f}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="S,M")
    ap.add_argument("--workloads", default="stack,tree,cells")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--kiwi-limit", type=float, default=120.0)
    ap.add_argument("--no-kiwi", action="store_true")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--lexicographic", action="store_true", help="replay ours in lexicographic mode")
    ap.add_argument("--bench", default=None)
    a = ap.parse_args()
    bench = a.bench or os.path.join(
        subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT,
                       capture_output=True, text=True, check=True).stdout.strip(), "solver-bench")

    header = f"{'workload':<8} {'size':<4} {'phase':<7} {'ours ms':>10} {'kiwi ms':>10} {'kiwi/ours':>10}"
    print(header)
    print("-" * len(header))
    passed = failed = 0
    for size in a.sizes.split(","):
        for workload in a.workloads.split(","):
            path = trace_path(workload, size)
            ot, oc, oe = ours(bench, path, a.runs, a.lexicographic)
            kt, kc, ke = ({}, None, None) if a.no_kiwi else kiwi(path, a.kiwi_limit)
            for phase in PHASES:
                o, k = ot.get(phase), kt.get(phase, "")
                ratio = f"{k / o:.1f}x" if isinstance(k, float) and o else ""
                kiwi_text = "" if k == "" else fmt(k)
                print(f"{workload:<8} {size:<4} {phase:<7} {fmt(o):>10} {kiwi_text:>10} {ratio:>10}")
            if kc is not None:
                n = min(len(oc), len(kc))  # kiwi may stop early (DNF)
                same = agree(oc[:n], kc[:n]) and oe == ke[:len(oe)] if n == len(kc) else agree(oc[:n], kc[:n])
                if same:
                    passed += 1
                else:
                    failed += 1
                    print(f"  DISAGREE {workload} {size}: ours {oc} {oe}, kiwi {kc} {ke}")
                if n < len(oc):
                    print(f"  ({workload} {size}: kiwi did not finish; compared {n} of {len(oc)} check lines)")
    if a.check:
        print(f"compare: {passed} passed, {failed} failed")
        return 1 if failed else 0
    return 0


if __name__ == "__main__":
    sys.exit(main())
