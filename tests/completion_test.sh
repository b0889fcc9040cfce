#!/usr/bin/env bash
# The bash completion (cli/completion/grundy.bash) against the tool: every
# command of `grundy help`, options, nim operations and help topics are
# offered. Usage: completion_test.sh GRUNDY_BINARY COMPLETION_SCRIPT
set -u
G=$1
source "$2"
fail=0
expect() { # EXPECTED WORDS...: completing the last word offers EXPECTED
    local want=$1
    shift
    COMP_WORDS=("$G" "$@")
    COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
    COMPREPLY=()
    _grundy
    if ! printf '%s\n' "${COMPREPLY[@]}" | grep -qx -- "$want"; then
        echo "completion_test: '${*}' does not offer '$want' (got: ${COMPREPLY[*]:-nothing})"
        fail=1
    fi
}
# every command in the help's usage lines
for c in $("$G" help | awk '$1 == "grundy" && $2 !~ /^-/ {print $2}' | sort -u); do expect "$c" "${c:0:3}"; done
expect --version --ver
expect --period seq 'tb[0.16]' --pe
expect --checkpoint seq x --check
expect --json solve 3 --js
for op in add mul inv div sqrt sqr pow solve-quadratic log; do expect "$op" nim "${op:0:2}"; done
for topic in language rulesets exit-codes json kayles quotient; do expect "$topic" help "${topic:0:4}"; done
[ $fail = 0 ] && echo "completion_test: every command, option, nim operation and topic checked is offered"
exit $fail
