#!/usr/bin/env bash
# Builds the Debian package with cpack and checks it: its metadata, its
# files, and that the tool runs from the unpacked tree. (Installing it with
# dpkg -i needs root and changes the machine: the docs record that run.)
# Usage: deb_test.sh BUILD_DIR [sanitize]
set -euo pipefail
build=$1
mode=${2:-plain}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "deb_test: $*" >&2; exit 1; }
command -v dpkg-deb >/dev/null || { echo "deb_test: dpkg-deb not found, skipped"; exit 0; }
(cd "$build" && cpack -G DEB -B "$work" >/dev/null) || fail "cpack -G DEB failed"
deb=$(ls "$work"/*.deb 2>/dev/null | head -1)
[ -n "$deb" ] || fail "no .deb written"
[ "$(dpkg-deb -f "$deb" Package)" = grundy ] || fail "package name is not grundy"
dpkg-deb -c "$deb" > "$work/list"
for f in ./usr/bin/grundy ./usr/lib/libgrundy.a ./usr/include/grundy/grundy.h ./usr/lib/pkgconfig/grundy.pc \
         ./usr/share/man/man1/grundy.1 ./usr/share/doc/grundy/LICENSE ./usr/share/bash-completion/completions/grundy \
         ./usr/lib/python3/dist-packages/grundy/__init__.py; do
    grep -q " $f\$" "$work/list" || fail "$f is not in the package"
done
grep -q " ./usr/lib/libgrundy.so.0" "$work/list" || fail "libgrundy.so.0 is not in the package"
dpkg-deb -x "$deb" "$work/root"
[ "$("$work/root/usr/bin/grundy" value 'kayles(7)')" = 2 ] || fail "the packaged grundy does not run"
# the Python package finds the packaged library (in the unpacked tree)
pre=
[ "$mode" = sanitize ] && pre="$(cc -print-file-name=libasan.so) $(cc -print-file-name=libubsan.so)"
got=$(cd "$work" && env -u GRUNDY_LIBRARY PYTHONPATH="$work/root/usr/lib/python3/dist-packages" LD_PRELOAD="$pre" \
      ASAN_OPTIONS=detect_leaks=0 python3 -c 'import grundy; print(grundy.value("kayles(7) + 5"))') ||
    fail "the packaged Python module does not load"
[ "$got" = 7 ] || fail "the packaged Python module gives '$got'"
echo "deb_test: $(basename "$deb") holds the tool, both libraries, headers, pkg-config, man page, completion, Python module and licence; they run"
