#!/usr/bin/env bash
# examples/slurm-seq.sh, run as Slurm would run it (its variables set):
# killed with SIGKILL part way (as pre-emption does), then run again, it
# must leave the same values and histograms as one uninterrupted grundy
# seq; outside a Slurm job it must refuse to run.
# Usage: slurm_seq_test.sh GRUNDY SOURCE_DIR
set -euo pipefail
g=$1
src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "slurm_seq_test: $*" >&2; exit 1; }
game='tb[0.6]'
to=524288

"$g" seq "$game" --to $to --quiet --histogram "$work/direct-hist" --out "$work/direct.bin"
export GRUNDY=$g SLURM_JOB_ID=7 CHECKPOINT_MS=100
# pre-emption: the job's whole process group (the script and grundy, as
# Slurm kills every process of a job) killed after SECONDS
preempt() {
    local secs=$1
    shift
    (
        set -m # the job gets a process group of its own
        "$@" >/dev/null 2>&1 &
        pid=$!
        sleep "$secs"
        kill -KILL -- -"$pid" 2>/dev/null || true
        wait "$pid" 2>/dev/null || true
    ) 2>/dev/null
}
# the first start is killed after half a second (pre-empted); the requeued one finishes
preempt 0.5 env SLURM_RESTART_COUNT=0 bash "$src/examples/slurm-seq.sh" "$game" $to "$work/run"
resumed=no
[ -f "$work/run/checkpoint" ] && [ ! -f "$work/run/values.bin" ] && resumed=yes
SLURM_RESTART_COUNT=1 bash "$src/examples/slurm-seq.sh" "$game" $to "$work/run" >/dev/null || fail "the requeued run failed"
cmp -s "$work/direct.bin" "$work/run/values.bin" || fail "the values differ from an uninterrupted run"
diff -r "$work/direct-hist" "$work/run/hist" >/dev/null || fail "the histograms differ from an uninterrupted run"
[ -f "$work/run/hist/524288" ] || fail "no histogram at 2^19"
# windowed (WINDOW set): killed and requeued, the same histograms
preempt 0.5 env WINDOW=65536 SLURM_RESTART_COUNT=0 bash "$src/examples/slurm-seq.sh" "$game" $to "$work/wrun"
WINDOW=65536 SLURM_RESTART_COUNT=1 bash "$src/examples/slurm-seq.sh" "$game" $to "$work/wrun" >/dev/null 2>&1 || fail "the requeued windowed run failed"
diff -r "$work/direct-hist" "$work/wrun/hist" >/dev/null || fail "the windowed run's histograms differ from an uninterrupted run"
[ ! -e "$work/wrun/values.bin" ] || fail "a windowed run wrote a values file"
if env -u SLURM_JOB_ID bash "$src/examples/slurm-seq.sh" "$game" 10 "$work/x" 2>/dev/null; then fail "slurm-seq.sh ran outside a Slurm job"; fi
echo "slurm_seq_test: a run killed part way (resumed from a checkpoint: $resumed) and requeued equals an uninterrupted run, windowed too; outside Slurm it refuses"
