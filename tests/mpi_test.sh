#!/usr/bin/env bash
# --mpi (cli/farm.h) against the same binary on one process: value and
# solve of random boards, graphs and sums under mpirun -n 2 and
# -n 4 --oversubscribe give the serial output byte for byte; a census of
# 511 codes under -n 2 and -n 3 gives the serial census, and one whose
# rank is killed resumes from its --checkpoint (the seconds
# column aside); a rank killed in the middle of a search gives a clear
# error on rank 0 and no hang; --mpi with a command it does not run is
# refused. GRUNDY_TEST_SEED replays a seed, GRUNDY_TEST_SCALE runs more.
# Usage: mpi_test.sh GRUNDY
set -uo pipefail
g=$1
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1 OMPI_MCA_rmaps_base_oversubscribe=1
# OpenMPI's own allocations are not ours to check (the sanitizer build)
export ASAN_OPTIONS=${ASAN_OPTIONS:-}:detect_leaks=0
seed=${GRUNDY_TEST_SEED:-56}
scale=${GRUNDY_TEST_SCALE:-1}
echo "seed=$seed (GRUNDY_TEST_SEED replays it)"
RANDOM=$seed
fail=0 checks=0
run() { timeout 120 mpirun -n "$1" --oversubscribe "$g" --mpi "${@:2}"; }

# a random board of R x C with some cells taken
board() {
    local R=$1 C=$2 rows=() r c row
    for ((r = 0; r < R; r++)); do
        row=""
        for ((c = 0; c < C; c++)); do ((RANDOM % 6 == 0)) && row+="#" || row+="."; done
        rows+=("$row")
    done
    local IFS=/
    echo "${rows[*]}"
}

positions=("cram(4,5)" "nodekayles[grid](3,9)" "cram(3,4)+cram(2,5)+3" "arckayles(0-1,1-2,2-3,3-0,0-4,4-5,5-6)")
for ((i = 0; i < 6 * scale; i++)); do
    positions+=("cram($(board $((3 + RANDOM % 3)) $((4 + RANDOM % 3))))")
    positions+=("nodekayles[grid]($(board 3 $((5 + RANDOM % 5))))")
done
positions+=("cram($(board 4 5)) + nodekayles[grid]($(board 2 6)) + 2")
for p in "${positions[@]}"; do
    for cmd in value solve; do
        want=$("$g" "$cmd" "$p" 2>&1)
        wrc=$?
        for n in 2 4; do
            checks=$((checks + 1))
            got=$(run $n "$cmd" "$p" 2>/tmp/mpi_test.$$)
            grc=$?
            if [ $grc -ne $wrc ]; then
                echo "FAIL: $cmd '$p' on $n ranks: exit $grc, one process $wrc"; cat /tmp/mpi_test.$$
                fail=$((fail + 1))
            elif [ "$got" != "$want" ]; then
                echo "FAIL: $cmd '$p' on $n ranks:"; diff <(echo "$want") <(echo "$got") | head -5; cat /tmp/mpi_test.$$
                fail=$((fail + 1))
            elif ! grep -q "^grundy: mpi: $cmd on $n ranks" /tmp/mpi_test.$$; then
                echo "FAIL: $cmd '$p' on $n ranks: no report of the messages"; cat /tmp/mpi_test.$$
                fail=$((fail + 1))
            fi
        done
    done
done

# the documented examples (docs/boards.md, README, grundy help value)
for ex in "cram(4,7):3" "cram(5,7):1"; do
    checks=$((checks + 1))
    got=$(run 4 value "${ex%:*}" 2>/tmp/mpi_test.$$)
    [ "$got" = "${ex#*:}" ] && grep -Eq "^grundy: mpi: value on 4 ranks in [0-9.]+ s: [0-9]+ tasks \(rank 0: [0-9]+, rank 1: [0-9]+, rank 2: [0-9]+, rank 3: [0-9]+\), [0-9]+ messages, [0-9]+ bytes; positions by rank: [0-9]+, [0-9]+, [0-9]+, [0-9]+$" /tmp/mpi_test.$$ ||
        { echo "FAIL: the example value '${ex%:*}' on 4 ranks: $got"; cat /tmp/mpi_test.$$; fail=$((fail + 1)); }
done

# solve --json: the same but for the search's own counts
for n in 2 3; do
    checks=$((checks + 1))
    strip_search() { python3 -c "import json,sys; d=json.load(sys.stdin); d.pop('search', None); print(json.dumps(d, sort_keys=True))"; }
    want=$("$g" solve --json 'cram(4,6) + nodekayles[grid](2,5)' | strip_search)
    got=$(run $n solve --json 'cram(4,6) + nodekayles[grid](2,5)' 2>/tmp/mpi_test.$$ | strip_search; exit "${PIPESTATUS[0]}")
    [ $? -eq 0 ] && [ "$got" = "$want" ] || { echo "FAIL: solve --json on $n ranks"; echo "$want"; echo "$got"; cat /tmp/mpi_test.$$; fail=$((fail + 1)); }
done

# the census: one merged result, the serial one
strip() { sed "s/\"seconds\": *[0-9.]*//"; }
want=$("$g" census 'tb[0.???]' --to 80 | strip)
[ "$(echo "$want" | wc -l)" -ge 200 ] || { echo "FAIL: the census has fewer than 200 codes"; fail=$((fail + 1)); }
for n in 2 3; do
    checks=$((checks + 1))
    got=$(run $n census 'tb[0.???]' --to 80 2>/tmp/mpi_test.$$ | strip; exit "${PIPESTATUS[0]}")
    [ $? -eq 0 ] || { echo "FAIL: census on $n ranks: exit code"; cat /tmp/mpi_test.$$; fail=$((fail + 1)); }
    [ "$got" = "$want" ] || { echo "FAIL: census on $n ranks differs"; diff <(echo "$want") <(echo "$got") | head -5; fail=$((fail + 1)); }
done

# a rank killed: rank 0 says so and the job ends
checks=$((checks + 1))
timeout 100 mpirun -n 3 --oversubscribe "$g" --mpi value --max-seconds 0 'cram(5,8)' >/dev/null 2>/tmp/mpi_kill.$$ &
job=$!
victim=""
for ((t = 0; t < 100; t++)); do
    [ -n "$victim" ] && break
    sleep 0.2
    for pid in $(pgrep -f -- "--mpi value --max-seconds 0 cram"); do
        if tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -qx 'OMPI_COMM_WORLD_RANK=1'; then victim=$pid; fi
    done
done
sleep 1
if [ -n "$victim" ]; then kill -9 "$victim"; fi
wait $job
rc=$?
if [ -z "$victim" ] || [ $rc -eq 0 ] || [ $rc -eq 124 ] || ! grep -q "grundy: error: --mpi: the job was stopped" /tmp/mpi_kill.$$; then
    echo "FAIL: a killed rank: exit $rc (124: a hang)"; cat /tmp/mpi_kill.$$; fail=$((fail + 1))
fi
rm -f /tmp/mpi_kill.$$

# a census with --checkpoint: a rank killed ends the job with the codes
# done so far in the file; a rerun with the file computes the rest and
# prints the serial census
checks=$((checks + 1))
ck=/tmp/mpi_ck.$$
rm -f "$ck"
want=$("$g" census 'tb[0.??]' --to 50000 | strip)
timeout 200 mpirun -n 3 --oversubscribe "$g" --mpi census 'tb[0.??]' --to 50000 --checkpoint "$ck" >/dev/null 2>/tmp/mpi_kill.$$ &
job=$!
victim=""
for ((t = 0; t < 100; t++)); do
    [ -n "$victim" ] && break
    sleep 0.2
    for pid in $(pgrep -f -- "--mpi census tb"); do
        if tr '\0' '\n' <"/proc/$pid/environ" 2>/dev/null | grep -qx 'OMPI_COMM_WORLD_RANK=2'; then victim=$pid; fi
    done
done
# once a few codes are done
for ((t = 0; t < 100; t++)); do [ "$(wc -l 2>/dev/null < "$ck" || echo 0)" -ge 4 ] && break; sleep 0.1; done
if [ -n "$victim" ]; then kill -9 "$victim"; fi
wait $job
rc=$?
kept=$(($(wc -l < "$ck") - 1))
if [ -z "$victim" ] || [ $rc -eq 0 ] || [ $rc -eq 124 ] || ! grep -q "grundy: error: --mpi: the job was stopped" /tmp/mpi_kill.$$ || [ "$kept" -lt 3 ]; then
    echo "FAIL: a census rank killed: exit $rc, $kept codes kept"; cat /tmp/mpi_kill.$$; fail=$((fail + 1))
fi
checks=$((checks + 1))
got=$(run 2 census 'tb[0.??]' --to 50000 --checkpoint "$ck" 2>/tmp/mpi_test.$$ | strip; exit "${PIPESTATUS[0]}")
rc=$?
if [ $rc -ne 0 ] || [ "$got" != "$want" ]; then
    echo "FAIL: the census resumed from its checkpoint on 2 ranks: exit $rc"; diff <(echo "$want") <(echo "$got") | head -5; cat /tmp/mpi_test.$$; fail=$((fail + 1))
fi
rm -f "$ck" /tmp/mpi_kill.$$

# what --mpi does not run
checks=$((checks + 1))
out=$(run 2 seq kayles --to 5 2>&1); rc=$?
if [ $rc -ne 2 ] || ! echo "$out" | grep -q -- "--mpi runs value, solve and census"; then
    echo "FAIL: --mpi seq: exit $rc: $out"; fail=$((fail + 1))
fi
rm -f /tmp/mpi_test.$$
echo "mpi: $checks checks, $fail failed"
[ $fail -eq 0 ]
