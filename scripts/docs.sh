#!/usr/bin/env bash
# Builds AdaptiveLayout's DocC catalog with the toolchain's docc, warnings as
# errors: the module's symbol graph, then `docc convert`.
#   scripts/docs.sh OUTPUT_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build-docs}
graphs=.build-symbols
rm -rf "$graphs" && mkdir -p "$graphs"
# dump-symbol-graph emits them whether or not the build is up to date.
all=$(swift package dump-symbol-graph 2>&1 | sed -n 's/^Files written to //p')
[ -n "$all" ] || { echo "docs: swift package dump-symbol-graph failed"; exit 1; }
cp "$all"/AdaptiveLayout.symbols.json "$graphs/"   # the module's own symbols only
docc convert Sources/AdaptiveLayout/AdaptiveLayout.docc --additional-symbol-graph-dir "$graphs" \
    --output-path "$out" --fallback-display-name AdaptiveLayout \
    --fallback-bundle-identifier org.adaptivelayout.AdaptiveLayout --warnings-as-errors
echo "docs: 1 passed, 0 failed ($out)"
