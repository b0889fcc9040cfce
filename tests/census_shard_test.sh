#!/usr/bin/env bash
# A census split into shards and joined again equals one unsharded run:
# through examples/slurm-census.sh (run as Slurm would, one array task at a
# time with Slurm's variables set) and through GNU parallel. Then
# grundy census-merge must refuse a missing shard, a shard given twice, a
# shard cut short and shards of different runs (exit 2, nothing printed).
# Usage: census_shard_test.sh GRUNDY SOURCE_DIR
set -euo pipefail
g=$1
src=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
fail() { echo "census_shard_test: $*" >&2; exit 1; }
pat='tb[0.??]'
to=400
strip() { sed 's/, "seconds": [0-9.]*}$/}/' "$1"; }

"$g" census "$pat" --to $to --threads 1 > "$work/all.jsonl"
[ "$(wc -l < "$work/all.jsonl")" = 63 ] || fail "the unsharded census does not have 63 codes"
strip "$work/all.jsonl" > "$work/all.txt"

# 1. the Slurm array script: tasks 1..5 (an array that does not start at 0)
for id in 1 2 3 4 5; do
    SLURM_ARRAY_TASK_ID=$id SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_COUNT=5 SLURM_CPUS_PER_TASK=1 GRUNDY=$g \
        bash "$src/examples/slurm-census.sh" "$pat" $to "$work/slurm" >/dev/null || fail "slurm-census.sh task $id failed"
done
ls "$work/slurm"/*.part >/dev/null 2>&1 && fail "a .part file was left behind"
"$g" census-merge "$pat" "$work/slurm"/shard-*.jsonl > "$work/slurm.jsonl" || fail "census-merge of the Slurm shards failed"
strip "$work/slurm.jsonl" | cmp -s - "$work/all.txt" || fail "the merged Slurm shards differ from the unsharded census"
# outside Slurm, the script says so
if GRUNDY=$g bash "$src/examples/slurm-census.sh" "$pat" $to "$work/x" 2>/dev/null; then fail "slurm-census.sh ran outside an array job"; fi

# 2. GNU parallel
command -v parallel >/dev/null || fail "GNU parallel is not installed (apt-get install parallel)"
mkdir "$work/par"
parallel --will-cite -j2 "\"$g\" census '$pat' --to $to --threads 1 --shard {}/4 > \"$work/par\"/{}.jsonl" ::: 0 1 2 3 ||
    fail "the GNU parallel run failed"
"$g" census-merge "$pat" "$work/par"/{3,1,0,2}.jsonl > "$work/par.jsonl" || fail "census-merge of the parallel shards failed"
strip "$work/par.jsonl" | cmp -s - "$work/all.txt" || fail "the merged parallel shards differ from the unsharded census"

# 3. what the merge refuses
refuse() { # expected-message-part pattern files...
    local want=$1
    shift
    set +e
    "$g" census-merge "$@" > "$work/out" 2> "$work/err"
    local rc=$?
    set -e
    [ $rc = 2 ] || fail "census-merge exited $rc, not 2, for: $want"
    [ ! -s "$work/out" ] || fail "census-merge printed rows although it refused: $want"
    grep -q -- "$want" "$work/err" || fail "census-merge said '$(cat "$work/err")', expected '$want'"
    [ "$(wc -l < "$work/err")" = 1 ] || fail "census-merge's error is not one line"
}
p=$work/par
refuse "15 codes of tb\[0.??\] are missing: tb\[0.04\], tb\[0.10\]" "$pat" "$p/1.jsonl" "$p/2.jsonl" "$p/3.jsonl"
refuse "appears twice: also at $p/1.jsonl line 1" "$pat" "$p/0.jsonl" "$p/1.jsonl" "$p/1.jsonl" "$p/2.jsonl" "$p/3.jsonl"
head -c 150 "$p/2.jsonl" > "$work/cut.jsonl"
refuse "cut.jsonl: line 2: the file ends in the middle of a line" "$pat" "$p/0.jsonl" "$p/1.jsonl" "$work/cut.jsonl" "$p/3.jsonl"
"$g" census "$pat" --to 100 --threads 1 --shard 3/4 > "$work/other.jsonl"
refuse "computed to 100, but" "$pat" "$p/0.jsonl" "$p/1.jsonl" "$p/2.jsonl" "$work/other.jsonl"
refuse "is not a code of the pattern 'tb\[4.??\]'" "tb[4.??]" "$p/0.jsonl"
printf '{"code": "tb[0.12]"\n' > "$work/junk.jsonl"
refuse "junk.jsonl: line 1: not a census row" "$pat" "$work/junk.jsonl"
refuse "cannot open" "$pat" "$work/none.jsonl"
echo "census_shard_test: Slurm array (5 tasks) and GNU parallel (4 shards) merge to the unsharded census; 7 bad merges refused"

