#!/usr/bin/env bash
# A census of take-and-break codes as a Slurm array job: array task i of n
# computes every n-th code of the pattern from the i-th (grundy census
# --shard i/n) into OUTDIR/shard-i.jsonl, and grundy census-merge joins the
# shards, checking that every code is there exactly once.
#
#   jid=$(sbatch --parsable examples/slurm-census.sh 'tb[0.???]' 100000 results)
#   sbatch --dependency=afterok:$jid --wrap \
#       "grundy census-merge 'tb[0.???]' results/shard-*.jsonl > census.jsonl"
#
# Change --array to choose the number of shards (any range: the script
# numbers the shards from the array's first index). A shard is written to a
# .part file and renamed when complete, so a killed task leaves no shard
# behind, and the merge names the codes it lacks; resubmit that task with
# sbatch --array=K. GRUNDY=path picks the grundy binary.
#SBATCH --job-name=grundy-census
#SBATCH --array=0-15
#SBATCH --cpus-per-task=2
#SBATCH --time=04:00:00
#SBATCH --output=census-%A_%a.log
set -euo pipefail

pattern=${1:?usage: slurm-census.sh PATTERN N [OUTDIR]}
to=${2:?usage: slurm-census.sh PATTERN N [OUTDIR]}
out=${3:-.}
grundy=${GRUNDY:-grundy}
id=${SLURM_ARRAY_TASK_ID:?not a Slurm array task: submit with sbatch (see the top of this file)}
count=${SLURM_ARRAY_TASK_COUNT:?not a Slurm array task}
i=$((id - ${SLURM_ARRAY_TASK_MIN:-0}))

mkdir -p "$out"
"$grundy" census "$pattern" --to "$to" --shard "$i/$count" --threads "${SLURM_CPUS_PER_TASK:-1}" \
    > "$out/shard-$i.jsonl.part"
mv "$out/shard-$i.jsonl.part" "$out/shard-$i.jsonl"
echo "shard $i/$count of $pattern to $to: $(wc -l < "$out/shard-$i.jsonl") codes in $out/shard-$i.jsonl"
