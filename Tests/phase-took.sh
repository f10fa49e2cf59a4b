#!/usr/bin/env bash
# Tests/phase-took.sh NAME: says how long the phase NAME of `make test` took, counted from the last call (or from
# `Tests/phase-took.sh --start`), so a slow CI run shows where its time went.
set -euo pipefail
stamp=.build/phase-started
now=$(date +%s)
mkdir -p .build
if [ "${1:-}" = --start ]; then echo "$now" >"$stamp"; exit 0; fi
started=$(cat "$stamp" 2>/dev/null || echo "$now")
echo "make test: $1 took $((now - started)) s"
echo "$now" >"$stamp"
