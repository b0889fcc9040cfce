#!/usr/bin/env bash
# CLI contract tests: output forms, JSON keys, every exit code and the
# one-line error messages with their positions. Usage: cli_test.sh GRUNDY_BINARY
set -u
G="$1"
T=$(mktemp -d)
fullpid=
trap '[ -n "$fullpid" ] && kill "$fullpid" 2>/dev/null; rm -rf "$T"' EXIT
. "$(dirname "$0")/cli_lib.sh"

# The checkpoint test's uninterrupted reference run takes seconds: it runs
# in the background while the quick tests below run (see "checkpoint and resume").
CKG='tb[0.4!]'
N=2500
"$G" seq "$CKG" --to $N --quiet >"$T/full.txt" </dev/null &
fullpid=$!

# ---- value ----
run 0 "$G" value '3 + 4 + 5' && out_is 2
run 0 "$G" value 3 + 4 + 5 && out_is 2
run 0 "$G" value 'kayles(7) + 2' && out_is 0
run 0 "$G" value 'kayles(10^18)' && out_is 1
run 0 "$G" value '18446744073709551615 + 1' && out_is 18446744073709551614
run 0 "$G" value 'sub[1,2,4](1000000000000)' && out_is 1

# ---- solve ----
run 0 "$G" solve '3 + 4 + 5' && out_has 'outcome:  N' && out_has '1 + 4 + 5'
run 0 "$G" solve '1 + 2 + 3' && out_has 'outcome:  P'
run 0 "$G" solve --json '3 + 4 + 5' && json 'd["outcome"]=="N" and d["value"]==2 and d["winning_moves"]==["1 + 4 + 5"] and d["method"]=="sg-theorem"'
run 0 "$G" solve '1 + 2 + 3' --json && json 'd["outcome"]=="P" and d["value"]==0 and d["winning_moves"]==[]'
run 0 "$G" solve --json 'kayles(7)' && json 'd["value"]==2 and sorted(d["winning_moves"])==["kayles(1,4)","kayles(3,3)"] and d["winning_moves_complete"]'
run 0 "$G" solve --json 'kayles(7) + 3' --max-moves 1 && json 'len(d["winning_moves"])==1 and not d["winning_moves_complete"]'
run 0 "$G" solve --json 'kayles(10^18)' && json 'd["value"]==1 and len(d["winning_moves"])>0'
run 0 "$G" solve --json 'nim(5,3) + 7' && json 'd["value"]==1 and {(m["component"],m["to"]) for m in d["moves"]}=={(0,"nim(4,3)"),(0,"nim(5,2)"),(1,"6")}'

# ---- compound play ----
run 0 "$G" solve --misere --json 'kayles(8)' && json 'd["outcome"]=="N" and d["sj"]=="P" and d["method"]=="quotient" and d["value"]==1 and d["play"]=="misere" and len(d["winning_moves"])==2'
run 0 "$G" solve --misere --json '1 + 1' && json 'd["outcome"]=="N" and d["method"]=="sj-theorem" and sorted(d["winning_moves"])==["0 + 1","1 + 0"]'
run 0 "$G" solve --misere --json '1 + 1 + 1' && json 'd["outcome"]=="P" and d["winning_moves"]==[]'
run 0 "$G" solve --misere --json '2 + 2' && json 'd["outcome"]=="P"'
run 0 "$G" solve --misere 'kayles(8)' && out_has 'sj rule:  P (wrong here' && out_has 'kayles(3,3)'
run 0 "$G" solve --misere --json 'sub[1,2](2) + sub[1,2](4)' && json 'd["method"] in ("genus","search","sj-theorem","quotient")'
run 2 "$G" solve --misere --search-limit 10 'kayles(30) + tb[0.07](31)' && err_has "exceeds its bound of 10 positions" && one_line_err
# misère quotients
run 0 "$G" quotient 'tb[0.07]' --to 10 --json && json 'd["size"]==12 and [g["heap"] for g in d["generators"]]==[2,4,10] and d["p_portion"]==["a","a c","b^2"] and d["heaps"][:5]==["1","1","a","a","b"] and len(d["relations"])==6 and d["to"]==10'
run 0 "$G" quotient kayles --to 12 && out_has 'size 24, P-portion 8' && out_has '  5: c'
run 0 "$G" solve --misere --json 'tb[0.07](20,21,25)' && json 'd["method"]=="quotient" and d["outcome"]=="N" and sorted(d["winning_moves"])==["tb[0.07](4,14,21,25)","tb[0.07](9,9,21,25)"]'
run 0 "$G" quotient kayles --to 200 --json && json 'd["size"]==40 and d["period"]=={"preperiod":71,"period":12}'
run 0 "$G" quotient 'tb[0.07]' --to 10 --json && json 'd["period"] is None'
run 0 "$G" solve --misere --json 'kayles(1000000000000000000) + kayles(7)' && json 'd["method"]=="quotient" and d["outcome"]=="N" and "kayles(1000000000000000000) + kayles(2,3)" in d["winning_moves"]'
run 0 "$G" genus 'kayles(100000)' --json && json 'd["method"]=="quotient" and d["g"]==1 and d["gamma"]==[1,3,1,3,1,3,1,3] and d["genus"]=="1^{13}"'
run 0 "$G" genus 'kayles(7)' --json && json 'd["method"]=="search"'
run 2 "$G" solve --misere --search-limit 10 'kayles(30) + kayles(31)' && err_has "exceeds its bound of 10 positions" && err_has "misère quotient was not proved" && one_line_err
run 2 "$G" quotient kayles && err_has "--to" && one_line_err
run 2 "$G" quotient wythoff --to 5 && err_has "heap rulesets" && one_line_err
run 2 "$G" quotient 'tb[0.07]' --to 30 --search-limit 1000 && err_has "proved up to heap 21 (24 elements) but not at heap 22: the proof needs more than 1000 states" && one_line_err
run 2 "$G" quotient kayles --to 100001 && err_has "too large" && one_line_err
run 0 "$G" solve --every --json 'kayles(5) + 3 + sub[1,2](7)' && json 'd["steps"]==[3,1,5] and d["decisive"]==2 and d["outcome"]=="N" and d["play"]=="every" and d["winning_moves"]==["kayles(2,2) + 0 + sub[1,2](6)"]'
run 0 "$G" solve --every --json '0 + 0' && json 'd["outcome"]=="P" and d["steps"]==[0,0]'
run 0 "$G" solve --moore 2 --json '3 + 5 + 6' && json 'd["outcome"]=="N" and d["k"]==2 and d["winning_moves"]==["3 + 3 + 3"]'
run 0 "$G" solve --moore 2 --json '3 + 3 + 3' && json 'd["outcome"]=="P"'
run 0 "$G" solve --moore 2 --misere --json '1 + 1 + 1' && json 'd["outcome"]=="N" and d["play"]=="misere-moore"'
run 2 "$G" solve --moore 2 '3 + kayles(4)' && err_has "nim heaps only; term 2 is kayles(4)"
run 2 "$G" solve --moore 0 '3' && err_has "--moore K needs K >= 1"
run 2 "$G" solve --every --misere '3' && err_has "choose one of"
run 0 "$G" genus 'kayles(5)' && out_is '4^{146}'
run 0 "$G" genus 0 && out_is '0^{120}'
run 0 "$G" genus 1 && out_is '1^{031}'
run 0 "$G" genus 'nim(6)' --json && json 'd["genus"]=="6^{64}" and d["gamma"][:4]==[6,4,6,4] and d["tame"]'
run 2 "$G" genus '3 + 4' && err_has "not a sum"
run 2 "$G" genus 'staircase(1,3)' && err_has "genus takes one heap"
run 0 "$G" newnim 5 5 6 6 5 5 && out_is 21
run 0 "$G" newnim 0 0 && out_is -1
run 0 "$G" newnim --json 3 3 3 && json 'd["cost"]==6 and d["wins"] and len(d["remove"])==2'
run 0 "$G" newnim 18446744073709551615 18446744073709551615 18446744073709551615 && out_is 36893488147419103230
run 2 "$G" newnim 3 'kayles(4)' && err_has "newnim takes heap sizes"
run 0 "$G" solve --json 'staircase(2,5,9)' && json 'd["value"]==2 and d["winning_moves"]==["staircase(2,5,7)"]'
run 0 "$G" value 'stairs(3,4,5) + 1' && out_is 7
run 2 "$G" value 'staircase(3,5,3)' && err_is "grundy: error: at column 15: two pieces on cell 3"
run 2 "$G" value 'staircase(0,2)' && err_has "at column 11: pieces stand on cells 1, 2"

# ---- closed forms for huge positions ----
run 0 "$G" value 'wythoff(3,5)' && out_is 0
run 0 "$G" value 'wythoff(1,1)' && out_is 2
run 0 "$G" solve --json 'wythoff(165580140,267914295)' && json 'd["outcome"]=="P" and d["value"]==0'
run 0 "$G" solve --json 'wythoff(165580141,267914296)' && json 'd["outcome"]=="N" and d["value"] is None and d["method"]=="formula" and "wythoff(165580140,267914295)" in d["winning_moves"]'
run 2 "$G" value 'wythoff(100000,7) + 3' && err_has "Grundy value is known only below" && one_line_err
run 2 "$G" value 'wythoff(1,2,3)' && err_has "wythoff takes two numbers"
run 0 "$G" solve --json 'fib(13)' && json 'd["outcome"]=="P"'
run 0 "$G" solve --json 'fib(10)' && json 'd["outcome"]=="N" and d["min_first_take"]==2'
run 0 "$G" solve --json 'fib(10^18)' && json 'd["outcome"]=="N" and d["min_first_take"]>0'
run 0 "$G" solve --json 'dyn[3](100)' && json 'd["min_first_take"]==3'
run 0 "$G" solve --json 'dyn[1](2^63)' && json 'd["outcome"]=="P"'
run 2 "$G" value 'dyn[0](5)' && err_has "dyn[k] needs k >= 1"
run 2 "$G" value 'dyn(5)' && err_has "'dyn' needs parameters"
run 0 "$G" value 'sub[1,2,10^18](10^18)' && out_is 1
run 0 "$G" value 'sub[1,2,999999999999999999](10^18)' && out_is 0
run 0 "$G" value 'coprime(9999999967)' && out_is 455052512
run 2 "$G" value 'coprime(18446744073709551557)' && err_has "beyond 10000000000"
run 0 "$G" value 'divisor(2^63)' && out_is 64
run 0 "$G" value 'pow2(10^18)' && out_is 1
run 0 "$G" value 'lasker(10^18)' && out_is 999999999999999999
run 0 "$G" value 'tb[8.3!](7)' && out_is 8
run 2 "$G" value 'lasker(18446744073709551615)' && err_has "does not fit in 64 bits"
run 0 "$G" solve --json 'euclid(10^18,3)' && json 'd["outcome"]=="N" and d["winning_moves"]==["euclid(4,3)"]'
run 0 "$G" value 'euclid(2,1)' && out_is 2
run 0 "$G" seq 'bash[2,3]' --to 9 && out_is '0 1 1 2 0 0 1 1 2 0'
run 0 "$G" solve --misere --json 'bash[2,3](6)' && json 'd["outcome"]=="P" and d["method"]=="formula"'
run 0 "$G" solve --misere --json 'bash[2,3](8)' && json 'd["outcome"]=="N" and d["winning_moves"]==["bash[2,3](6)"]'
run 2 "$G" value 'bash[3,2](5)' && err_has "needs p <= q"
run 2 "$G" value 'bash[0,2](5)' && err_has "needs p >= 1"

# ---- nimbers and product games ----
run 0 "$G" nim mul 2 2 && out_is 3
run 0 "$G" nim mul 4294967296 4294967296 && out_is 6442450944
run 0 "$G" nim mul 0x123456789abcdef0 0x76 --hex && out_is 0x84946b8cf1e11ef9
run 0 "$G" nim add 5 3 && out_is 6
run 0 "$G" nim inv 2 && out_is 3
run 0 "$G" nim div 1 3 && out_is 2
run 0 "$G" nim sqrt 3 && out_is 2
run 0 "$G" nim pow 2 3 && out_is 1
run 0 "$G" nim solve-quadratic 1 && out_is '2 3'
run 0 "$G" nim log 4294967302 && out_is 1
run 0 "$G" nim log 1 && out_is 0
A=$("$G" nim pow 4294967302 123456789012345)
run 0 "$G" nim log "$A" && out_is 123456789012345
run 2 "$G" nim log 0 && err_has "0 has no logarithm"
if [ "$(printf '2 2\n\n3 3\n0x10 0x10\n' | "$G" nim mul -)" = "$(printf '3\n2\n24')" ]; then pass=$((pass+1)); else echo "FAIL: nim batch"; fail=$((fail+1)); fi
run 2 "$G" nim div 1 0 && err_is "grundy: error: division by 0"
run 2 "$G" nim inv 0 && err_has "0 has no inverse"
run 2 "$G" nim mul 2 && err_has "nim mul takes 2 numbers"
run 2 "$G" nim mul 2 0x1ffffffffffffffff && err_has "is not a 64-bit number"
run 2 "$G" nim frob 1 && err_has "unknown nim operation 'frob'"
run 2 "$G" nim && err_has "missing OP"
printf '2 2\n3 x\n' > "$T/nimbad.txt"
if printf '2 2\n3 x\n' | "$G" nim mul - >"$T/out" 2>"$T/err"; then echo "FAIL: nim batch error"; fail=$((fail+1)); else
    if grep -q "line 2, column 3" "$T/err"; then pass=$((pass+1)); else echo "FAIL: nim batch message $(cat "$T/err")"; fail=$((fail+1)); fi; fi
# batches of more than one chunk (4096 lines go to the batch functions at a
# time): 5000 products against single queries on a sample of lines and
# against division and double inversion of the whole batch, and errors past
# the first chunk keep their line numbers
nb="$T/nimbatch.txt"
RANDOM=42
for i in $(seq 1 5000); do printf '0x%04x%04x%04x%04x %d\n' $RANDOM $RANDOM $RANDOM $RANDOM $((RANDOM * RANDOM + i)); done >"$nb"
nim_same() {  # nim_same DESCRIPTION FILE1 FILE2
    if cmp -s "$2" "$3"; then pass=$((pass+1)); else echo "FAIL: nim batch: $1"; fail=$((fail+1)); fi
}
"$G" nim mul - <"$nb" >"$T/prod.txt" 2>"$T/err"; rc=$?
if [ $rc = 0 ] && [ "$(wc -l <"$T/prod.txt")" = 5000 ] && [ ! -s "$T/err" ]; then pass=$((pass+1)); else echo "FAIL: nim mul - on 5000 lines: exit $rc"; fail=$((fail+1)); fi
for k in 1 2 31 32 33 1000 4095 4096 4097 4098 4999 5000; do
    # shellcheck disable=SC2046
    one=$("$G" nim mul $(sed -n "${k}p" "$nb"))
    if [ "$one" = "$(sed -n "${k}p" "$T/prod.txt")" ]; then pass=$((pass+1)); else echo "FAIL: nim mul - line $k is not the single product"; fail=$((fail+1)); fi
done
cut -d' ' -f1 "$nb" | while read -r a; do printf '%d\n' "$a"; done >"$T/a.txt"
cut -d' ' -f2 "$nb" >"$T/b.txt"
paste -d' ' "$T/prod.txt" "$T/b.txt" | "$G" nim div - >"$T/quot.txt"
nim_same "(a b) / b is not a" "$T/quot.txt" "$T/a.txt"
"$G" nim inv - <"$T/b.txt" | "$G" nim inv - >"$T/binv2.txt"
nim_same "inv inv b is not b" "$T/binv2.txt" "$T/b.txt"
sed '4500s/.*/3 x/' "$nb" | "$G" nim mul - >"$T/out" 2>"$T/err"; rc=$?
head -n 4499 "$T/prod.txt" >"$T/prod4499.txt"
if [ $rc = 2 ]; then pass=$((pass+1)); else echo "FAIL: a bad line 4500 of a batch gave exit $rc"; fail=$((fail+1)); fi
err_is "grundy: error: line 4500, column 3: expected a 64-bit number (decimal or 0x hex)"
nim_same "the lines before a bad line 4500" "$T/out" "$T/prod4499.txt"
sed '4097s/.*/0/' "$T/b.txt" | "$G" nim inv - >"$T/out" 2>"$T/err"; rc=$?
if [ $rc = 2 ] && [ "$(wc -l <"$T/out")" = 4096 ]; then pass=$((pass+1)); else echo "FAIL: inverse of 0 on line 4097: exit $rc"; fail=$((fail+1)); fi
err_is "grundy: error: line 4097: 0 has no inverse"
run 0 "$G" solve --json 'prod(1,2) + prod(2,1)' && json 'd["outcome"]=="P" and d["value"]==0'
run 0 "$G" solve --json 'prod(3,5)' && json 'd["value"]==15 and d["winning_moves"]==["prod(0,0) + prod(0,5) + prod(3,0)"]'
run 0 "$G" value 'prod(2,3,4)' && out_is 4
run 2 "$G" value 'prod(2)' && err_has "prod takes two or three coordinates"
run 2 "$G" solve --misere 'prod(2,3)' && err_has "normal play only"

# ---- Green Hackenbush ----
run 0 "$G" value 'hackenbush(0-1,1-2,2-0)' && out_is 1
run 0 "$G" value 'hackenbush(0-1,0-1)' && out_is 0
run 0 "$G" value 'hackenbush(0-1:3,1-2:2) + hackenbush(0-1,1-1)' && out_is 3
run 0 "$G" solve --json 'hackenbush(0-1,1-2,1-3)' && json 'd["value"]==1 and d["winning_moves"]==["hackenbush()"]'
run 0 "$G" solve --misere --json 'hackenbush(0-1,0-2)' && json 'd["outcome"]=="N" and d["method"]=="genus"'
run 0 "$G" solve --misere --json 'hackenbush(0-1,1-2,2-0,0-3)' && json 'd["method"]=="search"'
printf '4 3\n0 1\n1 2\n1 3 2\n' >"$T/g.txt"
run 0 "$G" value "hackenbush(@$T/g.txt)" && out_is 2
printf '3 2\n1 2\n2 3\n' >"$T/g1.txt"
run 0 "$G" value "hackenbush[1](@$T/g1.txt)" && out_is 2
printf '3 1\n0 1\n' >"$T/g0.txt"
run 2 "$G" value "hackenbush[1](@$T/g0.txt)" && err_has "vertex 0 is out of range (the header says 3 vertices, numbered from 1)"
printf '3 2\n0 1\n' >"$T/gt.txt"
run 2 "$G" value "hackenbush(@$T/gt.txt)" && err_has "line 3: the file ends after 1 of its 2 edges" && one_line_err
printf '3 1\n0 7\n' >"$T/gv.txt"
run 2 "$G" value "hackenbush(@$T/gv.txt)" && err_has "line 2: vertex 7 is out of range"
printf '3 1\n0 1 -1\n' >"$T/gw.txt"
run 2 "$G" value "hackenbush(@$T/gw.txt)" && err_has "line 2: negative weight"
run 2 "$G" value "hackenbush(@$T/none.txt)" && err_has "cannot open the graph file"
run 2 "$G" value 'hackenbush(0-1:0)' && err_has "at column 16: an edge needs weight >= 1"
run 2 "$G" value 'hackenbush(0-1,1)' && err_has "expected '-' between the ends of an edge"
run 2 "$G" value 'hackenbush(0-1:2,1-2,2-0)' && err_has "weighted edges are solved only as bridges"

# ---- checkpoint and resume: kill -9 mid-run, rerun, same output ----
# (tb[0.4!]: an infinite code, so no period and no sparse shortcut; each
# value scans every split of every smaller heap, so the run takes seconds)
# (the uninterrupted run, $T/full.txt, was started in the background at the top)
"$G" seq "$CKG" --to $N --checkpoint "$T/ck" --checkpoint-ms 100 --quiet >/dev/null &
ckpid=$!
sleep 0.7
kill -9 $ckpid 2>/dev/null
wait $ckpid 2>/dev/null
ckn=$(head -c 64 "$T/ck" 2>/dev/null | head -1 | cut -d' ' -f3)
if [ -n "$ckn" ] && [ "$ckn" -gt 0 ] && [ "$ckn" -lt $((N + 1)) ]; then pass=$((pass+1)); else echo "FAIL: no partial checkpoint after kill -9 (count '$ckn')"; fail=$((fail+1)); fi
run 0 "$G" seq "$CKG" --to $N --checkpoint "$T/ck" --quiet
wait "$fullpid"; fullpid=
if cmp -s "$T/out" "$T/full.txt"; then pass=$((pass+1)); else echo "FAIL: resumed output differs"; fail=$((fail+1)); fi
run 2 "$G" seq kayles --to 100 --checkpoint "$T/ck" && err_has "is a checkpoint of tb[0.4!], not of kayles"
printf 'junk' >"$T/ck2"
run 2 "$G" seq kayles --to 100 --checkpoint "$T/ck2" && err_has "is not a grundy checkpoint"
# a flipped byte in the values: ck4 is ck with its third byte from the end XOR 0x40
ckb=$(($(wc -c <"$T/ck") - 3))
cp "$T/ck" "$T/ck4"
printf "$(printf '\\%03o' $(($(od -An -tu1 -j"$ckb" -N1 "$T/ck") ^ 0x40)))" |
    dd of="$T/ck4" bs=1 seek="$ckb" conv=notrunc status=none
run 2 "$G" seq "$CKG" --to 100 --checkpoint "$T/ck4" && err_has "fails its checksum"
head -c 200 "$T/ck" >"$T/ck3"
run 2 "$G" seq "$CKG" --to 100 --checkpoint "$T/ck3" && err_has "is truncated"
# two runs on one checkpoint: the second refuses at once, the first is unharmed
"$G" seq "$CKG" --to $N --checkpoint "$T/ck5" --checkpoint-ms 100 --quiet >"$T/first.txt" </dev/null &
ck5pid=$!
for _ in $(seq 100); do [ -s "$T/ck5.lock" ] && break; sleep 0.05; done
run 2 "$G" seq "$CKG" --to $N --checkpoint "$T/ck5" --quiet &&
    err_is "grundy: error: the checkpoint '$T/ck5' is in use by another run (its lock file '$T/ck5.lock' is locked)"
wait $ck5pid; ck5rc=$?
if [ $ck5rc = 0 ] && cmp -s "$T/first.txt" "$T/full.txt"; then pass=$((pass+1)); else echo "FAIL: the first checkpointed run was harmed (exit $ck5rc)"; fail=$((fail+1)); fi
# the lock goes with its process, however it ends
run 0 "$G" seq "$CKG" --to 100 --checkpoint "$T/ck5" --quiet

# ---- census ----
run 0 "$G" census 'tb[0.??]' --to 1000 --threads 2
cp "$T/out" "$T/census_all"
pycheck "census rows" <<EOF
import json
rows = [json.loads(l) for l in open('$T/census_all')]
assert len(rows) == 63, len(rows)
by = {r['code']: r for r in rows}
assert by['tb[0.77]']['period'] == 12 and by['tb[0.77]']['preperiod'] == 71
assert by['tb[0.07]']['period'] == 34 and by['tb[0.07]']['preperiod'] == 53
assert all('max' in r and 'seconds' in r for r in rows)
EOF
: >"$T/census_shards"
for i in 0 1 2; do "$G" census 'tb[0.??]' --to 1000 --shard $i/3 | cut -d, -f1 >>"$T/census_shards"; done
if [ "$(sort "$T/census_shards")" = "$(cut -d, -f1 "$T/census_all" | sort)" ]; then pass=$((pass+1)); else echo "FAIL: shards do not cover the census"; fail=$((fail+1)); fi
run 2 "$G" census 'kayles' --to 10 && err_has "must be a take-and-break code"
"$G" census 'tb[0.?!]' --to 300 >"$T/out"
if grep -q '"code": "tb\[0.3!\]", "period": 1, "preperiod": 0, "saltus": 1' "$T/out" && grep -q '"code": "tb\[0.4!\]", "period": null, "preperiod": null, "saltus": null' "$T/out"; then pass=$((pass+1)); else echo "FAIL: census saltus"; fail=$((fail+1)); fi
run 2 "$G" census 'tb[0.??]' && err_has "usage: grundy census"
run 2 "$G" census 'tb[0.??]' --to 10 --shard 3/3 && err_has "0 <= i < n"

# ---- seq ----
run 0 "$G" seq kayles --to 11 && out_is '0 1 2 3 1 4 3 2 1 4 2 6'
run 0 "$G" seq 'sub[1,2,4]' --to 8 && out_is '0 1 2 0 1 2 0 1 2'
run 0 "$G" seq grundy --to 10 && out_is '0 0 0 1 0 2 1 0 2 1 0'
run 0 "$G" seq 'tb[0.137]' --to 0 && out_is '0'
run 2 "$G" seq kayles && err_is "grundy: error: missing --to N (see 'grundy --help')"
run 0 "$G" seq kayles --to 1000 --period --json && json 'd["proved"] and d["period"]==12 and d["preperiod"]==71'
run 0 "$G" seq dawson --to 1000 --period --json && json 'd["proved"] and d["period"]==34 and d["preperiod"]==53'
run 0 "$G" seq 'sub[2,3,7]' --to 1000 --period --json && json 'd["proved"] and d["period"]==5'
run 0 "$G" seq kayles --to 100 --period && out_has "no period proved within 101 values"
run 0 "$G" seq kayles --to 1000 --period && out_has "kayles: period 12 from n = 71"
run 0 "$G" seq kayles --to 1000 --period --json && json 'd["saltus"]==0'
# arithmetic periodicity: codes that never split, last digit repeating
run 0 "$G" seq 'tb[0.33033!]' --to 1000 --period --json && json 'd["proved"] and d["period"]==6 and d["saltus"]==3 and d["preperiod"]==0'
run 0 "$G" seq 'tb[0.03!]' --to 1000 --period && out_has "arithmetic period 2, saltus 1, from n = 0"
run 0 "$G" value 'tb[0.03!](1000000000000000001)' && out_is 500000000000000000
run 0 "$G" value 'tb[0.3!](18446744073709551615)' && out_is 18446744073709551615
run 2 "$G" seq 'tb[0.4!]' --to 100 --period && err_has "no periodicity theorem applies"
# arithmetic periodicity of splitting (hexadecimal) codes
run 0 "$G" seq 'tb[0.28]' --to 1000 --period --json && json 'd["proved"] and d["period"]==53 and d["saltus"]==16 and d["preperiod"]==1 and d["window_end"]<=d["checked"]'
run 0 "$G" seq 'tb[0.8]' --to 1000 --period && out_has "arithmetic period 3, saltus 1, from n = 1"
run 0 "$G" seq 'tb[0.8]' --to 10 --period && out_has "no period proved within 11 values"
run 0 "$G" value 'tb[0.8](18446744073709551615)' && out_is 6148914691236517204
run 0 "$G" value 'tb[0.FF](18446744073709551615)' && out_is 18446744073709551615
run 0 "$G" seq 'tb[0.3F]' --to 600 --period && out_has "no period proved"
run 0 "$G" seq 'tb[0.8]' --to 500 --plot "$T/h.svg"
pycheck "arithmetic period in the plot" <<EOF
import xml.etree.ElementTree as ET
r = ET.parse('$T/h.svg').getroot()
texts = [t.text for t in r.iter() if t.tag.endswith('text')]
assert any(t and 'arithmetic period 3, saltus 1, from n = 1' in t for t in texts), texts
EOF
run 0 "$G" census 'tb[0.?8]' --to 1000 && out_has '"code": "tb[0.28]", "period": 53, "preperiod": 1, "saltus": 16'
run 2 "$G" seq lasker --to 100 --period && err_has "no periodicity theorem applies"
run 0 "$G" seq kayles --to 2000 --plot "$T/k.svg" --out "$T/k.bin"
pycheck "plot or binary output" <<EOF
import sys, xml.etree.ElementTree as ET
r = ET.parse('$T/k.svg').getroot()
assert r.tag.endswith('svg')
texts = [t.text for t in r.iter() if t.tag.endswith('text')]
assert any(t and 'period 12 from n = 71' in t for t in texts), texts
assert sum(1 for e in r.iter() if e.tag.endswith('circle')) > 100
d = open('$T/k.bin', 'rb').read()
assert d[:6] == b'GRSEQ1' and d[6] == 1 and int.from_bytes(d[7:15], 'little') == 2001 and list(d[15:23]) == [0,1,2,3,1,4,3,2]
EOF
# ---- table: two-number games ----
run 0 "$G" table wythoff --to 100,100 --svg "$T/w.svg"
pycheck "wythoff heat map: P-positions on the two Beatty rays" <<EOF
import math, xml.etree.ElementTree as ET
r = ET.parse('$T/w.svg').getroot()
p = sorted(tuple(int(x) for x in e[0].text[2:e[0].text.index(')')].split(','))
           for e in r.iter() if e.tag.endswith('rect') and e.get('class') == 'p')
phi = (1 + 5 ** 0.5) / 2
ks = [k for k in range(1, 100) if math.floor(k * phi * phi) <= 100]
want = sorted({(0, 0)} | {(math.floor(k * phi), math.floor(k * phi * phi)) for k in ks}
              | {(math.floor(k * phi * phi), math.floor(k * phi)) for k in ks})
assert p == want, (p[:10], want[:10])
assert sum(1 for e in r.iter() if e.tag.endswith('rect') and e.get('class') in ('p', 'n')) == 101 * 101
assert any(e.get('class') == 'legend' for e in r.iter())
EOF
run 0 "$G" table wythoff --to 2,3 && out_is "$(printf 'x\\y 0 1 2 3\n  0 0 1 2 3\n  1 1 2 0 4\n  2 2 0 1 5')"
run 0 "$G" table euclid --to 2,2 --csv && out_is "$(printf 'x\\y,0,1,2\n0,0,0,0\n1,0,1,2\n2,0,2,1')"
run 2 "$G" table kayles --to 3,3 && err_has "positions are two numbers" && one_line_err
run 2 "$G" table wythoff --to 3 && err_has "--to needs W,H"
run 2 "$G" table wythoff --to 3000,3 && err_has "at most 2000"
run 2 "$G" table euclid --to 300,300 --search-limit 100 && err_has "(raise the search limit with --search-limit N)" && one_line_err
# table takes the options value and solve take, read by the same code:
# --search-limit bounds the search of a rule (this one is Wythoff's game),
# --max-seconds the whole table, --quiet the progress line
wyrule='rule[(x,y) -> (x-k,y) for k in 1..x; (x,y) -> (x,y-k) for k in 1..y; (x,y) -> (x-k,y-k) for k in 1..min(x,y)]'
run 2 "$G" table "$wyrule" --to 40,40 --search-limit 100 && err_has "exceeds its bound of 100 positions" && err_has "with --search-limit N)" && one_line_err
run 0 "$G" table wythoff --to 40,40 --csv && cp "$T/out" "$T/wythoff.csv"
run 0 "$G" table "$wyrule" --to 40,40 --search-limit 100000000 --csv && out_has "40,40,41,39,38,43,42,44,32,37,47" &&
    if cmp -s "$T/out" "$T/wythoff.csv"; then pass=$((pass+1)); else echo "FAIL: the rule's table is not wythoff's"; fail=$((fail+1)); fi
run 0 "$G" table wythoff --to 2,3 --quiet --search-limit 5 --max-seconds 0 && out_is "$(printf 'x\\y 0 1 2 3\n  0 0 1 2 3\n  1 1 2 0 4\n  2 2 0 1 5')"
t0=$(date +%s%N)
# (a condition in each clause: not whole lines, so every option is looked up and the table takes long)
slowrule='rule[(x,y) -> (x-k,y) for k in 1..x if k > 0; (x,y) -> (x,y-k) for k in 1..y if k > 0; (x,y) -> (x-k,y-k) for k in 1..min(x,y) if k > 0]'
run 2 timeout 30 "$G" table "$slowrule" --to 2000,2000 --search-limit 100000000 --max-seconds 1 &&
    err_has "the time limit of 1 s was reached in the " && err_has "(raise the time limit with --max-seconds S)" && one_line_err
ms=$((($(date +%s%N) - t0) / 1000000))
if [ $ms -lt 3000 ] || { [ "${2:-}" = sanitize ] && [ $ms -lt 8000 ]; }; then pass=$((pass+1)); else echo "FAIL: table --max-seconds 1 stopped after $ms ms"; fail=$((fail+1)); fi
# a table whose values each take milliseconds polls the clock by elapsed
# time, not every 4096 values (issue 30: this ran 74.7 s against 60)
t0=$(date +%s%N)
# (on a loaded machine or a sanitizer build the second runs out in the
# pair table of the three-way splits, before the value table: both phases
# must stop in time, and the message names the one that ran out)
run 2 timeout 30 "$G" value --max-seconds 1 'tb[8.1](901485980,2690213400624682273)' &&
    err_has "the time limit of 1 s was reached in the " && one_line_err &&
    if grep -qF -e "in the table of tb[8.1]" -e "in the three-way splits' pair table" "$T/err"; then pass=$((pass+1));
    else echo "FAIL: tb[8.1] stopped in an unnamed phase: $(cat "$T/err")"; fail=$((fail+1)); fi
ms=$((($(date +%s%N) - t0) / 1000000))
# (1.0 s in a Release build; the test builds are Debug, where a block of
# this code's values can run about a second between two looks at the clock)
if [ $ms -lt 2500 ] || { [ "${2:-}" = sanitize ] && [ $ms -lt 5000 ]; }; then pass=$((pass+1)); else echo "FAIL: tb[8.1] --max-seconds 1 stopped after $ms ms"; fail=$((fail+1)); fi
run 2 "$G" table wythoff --to 3,3 --json && err_is "grundy: error: unknown option '--json' for table (see 'grundy --help')"
run 2 "$G" table wythoff --to 3,3 --search-limit && err_is "grundy: error: option '--search-limit' needs a value (see 'grundy --help')"
run 2 "$G" table wythoff --to 3,3 --max-seconds 2000000000 && err_is "grundy: error: --max-seconds needs a number of seconds from 0 (no limit) to 10^9"
# the other bounds' refusals name their options too
run 2 "$G" solve --misere --search-limit 10 'kayles(30) + kayles(31)' && err_has "(raise the search limit with --search-limit N); its heaps'" && one_line_err
run 2 "$G" value 'wythoff(100000,7) + 3' && err_has "known only below 4096 in each number (the largest table)" && one_line_err
# wythoff's table counts its cells as a rule's dense table does (16 x the search limit)
run 0 "$G" value 'wythoff(1000,1000)' && out_is 1499
run 2 "$G" value 'wythoff(1000,1000)' --search-limit 1000 && err_has "needs a table of 1001 x 1001 cells, more than 16 x the search limit of 1000 (raise the search limit with --search-limit N)" && one_line_err
run 2 "$G" quotient 'tb[0.07]' --to 30 --search-limit 10 && err_has "the proof needs more than 10 states (raise the search limit with --search-limit N)"
run 0 "$G" seq 'sub[1,2,4]' --to 8 --out "$T/s.txt" && [ "$(cat "$T/s.txt")" = '0 1 2 0 1 2 0 1 2' ] && pass=$((pass+1))
run 2 "$G" seq kayles --to 10 --plot /nonexistent/dir/x.svg && err_has "cannot write"
# --histogram DIR: a file per power of two, against counts of G(1..N) made here from the values
rm -rf "$T/hist"
run 0 "$G" seq 'tb[0.137]' --to 300 --histogram "$T/hist" --out "$T/v137.txt" && out_is ""
ok=1
[ "$(ls "$T/hist" | sort -n | tr '\n' ' ')" = "1 2 4 8 16 32 64 128 256 " ] || ok=0
for N in 1 2 4 8 16 32 64 128 256; do
    want=$(tr ' ' '\n' <"$T/v137.txt" | sed -n "2,$((N + 1))p" | sort -n | uniq -c | awk '{print $2, $1}')
    [ "$(cat "$T/hist/$N")" = "$want" ] || { ok=0; echo "  histogram $N differs"; }
done
[ "$(cat "$T/hist/256" | awk '{s += $2} END {print s}')" = 256 ] || ok=0
if [ $ok = 1 ]; then pass=$((pass+1)); else fail=$((fail+1)); echo "FAIL: seq --histogram"; fi
printf x >"$T/notdir"
run 2 "$G" seq kayles --to 10 --histogram "$T/notdir" && err_has "is not a directory" && one_line_err
run 2 "$G" seq kayles --to -5 && err_has "needs a whole number" && one_line_err
run 2 "$G" seq kayles --to 99999999999999999999 && err_has "needs a whole number"
run 2 "$G" seq 'kaylez' --to 5 && err_is "grundy: error: at column 1: unknown ruleset 'kaylez' (see 'grundy help rulesets')"
run 2 "$G" seq 'sub[]' --to 5 && err_is "grundy: error: at column 5: empty subtraction set: give at least one positive number"

# ---- input from files and stdin ----
printf '3\n4\n# comment\n\n5\n' >"$T/pos.txt"
run 0 "$G" value "@$T/pos.txt" && out_is 2
run 0 "$G" value --file "$T/pos.txt" && out_is 2
if [ "$(printf '3 + 4\n+ 5\n' | "$G" value -)" = 2 ]; then pass=$((pass+1)); else echo "FAIL: stdin"; fail=$((fail+1)); fi
printf '3\n4\nkayles(5\n' >"$T/trunc.txt"
run 2 "$G" value "@$T/trunc.txt" && err_is "grundy: error: $T/trunc.txt: at line 3, column 9: expected ',' or ')', found the end of the line"
: >"$T/empty.txt"
run 2 "$G" value "@$T/empty.txt" && err_has "empty position"
run 2 "$G" value "@$T/missing.txt" && err_has "cannot open" && one_line_err
run 2 "$G" value --file "$T/pos.txt" 3 && err_has "not both"

run_checks
echo "cli_test: $pass passed, $fail failed"
[ "$fail" = 0 ]
