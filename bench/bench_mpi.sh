#!/usr/bin/env bash
# --mpi against one process, in the same run (docs/boards.md): Cram 5 x 8,
# 4 x 11 and Node Kayles 3 x 28 valued by `grundy value --threads 1` and by
# `mpirun -n P grundy --mpi value` (P = 2 unless given), the seconds, the
# ratio, and the positions each rank searched against the one process's
# (their sum over the serial count is the work the ranks repeat, having no
# table in common). Needs a build with -DGRUNDY_MPI=ON.
# Usage: bench_mpi.sh GRUNDY [P] [BOARD ...]
set -uo pipefail
g=$1
P=${2:-2}
shift $(($# > 1 ? 2 : 1))
boards=("$@")
[ ${#boards[@]} -gt 0 ] || boards=("cram(5,8)" "cram(4,11)" "nodekayles[grid](3,28)")
export OMPI_ALLOW_RUN_AS_ROOT=1 OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
now() { date +%s.%N; }
printf "%-24s %5s %9s %9s %7s  %s\n" board value "1 process" "$P ranks" ratio "positions: 1 process | each rank (sum / serial)"
for b in "${boards[@]}"; do
    t0=$(now)
    serial=$("$g" solve --json --threads 1 --max-seconds 0 "$b" 2>&1)
    t1=$(now)
    v=$(echo "$serial" | python3 -c "import json,sys; print(json.load(sys.stdin)['value'])" 2>/dev/null || echo '?')
    sp=$(echo "$serial" | python3 -c "import json,sys; print(json.load(sys.stdin)['search']['positions'])" 2>/dev/null || echo 0)
    t2=$(now)
    out=$(mpirun -n "$P" --oversubscribe "$g" --mpi solve --json --max-seconds 0 "$b" 2>/tmp/bench_mpi.$$)
    t3=$(now)
    mv=$(echo "$out" | python3 -c "import json,sys; print(json.load(sys.stdin)['value'])" 2>/dev/null || echo '?')
    per=$(sed -n 's/.*positions by rank: //p' /tmp/bench_mpi.$$)
    [ "$v" = "$mv" ] || echo "MISMATCH: $b: $v on one process, $mv on $P ranks"
    python3 - "$b" "$v" "$t0" "$t1" "$t2" "$t3" "$sp" "$per" <<'EOF'
import sys
b, v, t0, t1, t2, t3, sp, per = sys.argv[1:]
s = sum(int(x) for x in per.replace(' ', '').split(',') if x)
a, m = float(t1) - float(t0), float(t3) - float(t2)
print(f"{b:<24} {v:>5} {a:8.2f}s {m:8.2f}s {a / m:6.2f}x  {sp} | {per} ({int(s) / max(int(sp), 1):.2f})")
EOF
    grep -v "^grundy: mpi:" /tmp/bench_mpi.$$ | head -3
done
rm -f /tmp/bench_mpi.$$
