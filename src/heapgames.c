/* The heap rulesets that are neither subtraction sets nor codes: nim (a
 * closed form), divisor (take a divisor of the heap), coprime (take y with
 * gcd(heap, y) = 1, or everything), pow2 (take a power of two) and Grundy's
 * game (split a heap into two unequal non-empty heaps). Their tables are
 * computed by the definition. */
#include "internal.h"

/* Closed forms, each proved against the brute force in tests/test_closed.c:
 *   nim       G(n) = n
 *   pow2      G(n) = n mod 3 (powers of two are 1 or 2 mod 3)
 *   divisor   G(0) = 0, G(n) = v2(n) + 1 (an odd heap can only reach even
 *             heaps or 0, and so on up the powers of two)
 *   lasker    tb[4.3!]: G(4k+1) = 4k+1, G(4k+2) = 4k+2, G(4k+3) = 4k+4, G(4k+4) = 4k+3
 *   tb[8.3!]  take any number or split into three: G(8k+7) = 8k+8,
 *             G(8k+8) = 8k+7, G(n) = n otherwise
 *   bash[p,q] with r = n mod (p+q): G(n) = ceil(r/p) for r <= q, else 0
 *             (a move keeps the residue within one period of the pattern) */
static int tb_is(const gr_ruleset *rs, uint8_t d0, uint8_t d1) {
    return rs->kind == GR_RULESET_TB && rs->repeat && rs->ndigits == 2 && rs->digit[0] == d0 && rs->digit[1] == d1;
}

int gr_heapgame_closed_form(const gr_ruleset *rs, uint64_t n, uint64_t *value) {
    switch (rs->kind) {
    case GR_RULESET_NIM: *value = n; return 1;
    case GR_RULESET_POW2: *value = n % 3; return 1;
    case GR_RULESET_DIVISOR: *value = n ? (uint64_t)__builtin_ctzll(n) + 1 : 0; return 1;
    case GR_RULESET_BASH: {
        uint64_t p = rs->bash_p, q = rs->bash_q;
        uint64_t r = q > UINT64_MAX - p ? n : n % (p + q);
        *value = r <= q ? r / p + (r % p != 0) : 0;
        return 1;
    }
    case GR_RULESET_TB:
        if (tb_is(rs, 4, 3)) { /* Lasker's Nim */
            uint64_t r = n % 4;
            *value = n == 0 ? 0 : r == 3 ? n + 1 : r == 0 ? n - 1 : n;
            return n != UINT64_MAX || r != 3;  /* n + 1 would wrap */
        }
        if (tb_is(rs, 8, 3)) {
            uint64_t r = n % 8;
            *value = n == 0 ? 0 : r == 7 ? n + 1 : r == 0 ? n - 1 : n;
            return n != UINT64_MAX || r != 7;
        }
        return 0;
    default: return 0;
    }
}

static uint64_t gcd(uint64_t a, uint64_t b) {
    while (b) { uint64_t t = a % b; a = b; b = t; }
    return a;
}

gr_status gr_heapgame_next(gr_ruleset *rs, gr_error *err) {
    size_t n = rs->len;
    gr_mexset *ms = &rs->mex;
    gr_mexset_clear(ms);
    gr_status st = GR_OK;
    switch (rs->kind) {
    case GR_RULESET_NIM:
        st = GR_OK;
        return gr_rs_push(rs, n, err);
    case GR_RULESET_DIVISOR:
        for (size_t d = 1; d <= n / d && st == GR_OK; d++)
            if (n % d == 0) {
                st = gr_mexset_add(ms, gr_tab_at(rs, n - d));
                if (st == GR_OK) st = gr_mexset_add(ms, gr_tab_at(rs, n - n / d));
            }
        break;
    case GR_RULESET_COPRIME:
        if (n) st = gr_mexset_add(ms, gr_tab_at(rs, 0)); /* take everything */
        for (size_t m = 1; m < n && st == GR_OK; m++)
            if (gcd(n, m) == 1) st = gr_mexset_add(ms, gr_tab_at(rs, m)); /* take y = n - m, gcd(n, y) = gcd(n, m) */
        break;
    case GR_RULESET_POW2:
        for (size_t p = 1; p && p <= n && st == GR_OK; p <<= 1) st = gr_mexset_add(ms, gr_tab_at(rs, n - p));
        break;
    case GR_RULESET_GRUNDY: {
        /* split into two unequal heaps: the sparse-space method once the
         * table is long enough to choose a mask, the full scan before */
        size_t sum = n;
        if (rs->sp_on == 0 && n >= gr_ctx_sparse_start_of(rs->ctx) && n < UINT32_MAX) gr_sp_start(rs);
        if (rs->sp_on == 1) return gr_sp_next(rs, NULL, 0, &sum, 1, 1, err);
        uint64_t *bits;
        size_t words;
        if ((st = gr_split_options(rs, &sum, 1, 1, &bits, &words, err)) != GR_OK) return st;
        return gr_rs_push(rs, gr_bits_mex(bits, words), err);
    }
    case GR_RULESET_BASH:
        if (n && n < rs->bash_p) st = gr_mexset_add(ms, 0);
        for (uint64_t t = rs->bash_p; t <= rs->bash_q && t <= n && st == GR_OK; t++) st = gr_mexset_add(ms, gr_tab_at(rs, n - t));
        break;
    default:
        return gr_fail(err, GR_EINTERNAL, "heapgame: wrong kind");
    }
    if (st != GR_OK) return gr_fail(err, GR_ENOMEM, "out of memory computing mex");
    return gr_rs_push(rs, gr_mexset_mex(ms), err);
}

/* Trial division is capped for astronomically large heaps. */
#define DIVISOR_SCAN_MAX ((uint64_t)1 << 22)

void gr_heapgame_options(const gr_ruleset *rs, uint64_t n, gr_optiter *it) {
    uint64_t h[2];
    switch (rs->kind) {
    case GR_RULESET_NIM:
        for (uint64_t m = n; m-- > 0;) {
            h[0] = m;
            if (gr_optiter_emit(it, h, m ? 1 : 0)) return;
        }
        return;
    case GR_RULESET_DIVISOR: {
        uint64_t d = 1;
        for (; d <= n / d; d++) {
            if (d > DIVISOR_SCAN_MAX) { it->cut = 1; return; }
            if (n % d) continue;
            h[0] = n - d;
            if (gr_optiter_emit(it, h, h[0] ? 1 : 0)) return;
            if (n / d != d) {
                h[0] = n - n / d;
                if (gr_optiter_emit(it, h, h[0] ? 1 : 0)) return;
            }
        }
        return;
    }
    case GR_RULESET_COPRIME:
        for (uint64_t y = 1; y <= n; y++) {
            if (gcd(n, y) != 1 && y != n) continue;
            h[0] = n - y;
            if (gr_optiter_emit(it, h, h[0] ? 1 : 0)) return;
            if (y == n) break;
        }
        return;
    case GR_RULESET_POW2:
        for (uint64_t p = 1; p && p <= n; p <<= 1) {
            h[0] = n - p;
            if (gr_optiter_emit(it, h, h[0] ? 1 : 0)) return;
        }
        return;
    case GR_RULESET_BASH:
        if (n && n < rs->bash_p) { h[0] = 0; gr_optiter_emit(it, h, 0); return; }
        for (uint64_t t = rs->bash_p; t <= rs->bash_q && t <= n; t++) {
            h[0] = n - t;
            if (gr_optiter_emit(it, h, h[0] ? 1 : 0)) return;
            if (t == UINT64_MAX) break;
        }
        return;
    case GR_RULESET_GRUNDY:
        for (uint64_t a = 1; a < n && a < n - a; a++) {
            h[0] = a; h[1] = n - a;
            if (gr_optiter_emit(it, h, 2)) return;
        }
        return;
    default:
        return;
    }
}

/* Lasker (m = 4) and tb[8.3!] (m = 8): the heap whose value is w */
static uint64_t closed_inverse(uint64_t w, uint64_t m) {
    if (w == 0) return 0;
    uint64_t r = w % m;
    if (r == m - 1) return w + 1;
    if (r == 0) return w - 1;
    return w;
}

int gr_heapgame_moves_to(const gr_ruleset *rs, uint64_t n, uint64_t want, gr_optiter *it, int *complete) {
    uint64_t h[3] = {0, 0, 0};
    *complete = 1;
    if (rs->kind == GR_RULESET_DIVISOR) {
        /* every divisor d of n, from the factorization: options n - d */
        uint64_t p[16];
        unsigned e[16], idx[16] = {0};
        int k = gr_prime_factor(n, p, e);
        for (;;) {
            uint64_t d = 1;
            for (int i = 0; i < k; i++) for (unsigned j = 0; j < idx[i]; j++) d *= p[i];
            uint64_t m = n - d, v = m ? (uint64_t)__builtin_ctzll(m) + 1 : 0;
            if (v == want) { h[0] = m; if (gr_optiter_emit(it, h, m ? 1 : 0)) { *complete = 0; return 1; } }
            int i = 0;
            while (i < k && idx[i] == e[i]) idx[i++] = 0;
            if (i == k) break;
            idx[i]++;
        }
        return 1;
    }
    if (rs->kind == GR_RULESET_BASH) {
        /* options m = n - t, p <= t <= q, whose residue r = m mod (p+q) has
         * value want: r in [(want-1)p + 1, min(want p, q)], or r = 0 or r > q
         * for want 0 */
        uint64_t p = rs->bash_p, q = rs->bash_q;
        if (n < p) { if (want == 0 && n) gr_optiter_emit(it, h, 0); return 1; }
        uint64_t lo = n > q ? n - q : 0, hi = n - p, m = hi;
        for (;;) {
            uint64_t v;
            gr_heapgame_closed_form(rs, m, &v);
            if (v == want) {
                h[0] = m;
                if (gr_optiter_emit(it, h, m ? 1 : 0)) { *complete = 0; return 1; }
                if (m == lo) break;
                m--;
                continue;
            }
            /* jump to the next lower residue that can have the value */
            uint64_t L = q > UINT64_MAX - p ? 0 : p + q, r = L ? m % L : m, target_hi;
            if (want == 0) target_hi = r == 0 ? 0 : (r > q ? r : 0);
            else target_hi = want * p > q ? q : want * p;
            uint64_t down;
            if (want == 0) down = r;           /* to residue 0 */
            else if (r > target_hi) down = r - target_hi;
            else { if (!L) break; down = r + (L - target_hi); } /* to the block below */
            if (down == 0 || m - lo < down) break;
            m -= down;
        }
        return 1;
    }
    if (rs->kind == GR_RULESET_COPRIME) {
        /* leave a small heap m (gcd(n, m) = 1, or m = 0: take all): their
         * values are cheap, unlike those of heaps near n */
        *complete = n <= 4096;
        /* G of small heaps by a sieve of least prime factors */
        enum { SMALL = 4097 };
        uint16_t g[SMALL];
        uint16_t rank = 0;
        g[0] = 0; g[1] = 1;
        for (uint64_t i = 2; i < SMALL; i++) g[i] = 0;
        for (uint64_t i = 2; i < SMALL; i++) {
            if (g[i]) continue;
            g[i] = (uint16_t)(++rank + 1);
            for (uint64_t j = i * i; j < SMALL; j += i) if (!g[j]) g[j] = g[i];
        }
        for (uint64_t m = 0; m < n && m < SMALL; m++) {
            if (m && gcd(n, m) != 1) continue;
            uint64_t v = g[m];
            if (v == want) { h[0] = m; if (gr_optiter_emit(it, h, m ? 1 : 0)) { *complete = 0; return 1; } }
        }
        return 1;
    }
    uint64_t mod = 0;
    if (rs->kind == GR_RULESET_TB && rs->repeat && rs->ndigits == 2 && rs->digit[1] == 3) {
        if (rs->digit[0] == 4) mod = 4;
        if (rs->digit[0] == 8) mod = 8;
    }
    if (!mod) return 0;
    /* takes: the one heap m < n of value want */
    uint64_t m = closed_inverse(want, mod);
    if (m < n) { h[0] = m; if (gr_optiter_emit(it, h, m ? 1 : 0)) { *complete = 0; return 1; } }
    /* splits: a few with a small part; the rest are not listed */
    *complete = 0;
    for (uint64_t a = 1; a <= 64 && 2 * a <= n; a++) {
        uint64_t ga, gb;
        gr_heapgame_closed_form(rs, a, &ga);
        if (mod == 4) {
            if (!gr_heapgame_closed_form(rs, n - a, &gb)) continue;
            if ((ga ^ gb) == want) { h[0] = a; h[1] = n - a; if (gr_optiter_emit(it, h, 2)) return 1; }
        } else {
            for (uint64_t b = a; b <= 64 && a + b < n; b++) {
                uint64_t gc, gbb;
                gr_heapgame_closed_form(rs, b, &gbb);
                if (!gr_heapgame_closed_form(rs, n - a - b, &gc)) continue;
                if ((ga ^ gbb ^ gc) == want) { h[0] = a; h[1] = b; h[2] = n - a - b; if (gr_optiter_emit(it, h, 3)) return 1; }
            }
        }
    }
    return 1;
}
