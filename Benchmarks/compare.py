#!/usr/bin/env python3
"""Replay the shared workloads through solver-bench and kiwisolver, in one run.

    compare.py [--sizes S,M] [--workloads stack,tree,cells] [--runs N]
               [--kiwi-limit SECONDS] [--ours-limit SECONDS] [--no-kiwi] [--cold]
               [--check] [--bench PATH] [--plot FILE.svg]

(`solver-bench compare ARGS` runs this script with that solver-bench.)

For every workload and size it writes the trace with ../shared/bench/gen_traces.py
(cached under .build-traces/), replays it with solver-bench (the median of
--runs replays per phase, each begun on memory the host backs: one replay
first as it comes, whose times are printed apart and whose peak resident
memory is the one reported, then --runs with `replay --warm-heap` up to
that peak where it is 64 MB or more, L and XL; --cold times every replay
as it comes) and with ../shared/bench/replay_kiwisolver.py (once,
with a per-phase limit: DNF past it), checks that both print the same `check`
lines (within 1e-3 relative, as TRACE.md says) and prints a table of phase
times and ratios. Our replays have a limit too (--ours-limit, for the whole
replay): a phase that has not finished by then is DNF, and so is every
phase after it. A kiwisolver replay that fails otherwise (kiwisolver not
installed, say) stops the run: exit status 2, not a pass. Then the table of phase
times and ratios. Under each trace: the resize phase per re-solve against
its floor (the time to write every variable's value once, measured by
solver-bench in the same run) and its lines floor (the time to read each
64-byte line of the values once), the cost per transition (rotate / 10, and
flip), the peak resident memory of our replay, the solved states it
kept and the spare mappings it held. After the table, the targets of
issue "Trait transitions" that the sizes run can decide (build, rotate and
flip at L, rotate and memory at XL, resize against its floor and tweak at every
size, 10x kiwi at M, growth from L to XL), each with every workload's value
and whether all of them meet it; under the growths, the lines floor at XL
against a resize at L: a resize at XL moves a value in each line, so its
growth is at least that. --plot writes a log-log SVG of the
cost per transition against the number of views, ours and kiwi's, one
line per workload.

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


def views(path):
    """Views in a trace: 4 variables each (TRACE.md), from its header."""
    with open(path) as f:
        for line in f:
            if line.endswith(" variables\n") and line.startswith("# "):
                return int(line.split()[1]) // 4
    return 0


def replay(cmd, limit):
    """(phase times, checks, errors, report lines, finished) of one replay; a replay stopped by the
    limit gives the phases it finished and DNF for the next."""
    try:
        out = subprocess.run(cmd, capture_output=True, text=True, check=True, timeout=limit).stdout
    except subprocess.TimeoutExpired as e:
        partial = e.stdout.decode() if isinstance(e.stdout, bytes) else (e.stdout or "")
        times, checks, errors = parse(partial)
        missing = [p for p in PHASES if p not in times]
        if missing:
            times[missing[0]] = None
        return times, checks, errors, [], False
    times, checks, errors = parse(out)
    return times, checks, errors, [line.split() for line in out.splitlines()], True


# Replays warmed (ours()) where the one as it came peaked at this many KB or more: at L (73 to 95 MB)
# and XL (530 to 650 MB), whose phases map blocks of 2 MB by the dozen. At S and M (16 MB, the
# process and its libraries with a solver of a few MB) the phases take little fresh memory, and
# warming made the resize at S 4 to 9% slower (medians of 25 interleaved replays, each workload;
# M the same within 2%), as if the pages that the replay's small blocks then came from sat worse
# in the caches.
WARM_FROM_KB = 64 << 10


def ours(bench, path, runs, lexicographic, limit, warm=True):
    """(median phase times, checks, errors, report: floor ms, peak-rss KB (of the replays not
    warmed), kept states and bytes, and the phase times of the first replay, "cold").
    The first replay runs as it is; with warm, each of the runs timed after it first brings its
    resident memory up to that replay's peak when that is WARM_FROM_KB or more (solver-bench
    replay --warm-heap: memory the host backs, README "Performance"), and the first one's times
    are reported apart. A replay stopped by the limit gives the phases it finished and DNF for
    the next; it is not run again."""
    cmd = [bench, "replay", "--report"] + (["--lexicographic"] if lexicographic else [])
    samples, checks, errors, report = {}, None, None, {}
    for k in range(runs + (1 if warm else 0)):
        as_it_came = warm and k == 0  # timed apart; its peak sizes the warming
        big = report.get("rss", 0) >= WARM_FROM_KB
        extra = ["--warm-heap", str(-(-report["rss"] // 1024))] if warm and k > 0 and big else []
        times, checks, errors, lines, finished = replay(cmd + extra + [path], limit)
        if not finished:
            return times, checks, errors, {}
        if as_it_came:
            report["cold"] = times
        else:
            for p, t in times.items():
                samples.setdefault(p, []).append(t)
        for w in lines:
            if w[:1] == ["phase-ms"] and not as_it_came:
                report.setdefault("precise", {}).setdefault(w[1], []).append(float(w[2]))
            elif w[:1] == ["floor"]:
                report["floor"] = min(report.get("floor", 1e300), float(w[1]))
            elif w[:1] == ["lines-floor"]:
                report["lines-floor"] = min(report.get("lines-floor", 1e300), float(w[1]))
            elif w[:1] == ["peak-rss"] and (as_it_came or not warm):  # warmed replays hold what they warmed
                report["rss"] = max(report.get("rss", 0), int(w[1]))
            elif w[:1] == ["kept"]:
                report["kept"] = (int(w[1]), int(w[2]))
            elif w[:1] == ["spare"]:
                report["spare"] = int(w[1])
    return {p: statistics.median(v) for p, v in samples.items()}, checks, errors, report


def plot(path, points):
    """Log-log SVG: per-transition ms against views; points[(solver, workload)] = [(views, ms)]."""
    all_pts = [p for pts in points.values() for p in pts if p[1]]
    if not all_pts:
        return
    import math
    xs = [math.log10(v) for v, _ in all_pts]
    ys = [math.log10(ms) for _, ms in all_pts]
    x0, x1 = math.floor(min(xs)), math.ceil(max(xs))
    y0, y1 = math.floor(min(ys)), math.ceil(max(ys))
    if x1 == x0:
        x1 += 1
    if y1 == y0:
        y1 += 1
    W, H, L, B, T, R = 720, 460, 70, 50, 30, 170
    X = lambda v: L + (math.log10(v) - x0) / (x1 - x0) * (W - L - R)
    Y = lambda ms: H - B - (math.log10(ms) - y0) / (y1 - y0) * (H - B - T)
    colors = {"stack": "#1f77b4", "tree": "#d62728", "cells": "#2ca02c"}
    out = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{W}" height="{H}" font-family="sans-serif" font-size="12">',
           f'<rect width="{W}" height="{H}" fill="white"/>',
           f'<text x="{L}" y="18" font-size="14">Cost of one size-class transition (rotate / 10), log-log</text>']
    for e in range(x0, x1 + 1):
        out.append(f'<line x1="{X(10**e):.1f}" y1="{T}" x2="{X(10**e):.1f}" y2="{H-B}" stroke="#ddd"/>')
        out.append(f'<text x="{X(10**e):.1f}" y="{H-B+16}" text-anchor="middle">{10**e:,}</text>')
    for e in range(y0, y1 + 1):
        out.append(f'<line x1="{L}" y1="{Y(10**e):.1f}" x2="{W-R}" y2="{Y(10**e):.1f}" stroke="#ddd"/>')
        label = f"{10**e:g} ms" if e >= -3 else f"1e{e} ms"
        out.append(f'<text x="{L-6}" y="{Y(10**e)+4:.1f}" text-anchor="end">{label}</text>')
    out.append(f'<text x="{(L+W-R)/2:.0f}" y="{H-12}" text-anchor="middle">views</text>')
    legend = 0
    for (solver, workload), pts in sorted(points.items()):
        pts = sorted(p for p in pts if p[1])
        if not pts:
            continue
        color = colors.get(workload, "black")
        dash = '' if solver == "CSolver" else ' stroke-dasharray="6 4"'
        d = " ".join(f"{X(v):.1f},{Y(ms):.1f}" for v, ms in pts)
        out.append(f'<polyline points="{d}" fill="none" stroke="{color}" stroke-width="2"{dash}/>')
        for v, ms in pts:
            out.append(f'<circle cx="{X(v):.1f}" cy="{Y(ms):.1f}" r="3" fill="{color}"/>')
        ly = T + 10 + 18 * legend
        out.append(f'<line x1="{W-R+10}" y1="{ly}" x2="{W-R+40}" y2="{ly}" stroke="{color}" stroke-width="2"{dash}/>')
        out.append(f'<text x="{W-R+46}" y="{ly+4}">{workload}, {solver}</text>')
        legend += 1
    out.append("</svg>")
    os.makedirs(os.path.dirname(os.path.abspath(path)), exist_ok=True)
    with open(path, "w") as f:
        f.write("\n".join(out) + "\n")


def kiwi(path, limit):
    script = os.path.join(SHARED, "bench", "replay_kiwisolver.py")
    out = subprocess.run([sys.executable, script, path, str(limit)], capture_output=True, text=True)
    times, checks, errors = parse(out.stdout)
    limited = out.returncode == 3 or (out.returncode == 1 and "Timeout" in out.stderr)
    if out.returncode != 0 and not limited:
        # Not a time limit: the replay itself failed (kiwisolver missing, say).
        last = (out.stderr.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(f"kiwisolver replay of {os.path.basename(path)} exited {out.returncode}: {last}")
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


def per_resolve(ot, rep):
    """A resize re-solve's ms: the report's nanosecond times where there are (at S the phase is a few
    microseconds), else the phase line's."""
    precise = rep.get("precise", {}).get("resize")
    return (statistics.median(precise) if precise else ot.get("resize") or 0) / 20


def against_floor(ot, rep):
    per = per_resolve(ot, rep)
    return per / rep["floor"] if rep.get("floor") and per else None


# The targets of issue "Trait transitions" (README, Performance), each checked
# where this run has the sizes it needs: (name, sizes, value(ours, kiwi, report) -> number or None, limit,
# unit, kind). kind "most": met when value <= limit; "least": when value >= limit.
TARGETS = [
    ("rotate, a transition", ["L"], lambda o, k, r: o.get("rotate") and o["rotate"] / 10, 1.0, "ms", "most"),
    ("rotate, a transition", ["XL"], lambda o, k, r: o.get("rotate") and o["rotate"] / 10, 10.0, "ms", "most"),
    ("flip", ["L"], lambda o, k, r: o.get("flip"), 5.0, "ms", "most"),
    ("resize against its floor", ["S", "M", "L", "XL"], lambda o, k, r: against_floor(o, r), 3.0, "x", "most"),
    ("tweak, an operation", ["S", "M", "L", "XL"], lambda o, k, r: o.get("tweak") and o["tweak"] / 20 * 1000, 10.0,
     "us", "most"),
    ("build", ["L"], lambda o, k, r: o.get("build"), 10.0, "ms", "most"),
    ("peak resident memory", ["XL"], lambda o, k, r: r.get("rss") and r["rss"] / 2**20, 1.0, "GB", "most"),
]


def lines_floor_growth(results, workloads):
    """What the caches alone impose on the resize's growth, a line: a resize moves a value in every
    line of the values (in each workload), so at XL it takes no less than reading each line once
    (solver-bench's lines-floor), and its growth is at least that time over its own at L."""
    grew, bound = [], []
    for w in workloads:
        (lo, _, rep_lo), (_, _, rep_hi) = results[(w, "L")], results[(w, "XL")]
        per, f_lo, f_hi = per_resolve(lo, rep_lo), rep_lo.get("lines-floor"), rep_hi.get("lines-floor")
        grew.append(f"{w} {f_hi / f_lo:.3g}" if f_lo and f_hi else f"{w} -")
        bound.append(f"{w} {f_hi / per:.3g}" if per and f_hi else f"{w} -")
    return ("    (the values' lines, each read once, grew " + "  ".join(grew)
            + "; those at XL against a resize at L, the least its growth can be: " + "  ".join(bound) + ")")


def target_lines(results, workloads):
    """The targets this run can decide, one line each: every workload's value and whether all are met.
    results[(workload, size)] = (our phase medians, kiwi's phase times, report)."""
    lines = []

    def verdict(values, limit, kind):
        if any(v is not None and (v > limit if kind == "most" else v < limit) for v in values):
            return "NOT met"
        return "not decided (a phase did not finish)" if None in values else "met"

    def line(name, size, limit, unit, kind, values):
        shown = "  ".join(f"{w} {'-' if v is None else f'{v:.3g}'}" for w, v in zip(workloads, values))
        bound = f"{'<=' if kind == 'most' else '>='} {limit:g} {unit}"
        where = f" at {size}" if size else ""
        lines.append(f"  {name}{where} {bound}: {shown}: {verdict(values, limit, kind)}")

    for name, sizes, value, limit, unit, kind in TARGETS:
        for size in sizes:
            if all((w, size) in results for w in workloads):
                line(name, size, limit, unit, kind, [value(*results[(w, size)]) for w in workloads])
    # Every phase at M at least 10x kiwi (kiwi finishes every phase at M; one that did not is not decided).
    if all((w, "M") in results and results[(w, "M")][1] for w in workloads):
        for phase in PHASES:
            values = []
            for w in workloads:
                o, k, _ = results[(w, "M")]
                values.append(k[phase] / o[phase] if o.get(phase) and k.get(phase) else None)
            line(f"{phase} against kiwi", "M", 10, "x", "least", values)
    # Growth: each phase's time at XL over its time at L.
    if all((w, s) in results for w in workloads for s in ("L", "XL")):
        for phase in PHASES:
            values = []
            for w in workloads:
                lo, hi = results[(w, "L")][0].get(phase), results[(w, "XL")][0].get(phase)
                values.append(hi / lo if lo and hi else None)
            line(f"{phase} growth XL/L", None, 12, "x", "most", values)
            if phase == "resize":
                lines.append(lines_floor_growth(results, workloads))
    return lines


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--sizes", default="S,M")
    ap.add_argument("--workloads", default="stack,tree,cells")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--kiwi-limit", type=float, default=120.0)
    ap.add_argument("--ours-limit", type=float, default=600.0)
    ap.add_argument("--no-kiwi", action="store_true")
    ap.add_argument("--cold", action="store_true",
                    help="time every replay of ours as it comes, none with --warm-heap (see ours())")
    ap.add_argument("--check", action="store_true")
    ap.add_argument("--lexicographic", action="store_true", help="replay ours in lexicographic mode")
    ap.add_argument("--bench", default=None)
    ap.add_argument("--plot", default=None, help="write the per-transition plot (SVG) here")
    a = ap.parse_args()
    bench = a.bench or os.path.join(
        subprocess.run(["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT,
                       capture_output=True, text=True, check=True).stdout.strip(), "solver-bench")

    header = f"{'workload':<8} {'size':<4} {'phase':<7} {'ours ms':>10} {'kiwi ms':>10} {'kiwi/ours':>10}"
    print(header)
    print("-" * len(header))
    passed = failed = 0
    points, results = {}, {}
    for size in a.sizes.split(","):
        for workload in a.workloads.split(","):
            path = trace_path(workload, size)
            ot, oc, oe, rep = ours(bench, path, a.runs, a.lexicographic, a.ours_limit, warm=not a.cold)
            kt, kc, ke = ({}, None, None) if a.no_kiwi else kiwi(path, a.kiwi_limit)
            results[(workload, size)] = (ot, kt, rep)
            for phase in PHASES:
                o, k = ot.get(phase), kt.get(phase, "")
                ratio = f"{k / o:.1f}x" if isinstance(k, float) and o else ""
                kiwi_text = "" if k == "" else fmt(k)
                print(f"{workload:<8} {size:<4} {phase:<7} {fmt(o):>10} {kiwi_text:>10} {ratio:>10}")
            n_views = views(path)
            if ot.get("rotate"):
                points.setdefault(("CSolver", workload), []).append((n_views, ot["rotate"] / 10))
            if isinstance(kt.get("rotate"), float):
                points.setdefault(("kiwisolver", workload), []).append((n_views, kt["rotate"] / 10))
            if ot.get("resize") and rep.get("floor"):
                per = per_resolve(ot, rep)
                kept = rep.get("kept", (0, 0))
                print(f"  ({workload} {size}: {n_views} views; resize {per * 1000:.3f} us a re-solve, floor {rep['floor'] * 1000:.3f} us,"
                      f" {against_floor(ot, rep):.1f}x, lines floor {rep.get('lines-floor', 0) * 1000:.3f} us; a transition: rotate {ot.get('rotate', 0) / 10:.3f} ms,"
                      f" flip {ot.get('flip', 0):.3f} ms; peak RSS {rep.get('rss', 0) / 1024:.0f} MB,"
                      f" {kept[0]} states kept in {kept[1] / 2**20:.1f} MB, spare mappings {rep.get('spare', 0) / 2**20:.0f} MB)")
                cold = rep.get("cold")
                if cold:
                    print(f"  ({workload} {size}, the first replay, on memory as it came: "
                          + ", ".join(f"{p} {fmt(cold.get(p))}" for p in PHASES if p in cold) + " ms)")
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
                elif n < len(kc):
                    print(f"  ({workload} {size}: ours did not finish; compared {n} of {len(kc)} check lines)")
    targets = target_lines(results, a.workloads.split(","))
    if targets:
        print("targets of issue \"Trait transitions\" in this run (medians of our replays, kiwi's one):")
        print("\n".join(targets))
    if a.plot:
        plot(a.plot, points)
        print(f"plot: {a.plot}")
    if a.check:
        print(f"compare: {passed} passed, {failed} failed")
        return 1 if failed else 0
    return 0


if __name__ == "__main__":
    try:
        sys.exit(main())
    except RuntimeError as e:
        print(f"compare: {e}", file=sys.stderr)
        sys.exit(2)
