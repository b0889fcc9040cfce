#!/usr/bin/env bash
# seq --window (windowed runs) from the command line: the same values and
# histograms as the full table; a run stopped by its time limit, and one
# killed with SIGKILL at random moments, resume from the checkpoint to the
# same histograms; and the errors, each one line with exit 2.
# Usage: window_cli_test.sh GRUNDY
set -u
G="$1"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
. "$(dirname "$0")/cli_lib.sh"

# after a SIGKILL, the killed run's checkpoint lock goes with the process,
# which may take a moment on a busy disk (a kill waits for an fsync to end)
wait_unlocked() {
    for _ in $(seq 1 100); do
        python3 -c "import fcntl, sys; f = open(sys.argv[1], 'a'); fcntl.lockf(f, fcntl.LOCK_EX | fcntl.LOCK_NB)" "$1.lock" \
            2>/dev/null && return 0
        sleep 0.1
    done
}

# values and JSON: as the full table's
"$G" seq 'tb[0.167]' --to 30000 --quiet >"$T/full.txt"
run 0 "$G" seq 'tb[0.167]' --to 30000 --window 4096 && out_is "$(cat "$T/full.txt")"
"$G" seq 'tb[0.167]' --to 5000 --json >"$T/full.json"
full_json="$T/full.json"
run 0 "$G" seq 'tb[0.167]' --to 5000 --window 4096 --json \
    && json "{k: v for k, v in d.items() if k != 'run'} == json.load(open('$full_json'))"
# the run's figures: .167's 60 listed positions (the last at 1303, G <= 56
# up to 2^16), every value computed once, one thread asked for
run 0 "$G" seq 'tb[0.167]' --to 5000 --window 4096 --threads 1 --json \
    && json "d['run']['done'] == 5001 and d['run']['head'] == 4096 and d['run']['window'] == 4096 and d['run']['listed'] == 60 and d['run']['largest_listed'] == 1303 and d['run']['threads'] == 1 and d['run']['helped'] == 0 and d['run']['far_listed'] == 0 and d['run']['slow_heaps'] == 0 and d['run']['largest_value'] == max(d['values'])"
cp "$T/out" "$T/run5000.json"
# a run shorter than the window (2^22 by default) computes no value past
# --to: its window is the run's length, 4096 at least; a checkpointed run
# keeps the window asked for, which a longer rerun resumes
run 0 "$G" seq 'tb[0.014]' --to 2^16 --window 0 --threads 1 --json --quiet \
    && json "d['run']['done'] == 65537 and d['run']['head'] == 65537 and d['run']['window'] == 65537 and len(d['values']) == 65537"
run 0 "$G" seq 'tb[0.167]' --to 100 --window 0 --threads 1 --json --quiet \
    && json "d['run']['done'] == 4096 and d['run']['window'] == 4096 and d['values'][:11] == [0, 1, 0, 2, 2, 3, 4, 1, 1, 6, 2]"
run 0 "$G" seq 'tb[0.167]' --to 100 --window 8192 --threads 1 --json --quiet --checkpoint "$T/short.ck" \
    && json "d['run']['window'] == 8192 and d['run']['done'] == 8192"
# thirteen times as many values in the same memory
run 0 "$G" seq 'tb[0.167]' --to 2^16 --window 4096 --threads 1 --json --quiet --histogram "$T/h-json" \
    && json "sorted(d) == ['ruleset', 'run'] and d['run']['done'] == 65537 and d['run']['largest_value'] == max(int(l.split()[0]) for l in open('$T/h-json/65536')) and d['run']['values_per_second'] > 0 and d['run']['memory'] == json.load(open('$T/run5000.json'))['run']['memory']"
# two threads asked for: a round of probes times heaps on one thread, with
# the helper and with the verifier in turns of 32768 (so each second
# thread computes at least two turns here), and the values are the full
# table's either way
"$G" seq 'tb[0.167]' --to 2^18 --quiet --histogram "$T/h-167-full"
run 0 "$G" seq 'tb[0.167]' --to 2^18 --window 4096 --threads 2 --json --quiet --histogram "$T/h-167-two" \
    && json "d['run']['helped'] >= 120000 and d['run']['verified'] >= 60000 and d['run']['sent_back'] >= 0 and d['run']['threads'] == 2 and d['run']['done'] == 262145"
if diff -r "$T/h-167-full" "$T/h-167-two" >/dev/null && [ -f "$T/h-167-two/262144" ]; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL: two-thread histograms differ"; fi
run 0 "$G" seq 'tb[0.167]' --to 2^5 --window 4096 && out_is "0 1 0 2 2 3 4 1 1 6 2 2 4 4 1 1 3 3 5 4 4 6 6 3 3 1 5 8 6 6 10 4 4"

# histograms: as the full table's, at every power of two
"$G" seq 'tb[0.6]' --to 2^18 --quiet --histogram "$T/h-full"
run 0 "$G" seq 'tb[0.6]' --to 2^18 --window 65536 --quiet --histogram "$T/h-win" && out_is ""
if diff -r "$T/h-full" "$T/h-win" >/dev/null && [ -f "$T/h-win/262144" ]; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL: windowed histograms differ"; fi
# Officers on two threads: the probes' turns with a second thread at least
# (whether it runs after them depends on the machine), the same histograms
run 0 "$G" seq 'tb[0.6]' --to 2^18 --window 65536 --threads 2 --json --quiet --histogram "$T/h-win2" \
    && json "d['run']['done'] == 262145 and d['run']['head'] == 65536 and d['run']['helped'] >= 65000 and d['run']['threads'] == 2"
if diff -r "$T/h-full" "$T/h-win2" >/dev/null && [ -f "$T/h-win2/262144" ]; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL: two-thread Officers histograms differ"; fi

# threads 1, 2, 3, 4 and 8 (more than the cores: the verifiers' way runs
# one stepping thread and T - 1 verifiers) give the full table's
# histograms, for .167, Officers and .014 to 2^20
for g in 0.167 0.6 0.014; do
    "$G" seq "tb[$g]" --to 2^20 --quiet --histogram "$T/h-$g-full"
    for t in 1 2 3 4 8; do
        run 0 "$G" seq "tb[$g]" --to 2^20 --window 65536 --threads $t --json --quiet --histogram "$T/h-$g-$t" \
            && json "d['run']['done'] == 2**20 + 1 and 1 <= d['run']['threads'] <= $t"
        if diff -r "$T/h-$g-full" "$T/h-$g-$t" >/dev/null && [ -f "$T/h-$g-$t/1048576" ]; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL: tb[$g] on $t threads: the histograms differ"; fi
    done
done

# stopped by the time limit, then resumed: the same histograms (.167, whose
# head of 4096 values is done well within the second, also in a Debug build)
"$G" seq 'tb[0.167]' --to 2^24 --quiet --histogram "$T/h-full20"
run 2 "$G" seq 'tb[0.167]' --to 2^24 --window 4096 --threads 1 --quiet --histogram "$T/h-ck" --checkpoint "$T/ck" --max-seconds 1 --json \
    && err_has "are saved in" && json "sorted(d) == ['ruleset', 'run'] and 4096 <= d['run']['done'] <= 2**24"
run 0 "$G" seq 'tb[0.167]' --to 2^24 --window 4096 --quiet --histogram "$T/h-ck" --checkpoint "$T/ck"
if diff -r "$T/h-full20" "$T/h-ck" >/dev/null; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL: resumed histograms differ"; fi

# killed with SIGKILL at random moments (checkpoints every 50 ms), rerun each time
rm -rf "$T/h-kill" "$T/kk"
RANDOM=33
for i in 1 2 3 4; do
    { timeout -s KILL 0.$((2 + RANDOM % 6)) "$G" seq 'tb[0.6]' --to 2^18 --window 65536 --quiet --histogram "$T/h-kill" \
        --checkpoint "$T/kk" --checkpoint-ms 50 >/dev/null 2>&1; } 2>/dev/null
done
wait_unlocked "$T/kk"
run 0 "$G" seq 'tb[0.6]' --to 2^18 --window 65536 --quiet --histogram "$T/h-kill" --checkpoint "$T/kk"
if diff -r "$T/h-full" "$T/h-kill" >/dev/null; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL: histograms after kill -9 differ"; fi

# errors
run 2 "$G" seq 'tb[0.167]' --to 100 --window 4096 --plot "$T/x.svg" && err_has "keeps no table for --plot" && one_line_err
run 2 "$G" seq 'tb[0.167]' --to 100 --window 100 && err_has "4096 to 2^31" && one_line_err
# a ruleset the window does not take: the whole table instead, saying so (not with a checkpoint, nor past 2^30)
run 0 "$G" seq 'sub[1,2]' --to 10 --window 4096 && out_is "0 1 2 0 1 2 0 1 2 0 1" && err_has "windowed runs take take-and-break codes" \
    && err_has "computing the whole table instead"
run 2 "$G" seq 'sub[1,2]' --to 10 --window 4096 --checkpoint "$T/subck" && err_has "windowed runs take take-and-break codes" && one_line_err
run 2 "$G" seq 'sub[1,2]' --to 2^31 && err_has "windowed runs take take-and-break codes" && one_line_err
run 2 "$G" seq 'tb[0.167]' --to 100 --window 4096 --period && err_has "not with --window" && one_line_err
run 2 "$G" seq 'tb[0.167]' --to 2^64 && err_has "needs a whole number" && one_line_err
run 2 "$G" seq grundy --to 9000 --window 4096 --histogram "$T/hg" && err_has "rare values keep coming" && one_line_err
# a heap the kept values cannot decide: exit 2 without the values; with --out FILE the run reads them back
run 2 "$G" seq 'tb[0.66]' --to 30000 --window 4096 --histogram "$T/h66" && err_has "heap 8291 is not decided" && one_line_err
"$G" seq 'tb[0.66]' --to 30000 --quiet --out "$T/v66.txt"
"$G" seq 'tb[0.66]' --to 30000 --quiet --histogram "$T/h66-full"
rm -rf "$T/h66"
run 0 "$G" seq 'tb[0.66]' --to 30000 --window 4096 --quiet --histogram "$T/h66" --out "$T/v66.bin"
pycheck "the windowed values file holds every value" <<PY
d = open("$T/v66.bin", "rb").read()
assert d[:8] == b"GRWVAL1\n", d[:8]
w = d[8]
v = [int.from_bytes(d[16 + i * w:16 + (i + 1) * w], "little") for i in range((len(d) - 16) // w)]
assert v == [int(x) for x in open("$T/v66.txt").read().split()], len(v)
PY
if diff -r "$T/h66-full" "$T/h66" >/dev/null; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL: tb[0.66] histograms with --out differ"; fi
pycheck "the windowed histograms are the counts of the values file" <<PY
import collections, os
d = open("$T/v66.bin", "rb").read()
w = d[8]
v = [int.from_bytes(d[16 + i * w:16 + (i + 1) * w], "little") for i in range((len(d) - 16) // w)]
files = sorted(int(f) for f in os.listdir("$T/h66"))
assert files == [1 << k for k in range(15)], files
for n in files:
    want = sorted(collections.Counter(v[1:n + 1]).items())
    got = [tuple(map(int, line.split())) for line in open("$T/h66/%d" % n)]
    assert got == want, n
PY
# killed part way with --out, then resumed: the values file is cut to the checkpoint and goes on
rm -rf "$T/h66k" "$T/v66k.bin" "$T/ck66"
{ timeout -s KILL 0.3 "$G" seq 'tb[0.66]' --to 2^17 --window 4096 --threads 1 --quiet --histogram "$T/h66k" --out "$T/v66k.bin" \
    --checkpoint "$T/ck66" --checkpoint-ms 30 >/dev/null 2>&1; } 2>/dev/null
wait_unlocked "$T/ck66"
run 0 "$G" seq 'tb[0.66]' --to 2^17 --window 4096 --quiet --histogram "$T/h66k" --out "$T/v66k.bin" --checkpoint "$T/ck66"
"$G" seq 'tb[0.66]' --to 2^17 --quiet --out "$T/v66k.txt"
pycheck "the resumed values file holds every value" <<PY
d = open("$T/v66k.bin", "rb").read()
w = d[8]
v = [int.from_bytes(d[16 + i * w:16 + (i + 1) * w], "little") for i in range((len(d) - 16) // w)]
assert v == [int(x) for x in open("$T/v66k.txt").read().split()], len(v)
PY
printf 'GRWIN1 tb[0.6]\nshort' >"$T/bad"
run 2 "$G" seq 'tb[0.6]' --to 9000 --window 4096 --checkpoint "$T/bad" && err_has "not a windowed run's state" && one_line_err
run 2 "$G" seq 'tb[0.77]' --to 9000 --window 4096 --checkpoint "$T/ck" && err_has "is a checkpoint of tb[0.167], not of tb[0.77]" && one_line_err
"$G" seq 'tb[0.6]' --to 100 --checkpoint "$T/tabck" >/dev/null
run 2 "$G" seq 'tb[0.6]' --to 9000 --window 4096 --checkpoint "$T/tabck" && err_has "resume it without --window" && one_line_err

run_checks
echo "window_cli_test: $pass passed, $fail failed"
[ "$fail" = 0 ]
