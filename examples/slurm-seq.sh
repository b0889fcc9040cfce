#!/usr/bin/env bash
# One long run of a heap game (an octal code, say) as a Slurm job that
# survives pre-emption: the values are checkpointed every few seconds, and
# when Slurm requeues the job (--requeue) the rerun resumes from the last
# checkpoint (grundy seq --checkpoint is kill -9 safe). At the end OUTDIR
# holds the values (values.bin, grundy's binary form), and hist/N, for each
# power of two N, the frequency of every value among G(1..N) in the form
# research runs publish (grundy seq --histogram).
#
#   sbatch examples/slurm-seq.sh 'tb[0.167]' 2^29 runs/0.167
#
# With WINDOW=W the run is windowed (grundy seq --window W, W = 0 for
# 2^22): memory stays flat whatever N, the checkpoint holds the window and
# the histogram's counts, no values file is written, and a progress line
# goes to the log at each power of two from 2^24:
#
#   WINDOW=0 sbatch examples/slurm-seq.sh 'tb[0.167]' 2^36 runs/0.167
#
# GRUNDY=path picks the grundy binary; CHECKPOINT_MS the checkpoint
# interval (default 5000).
#SBATCH --job-name=grundy-seq
#SBATCH --requeue
#SBATCH --open-mode=append
#SBATCH --time=24:00:00
#SBATCH --output=seq-%j.log
set -euo pipefail

game=${1:?usage: slurm-seq.sh GAME N [OUTDIR]}
to=${2:?usage: slurm-seq.sh GAME N [OUTDIR]}
out=${3:-.}
grundy=${GRUNDY:-grundy}
: "${SLURM_JOB_ID:?not a Slurm job: submit with sbatch (see the top of this file)}"

mkdir -p "$out"
echo "$game to $to: job $SLURM_JOB_ID, start ${SLURM_RESTART_COUNT:-0}"
if [ -n "${WINDOW:-}" ]; then
    "$grundy" seq "$game" --to "$to" --window "$WINDOW" --checkpoint "$out/checkpoint" \
        --checkpoint-ms "${CHECKPOINT_MS:-5000}" --histogram "$out/hist"
    echo "$game to $to: done; frequencies in $out/hist"
else
    "$grundy" seq "$game" --to "$to" --quiet --checkpoint "$out/checkpoint" --checkpoint-ms "${CHECKPOINT_MS:-5000}" \
        --histogram "$out/hist" --out "$out/values.bin"
    echo "$game to $to: done; values in $out/values.bin, frequencies in $out/hist"
fi
