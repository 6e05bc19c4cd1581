#!/usr/bin/env bash
# Long runs (issue 8): 100,000 trait transitions of every M workload through
# the release solver-bench, each with flat memory and the same layout on
# every pass (`solver-bench soak`); then 2,000 of each through a build under
# AddressSanitizer with leak checks. The last line is `N passed, N failed`.
#   scripts/soak.sh SOLVER_BENCH [TRANSITIONS]
set -uo pipefail
cd "$(dirname "$0")/.."
BENCH=$1
TRANSITIONS=${2:-100000}
SHARED=${SHARED:-../shared}
OUT=.build-tests
mkdir -p .build-traces "$OUT"
pass=0 fail=0
result() { if [ "$1" -eq 0 ]; then pass=$((pass + 1)); else fail=$((fail + 1)); echo "FAILED: $2"; fi; }

clang -std=c11 -g -O1 -fuse-ld=lld -fsanitize=address,undefined -fno-sanitize-recover=undefined -D_GNU_SOURCE \
    -ICSolver/include -IBenchmarks/solver-bench CSolver/src/*.c Benchmarks/solver-bench/*.c -lm \
    -o "$OUT/solver-bench-asan" 2>&1 | grep -v 'Cannot export'

for workload in stack tree cells; do
    trace=.build-traces/$workload-M.trace
    [ -f "$trace" ] || python3 "$SHARED/bench/gen_traces.py" "$workload" M >"$trace"
    "$BENCH" soak --transitions "$TRANSITIONS" "$trace"
    result $? "soak $workload M"
    # Quarantine off: ASan holds freed blocks back to catch use after free,
    # which would read as growth of resident memory.
    ASAN_OPTIONS=detect_leaks=1:quarantine_size_mb=0 "$OUT/solver-bench-asan" soak --transitions 2000 "$trace" >"$OUT/soak-asan-$workload.log" 2>&1
    rc=$?
    grep -q 'ERROR: ' "$OUT/soak-asan-$workload.log" && rc=1
    echo "$workload M under ASan (leak checks): 2000 transitions, $([ $rc -eq 0 ] && echo "no leak, flat, same checks" || echo "see $OUT/soak-asan-$workload.log")"
    result $rc "soak $workload M under ASan"
done
echo "$pass passed, $fail failed"
[ "$fail" -eq 0 ]
