#!/usr/bin/env bash
# Runs the Python package's pytest suite against this build's shared library
# and CLI, then checks that `pip install` of python/ works where pip and
# setuptools and wheel are at hand (offline: --no-build-isolation).
# Usage: python_test.sh SOURCE_DIR LIBGRUNDY_SO GRUNDY_CLI [sanitize]
set -euo pipefail
src=$1
so=$2
cli=$3
mode=${4:-plain}
fail() { echo "python_test: $*" >&2; exit 1; }

# the first python3 that has pytest: Debian's (python3-pytest) comes first
py=
for cand in /usr/bin/python3 python3; do
    if command -v "$cand" >/dev/null && "$cand" -c 'import pytest' 2>/dev/null; then py=$cand; break; fi
done
[ -n "$py" ] || fail "no python3 with pytest (apt-get install python3-pytest)"

export GRUNDY_LIBRARY=$so GRUNDY_CLI=$cli PYTHONPATH=$src/python PYTHONDONTWRITEBYTECODE=1
if [ "$mode" = sanitize ]; then
    # the library is built with ASan: its runtime must come first; Python
    # itself keeps memory until exit, so leaks are not checked here
    export LD_PRELOAD="$(cc -print-file-name=libasan.so) $(cc -print-file-name=libubsan.so)"
    export ASAN_OPTIONS=detect_leaks=0:${ASAN_OPTIONS:-}
fi
(cd "$src/python" && "$py" -m pytest -q -p no:cacheprovider tests) || fail "pytest failed"

# pip install of the package (a copy, so the build leaves nothing in the tree)
pip_py=
for cand in /usr/bin/python3 python3; do
    if command -v "$cand" >/dev/null && "$cand" -m pip --version >/dev/null 2>&1 &&
       "$cand" -c 'import setuptools, wheel' 2>/dev/null; then pip_py=$cand; break; fi
done
if [ -z "$pip_py" ]; then
    echo "python_test: pytest passed; no python3 with pip, setuptools and wheel here, pip install not tried"
    exit 0
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$src/python" "$work/src"
"$pip_py" -m pip install -q --no-build-isolation --no-deps --no-index --target "$work/site" "$work/src" \
    >"$work/pip.log" 2>&1 || { cat "$work/pip.log" >&2; fail "pip install ./python failed"; }
got=$(cd "$work" && PYTHONPATH=$work/site "$pip_py" -c 'import grundy; print(grundy.value("kayles(7) + 5"), grundy.__file__)')
case "$got" in "7 $work/site/grundy/__init__.py") ;; *) fail "the pip-installed package gives '$got'" ;; esac
echo "python_test: pytest passed with $py; pip install ./python works with $pip_py"
