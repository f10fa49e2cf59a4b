#!/usr/bin/env bash
# After a failed `swift test`: what failed, repeated at the end of the output, where a CI log's tail shows it.
# Swift Testing's console can leave an issue's message out (seen with a long diff in it); its xUnit file keeps it.
# Usage: Tests/show-failures.sh DIR   (DIR holds test-output.log and the test-results*.xml that swift test wrote)
set -uo pipefail
dir=$1
echo
echo "──── what failed (the whole output is in $dir/test-output.log) ────"
for xml in "$dir"/test-results*.xml; do
  [ -s "$xml" ] || continue
  python3 - "$xml" <<'PY'
import re, sys, xml.etree.ElementTree as ET
# A message may carry characters XML cannot hold (a NUL from a test's own text): drop them rather than fail.
text = re.sub(r"[\x00-\x08\x0b\x0c\x0e-\x1f]", "", open(sys.argv[1], encoding="utf-8", errors="replace").read())
try:
    root = ET.fromstring(text)
except ET.ParseError as error:
    sys.exit(f"(the xUnit file {sys.argv[1]} cannot be read: {error}; the lines below are from the log)")
for case in root.iter("testcase"):
    for failure in list(case.iter("failure")) + list(case.iter("error")):
        print(f"✘ {case.get('classname')}.{case.get('name')}")
        lines = (failure.get("message") or failure.text or "").splitlines()
        for line in lines[:40]:
            print("    " + line)
        if len(lines) > 40:
            print(f"    … {len(lines) - 40} more lines")
PY
done
grep -E '✘ Test run|Test Suite .* failed|Executed .* with [1-9][0-9]* failure|Fatal error' "$dir/test-output.log" | tail -5
exit 0
