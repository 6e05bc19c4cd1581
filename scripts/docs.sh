#!/usr/bin/env bash
# Builds AdaptiveLayout's DocC catalog with the toolchain's docc, warnings as
# errors: symbol graphs from a debug build, then `docc convert`.
#   scripts/docs.sh OUTPUT_DIR
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-.build-docs}
graphs=.build-symbols
rm -rf "$graphs" && mkdir -p "$graphs"
swift build --target AdaptiveLayout -Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$PWD/$graphs" >/dev/null
rm -f "$graphs"/Cassowary*.json   # the module's own symbols only
docc convert Sources/AdaptiveLayout/AdaptiveLayout.docc --additional-symbol-graph-dir "$graphs" \
    --output-path "$out" --fallback-display-name AdaptiveLayout \
    --fallback-bundle-identifier org.adaptivelayout.AdaptiveLayout --warnings-as-errors
echo "docs: 1 passed, 0 failed ($out)"
