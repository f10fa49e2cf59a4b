#!/usr/bin/env bash
# packaging/control.sh VERSION ARCH DEPENDS INSTALLED-KB: the .deb's DEBIAN/control. The maintainer is the last
# commit's author, as git has it.
set -euo pipefail
[ -n "$3" ] || { echo "control.sh: no Depends" >&2; exit 1; }
cat <<CONTROL
Package: waterfall
Version: $1
Architecture: $2
Maintainer: $(git log -1 --format='%an <%ae>')
Installed-Size: $4
Depends: $3
Section: utils
Priority: optional
Description: shop catalogue viewer for the terminal, as a masonry of boxes
 Waterfall opens a shop catalogue (JSON, JSON Lines, CSV, property lists,
 SQLite, PostgreSQL, HTTP JSON feeds or a folder of photos) in the terminal as
 a masonry ("waterfall flow") of boxes: each item's picture as tall as its
 aspect ratio says, its price and title below. It scrolls with the keyboard or
 the mouse, loads pages as you reach the bottom and reflows on resize.
 Pictures are drawn with kitty, sixel or iTerm2 graphics where the terminal has
 them, else with symbols. A small catalogue is bundled.
CONTROL
