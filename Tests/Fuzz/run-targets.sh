#!/bin/bash
# Runs libFuzzer targets one after another, each for SECONDS over its seed corpus (Tests/Fuzz/Corpus/TARGET) and
# the inputs earlier runs kept (WORK/corpus/TARGET), failing at the first crash, leak, hang (an input taking over
# 2 s) or out-of-memory (over 2048 MB). Prints one line per target; exits 1 if any target found something, the
# input kept in WORK/findings.
#   run-targets.sh SECONDS BIN WORK TARGET...
# FUZZ_REPLAY_ONLY=1 runs each target over its corpus once and stops (-runs=0): the corpus as regression tests,
# the same inputs on every run, so a gate such as `make test` never fails on an input found that day.
# FUZZ_MAX_RUNS=N stops a target after N inputs even if SECONDS have not passed (the long campaigns: 10^7).
set -u
seconds=$1 bin=$2 work=$3
shift 3
root=$(cd "$(dirname "$0")/../.." && pwd)
mkdir -p "$work/findings" "$work/stalls" "$work/logs"
# Swift's own crash backtracer would make libFuzzer wait on it; ASan's report is what we want.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS="${ASAN_OPTIONS:-detect_leaks=1}"
export LSAN_OPTIONS="suppressions=$root/Tests/Fuzz/lsan-suppressions.txt"
status=0
replay=()
[ "${FUZZ_REPLAY_ONLY:-0}" = 1 ] && replay=(-runs=0)

stat_of() { sed -n "s/^stat::$1: *//p" "$2"; }

for target in "$@"; do
  corpus="$work/corpus/$target" log="$work/logs/$target.log"
  mkdir -p "$corpus"
  seeds=("$root/Tests/Fuzz/Corpus/$target")
  # The originals' pages are test data we may read but not copy into the repository. Their first three items
  # each: libFuzzer takes the largest seed as its length limit from the start, and whole pages (13 KB) made every
  # plist input that long and the target some five times slower, for nothing the first items lack.
  shared="$root/../shared/datasets/mogujie-shop"
  if [ "$target" = plist ] && [ -d "$shared" ]; then
    mkdir -p "$work/seeds/plist"
    if python3 - "$shared" "$work/seeds/plist" <<'CUT' 2>/dev/null; then
import pathlib, plistlib, sys
for page in pathlib.Path(sys.argv[1]).glob("*.plist"):
    items = plistlib.loads(page.read_bytes())[:3]
    (pathlib.Path(sys.argv[2]) / page.name).write_bytes(plistlib.dumps(items))
CUT
      seeds+=("$work/seeds/plist")
    else
      seeds+=("$shared")
    fi
  fi
  # Foundation's plist parser leaks 48 bytes per plist it refuses (suppressed by name), and libFuzzer then runs
  # LeakSanitizer after every such input: 130 inputs/s instead of 4,800. That target explores without the check
  # after each input, and what it kept is replayed with leaks checked at the end (a leak still fails it).
  # Its suppressed leaks still pile up in the process (2 GB after some 2.6 million inputs), so it explores in
  # runs of a million inputs, each a fresh process.
  leaks=(-detect_leaks=1) chunk=""
  [ "$target" = plist ] && [ ${#replay[@]} = 0 ] && leaks=(-detect_leaks=0) chunk=1000000
  : >"$log"
  runs=0 code=0 finding="" deadline=$((SECONDS + seconds))
  while [ "$SECONDS" -lt "$deadline" ]; do
    limit=() left=""
    if [ -n "${FUZZ_MAX_RUNS:-}" ]; then
      [ "$runs" -ge "$FUZZ_MAX_RUNS" ] && break
      left=$((FUZZ_MAX_RUNS - runs))
    fi
    [ -n "$chunk" ] && { [ -z "$left" ] || [ "$left" -gt "$chunk" ]; } && left=$chunk
    [ -n "$left" ] && limit=(-runs=$left)
    timeout --kill-after=10 $((deadline - SECONDS + 120)) \
      "$bin/fuzz-$target" "$corpus" "${seeds[@]}" \
      -max_total_time=$((deadline - SECONDS)) -timeout=2 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="$work/findings/$target-" "${leaks[@]}" "${replay[@]}" "${limit[@]}" >"$log.part" 2>&1
    code=$?
    if [ "$code" = 0 ] && [ "${leaks[0]}" = -detect_leaks=0 ]; then
      "$bin/fuzz-$target" "$corpus" "${seeds[@]}" -runs=0 -timeout=2 -rss_limit_mb=2048 -detect_leaks=1 \
        -artifact_prefix="$work/findings/$target-" >"$log.leaks" 2>&1
      code=$?
      cat "$log.leaks" >>"$log.part"
    fi
    cat "$log.part" >>"$log"
    runs=$((runs + $(stat_of number_of_executed_units "$log.part" | grep . || echo 0)))
    [ "$code" = 0 ] && [ -z "$chunk" ] && break
    [ "$code" = 0 ] && continue
    finding=$(sed -n 's/.*Test unit written to //p' "$log.part" | tail -1)
    # On a busy machine a run can be descheduled past the 2 s limit: a hang must happen again, alone, to count
    # (three tries, as a starved process can miss one).
    if grep -q "ERROR: libFuzzer: timeout" "$log.part" && [ -n "$finding" ] && for _ in 1 2 3; do
      "$bin/fuzz-$target" -timeout=2 -rss_limit_mb=2048 "$finding" >"$log.recheck" 2>&1 && break
    done; then
      echo "(a timeout that did not happen again alone: $finding, kept in $work/stalls)" >>"$log"
      mv "$finding" "$work/stalls/"
      finding="" code=0
      continue
    fi
    break
  done
  speed=$(stat_of average_exec_per_sec "$log" | tail -1)
  coverage=$(grep -o 'cov: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  features=$(grep -o 'ft: [0-9]*' "$log" | tail -1 | cut -d' ' -f2)
  stalls=$(grep -c "did not happen again alone" "$log")
  kept=$(find "$corpus" -type f | wc -l)
  line=$(printf '%-16s runs %10s  %6s/s  coverage %5s edges, %5s features  corpus %5s' \
    "$target" "$runs" "${speed:-?}" "${coverage:-?}" "${features:-?}" "$kept")
  [ "$stalls" -gt 0 ] && line="$line  ($stalls unrepeated timeouts)"
  if [ "$code" = 0 ]; then
    echo "$line  ok"
  else
    status=1
    echo "$line  FAILED (exit $code): ${finding:-see $log}"
    grep -m1 -E "^==[0-9]+== ?ERROR|property failed|Fatal error|ERROR: libFuzzer" "$log" | sed 's/^/    /'
  fi
done
exit $status
