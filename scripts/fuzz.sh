#!/usr/bin/env bash
# Builds the libFuzzer targets and runs each for a while.
#   scripts/fuzz.sh [SECONDS]     (default 600; `make fuzz FUZZ_SECONDS=N`)
#   FUZZ_RUNS=N scripts/fuzz.sh   N inputs from seed 1 instead: repeatable, for CI
# Each target starts from its seed corpus in fuzz/corpus/NAME (kept in the
# repository) and grows a working copy in .build-fuzz/corpus-NAME. A crash
# leaves its input in .build-fuzz/ and fails the run. The last line is
# `fuzz: N passed, N failed` over the targets, with executions per second.
set -uo pipefail
cd "$(dirname "$0")/.."
SECONDS_EACH=${1:-600}
OUT=.build-fuzz
mkdir -p "$OUT"
pass=0 fail=0

# The C API: operations decoded from bytes, checked after each (fuzz/cs_fuzz.c).
clang -std=c11 -g -O1 -fuse-ld=lld -fsanitize=fuzzer,address,undefined -fno-sanitize-recover=undefined \
    -ICSolver/include CSolver/src/*.c fuzz/cs_fuzz.c -lm -o "$OUT/cs_fuzz" 2>&1 | grep -v 'Cannot export'

# The Swift targets (Package.swift declares them only when ADAPTIVELAYOUT_FUZZ
# is set; fuzz/FuzzDriver is what they share):
#   layout-fuzz    the interchange reader (`layout solve`) and the engine behind it
#   document-fuzz  layout documents (YAML/JSON), laid out across size classes
#   vfl-fuzz       the Visual Format Language parser and lowering
#   ib-fuzz        Interface Builder import (XML), laid out as `layout check-ib` does
SWIFT_TARGETS="layout-fuzz document-fuzz vfl-fuzz ib-fuzz"
for product in $SWIFT_TARGETS; do
    rm -f "$OUT/$product"
    ADAPTIVELAYOUT_FUZZ=1 swift build -c release --scratch-path .build-fuzz-swift --product $product \
        -Xswiftc -sanitize=fuzzer,address -Xcc -fsanitize=fuzzer-no-link,address -Xswiftc -use-ld=lld >"$OUT/swift-build-$product.log" 2>&1 \
        && cp .build-fuzz-swift/release/$product "$OUT/$product" || { echo "$product: build failed"; tail -5 "$OUT/swift-build-$product.log"; }
done

for target in cs_fuzz $SWIFT_TARGETS; do
    if [ ! -x "$OUT/$target" ]; then fail=$((fail + 1)); continue; fi
    work="$OUT/corpus-$target"
    mkdir -p "$work"
    cp -n fuzz/corpus/$target/* "$work/" 2>/dev/null
    log="$OUT/$target.log"
    if [ -n "${FUZZ_RUNS:-}" ]; then limit=(-runs="$FUZZ_RUNS" -seed=1); else limit=(-max_total_time="$SECONDS_EACH"); fi
    # Leak checks on for every target (a retain cycle in the Swift layer is a leak).
    case $target in
        cs_fuzz) maxlen=512 ;;
        vfl-fuzz) maxlen=256 ;;
        ib-fuzz) maxlen=16384
            # Real files as extra seeds, when the shared corpus is beside us
            # (not kept in the repository: they are other projects' files).
            for f in "${SHARED:-../shared}"/corpus/storyboards/*/*.{storyboard,xib}; do
                [ -f "$f" ] && [ "$(wc -c <"$f")" -le $maxlen ] && cp -n "$f" "$work/"
            done ;;
        *) maxlen=4096 ;;
    esac
    ASAN_OPTIONS=detect_leaks=1 "$OUT/$target" "${limit[@]}" -print_final_stats=1 \
        -artifact_prefix="$OUT/$target-" -max_len=$maxlen "$work" >"$log" 2>&1
    rc=$?
    execs=$(grep -Eo 'stat::average_exec_per_sec: *[0-9]+' "$log" | grep -Eo '[0-9]+$')
    runs=$(grep -Eo 'stat::number_of_executed_units: *[0-9]+' "$log" | grep -Eo '[0-9]+$')
    if [ "$rc" -eq 0 ]; then
        pass=$((pass + 1))
        echo "$target: ${runs:-?} runs, ${execs:-?} exec/s, no crash"
    else
        fail=$((fail + 1))
        echo "$target: FAILED (status $rc); see $log"
        grep -E 'ERROR|cs_fuzz:|SUMMARY' "$log" | head -5
    fi
done
echo "fuzz: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
