#!/usr/bin/env bash
# Under a 1 GB address-space limit (ulimit -v 1000000) every command either
# answers or stops with one clear line (out of memory: exit 1, the CLI's
# contract; a bound or a time limit: exit 2); never a crash (a signal), never
# a hang. In the sanitizer build ulimit -v cannot be used (ASan reserves far
# more address space), so the allocator is told to fail large requests.
# Usage: ulimit_test.sh GRUNDY [sanitize]
set -u
G=$1
mode=${2:-plain}
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
pass=0
fail=0
cases=(
    "seq coprime --to 500000000 --max-seconds 20"
    "seq tb[0.106] --to 1000000000 --max-seconds 5"
    "value --table-limit 10000000000 tb[0.106](1000000000) --max-seconds 5"
    "value --table-limit 100000000000 grundy(20000000000) --max-seconds 5"
    "solve --misere --search-limit 1000000000000 tb[0.6](300)+tb[0.6](301)+tb[0.6](302)+tb[0.6](7) --max-seconds 5"
    "solve --every --search-limit 1000000000000 divisor(565580114296)+coprime(565580114296) --max-seconds 5"
    "quotient tb[0.6] --to 100000 --search-limit 1000000000000 --max-seconds 5"
    "census tb[0.?] --to 100000000 --threads 2 --max-seconds 5"
    "value --table-limit 100000000 wythoff(9000,9000) --max-seconds 5"
    "genus --search-limit 1000000000000 tb[0.6](3000) --max-seconds 5"
)
for c in "${cases[@]}"; do
    # shellcheck disable=SC2086
    if [ "$mode" = sanitize ]; then
        ASAN_OPTIONS=allocator_may_return_null=1:max_allocation_size_mb=1000:detect_leaks=0 \
            timeout 120 "$G" $c >"$T/out" 2>"$T/err"
    else
        ( ulimit -v 1000000; timeout 120 "$G" $c >"$T/out" 2>"$T/err" )
    fi
    rc=$?
    # (ASan's own warning that it returned NULL is not grundy's output)
    grep -v '^==[0-9]*==WARNING: AddressSanitizer failed to allocate' "$T/err" >"$T/err2"
    mv "$T/err2" "$T/err"
    lines=$(wc -l <"$T/err")
    if [ $rc = 0 ] && [ "$lines" = 0 ]; then
        pass=$((pass+1))
    elif { [ $rc = 1 ] && grep -q "^grundy: error: .*out of memory" "$T/err"; } ||
         { [ $rc = 2 ] && grep -q "^grundy: error: " "$T/err"; }; then
        if [ "$lines" = 1 ]; then pass=$((pass+1)); else echo "FAIL: '$c': $lines lines on stderr"; fail=$((fail+1)); fi
    else
        echo "FAIL: '$c': exit $rc: $(head -c 300 "$T/err")"
        fail=$((fail+1))
    fi
    echo "  $c -> exit $rc $(head -c 160 "$T/err")"
done
echo "ulimit_test: $pass passed, $fail failed"
[ $fail = 0 ]
