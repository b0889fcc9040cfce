#!/usr/bin/env bash
# Runs every libFuzzer target for SECONDS each (default 30), each from a
# copy of its corpus in a scratch folder (what the run finds is not added
# to the repository). Needs clang with libFuzzer; without it, says so and
# exits 0. A crash, a timeout or a leak stops with exit 1 and names the
# input that caused it (kept in the scratch folder, printed). The last
# status line of each target (executions, coverage) is printed.
#
#   tests/fuzz/run.sh [SECONDS] [TARGET...]      targets: parse files rule cli
#   GRUNDY_FUZZ_BUILD=DIR   the build folder (default build-fuzz)
set -euo pipefail
cd "$(dirname "$0")/../.."
secs=${1:-30}
shift || true
targets=("$@")
[ ${#targets[@]} -gt 0 ] || targets=(parse files rule cli)
build=${GRUNDY_FUZZ_BUILD:-build-fuzz}
cc=$(command -v clang || true)
if [ -z "$cc" ]; then echo "fuzz: no clang here, skipped"; exit 0; fi
probe=$(mktemp -d)
trap 'rm -rf "$probe"' EXIT
printf 'int LLVMFuzzerTestOneInput(const char *d, unsigned long n) { (void)d; (void)n; return 0; }\n' >"$probe/p.c"
if ! "$cc" -fsanitize=fuzzer,address,undefined "$probe/p.c" -o "$probe/p" 2>/dev/null; then
    echo "fuzz: $cc cannot build libFuzzer targets here, skipped"
    exit 0
fi
cmake -S . -B "$build" -DCMAKE_C_COMPILER="$cc" -DGRUNDY_FUZZ=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$build" -j"$(nproc 2>/dev/null || echo 2)" --target $(printf 'fuzz_%s ' "${targets[@]}") >/dev/null
work=$(mktemp -d "${TMPDIR:-/tmp}/grundy-fuzz.XXXXXX")
status=0
for t in "${targets[@]}"; do
    src=tests/fuzz/corpus_$t
    [ "$t" = parse ] && src=tests/fuzz/corpus
    mkdir -p "$work/$t/corpus" "$work/$t/artifacts"
    cp "$src"/* "$work/$t/corpus/"
    set +e
    "$build/tests/fuzz_$t" "$work/$t/corpus" -max_total_time="$secs" -timeout=20 -rss_limit_mb=2048 \
        -close_fd_mask=2 -print_final_stats=1 -artifact_prefix="$work/$t/artifacts/" >"$work/$t/log" 2>&1
    rc=$?
    set -e
    runs=$(grep -o 'stat::number_of_executed_units: *[0-9]*' "$work/$t/log" | grep -o '[0-9]*$' || true)
    cov=$(grep -o 'cov: [0-9]* ft: [0-9]*' "$work/$t/log" | tail -1 || true)
    if [ $rc -ne 0 ]; then
        echo "fuzz_$t: FAILED (exit $rc) after ${runs:-?} executions; input: $(ls "$work/$t/artifacts/"* 2>/dev/null | head -1)"
        grep -m1 -E 'ERROR|SUMMARY|ALARM' "$work/$t/log" || true
        status=1
    else
        echo "fuzz_$t: ${secs} s, ${runs:-?} executions, $cov, corpus $(ls "$work/$t/corpus" | wc -l) inputs"
    fi
done
[ $status = 0 ] && rm -rf "$work" || echo "fuzz: logs and inputs in $work"
exit $status
