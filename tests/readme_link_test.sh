#!/usr/bin/env bash
# README's install-and-link lines, run as they are written: the block that
# starts `cmake --install build --prefix ~/.local` is read from README.md,
# its install line run with BUILD_DIR for `build`, and its `cc` and
# `./game` lines run word for word, with HOME a temporary folder (so
# ~/.local and $HOME/.local are in it) and no LD_LIBRARY_PATH. The
# program's output must be what the block's comment after "# prints: "
# says. The same cc line without its rpath must give a program that cannot
# find libgrundy.so.0, so the check means something. Run by test.sh after
# the -Werror build's ctest. Usage: readme_link_test.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "readme_link_test: $*" >&2; exit 1; }

block=$(awk '/^```/ { if (inb) { if (found) exit; inb = 0; lines = "" } else inb = 1; next }
             inb { lines = lines $0 "\n"; if ($0 == "cmake --install build --prefix ~/.local") found = 1 }
             END { if (found) printf "%s", lines }' "$src/README.md")
[ -n "$block" ] || fail "README.md has no block with 'cmake --install build --prefix ~/.local'"
install_line=$(sed -n 1p <<<"$block")
cc_line=$(grep '^cc ' <<<"$block") || fail "no cc line in README's block"
run_line=$(grep '^\./game' <<<"$block") || fail "no ./game line in README's block"
want=${run_line#*# prints: }
[ "$want" != "$run_line" ] || fail "the ./game line has no '# prints: ...' comment: $run_line"

mkdir -p "$work/home" "$work/src/examples"
cp "$src/examples/game.c" "$work/src/examples/"
in_home() { (cd "$work/src" && env -u LD_LIBRARY_PATH -u PKG_CONFIG_PATH HOME="$work/home" bash -c "$1"); }

in_home "${install_line/--install build /--install \"$build\" }" >/dev/null || fail "install failed: $install_line"
in_home "$cc_line" || fail "README's cc line does not build: $cc_line"
got=$(in_home "$run_line") || fail "README's program does not run: $run_line"
[ "$got" = "$want" ] || fail "README's program prints '$got', README says '$want'"

# without the rpath the program is built but cannot start
no_rpath=${cc_line/ -Wl,-rpath,\$HOME\/.local\/lib/}
[ "$no_rpath" != "$cc_line" ] || fail "README's cc line has no -Wl,-rpath,\$HOME/.local/lib"
in_home "$no_rpath" || fail "the cc line without its rpath does not build"
if in_home "$run_line" >/dev/null 2>"$work/err"; then fail "the program without an rpath ran: the check proves nothing"; fi
grep -q "libgrundy.so" "$work/err" || fail "the program without an rpath failed otherwise: $(cat "$work/err")"
echo "readme_link_test: README's install, cc and ./game lines run as written ('$got')"
