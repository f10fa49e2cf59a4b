#!/usr/bin/env bash
# packaging/changelog.sh VERSION: the native package's changelog, one entry for the commit it is built from, and
# whether the tree had changes not committed then (a package built from them is no commit's).
set -euo pipefail
uncommitted=""
if [ -n "$(git status --porcelain --untracked-files=no)" ]; then uncommitted=", with changes not committed"; fi
cat <<CHANGELOG
waterfall ($1) unstable; urgency=medium

  * Built from commit $(git rev-parse --short HEAD)$uncommitted.

 -- $(git log -1 --format='%an <%ae>')  $(git log -1 --format='%aD')
CHANGELOG
