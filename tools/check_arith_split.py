"""The check of the theorem `arith-split` for check_certificate.py, written from docs/theory.md ("Arithmetic
periodicity of splitting codes") and docs/certificates.md alone (standard library only, no code shared with grundy).
arith_split(moves, g, e, P, s, W) takes the code's moves (pairs (k, digit)), the values g = G(0..N-1) already
checked by mex, E0, P, the saltus s and the window end W; it returns None when the theorem's hypotheses hold (G = F
for ever) with F read with the period k P and the saltus k s for one k = 1, 2, 4, ... (k > 1 while 3(E0 + k P) + jmax
<= W), else one line naming the first that fails for k = 1."""

def arith_split(moves, g, e, P, s, W):
    N = len(g)
    if P < 1 or s < 1 or s & (s - 1):
        return "the saltus is not a power of two (or the period is 0): arith-split needs s = 2^m, P >= 1"
    if N < max(W, e + P) + 2 * P:
        return "count is below window-end + 2 * period: the values do not reach the proof's window"
    for n in range(e + P, N):  # the candidate F agrees with the table: G(n + P) = G(n) + s on the window
        if g[n] != g[n - P] + s:
            return "G(n + period) != G(n) + saltus at n = %d" % (n - P)
    if e > 0 and g[e - 1 + P] == g[e - 1] + s:
        return "the preperiod is not the least"
    for d in range(1, P):  # the least period of F: a smaller one divides P, its saltus is s d / P
        if P % d == 0 and s * d % P == 0 and all(g[n + d] == g[n] + s * d // P for n in range(e, e + P)):
            return "the period is not the least: %d is one" % d
    jmax = max(k for k, d in moves if d & 14)  # the largest removal of a move that leaves a heap
    first, k = None, 1  # the proof may read F with the period k P and the saltus k s, k = 1, 2, 4, ...
    while k == 1 or 3 * (e + k * P) + jmax <= W:
        why = proof(moves, g, e, k * P, k * s, W, jmax)
        if not why:
            return None
        first, k = first or why, 2 * k
    return first  # the reason for k = 1

def proof(moves, g, e, P, s, W, jmax):  # the bounds on W, conditions (W) and (C), for F read with period P, saltus s
    m = s.bit_length() - 1
    F = lambda n: g[n] if n < e else g[e + (n - e) % P] + (n - e) // P * s
    c = [F(e + i) >> m for i in range(P)]  # h(e + i + qP) = q + c_i
    gi = [P * c[i] - e - i for i in range(P)]  # g(n) = P h(n) - n, past e: by the residue
    ri = [F(e + i) & (s - 1) for i in range(P)]  # the low part r, past e: by the residue
    Z = [n for n in range(1, e + P) if F(n) < s]  # the heaps of level 0
    J4, J8 = [k for k, d in moves if d & 4], [k for k, d in moves if d & 8]
    D = max(c) - min(c) + 3 + (jmax + 1) // P
    K0 = max(max(c), 1 + max((g[n] >> m for n in range(1, e)), default=-1))  # the heaps below e: n >= 1
    last = max([e - 1] + [e + i + P * (K0 - 1 - c[i]) for i in range(P) if c[i] < K0])  # the last heap of level < K0
    for bound, why in ((e + P + jmax + 2 * max(Z, default=0), "e + P + jmax + 2 max Z"),
                       (3 * (e + P) + jmax, "3(e + P) + jmax"), (last + jmax + 2, "the last heap of level below K0 "
                       "+ jmax + 2")):
        if W < bound:
            return "window-end %d is too small for the theorem: W >= %s = %d is needed" % (W, why, bound)
    if (F(W) >> m) - D < K0 + 2:
        return "window-end %d is too small for the theorem: h(W) - D = %d, K0 + 2 = %d is needed" % (
            W, (F(W) >> m) - D, K0 + 2)
    why = condition_w(P, s, m, e, g, gi, ri, Z, J4, J8)
    return why or condition_c(F, moves, P, m, e, g, gi, Z, J4, J8, D, W)

def condition_w(P, s, m, e, g, gi, ri, Z, J4, J8):  # every wide option's level sum <= h(N); if equal, low parts differ
    # the part kinds outside Z: a heap below e, or a residue class (named by its least heap): (g, r, n mod P, name)
    kinds = [(P * (g[n] >> m) - n, g[n] & (s - 1), n % P, "heap %d" % n) for n in range(1, e) if g[n] >= s]
    kinds += [(gi[i], ri[i], (e + i) % P, "the class of %d" % (e + i)) for i in range(P)]
    best, lows = [], []  # for the shift t, N's class is (i + t) mod P when the last part is in class i
    for t in range(P):
        d = [gi[i] - gi[(i + t) % P] for i in range(P)]
        best.append(max(d))
        lows.append({ri[i] ^ ri[(i + t) % P]: i for i in range(P) if d[i] == best[-1]})
    def bad(A, X, o, j):  # the other parts: g-sum A (less any z), low XOR X, o = their sum + j (mod P); a class last
        t = o % P
        if A + best[t] > j or A + best[t] == j and X in lows[t]:
            return next(i for i in range(P) if A + gi[i] - gi[(i + t) % P] > j or A + gi[i] - gi[(i + t) % P] == j
                        and X == ri[i] ^ ri[(i + t) % P])
    fmt = "condition (W) fails: removing %d, parts %s outside Z%s can have the value F(N)"
    for j in J4:
        for a in kinds:
            i = bad(a[0], a[1], a[2] + j, j)
            if i is not None:
                return fmt % (j, "%s and the class of %d" % (a[3], e + i), "")
    for j in J8:
        for a in kinds:
            for z in Z:
                i = bad(a[0] - z, a[1] ^ g[z], a[2] + z + j, j)
                if i is not None:
                    return fmt % (j, "%s and the class of %d" % (a[3], e + i), " (and heap %d in Z)" % z)
    if J8 and len(kinds) ** 3 > 6 * 10 ** 7:  # too many triples: the cruder bound 2U + max g - min g < j
        U = max(k[0] for k in kinds)
        j = next((j for j in J8 if 2 * U + max(gi) - min(gi) >= j), None)
        return j is not None and "condition (W) fails: too many triples, and 2U + max g - min g = %d >= %d" % (
            2 * U + max(gi) - min(gi), j) or None
    for j in J8:
        for a in kinds:
            for b in kinds:
                i = bad(a[0] + b[0], a[1] ^ b[1], a[2] + b[2] + j, j)
                if i is not None:
                    return fmt % (j, "%s, %s and the class of %d" % (a[3], b[3], e + i), "")

def condition_c(F, moves, P, m, e, g, gi, Z, J4, J8, D, W):  # on the heaps N in [W, W + P2)
    gmax = max(gi + [P * (g[n] >> m) - n for n in range(e)])  # g(a) <= gmax for every heap a
    for N in range(W, W + (P if P % 2 == 0 else 2 * P)):
        FN = F(N)
        lo = max(0, (FN >> m) - D) << m  # the least value of level h(N) - D
        tame = set()  # the options with all parts but one in Z (that one past e + P, by the bound on W)
        for k, d in moves:
            r = N - k
            if d & 2:
                tame.add(F(r))
            if d & 4:
                tame.update(F(r - z) ^ g[z] for z in Z)
            if d & 8:
                tame.update(F(r - z - y) ^ g[z] ^ g[y] for z in Z for y in Z)
        if FN in tame:
            return "condition (C) fails: F(N) = %d is a tame option of N = %d" % (FN, N)
        low = N < W + 2  # N = W, W + 1: every a (every level); else the a whose F(a) may be >= lo
        amin = 1 if low else max(1, ((FN >> m) - D) * P - gmax)
        cancel = {F(a) for j in J8 for a in range(N - j - 2, amin - 1, -2)}  # (a, x, x): a = N - j (mod 2)
        cancel |= {0} if any(N - j >= 2 and (N - j) % 2 == 0 for j in J4) else set()  # (x, x)
        need = set(range(lo, FN)) - tame - cancel
        if need:
            return "condition (C) fails: %d, below F(N) = %d at a top level, is no tame or cancelling option of " \
                   "N = %d" % (min(need), FN, N)
        need = set(range(lo)) - cancel if low else ()
        if need:
            return "condition (C) fails: %d, of a level below h(N) - D, is no cancelling option of N = %d" % (
                min(need), N)
