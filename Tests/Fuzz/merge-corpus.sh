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
  # The originals' pages seed the plist runs (run-targets.sh) but are not ours to commit: they go in first, so the
  # merge never counts them, or an input that reaches only what they reach, as new.
  originals="$learned/../seeds/$target"
  [ -d "$originals" ] && for page in "$originals"/*; do cp "$page" "$fresh/original-$(basename "$page")"; done
  if "$bin/fuzz-$target" -merge=1 -use_counters=0 -timeout=10 -rss_limit_mb=2048 "$fresh" "$learned/$target" \
    >"$fresh.log" 2>&1; then
    added=$(comm -13 <(ls "$seeds") <(ls "$fresh" | grep -v '^original-'))
    for name in $added; do
      # Nor an input that carries a line of theirs (the fuzzer splices the seeds it was given).
      if [ -d "$originals" ] && grep -qF -f <(cat "$originals"/* | awk 'length > 20') "$fresh/$name"; then
        added=$(echo "$added" | grep -vx "$name")
        continue
      fi
      cp "$fresh/$name" "$seeds/"
    done
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
