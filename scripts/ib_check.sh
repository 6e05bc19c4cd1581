#!/usr/bin/env bash
# Interface Builder's stored frames as the oracle: `layout check-ib` on every
# file of the corpus; at least 95% of eligible views must be within 0.5 pt.
#   scripts/ib_check.sh LAYOUT_BINARY CORPUS_DIR
set -uo pipefail
layout=$1 corpus=$2
out=$("$layout" check-ib "$corpus"/storyboards/*/*.storyboard "$corpus"/storyboards/*/*.xib)
rc=$?
echo "$out"
line=$(grep '^overall:' <<<"$out")
within=$(awk '{print $2}' <<<"$line") eligible=$(awk '{print $4}' <<<"$line")
if [ "$rc" -eq 0 ] && [ -n "$eligible" ] && [ $((within * 100)) -ge $((eligible * 95)) ]; then
    echo "ib corpus: 1 passed, 0 failed"
else
    echo "ib corpus: 0 passed, 1 failed (want 95% of eligible views within 0.5 pt)"
    exit 1
fi
