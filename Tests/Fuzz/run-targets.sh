#!/bin/bash
# Runs libFuzzer targets one after another, each for SECONDS over its seed corpus (Tests/Fuzz/Corpus/TARGET) and
# the inputs earlier runs kept (WORK/corpus/TARGET), stopping a target at its first crash, leak, hang (an input
# taking over 2 s) or out-of-memory (over 2048 MB). Prints one line per target; exits 1 if any target found
# something, leaving the input in WORK/findings.
#   run-targets.sh SECONDS BIN WORK TARGET...
set -u
seconds=$1 bin=$2 work=$3
shift 3
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$work/findings" "$work/logs"
status=0
for target in "$@"; do
  corpus="$work/corpus/$target" log="$work/logs/$target.log"
  mkdir -p "$corpus"
  seeds=("$root/Tests/Fuzz/Corpus/$target")
  # The originals' pages are test data we may read but not copy into the repository.
  shared="$root/../shared/datasets/mogujie-shop"
  if [ "$target" = plist ] && [ -d "$shared" ]; then seeds+=("$shared"); fi
  # Swift's own crash backtracer would make libFuzzer wait on it; ASan's report is what we want.
  SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}" \
    LSAN_OPTIONS="suppressions=$root/Tests/Fuzz/lsan-suppressions.txt" \
    timeout --kill-after=10 $((seconds * 2 + 120)) \
    "$bin/fuzz-$target" "$corpus" "${seeds[@]}" \
    -max_total_time="$seconds" -timeout=2 -rss_limit_mb=2048 -print_final_stats=1 \
    -artifact_prefix="$work/findings/$target-" >"$log" 2>&1
  code=$?
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log")
  speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log")
  coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  features=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  kept=$(find "$corpus" -type f | wc -l)
  line=$(printf '%-16s runs %10s  %6s/s  coverage %5s edges, %5s features  corpus %5s' \
    "$target" "${runs:-?}" "${speed:-?}" "${coverage:-?}" "${features:-?}" "$kept")
  if [ "$code" = 0 ]; then
    echo "$line  ok"
  else
    status=1
    finding=$(grep -o "Test unit written to .*" "$log" | tail -1 | sed 's/Test unit written to //')
    echo "$line  FAILED (exit $code): ${finding:-see $log}"
    grep -m1 -E "^==[0-9]+==ERROR|property failed|Fatal error|ERROR: libFuzzer" "$log" | sed 's/^/    /'
  fi
done
exit $status
