#!/usr/bin/env bash
# packaging/changelog.sh VERSION: the native package's changelog, one entry for the commit it is built from.
set -euo pipefail
cat <<CHANGELOG
waterfall ($1) unstable; urgency=medium

  * Built from commit $(git rev-parse --short HEAD).

 -- $(git log -1 --format='%an <%ae>')  $(git log -1 --format='%aD')
CHANGELOG
