# bash completion for grundy. The commands, options, nim operations and
# help topics are read from `grundy help` itself, so they never drift from
# the tool (installed as share/bash-completion/completions/grundy). A
# command's options are those of its own help (`grundy help COMMAND`: the
# lines of its "options:" block that start with "  --").
_grundy() {
    local cur prev words cword
    cur=${COMP_WORDS[COMP_CWORD]}
    prev=${COMP_WORDS[COMP_CWORD-1]}
    local help
    help=$("${COMP_WORDS[0]}" help 2>/dev/null) || return 0
    local cmds opts topics ops
    cmds=$(printf '%s\n' "$help" | awk '$1 == "grundy" && $2 !~ /^-/ {print $2}' | sort -u)
    opts=$(printf '%s\n' "$help" | grep -o -- '--[a-z][a-z-]*' | sort -u)
    topics=$("${COMP_WORDS[0]}" help topics 2>/dev/null | sed -n 's/^help topics: //p')
    ops=$(printf '%s\n' "$help" | awk '/grundy nim OP/ {f = 1} f {print} /solve-quadratic/ {exit}' |
        sed -n 's/.*arithmetic: //p; s/^ *\(solve-quadratic log\).*/\1/p' | tr ' ' '\n' | tr -d ';' | grep -v '^$')
    if [ "$COMP_CWORD" -eq 1 ]; then
        COMPREPLY=($(compgen -W "$cmds --version" -- "$cur"))
        return 0
    fi
    case "$cur" in
    -*)
        local own
        if own=$("${COMP_WORDS[0]}" help "${COMP_WORDS[1]}" 2>/dev/null); then
            opts=$(printf '%s\n' "$own" | awk '/^options:/ {f = 1; next} /^$/ {f = 0} f && /^  --/ {print $1}')
        fi
        COMPREPLY=($(compgen -W "$opts" -- "$cur"))
        return 0
        ;;
    esac
    case "$prev" in
    --out | --plot | --checkpoint | --file | --svg) COMPREPLY=($(compgen -f -- "$cur")); return 0 ;;
    esac
    if [ "$COMP_CWORD" -eq 2 ]; then
        case "${COMP_WORDS[1]}" in
        help) COMPREPLY=($(compgen -W "$topics" -- "$cur")) ;;
        nim) COMPREPLY=($(compgen -W "$ops" -- "$cur")) ;;
        esac
    fi
    return 0
}
complete -F _grundy grundy
