#!/usr/bin/env bash
# Installs what `make demo` and `make test` need and this machine lacks:
# Python's scipy (lpcheck's oracle) and kiwisolver (the peer), clang's lld
# for the sanitizer builds. Idempotent and quiet when nothing is missing.
set -euo pipefail

if ! command -v swift >/dev/null; then
    echo "setup: swift is not on PATH; install a Swift 6.2+ toolchain first" >&2
    exit 1
fi
missing=()
python3 -c "import scipy, numpy" 2>/dev/null || missing+=(scipy numpy)
python3 -c "import kiwisolver" 2>/dev/null || missing+=(kiwisolver)
if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: pip install ${missing[*]}"
    python3 -m pip install --quiet "${missing[@]}"
fi
