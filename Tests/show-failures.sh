#!/usr/bin/env bash
# After a failed `swift test`: what failed, repeated at the end of the output, where a CI log's tail shows it.
# Usage: Tests/show-failures.sh LOG
set -uo pipefail
log=$1
echo
echo "──── what failed (the whole output is in $log) ────"
# Swift Testing marks a failure with ✘ (its issue lines follow it); XCTest says "error:" and "failed".
grep -E -A8 '✘ Test .*(recorded an issue|failed)|error: .*(XCTAssert|failed)|Fatal error|Test Case .* failed' "$log" \
  | grep -v '^--$' | head -120
grep -E '✘ Test run|Test Suite .* failed|Executed .* with [1-9][0-9]* failure' "$log" | tail -3
exit 0
