#!/usr/bin/env bash
# The main job: the bundled layout documents solved and checked on every
# device (`layout explain`), drawn on every device (`layout preview`, into
# .build-demo/), Interface Builder's corpus laid out against its stored
# frames (`layout check-ib`), then the transition benchmark: every
# workload's M trace through CSolver and kiwisolver in one run, and every
# workload through the Swift API and through its size classes.
set -euo pipefail
SHARED=${SHARED:-../shared}
BIN=$(swift build -c release --show-bin-path)
OUT=.build-demo
mkdir -p "$OUT"

for doc in Examples/*.yaml; do
    name=$(basename "$doc" .yaml)
    echo "== $doc: one window per size class (layout explain)"
    "$BIN/layout" explain "$doc"
    "$BIN/layout" preview "$doc" -o "$OUT/$name.svg" --html "$OUT/$name.html"
done
echo
echo "== Interface Builder's stored frames (layout check-ib, ../shared/corpus)"
"$BIN/layout" check-ib "$SHARED"/corpus/storyboards/*/*.storyboard "$SHARED"/corpus/storyboards/*/*.xib | tail -n 1
echo
echo "== Trait transitions: CSolver against kiwisolver, S and M traces (plot: $OUT/transitions.svg)"
"$BIN/solver-bench" compare --sizes S,M --runs 3 --plot "$OUT/transitions.svg"
echo
echo "== The workloads through the Swift API (anchors, size classes) against their C traces"
python3 Benchmarks/api_compare.py --sizes M --runs 3
echo
echo "Previews: $OUT/*.html"
