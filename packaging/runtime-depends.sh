#!/usr/bin/env bash
# packaging/runtime-depends.sh BINARY: the Debian packages BINARY needs at run time, as a Depends field's value.
# dpkg-shlibdeps reads the libraries it links; libvips is loaded with dlopen (no NEEDED entry names it), so its
# package comes from the shlibs file of the package that holds the libvips.so.42 the loader would open.
set -euo pipefail
binary=$(realpath "$1")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# dpkg-shlibdeps wants the debian/control of a source package around it; an empty one does for a lone binary.
mkdir "$work/debian" && touch "$work/debian/control"
linked=$(cd "$work" && dpkg-shlibdeps -O "$binary" | sed -n 's/^shlibs:Depends=//p')
# Every pipe here reads its input to the end: one that stopped early would end its writer with SIGPIPE, which
# pipefail takes for a failure.
vips_file=$(ldconfig -p | awk '$1 == "libvips.so.42" && !found { print $NF; found = 1 }')
[ -n "$vips_file" ] || { echo "libvips.so.42 is not installed: make deps" >&2; exit 1; }
vips_package=$(dpkg -S "$(realpath "$vips_file")" | sed -n '1s/:.*//p')
vips=$(dpkg-query --control-show "$vips_package" shlibs \
  | awk '$1 == "libvips" && $2 == "42" && !found { $1 = $2 = ""; print; found = 1 }')
[ -n "$linked" ] && [ -n "$vips" ] || { echo "no run-time packages found for $binary" >&2; exit 1; }
echo "$linked, $(echo $vips)"
