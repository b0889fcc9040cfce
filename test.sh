#!/usr/bin/env bash
# Builds grundy and runs every test twice: a -Werror build, then an
# AddressSanitizer + UndefinedBehaviorSanitizer build. Installs what it
# needs on a fresh Debian machine. GRUNDY_TEST_SCALE=N runs N times more
# random cases; GRUNDY_TEST_SEED=S replays a seed.
set -euo pipefail
cd "$(dirname "$0")"

need=()
command -v cmake >/dev/null || need+=(cmake)
command -v cc >/dev/null || need+=(gcc)
command -v make >/dev/null || need+=(make)
command -v python3 >/dev/null || need+=(python3)
command -v c++ >/dev/null || need+=(g++)
command -v pkg-config >/dev/null || need+=(pkg-config)
command -v objdump >/dev/null || need+=(binutils)
command -v parallel >/dev/null || need+=(parallel)
command -v tmux >/dev/null || need+=(tmux)   # the terminal test of grundy play
# nauty for graph regions' canonical keys (the test builds require it)
dpkg -s libnauty2-dev >/dev/null 2>&1 || need+=(libnauty2-dev)
# OpenMPI for --mpi (the test builds have it; mpirun runs its tests)
dpkg -s libopenmpi-dev >/dev/null 2>&1 || need+=(libopenmpi-dev)
command -v mpirun >/dev/null || need+=(openmpi-bin)
# the Python package's tests: Debian's python3 with pytest and numpy, and
# pip, setuptools and wheel to check `pip install ./python` offline
py=/usr/bin/python3
[ -x $py ] || need+=(python3)
for m in pytest:python3-pytest numpy:python3-numpy pip:python3-pip setuptools:python3-setuptools wheel:python3-wheel; do
    [ -x $py ] && $py -c "import ${m%%:*}" 2>/dev/null || need+=("${m#*:}")
done
if [ ${#need[@]} -gt 0 ]; then
    apt-get update && apt-get install -y "${need[@]}"
fi

jobs=$(nproc 2>/dev/null || echo 2)
for variant in werror sanitize; do
    dir=build-test-$variant
    flags=(-DGRUNDY_WERROR=ON -DCMAKE_BUILD_TYPE=Debug -DGRUNDY_REQUIRE_NAUTY=ON -DGRUNDY_MPI=ON)
    [ $variant = sanitize ] && flags+=(-DGRUNDY_SANITIZE=ON)
    echo "== $variant build"
    cmake -S . -B "$dir" "${flags[@]}" >/dev/null
    cmake --build "$dir" -j"$jobs"
    ctest --test-dir "$dir" --output-on-failure -j"$jobs"
    if [ $variant = werror ]; then
        # README's install and link lines, as written, into a temporary home
        echo "== README's link line"
        bash tests/readme_link_test.sh "$dir" .
    fi
done

# the first run on a machine without nauty: the tool alone, built without
# it, and every documented example run against it; the examples marked
# "(needs nauty)" must give the documented refusal (tests/docs_test.py)
echo "== a build without nauty"
cmake -S . -B build-nonauty -DCMAKE_BUILD_TYPE=Release -DGRUNDY_NAUTY=OFF >/dev/null
cmake --build build-nonauty -j"$jobs" --target grundy_cli
python3 tests/docs_test.py --no-nauty build-nonauty/grundy .
# that build has no MPI either: --mpi says how to get it
out=$(build-nonauty/grundy --mpi value 'cram(3,3)' 2>&1) && { echo "--mpi ran without MPI"; exit 1; }
echo "$out" | grep -q "built without MPI (configure it with -DGRUNDY_MPI=ON" || { echo "--mpi without MPI: $out"; exit 1; }

# the web page: built with emscripten, driven in headless Chromium
echo "== web page"
web/build.sh
web/test/run.sh build-test-werror/grundy
