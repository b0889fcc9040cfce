# The helpers the CLI tests share (sourced by cli_test.sh and
# cli_test_errors.sh): counted checks of exit codes, stdout and stderr, and
# Python checks queued and run at the end in one process. Expects $G (the
# binary) and $T (a scratch folder).
pass=0
fail=0

# run EXPECTED_RC CMD... ; leaves stdout in $T/out, stderr in $T/err
run() {
    local want=$1; shift
    "$@" >"$T/out" 2>"$T/err" </dev/null
    local rc=$?
    if [ "$rc" != "$want" ]; then
        echo "FAIL: exit $rc, want $want: $*"; sed 's/^/  stderr: /' "$T/err" | head -3; fail=$((fail+1)); return 1
    fi
    pass=$((pass+1)); return 0
}
out_is() {
    if [ "$(cat "$T/out")" != "$1" ]; then
        echo "FAIL: stdout '$(head -c 300 "$T/out")' is not '$1'"; fail=$((fail+1))
    else pass=$((pass+1)); fi
}
err_is() {
    if [ "$(cat "$T/err")" != "$1" ]; then
        echo "FAIL: stderr '$(cat "$T/err")' is not '$1'"; fail=$((fail+1))
    else pass=$((pass+1)); fi
}
out_has() {
    if ! grep -qF -- "$1" "$T/out"; then echo "FAIL: stdout lacks '$1'"; head -5 "$T/out"; fail=$((fail+1)); else pass=$((pass+1)); fi
}
err_has() {
    if ! grep -qF -- "$1" "$T/err"; then echo "FAIL: stderr '$(cat "$T/err")' lacks '$1'"; fail=$((fail+1)); else pass=$((pass+1)); fi
}
one_line_err() {
    if [ "$(wc -l <"$T/err")" != 1 ]; then echo "FAIL: stderr is not one line: $(cat "$T/err")"; fail=$((fail+1)); else pass=$((pass+1)); fi
}
# Python checks are queued and evaluated at the end in one python3 process
# (run_checks), each counted as one pass or one fail: check N is $Q/N.kind
# ("json" or "py"), $Q/N.code and, for json, $Q/N.in (the stdout it checks).
Q="$T/checks"
mkdir "$Q"
nq=0
json() {  # json PYTHON_EXPR: true with d = the parsed stdout
    nq=$((nq+1))
    cp "$T/out" "$Q/$nq.in"
    printf 'json' >"$Q/$nq.kind"
    printf '%s' "$1" >"$Q/$nq.code"
}
pycheck() {  # pycheck DESCRIPTION <<EOF PYTHON_CODE EOF: passes when the code raises nothing
    nq=$((nq+1))
    printf 'py' >"$Q/$nq.kind"
    cat >"$Q/$nq.code"
    printf '%s' "$1" >"$Q/$nq.desc"
}
run_checks() {  # evaluates the queue; a check not reported as passed is a failure
    local counts="$T/check_counts"
    python3 - "$Q" "$nq" "$counts" <<'PY'
import json, os, sys, traceback
q, n, counts = sys.argv[1], int(sys.argv[2]), sys.argv[3]
out = sys.stdout.buffer
def read(i, ext, mode="r"):
    with open(os.path.join(q, "%d.%s" % (i, ext)), mode) as f:
        return f.read()
passed = failed = 0
for i in range(1, n + 1):
    kind, code = read(i, "kind"), read(i, "code")
    try:
        if kind == "json":
            with open(os.path.join(q, "%d.in" % i)) as f:
                d = json.load(f)
            ok = bool(eval(code, {"json": json, "sys": sys, "d": d}))
        else:
            exec(code, {"__name__": "__check__"})
            ok = True
    except (Exception, SystemExit):
        sys.stdout.flush()
        traceback.print_exc()
        ok = False
    if ok:
        passed += 1
    elif kind == "json":
        # as the shell printed it: $(head -c 300 FILE) without its trailing newlines
        head = read(i, "in", "rb")[:300].replace(b"\0", b"").rstrip(b"\n")
        out.write(b"FAIL: JSON check '" + code.encode() + b"' on " + head + b"\n")
        failed += 1
    else:
        out.write(b"FAIL: " + read(i, "desc").encode() + b"\n")
        failed += 1
    out.flush()
with open(counts, "w") as f:
    f.write("%d %d\n" % (passed, failed))
PY
    local p=0 f=0
    [ -s "$counts" ] && read -r p f <"$counts"
    pass=$((pass + p))
    fail=$((fail + nq - p))
    if [ $((p + f)) != "$nq" ]; then echo "FAIL: the Python checks stopped after $((p + f)) of $nq"; fi
}
