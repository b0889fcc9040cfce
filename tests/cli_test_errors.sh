#!/usr/bin/env bash
# CLI contract tests, second half: the one-line errors with their positions
# and exit 2, --max-seconds, endless input, explain, the cases the fuzz
# targets found, exit 1, help and version. Usage: cli_test_errors.sh GRUNDY_BINARY
set -u
G="$1"
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
. "$(dirname "$0")/cli_lib.sh"
# Wythoff's game as a rule (cli_test.sh tables it too)
wyrule='rule[(x,y) -> (x-k,y) for k in 1..x; (x,y) -> (x,y-k) for k in 1..y; (x,y) -> (x-k,y-k) for k in 1..min(x,y)]'

# ---- errors: exit 2 with one line naming the problem and where ----
run 2 "$G" value 'kayles(7' && err_is "grundy: error: at column 9: expected ',' or ')', found the end of the input"
run 2 "$G" value '3 + -4' && err_is "grundy: error: at column 5: negative numbers are not allowed: heap sizes are 0 to 2^64-1"
run 2 "$G" value '18446744073709551616' && err_has "at column 1: number does not fit in 64 bits"
run 2 "$G" value '' && err_has "empty position" && one_line_err
run 2 "$G" value 'sub[0](3)' && err_has "at column 5: 0 is not allowed in a subtraction set"
run 2 "$G" value 'tb[0.x](3)' && err_has "at column 6: bad digit 'x'"
run 2 "$G" value 'tb[0.0](3)' && err_has "allows no move"
run 2 "$G" value 'frob(3)' && err_has "unknown ruleset 'frob'"
run 2 "$G" value --table-limit 500 'tb[0.16](1000000)' && err_has "no period is proved" && one_line_err
run 2 "$G" value --table-limit 100 'grundy(100000)' && err_has "no closed form" && one_line_err
run 2 "$G" value && err_has "missing POSITION"
run 2 "$G" && err_has "usage"
run 2 "$G" frobnicate && err_is "grundy: error: unknown command 'frobnicate' (see 'grundy --help')"
run 2 "$G" value --bogus 3 && err_is "grundy: error: unknown option '--bogus' (see 'grundy --help')"
run 2 "$G" solve --max-moves 3
run 2 "$G" help no-such-topic && err_has "no help topic"
run 2 "$G" help nosuch && err_has "grundy: error: no help topic 'nosuch'; commands and topics: value, solve, seq," &&
    err_has "census-merge" && err_has "language, rulesets" && one_line_err

# ---- numbers in options: every one read as positions write numbers (digits, a^b) ----
run 0 "$G" seq kayles --to 10^1 && out_is "0 1 2 3 1 4 3 2 1 4 2"
run 0 "$G" seq kayles --to 10^6 --quiet && [ "$(wc -w <"$T/out")" = 1000001 ] && pass=$((pass+1)) || { fail=$((fail+1)); echo "FAIL: seq --to 10^6"; }
run 0 "$G" seq kayles --to 2^4 && [ "$(wc -w <"$T/out")" = 17 ] && pass=$((pass+1)) || { fail=$((fail+1)); echo "FAIL: seq --to 2^4"; }
run 0 "$G" value 'tb[0.16](1000)' --table-limit 10^4 --search-limit 10^6 --max-seconds 10^2 && out_is "$("$G" value 'tb[0.16](1000)')"
run 0 "$G" solve '3 + 4 + 5 + 7' --max-moves 1^5 && [ "$(grep -c '^  ' "$T/out")" = 1 ] && pass=$((pass+1)) || { fail=$((fail+1)); echo "FAIL: --max-moves 1^5"; }
run 0 "$G" seq 'tb[0.167]' --to 2^13 --window 2^12 --threads 2^0 --quiet && [ "$(wc -w <"$T/out")" = 8193 ] && pass=$((pass+1)) || { fail=$((fail+1)); echo "FAIL: --window 2^12 --threads 2^0"; }
run 0 "$G" genus 'kayles(5)' --terms 2^2 && out_is "4^{1464...}"
run 0 "$G" solve --moore 2^1 '1 + 2 + 3' && out_has "outcome:"
run 0 "$G" table wythoff --to 2^1,3 && out_is "$(printf 'x\\y 0 1 2 3\n  0 0 1 2 3\n  1 1 2 0 4\n  2 2 0 1 5')"
run 0 "$G" census 'tb[0.?]' --to 10^2 --threads 2^0 --max-seconds 6^2 && [ "$(wc -l <"$T/out")" = 7 ] && pass=$((pass+1)) || { fail=$((fail+1)); echo "FAIL: census 10^2"; }
run 2 "$G" seq kayles --to 18446744073709551615 && err_has "--to 18446744073709551615 is too large" && one_line_err
# past 64 bits: refused naming the option; anything else that is not a number likewise
for opt in --to --table-limit --search-limit --max-moves --max-seconds --threads --window --terms --moore --checkpoint-ms; do
    run 2 "$G" seq kayles "$opt" 10^20 && err_is "grundy: error: option '$opt' needs a whole number from 0 to 18446744073709551615: '10^20' does not fit in 64 bits"
    run 2 "$G" seq kayles "$opt" 1e6 && err_is "grundy: error: option '$opt' needs a whole number from 0 to 18446744073709551615 (digits, or a power a^b such as 10^6), got '1e6'"
done
run 2 "$G" seq kayles --to 2^64 && err_has "'2^64' does not fit in 64 bits" && one_line_err
run 2 "$G" seq kayles --to 18446744073709551616 && err_has "does not fit in 64 bits" && one_line_err
run 2 "$G" seq kayles --to 10^ && err_has "got '10^'" && one_line_err
run 2 "$G" seq kayles --to ' 10' && err_has "got ' 10'" && one_line_err
run 2 "$G" seq kayles --to 0x10 && err_has "got '0x10'" && one_line_err
run 2 "$G" table wythoff --to 10^30,3 && err_is "grundy: error: option '--to' needs a whole number from 0 to 18446744073709551615: '10^30' does not fit in 64 bits"
run 2 "$G" table wythoff --to 3,3x && err_has "got '3x'" && one_line_err
run 2 "$G" table wythoff --to 3,2^11 && err_has "W and H are at most 2000"
run 2 "$G" census 'tb[0.?]' --to 10^20 && err_is "grundy: error: option '--to' needs a whole number from 0 to 18446744073709551615: '10^20' does not fit in 64 bits"
run 2 "$G" census 'tb[0.?]' --to 10^9 && err_is "grundy: error: --to needs a whole number up to 10^8"
run 2 "$G" census 'tb[0.?]' --to 10 --threads 2^70 && err_has "option '--threads'" && err_has "does not fit in 64 bits"
run 2 "$G" census 'tb[0.?]' --to 10 --max-seconds 10^10 && err_is "grundy: error: --max-seconds needs a number of seconds from 0 (no limit) to 10^9"

# remoteness: the plays it goes with, and its bounds
run 2 "$G" solve --remoteness --every 3 && err_has "--remoteness goes with normal play or --misere only" && one_line_err
run 2 "$G" seq kayles --to 10 --remoteness --window 4096 && err_has "--remoteness prints the heaps' remoteness: not with" && one_line_err
run 2 "$G" seq kayles --to 80 --remoteness --search-limit 1000 && err_is "grundy: error: the remoteness search exceeds its bound of 1000 positions (raise the search limit with --search-limit N)"
run 2 timeout 60 "$G" solve --remoteness --misere 'divisor(565580114296)' --max-seconds 1 && err_has "the time limit of 1 s was reached in the remoteness search" && one_line_err
run 2 timeout 60 "$G" seq divisor --to 100000000 --remoteness --misere --max-seconds 1 && err_has "in the remoteness table of divisor" && one_line_err

# ---- --max-seconds: every search, tabulation and listing stops in time ----
# (each hung or ran for minutes before the bound; `timeout` turns a hang
# into a failure, it is not a speed test)
slow='divisor(565580114296)'
for c in "solve --misere $slow" "solve --every $slow" "genus $slow" "solve --misere coprime(565580114296)" \
         "solve --every divisor(42,16629257914296)" \
         "value --table-limit 10000000000 tb[0.106](1000000000)"; do
    # shellcheck disable=SC2086
    run 2 timeout 60 "$G" $c --max-seconds 1 && err_has "the time limit of 1 s was reached in " && one_line_err
done
run 2 timeout 60 "$G" value --table-limit 10000000000 'tb[0.106](1000000000)' --max-seconds 1 && err_has "in the table of tb[0.106]" && err_has "values (raise the time limit with --max-seconds S)"
run 2 timeout 60 "$G" seq nim --to 100000000 --max-seconds 1 && err_has "the time limit of 1 s was reached writing the values, after"
# writing a file, a plot or JSON is bounded too; a file cut short is removed
for w in "--out $T/cut.bin" "--out $T/cut.txt" "--plot $T/cut.svg" "--json"; do
    # shellcheck disable=SC2086
    run 2 timeout 60 "$G" seq kayles --to 1000000000 $w --max-seconds 1 && err_has "the time limit of 1 s was reached writing the values, after" &&
        one_line_err && ! ls "$T"/cut.* 2>/dev/null && pass=$((pass+1))
done
# stopped by the limit, seq --checkpoint keeps the values so far; the rerun
# resumes there and ends as a run in one go.  The rerun goes to twice what
# the first run saved, so its cost follows the build's speed (a sanitizer
# build saves about 15 times fewer values in the 1 s than a release build)
rm -f "$T/lim.ck"
run 2 timeout 60 "$G" seq 'tb[0.106]' --to 30000000 --checkpoint "$T/lim.ck" --max-seconds 1 --quiet &&
    err_has "values are saved in '$T/lim.ck': a rerun resumes there" && [ -s "$T/lim.ck" ] && pass=$((pass+1))
saved=$(sed -n "s/.*the first \([0-9]*\) values are saved.*/\1/p" "$T/err")
[ -n "$saved" ] && [ "$saved" -gt 1000 ] && pass=$((pass+1)) || { echo "FAIL: no saved count in: $(cat "$T/err")"; fail=$((fail+1)); saved=1000; }
resume_to=$((2 * saved + 12345))
run 0 timeout 300 "$G" seq 'tb[0.106]' --to "$resume_to" --checkpoint "$T/lim.ck" --quiet && cut_sum=$(md5sum <"$T/out") &&
    [ "$(wc -w <"$T/out")" -eq $((resume_to + 1)) ] &&
    run 0 timeout 300 "$G" seq 'tb[0.106]' --to "$resume_to" --quiet && [ "$(md5sum <"$T/out")" = "$cut_sum" ] && pass=$((pass+1))
run 2 timeout 60 "$G" census 'tb[0.???]' --to 20000 --threads 1 --max-seconds 1 && err_has "the time limit of 1 s was reached with" && one_line_err &&
    json_lines=$(wc -l <"$T/out") && [ "$json_lines" -lt 511 ] && pass=$((pass+1))
# census --checkpoint: stopped by the time limit (the rows done kept in the
# file), then killed with SIGKILL, then run to the end: the rows of one
# run in one go (the seconds aside); another census's file, a bad line
rm -f "$T/census.ck"
run 2 timeout 60 "$G" census 'tb[0.??]' --to 100000 --threads 1 --max-seconds 1 --checkpoint "$T/census.ck" &&
    err_has "the time limit of 1 s was reached with" && [ "$(wc -l <"$T/census.ck")" -ge 2 ] &&
    head -1 "$T/census.ck" | grep -q "^grundy census checkpoint 1" && pass=$((pass+1)) || { fail=$((fail+1)); echo "FAIL: census checkpoint after --max-seconds"; }
{ timeout -s KILL 2 "$G" census 'tb[0.??]' --to 100000 --threads 2 --checkpoint "$T/census.ck" >/dev/null 2>&1; } 2>/dev/null
run 0 "$G" census 'tb[0.??]' --to 100000 --checkpoint "$T/census.ck" && sed 's/"seconds": [0-9.]*//' "$T/out" >"$T/census.re" &&
    run 0 "$G" census 'tb[0.??]' --to 100000 && sed 's/"seconds": [0-9.]*//' "$T/out" >"$T/census.one" &&
    cmp -s "$T/census.re" "$T/census.one" && [ "$(wc -l <"$T/census.one")" = 63 ] && pass=$((pass+1)) || { fail=$((fail+1)); echo "FAIL: census resumed from its checkpoint"; }
run 2 "$G" census 'tb[0.??]' --to 99999 --checkpoint "$T/census.ck" && err_is "grundy: error: --checkpoint $T/census.ck: the file belongs to another census ('tb[0.??]' --to 100000 --shard 0/1)"
printf 'tb[0.07]\tx\n' >>"$T/census.ck"
run 2 "$G" census 'tb[0.??]' --to 100000 --checkpoint "$T/census.ck" && err_is "grundy: error: --checkpoint $T/census.ck: line 65 is not a census row"
run 2 "$G" census 'tb[0.??]' --to 10 --checkpoint /dev/null && err_is "grundy: error: --checkpoint /dev/null: not a regular file"
printf 'not a census\n' >"$T/census.ck"
run 2 "$G" census 'tb[0.??]' --to 10 --checkpoint "$T/census.ck" && err_is "grundy: error: --checkpoint $T/census.ck: the file is not a census checkpoint (line 1)"
run 0 "$G" value 'kayles(7) + 5' --max-seconds 0 && out_is 7
run 2 "$G" value 'kayles(7)' --max-seconds -1 && err_has "option '--max-seconds' needs a whole number"
run 2 "$G" value 'kayles(7)' --max-seconds 2000000000 && err_is "grundy: error: --max-seconds needs a number of seconds from 0 (no limit) to 10^9"
run 2 "$G" census 'tb[0.?]' --to 10 --max-seconds x && err_is "grundy: error: option '--max-seconds' needs a whole number from 0 to 18446744073709551615 (digits, or a power a^b such as 10^6), got 'x'"
# the progress line of a long value, on a terminal (script gives a pty)
if command -v script >/dev/null; then
    # (the line starts after a second: a fast build may not take that long)
    t0=$(date +%s%N)
    script -qec "\"$G\" value --table-limit 100000000 'tb[0.106](3000000)'" /dev/null >"$T/out" 2>&1
    ms=$((($(date +%s%N) - t0) / 1000000))
    if grep -q "tb\[0.106\]: [0-9]* of [0-9]* values" "$T/out" || [ $ms -lt 1500 ]; then pass=$((pass+1)); else echo "FAIL: no progress line in $ms ms: $(head -c 200 "$T/out")"; fail=$((fail+1)); fi
    script -qec "\"$G\" value --quiet --table-limit 100000000 'tb[0.106](3000000)'" /dev/null >"$T/out" 2>&1
    if grep -q "values (" "$T/out"; then echo "FAIL: --quiet still shows progress"; fail=$((fail+1)); else pass=$((pass+1)); fi
    # and of a long table
    t0=$(date +%s%N)
    script -qec "\"$G\" table \"$wyrule\" --to 200,200 --search-limit 100000000 >/dev/null" /dev/null >"$T/out" 2>&1
    ms=$((($(date +%s%N) - t0) / 1000000))
    if grep -q "\]: [0-9]* of 40401 values" "$T/out" || [ $ms -lt 1500 ]; then pass=$((pass+1)); else echo "FAIL: no table progress line in $ms ms: $(head -c 200 "$T/out")"; fail=$((fail+1)); fi
    script -qec "\"$G\" table \"$wyrule\" --to 200,200 --search-limit 100000000 --quiet >/dev/null" /dev/null >"$T/out" 2>&1
    if grep -q "values (" "$T/out"; then echo "FAIL: table --quiet still shows progress"; fail=$((fail+1)); else pass=$((pass+1)); fi
fi

# ---- endless and binary input stops at once (it used to fill memory) ----
run 2 timeout 20 "$G" value @/dev/zero && err_is "grundy: error: /dev/zero: a NUL byte at line 1, column 1: not a text file"
run 2 timeout 20 "$G" value 'hackenbush(@/dev/zero)' && err_has "'/dev/zero': a NUL byte at line 1, column 1: not a text file" && one_line_err
run 2 timeout 20 "$G" value 'graph[@/dev/zero](0)' && err_has "a NUL byte at line 1, column 1" && one_line_err
printf 'kayles(3)\n+ 4\0 + 5\n' >"$T/nul.txt"
run 2 "$G" value @"$T/nul.txt" && err_is "grundy: error: $T/nul.txt: a NUL byte at line 2, column 4: not a text file"
# an endless stdin of comment lines: parsed as it comes and dropped, so it
# stops at the input limit in little memory (the whole text used to be held)
if [ "${2:-}" = sanitize ]; then lim=unlimited; else lim=200000; fi
( ulimit -v $lim; yes '# a comment line' 2>/dev/null | timeout 120 "$G" value - >"$T/out" 2>"$T/err" ); rc=$?
if [ $rc = 2 ] && [ "$(cat "$T/err")" = "grundy: error: stdin is larger than 268435456 bytes, the most grundy reads" ]; then pass=$((pass+1)); else echo "FAIL: endless stdin: exit $rc: $(cat "$T/err")"; fail=$((fail+1)); fi
# a bad term stops an endless stream at once, with its place (it used to
# wait for the input limit)
( printf 'kayles(3) +\n4 + x\n'; yes '1 +' 2>/dev/null ) | timeout 20 "$G" value - >"$T/out" 2>"$T/err"; rc=$?
if [ $rc = 2 ] && [ "$(cat "$T/err")" = "grundy: error: <stdin>: at line 2, column 5: unknown ruleset 'x' (see 'grundy help rulesets')" ]; then pass=$((pass+1)); else echo "FAIL: bad term in a stream: exit $rc: $(cat "$T/err")"; fail=$((fail+1)); fi
( printf 'kayles(3) + kayles(1,'; yes '2,' 2>/dev/null ) | timeout 20 "$G" value - >"$T/out" 2>"$T/err"; rc=$?
if [ $rc = 2 ] && [ "$(cat "$T/err")" = "grundy: error: <stdin>: at line 1, column 24: expected a number, found the end of the line" ]; then pass=$((pass+1)); else echo "FAIL: bad line in a stream: exit $rc: $(cat "$T/err")"; fail=$((fail+1)); fi
# a term longer than GR_TERM_MAX_BYTES (64 MiB) is refused where it starts
( printf '1 +\n  kayles(1'; head -c 70000000 /dev/zero | tr '\0' ' ' ) | timeout 60 "$G" solve - >"$T/out" 2>"$T/err"; rc=$?
if [ $rc = 2 ] && [ "$(cat "$T/err")" = "grundy: error: <stdin>: at line 2, column 3: a term longer than 67108864 bytes (GR_TERM_MAX_BYTES), the most grundy parses as one term" ]; then pass=$((pass+1)); else echo "FAIL: long term: exit $rc: $(cat "$T/err")"; fail=$((fail+1)); fi
# streamed files give what arguments give, in every command that reads them
printf 'kayles(3) + 4 # c\n\n+ wythoff(3,5)\n7\n' >"$T/stream.txt"
run 0 "$G" value @"$T/stream.txt" && out_is "0"
run 0 "$G" solve --file "$T/stream.txt" && out_has "outcome:  P"
printf '3\n4 5\n' >"$T/newnim.txt"
run 2 "$G" newnim @"$T/newnim.txt" && err_has "at line 2, column 3: expected '+' between terms"

# ---- explain ----
run 2 "$G" explain --every --moore 2 '3 + 4' && err_has "choose one of --misere, --every and --moore K" && one_line_err
run 2 "$G" explain --moore 2 'kayles(3)' && one_line_err
run 0 "$G" explain --every 'kayles(3) + 2' && out_has "term 1: value 3, step 3"
run 0 "$G" explain --moore 2 '3 + 4 + 5' && out_has "mod   2 1 2"
run 2 "$G" explain 'kayles(3' && err_has "at column 9: expected ',' or ')'" && one_line_err
run 0 "$G" explain 'hackenbush(0-1,1-2,1-3)' && out_has "the colon principle" && out_has "XOR                1 = 1"
run 0 "$G" explain 'graph[0>1,1>0](0)' && out_has "value ∞{}" && out_has "a draw (D)" && out_has "graph[0>1,1>0](1)"
run 2 "$G" explain --misere 'graph[0>1,1>0](0)' && err_has "has an infinite value" && one_line_err
run 0 "$G" explain 'wythoff(1000000000000,3)' && out_has "value unknown" && out_has "for example wythoff(5,3)"
run 2 "$G" explain 'wythoff(1000000000000,3) + 1' && err_has "its Grundy value is known only below" && one_line_err

# ---- found by the fuzz targets (tests/fuzz), each failing before its fix ----
# fuzz_rule: a loopy rule whose positions each list c*c options ran past the
# time limit (the graph's exploration never looked at the clock)
t0=$(date +%s%N)
run 2 timeout 30 "$G" value --max-seconds 1 'rule[(s,c) -> (s,c+k) for k in 0..c*c if -c+k <= s](1,2)' \
    && err_has "the time limit of 1 s was reached in the loopy game's graph, after" && one_line_err
ms=$((($(date +%s%N) - t0) / 1000000))
if [ $ms -lt 8000 ]; then pass=$((pass+1)); else echo "FAIL: the loopy rule stopped after $ms ms"; fail=$((fail+1)); fi
# fuzz_cli: a census pattern whose fixed part is no code's ran 8^q games,
# each an error row; now it is refused at once
run 2 "$G" census 'tb[0..??]' --to 10 && err_is "grundy: error: the pattern is not a take-and-break code: bad digit '.' in the code: digits are 0-9 and A-F (in tb[0..77], column 6)"
run 0 "$G" census 'tb[?.?]' --to 10 && out_has '"code": "tb[4.7]"'
# nim batches are read a line at a time: an endless stream is answered as it
# comes (it used to be read whole first), a line is at most 4096 bytes, and
# a NUL byte is an error with its place
if [ "$(yes '3 5' 2>/dev/null | timeout 20 "$G" nim mul - | head -n 2 | tr '\n' ' ')" = "15 15 " ]; then pass=$((pass+1)); else echo "FAIL: an endless nim batch"; fail=$((fail+1)); fi
( printf '2 3\n'; head -c 5000 /dev/zero | tr '\0' ' '; printf '1 1\n' ) | "$G" nim mul - >"$T/out" 2>"$T/err"; rc=$?
if [ $rc = 2 ] && [ "$(cat "$T/out")" = 1 ] && [ "$(cat "$T/err")" = "grundy: error: line 2 is longer than 4096 bytes, the most a query line may hold" ]; then pass=$((pass+1)); else echo "FAIL: a long nim line: exit $rc: $(cat "$T/err")"; fail=$((fail+1)); fi
printf '2 3\n4 \0 5\n' | "$G" nim mul - >"$T/out" 2>"$T/err"; rc=$?
if [ $rc = 2 ] && [ "$(cat "$T/err")" = "grundy: error: line 2, column 3: a NUL byte: not a text file" ]; then pass=$((pass+1)); else echo "FAIL: a NUL in a nim batch: exit $rc: $(cat "$T/err")"; fail=$((fail+1)); fi

# a header that promises 2.2e8 edges claims no memory before they come
# (found by fuzz_files: it used to allocate 5 GB up front)
printf '22222222222263 222222220' >"$T/promise.txt"
if [ "${2:-}" = sanitize ]; then
    run 2 "$G" value "hackenbush(@$T/promise.txt)" && err_has "line 2: the file ends after 0 of its 222222220 edges"
else
    ( ulimit -v 300000; "$G" value "hackenbush(@$T/promise.txt)" >"$T/out" 2>"$T/err" ); rc=$?
    if [ $rc = 2 ] && grep -q "the file ends after 0 of its 222222220 edges" "$T/err"; then pass=$((pass+1)); else echo "FAIL: promised edges: exit $rc: $(cat "$T/err")"; fail=$((fail+1)); fi
fi

# ---- exit 1: internal failure (out of memory) ----
# (a sanitizer build reserves far more address space than ulimit -v allows,
# so there the allocator is told to fail large requests instead)
if [ "${2:-}" = sanitize ]; then
    ASAN_OPTIONS=allocator_may_return_null=1:max_allocation_size_mb=300 "$G" seq coprime --to 500000000 >"$T/out" 2>"$T/err"; rc=$?
else
    ( ulimit -v 300000; "$G" seq coprime --to 500000000 >"$T/out" 2>"$T/err" ); rc=$?
fi
if [ $rc = 1 ] && grep -q "out of memory" "$T/err"; then pass=$((pass+1)); else echo "FAIL: out of memory gave $rc: $(cat "$T/err")"; fail=$((fail+1)); fi

# ---- help and version ----
run 0 "$G" --help && out_has "usage:" && out_has "grundy value POSITION"
run 0 "$G" help language && out_has "POSITION := TERM"
for t in rulesets nim sub tb kayles dawson lasker divisor coprime pow2 grundy staircase stairs wythoff euclid fib dyn bash prod hackenbush cram place nodekayles arckayles nimbers census misere every moore genus newnim exit-codes json topics; do
    run 0 "$G" help "$t" && [ -s "$T/out" ] && pass=$((pass+1))
done
# every command's help: its usage, its options and examples; the commands
# are those of main.c and those the usage lists
for c in value solve seq explain play genus quotient newnim census census-merge table nim demo help version \
         $("$G" help | awk '$1 == "grundy" && $2 !~ /^-/ {print $2}' | sort -u); do
    run 0 "$G" help "$c" && out_has "usage: grundy" && out_has "options:" && out_has "examples:"
done
run 0 "$G" help seq && out_has "usage: grundy seq RULESET --to N" && out_has "  --to N             the last heap size" &&
    out_has "  --checkpoint-ms MS" && out_has "  grundy seq kayles --to 200 --period"
run 0 "$G" help table && out_has "  --search-limit N" && out_has "  --max-seconds S" && out_has "  --quiet" && out_has "  --table-limit N"
run 0 "$G" help census && out_has "  --shard i/n" && out_has "  --threads T"
run 0 "$G" help nim && out_has "usage: grundy nim OP ARGS..." && out_has "nim: take any positive number of tokens"
run 0 "$G" help --help && out_has "usage: grundy help [COMMAND | TOPIC]"
# grundy CMD --help is grundy help CMD
for c in value solve seq explain play genus quotient newnim demo table; do
    "$G" help "$c" >"$T/want" 2>/dev/null
    run 0 "$G" "$c" --help && out_is "$(cat "$T/want")"
done
run 2 "$G" frob --help && err_is "grundy: error: unknown command 'frob' (see 'grundy --help')"
# each option a command's help lists is one the command reads (none is
# invented): given one, no command says it does not know it
for c in value solve seq explain play genus quotient newnim census census-merge table nim demo help; do
    for o in $("$G" help "$c" | awk '/^options:/ {f = 1; next} /^$/ {f = 0} f && /^  --/ {print $1}'); do
        "$G" "$c" "$o" 1 </dev/null >/dev/null 2>"$T/err"
        if grep -q "unknown option" "$T/err"; then echo "FAIL: grundy help $c lists $o: $(cat "$T/err")"; fail=$((fail+1)); else pass=$((pass+1)); fi
    done
done
run 0 "$G" --version && out_has "grundy 0."
run 0 "$G" demo && out_has "kayles(1000000000000000000)"

# ---- boards and graphs (docs/boards.md): bad terms, one line, exit 2 ----
run 2 "$G" value 'cram()' && err_is "grundy: error: at column 6: expected the board's size (e.g. 4,5) or its rows (e.g. ..#./....), found ')'"
run 2 "$G" value 'cram(0,3)' && err_has "a board needs at least one row and one column" && one_line_err
run 2 "$G" value 'cram(17,17)' && err_is "grundy: error: at column 6: a board has at most 256 cells, and 17 x 17 is 289"
run 2 "$G" value 'cram(65,1)' && err_is "grundy: error: at column 6: a board has at most 64 rows, not 65"
run 2 "$G" value 'cram(1,99999999999999999999)' && err_is "grundy: error: at column 8: a board has at most 64 columns"
run 2 "$G" value 'cram(5,-2)' && err_is "grundy: error: at column 8: a board has 1 to 64 columns, not a negative number"
run 2 "$G" value 'cram(-5,2)' && err_is "grundy: error: at column 6: a board has 1 to 64 rows, not a negative number"
run 2 "$G" value 'cram(..#/..)' && err_is "grundy: error: at column 10: row 2 has 2 cells, row 1 has 3: every row needs the same length"
run 2 "$G" value 'cram(..x/...)' && err_is "grundy: error: at column 8: row 1: expected '.' (empty), '#' (filled), '/' or ')' in the board, found 'x'"
# the wrong character is named, in its row, before any length
run 2 "$G" value 'cram(../.x/..)' && err_is "grundy: error: at column 10: row 2: expected '.' (empty), '#' (filled), '/' or ')' in the board, found 'x'"
run 2 "$G" value "cram($(printf '.%.0s' $(seq 65)))" && err_is "grundy: error: at column 70: row 1 has more than 64 cells: a board has at most 64 columns"
# blanks between cells are free
run 0 "$G" value 'cram(. ./..)' && out_is "0"
run 0 "$G" value 'cram( . . . / . . . )' && out_is "$("$G" value 'cram(2,3)')"
# one row of 64 cells (a shift by 64 crashed): every command, every board family, exit 0 or a bound's exit 2, no signal
dots=$(printf '.%.0s' $(seq 62))
hashes=$(printf '#%.0s' $(seq 62))
run 0 "$G" value 'cram(1,64)' --max-seconds 20 && out_is "4"
run 0 "$G" value "cram(#$dots#)" && out_is "$("$G" value 'dawson(62)')"
run 0 "$G" value "cram($hashes..)" && out_is "1"
run 0 "$G" value "cram(..$hashes)" && out_is "1"
run 0 "$G" explain 'cram(1,64)' && out_has "term 1: cram(1,64), value 4"
for f in cram 'arckayles[grid]' 'place[xx]' 'place[xx; x/x]' 'nodekayles[grid]' 'place[x; xx]'; do
    run 0 "$G" solve "$f(1,64)" --max-seconds 20 && out_has "value:    "
    for mode in --misere --remoteness; do
        "$G" solve $mode "$f(1,64)" --search-limit 2000 --max-seconds 30 >"$T/out" 2>"$T/err" </dev/null
        rc=$?
        if [ $rc = 0 ] || { [ $rc = 2 ] && grep -q "exceeds its bound of 2000 positions" "$T/err"; }; then pass=$((pass+1))
        else echo "FAIL: solve $mode $f(1,64): exit $rc: $(head -c 300 "$T/err")"; fail=$((fail+1)); fi
    done
done
run 2 "$G" value 'cram(2,2' && err_has "expected ')' after the board's size, found the end of the input" && one_line_err
run 2 "$G" value 'nodekayles(0-0)' && err_has "a loop 0-0: the game needs a simple graph" && one_line_err
run 2 "$G" value 'nodekayles(0-1,,2)' && err_has "expected a number" && one_line_err
run 2 "$G" value 'arckayles(0-1,1-2' && err_has "expected ',' or ')'" && one_line_err
run 2 "$G" value 'place[xx; y](2,2)' && err_has "unknown word in place[...]" && one_line_err
run 2 "$G" value 'place[](2,2)' && one_line_err
run 2 "$G" value 'nodekayles[grd](2,2)' && err_has "takes the word grid" && one_line_err
big=$(seq 0 64 | paste -sd, -)
run 2 "$G" value "nodekayles($big)" && err_has "at most 64 vertices" && one_line_err
printf '3 2\n0 1\n1 2\n' >"$T/path3.txt"
run 0 "$G" value "nodekayles(@$T/path3.txt)" && out_is "2"
printf '3 2\n0 1\n1 1\n' >"$T/loop.txt"
run 2 "$G" value "nodekayles(@$T/loop.txt)" && err_has "is a loop 1-1" && one_line_err
printf '70 0\n' >"$T/big.txt"
run 2 "$G" value "arckayles(@$T/big.txt)" && err_has "70 vertices (a graph position has at most 64)" && one_line_err
run 2 "$G" value --max-seconds 1 'cram(6,7)' && err_has "the time limit of 1 s was reached in the board search" && one_line_err
run 0 "$G" value 'cram(3,3) + kayles(4) + nodekayles(0-1)' && out_is "0"
run 0 "$G" table cram --to 2,3 && out_has "  1 0 0 1 1" && out_has "  2 0 1 0 1"
run 2 "$G" table nodekayles --to 2,2 && err_has "or a board game (cram, place[...], nodekayles[grid]); nodekayles is not one"
run 0 "$G" solve 'cram(2,3)' --plot "$T/cram.svg" && out_has "cram(.#./.#.)" && [ "$(grep -c 'fill-opacity' "$T/cram.svg")" = 6 ] && grep -q '3: cram(..#/..#)' "$T/cram.svg" && pass=$((pass+1)) || { fail=$((fail+1)); echo "FAIL: solve --plot cram(2,3)"; }
run 2 "$G" solve 'kayles(3)' --plot "$T/k.svg" && err_has "--plot draws board terms" && one_line_err
run 2 "$G" solve --misere 'cram(2,3)' --plot "$T/k.svg" && err_has "--plot draws the winning moves of normal play" && one_line_err
rm -f "$T/t.bin"
run 2 "$G" value --max-seconds 1 'cram(5,8)' --board-table "$T/t.bin" && err_has "time limit of 1 s was reached" && [ -s "$T/t.bin" ] && pass=$((pass+1)) || { fail=$((fail+1)); echo "FAIL: a stopped run saves its table"; }
run 0 "$G" value 'cram(4,5)' --board-table "$T/t.bin" && out_is "2"
run 2 "$G" value 'nodekayles(0-1)' --board-table "$T/t.bin" && err_has "the table is of cram, not of nodekayles" && one_line_err
head -c 200 "$T/t.bin" >"$T/cut.bin"
run 2 "$G" value 'cram(4,5)' --board-table "$T/cut.bin" && err_has "the checksum does not match: the table is damaged or cut short" && one_line_err
run 0 "$G" value 'cram(4,6)' --table "$T/t.bin" && out_is "0"
# saved every second: a run killed with SIGKILL resumes from its last save and gives the value of a run in one go
rm -f "$T/s.bin"
one=$("$G" value 'cram(5,7)')
"$G" value 'cram(5,7)' --table "$T/s.bin" --save-every 1 >/dev/null 2>&1 &
kpid=$!
sleep 2.5
kill -9 $kpid 2>/dev/null; wait $kpid 2>/dev/null
[ -s "$T/s.bin" ] && [ "$one" = 1 ] && pass=$((pass+1)) || { fail=$((fail+1)); echo "FAIL: a killed run left no saved table"; }
run 0 "$G" value 'cram(5,7)' --table "$T/s.bin" --save-every 1 && out_is "$one"
run 0 "$G" solve 'cram(4,6)' --table "$T/s2.bin" --save-every 1 && out_has "value:    0" && [ -s "$T/s2.bin" ]
# stopped by Ctrl-C (SIGINT), then by --max-seconds, each time the table saved, and the run resumed from it gives the value of a run in one go
rm -f "$T/i.bin"
# (a job started with & has SIGINT ignored, and grundy keeps it so: python starts it with SIGINT as a terminal gives it)
python3 -c 'import os, signal, sys; signal.signal(signal.SIGINT, signal.SIG_DFL); os.execvp(sys.argv[1], sys.argv[1:])' \
    "$G" value --threads 1 --max-seconds 0 'cram(5,8)' --table "$T/i.bin" >/dev/null 2>&1 &
kpid=$!
sleep 3 # (the search under way: cram(5,8) takes longer than that in every build)
kill -INT $kpid 2>/dev/null; wait $kpid; krc=$?
[ $krc -eq 130 ] && [ -s "$T/i.bin" ] && pass=$((pass+1)) || { fail=$((fail+1)); echo "FAIL: a run stopped by SIGINT: exit $krc, table saved: $([ -s "$T/i.bin" ] && echo yes || echo no)"; }
run 2 "$G" value --threads 1 --max-seconds 1 'cram(5,8)' --table "$T/i.bin" && err_has "time limit of 1 s was reached" && [ -s "$T/i.bin" ] && pass=$((pass+1))
run 0 "$G" value --threads 1 --max-seconds 0 'cram(5,8)' --table "$T/i.bin" && out_is "1"
# no work twice: a run that finds everything it needs in its table searches no position
rm -f "$T/w.bin"
run 0 "$G" solve --json 'cram(4,7)' --table "$T/w.bin" && out_has '"value": 3'
run 0 "$G" solve --json 'cram(4,7)' --table "$T/w.bin" && out_has '"positions": 0,' && out_has '"value": 3'
run 2 "$G" value 'cram(2,2)' --save-every 0 && err_has "--save-every needs a number of seconds from 1 to 10^9" && one_line_err
run 2 "$G" value 'cram(2,2)' --save-every 5 && err_has "--save-every S saves the board table: give it one with --table FILE" && one_line_err
printf 'junk' >"$T/junk.bin"
run 2 "$G" value 'cram(2,2)' --board-table "$T/junk.bin" && err_has "at byte 0: not a board table" && one_line_err && grep -q junk "$T/junk.bin" && pass=$((pass+1)) || { fail=$((fail+1)); echo "FAIL: a bad table is left as it is"; }
run 2 "$G" value 'kayles(3)' --board-table "$T/k.bin" && err_has "this position has none" && one_line_err
run 2 "$G" value --misere 'cram(2,3)' && err_is "grundy: error: value gives the normal-play value; for misère play ask 'grundy solve --misere POSITION'"

run_checks
echo "cli_test_errors: $pass passed, $fail failed"
[ "$fail" = 0 ]
