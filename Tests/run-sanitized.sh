#!/bin/bash
# Runs the unit tests (all but the end-to-end ones, which drive the release binary) built with one sanitizer,
# and fails on any report it makes. Prints how many reports of each kind there were.
#   run-sanitized.sh address|thread SCRATCH_PATH TIMEOUT
set -u -o pipefail
sanitizer=$1 scratch=$2 limit=$3
root=$(cd "$(dirname "$0")/.." && pwd)
log="$scratch/sanitized-tests.log"
swift=${SWIFT:-swift}
$swift build --build-tests --scratch-path "$scratch" --sanitize="$sanitizer" || exit 1
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="detect_leaks=1"
export LSAN_OPTIONS="suppressions=$root/Tests/Fuzz/lsan-suppressions.txt"
export TSAN_OPTIONS="second_deadlock_stack=1"
timeout --kill-after=30 "$limit" $swift test --skip-build --scratch-path "$scratch" --sanitize="$sanitizer" \
  --skip EndToEndTests 2>&1 | tee "$log"
status=$?
races=$(grep -c "WARNING: ThreadSanitizer" "$log")
errors=$(grep -c "ERROR: AddressSanitizer\|ERROR: LeakSanitizer" "$log")
echo "$sanitizer sanitizer: $races ThreadSanitizer reports, $errors AddressSanitizer/LeakSanitizer reports," \
  "tests exit $status (log: $log)"
[ "$status" = 0 ] && [ "$races" = 0 ] && [ "$errors" = 0 ]
