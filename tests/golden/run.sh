#!/usr/bin/env bash
# Golden-output test: every command in cases.txt (the documented examples,
# the CLI contract's commands, help topics, errors) is run and its stdout,
# stderr and exit code are compared byte for byte with expected.txt, so a
# refactoring cannot change what the tool prints. A line that starts with
# neither "grundy " nor "printf " is a grundy command line.
#
# Usage: run.sh GRUNDY_BINARY [--update]   (--update rewrites expected.txt)
set -u
G=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
here=$(cd "$(dirname "$0")" && pwd)
T=$(mktemp -d)
trap 'rm -rf "$T"' EXIT
cp "$here"/files/* "$T/"
out="$T/transcript.txt"
: >"$out"
while IFS= read -r line || [ -n "$line" ]; do
    case "$line" in ''|'#'*) continue ;; esac
    case "$line" in 'grundy '*|'printf '*) cmd="$line" ;; *) cmd="grundy $line" ;; esac
    (
        cd "$T" || exit 1
        grundy() { "$G" "$@"; }
        export -f grundy 2>/dev/null
        export G
        eval "$cmd" >"$T/o" 2>"$T/e" </dev/null
        echo $? >"$T/rc"
    )
    {
        printf '@@@ %s\n' "$cmd"
        # census rows carry their wall time, the one figure that varies
        sed -E 's/"seconds": [0-9.e+-]+/"seconds": T/' "$T/o"
        printf -- '--- stderr\n'
        cat "$T/e"
        printf -- '--- exit %s\n' "$(cat "$T/rc")"
    } >>"$out"
done <"$here/cases.txt"

if [ "${2:-}" = --update ]; then
    cp "$out" "$here/expected.txt"
    echo "golden: expected.txt rewritten ($(grep -c '^@@@ ' "$out") commands)"
    exit 0
fi
total=$(grep -c '^@@@ ' "$out")
if cmp -s "$out" "$here/expected.txt"; then
    echo "golden: $total passed, 0 failed"
    exit 0
fi
diff -u "$here/expected.txt" "$out" | head -80
bad=$(diff <(awk '/^@@@ /{c=$0} {print c "\t" $0}' "$here/expected.txt") \
           <(awk '/^@@@ /{c=$0} {print c "\t" $0}' "$out") | grep '^[<>]' | cut -f1 | sort -u | wc -l)
echo "golden: $((total - bad)) passed, $bad failed"
exit 1
