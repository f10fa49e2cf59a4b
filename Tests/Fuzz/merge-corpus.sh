#!/bin/bash
# Adds to the seed corpus (Tests/Fuzz/Corpus/TARGET) the fewest inputs a fuzzer learned (LEARNED/TARGET) that
# reach code the seeds do not: libFuzzer's -merge=1 into a fresh copy of the seeds, counting edges only
# (-use_counters=0; with hit counts it keeps five times as many files for the same edges). Prints what it added.
#   merge-corpus.sh BIN LEARNED TARGET...
set -u
bin=$1 learned=$2
shift 2
root=$(cd "$(dirname "$0")/../.." && pwd)
export SWIFT_BACKTRACE=enable=no ASAN_OPTIONS="detect_leaks=0"
status=0
for target in "$@"; do
  seeds="$root/Tests/Fuzz/Corpus/$target"
  if [ ! -d "$learned/$target" ]; then
    echo "$target: nothing learned ($learned/$target)"
    continue
  fi
  fresh=$(mktemp -d)
  cp "$seeds"/* "$fresh"/
  if "$bin/fuzz-$target" -merge=1 -use_counters=0 -timeout=10 -rss_limit_mb=2048 "$fresh" "$learned/$target" \
    >"$fresh.log" 2>&1; then
    added=$(comm -13 <(ls "$seeds") <(ls "$fresh"))
    for name in $added; do cp "$fresh/$name" "$seeds/"; done
    echo "$target: $(echo "$added" | grep -c .) inputs added, $(ls "$seeds" | wc -l) in the corpus" \
      "($(grep -oE '[0-9]+ new coverage edges' "$fresh.log" | tail -1))"
    rm -f "$fresh.log"
  else
    echo "$target: the merge failed (log: $fresh.log)"
    status=1
  fi
  rm -rf "$fresh"
done
exit $status
