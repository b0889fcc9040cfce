#!/usr/bin/env bash
# Installs the build into a temporary prefix and builds three consumers
# against it: C with pkg-config, C with find_package(grundy CONFIG), and C++
# with pkg-config. Usage: install_test.sh BUILD_DIR SOURCE_DIR [sanitize]
set -euo pipefail
build=$1
src=$2
mode=${3:-plain}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
prefix=$work/prefix
fail() { echo "install_test: $*" >&2; exit 1; }
extra=()
[ "$mode" = sanitize ] && extra=(-fsanitize=address,undefined)

cmake --install "$build" --prefix "$prefix" >/dev/null || fail "cmake --install failed"
pc=$(find "$prefix" -name grundy.pc | head -1)
[ -n "$pc" ] || fail "no grundy.pc installed"
libdir=$(dirname "$(dirname "$pc")")
for f in "$prefix/bin/grundy" "$libdir/libgrundy.a" "$libdir/libgrundy.so" "$prefix/include/grundy/grundy.h" \
         "$libdir/cmake/grundy/grundyConfig.cmake" "$prefix/share/doc/grundy/LICENSE" \
         "$prefix/share/bash-completion/completions/grundy" "$prefix/share/man/man1/grundy.1"; do
    [ -e "$f" ] || fail "missing $f"
done
soname=$(objdump -p "$libdir/libgrundy.so" | awk '/SONAME/ {print $2}')
case "$soname" in libgrundy.so.[0-9]*) ;; *) fail "soname is '$soname', expected libgrundy.so.<major>" ;; esac
[ -e "$libdir/$soname" ] || fail "no $soname next to libgrundy.so"
# the installed tool runs
[ "$(LD_LIBRARY_PATH=$libdir "$prefix/bin/grundy" value 'kayles(7)')" = 2 ] || fail "installed grundy does not run"

export PKG_CONFIG_PATH=$libdir/pkgconfig
want="0 1 2 3 1 4 3 2"
# 1. C, pkg-config (the shared library)
cc "${extra[@]}" "$src/tests/install/consumer.c" $(pkg-config --cflags --libs grundy) -o "$work/c_pc" || fail "C consumer (pkg-config) does not build"
[ "$(LD_LIBRARY_PATH=$libdir "$work/c_pc")" = "$want" ] || fail "C consumer (pkg-config) gives the wrong answer"
# 2. C, static through pkg-config --static
cc "${extra[@]}" "$src/tests/install/consumer.c" $(pkg-config --cflags grundy) "$libdir/libgrundy.a" $(pkg-config --libs-only-l --static grundy | sed 's/-lgrundy//') -o "$work/c_static" ||
    fail "C consumer (static) does not build"
[ "$("$work/c_static")" = "$want" ] || fail "C consumer (static) gives the wrong answer"
# 3. C, find_package(grundy CONFIG REQUIRED): grundy::grundy and grundy::grundy_shared
flags="${extra[*]:-}"
cmake -S "$src/tests/install" -B "$work/cm" -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_C_FLAGS="$flags" \
      -DCMAKE_EXE_LINKER_FLAGS="$flags" >/dev/null || fail "find_package(grundy CONFIG REQUIRED) failed"
cmake --build "$work/cm" >/dev/null || fail "the find_package consumer does not build"
[ "$("$work/cm/consumer")" = "$want" ] || fail "find_package consumer (grundy::grundy) gives the wrong answer"
[ "$(LD_LIBRARY_PATH=$libdir "$work/cm/consumer_shared")" = "$want" ] || fail "find_package consumer (grundy::grundy_shared) gives the wrong answer"
# 4. C++ with the headers as they are
c++ "${extra[@]}" -std=c++11 -Wall -Wextra -Werror "$src/tests/install/consumer.cpp" $(pkg-config --cflags --libs grundy) -o "$work/cxx" ||
    fail "C++ consumer does not build"
[ "$(LD_LIBRARY_PATH=$libdir "$work/cxx")" = "3 6" ] || fail "C++ consumer gives the wrong answer"
# 5. the Python package where it was installed: it finds the library by itself,
# also after the whole prefix has moved
pydir=lib/python3/dist-packages
[ -e "$prefix/$pydir/grundy/__init__.py" ] || fail "missing $prefix/$pydir/grundy"
pre=
[ "$mode" = sanitize ] && pre="$(cc -print-file-name=libasan.so) $(cc -print-file-name=libubsan.so)"
for p in "$prefix" "$work/moved"; do
    [ "$p" = "$prefix" ] || mv "$prefix" "$p"
    got=$(cd "$work" && env -u GRUNDY_LIBRARY -u LD_LIBRARY_PATH PYTHONPATH="$p/$pydir" LD_PRELOAD="$pre" \
          ASAN_OPTIONS=detect_leaks=0 python3 -c 'import grundy; print(grundy.value("kayles(7) + 5"))') ||
        fail "the installed Python package does not load from $p"
    [ "$got" = 7 ] || fail "the installed Python package gives '$got'"
done
echo "install_test: installed into a temporary prefix; pkg-config, static, find_package (static and shared), C++ and Python consumers pass"
