/* Variants of Nim with their own closed forms: Moore's Nim-k and its misère
 * form (Anti-Nim-k), and New Nim (whole heaps removed in two opening
 * rounds). All exact on 64-bit heaps, linear in the number of heaps. */
#include <stdlib.h>
#include <string.h>
#include "core/internal.h"
#include "play/position_internal.h"
#include "core/family.h"

/* The heaps of a position made only of nim heaps, flattened. */
static gr_status nim_heaps(const gr_position *pos, uint64_t **out, size_t *n, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(pos->ctx);
    size_t total = 0;
    for (size_t i = 0; i < pos->nterms; i++) {
        const gri_term *t = &pos->terms[i];
        if (!gri_rs_has(t->rs, GR_FAM_SMALLER_HEAPS)) {
            char *s = NULL;
            gr_status st = gr_position_term_format(pos, i, &s);
            gri_fail(err, GR_EINVAL, "Moore's Nim-k rule holds for nim heaps only; term %zu is %s", i + 1,
                    st == GR_OK && s ? s : "not a nim heap");
            gri_free(al, s);
            return GR_EINVAL;
        }
        total += t->nargs;
    }
    uint64_t *h = gri_malloc(al, (total ? total : 1) * sizeof *h);
    if (!h) return gri_fail(err, GR_ENOMEM, "out of memory");
    size_t k = 0;
    for (size_t i = 0; i < pos->nterms; i++)
        for (uint32_t j = 0; j < pos->terms[i].nargs; j++) h[k++] = pos->args[pos->terms[i].args + j];
    *out = h;
    *n = total;
    return GR_OK;
}

static int moore_p(const uint64_t *h, size_t n, uint64_t k) {
    for (int b = 0; b < 64; b++) {
        uint64_t c = 0;
        for (size_t i = 0; i < n; i++) c += h[i] >> b & 1;
        if (c % (k + 1)) return 0;
    }
    return 1;
}

static int moore_wins(const uint64_t *h, size_t n, uint64_t k, int misere) {
    if (!misere) return !moore_p(h, n, k);
    size_t ones = 0, big = 0;
    for (size_t i = 0; i < n; i++) { ones += h[i] == 1; big += h[i] > 1; }
    if (!big) return ones % (k + 1) != 1;
    return !moore_p(h, n, k);
}

gr_status gr_position_moore(gr_position *pos, uint64_t k, int misere, gr_outcome *wins, gr_error *err) {
    if (k == 0) return gri_fail(err, GR_EINVAL, "Moore's Nim-k needs k >= 1");
    const gr_allocator *al = gri_ctx_alloc(pos->ctx);
    uint64_t *h;
    size_t n;
    gr_status st = nim_heaps(pos, &h, &n, err);
    if (st != GR_OK) return st;
    if (k > n) k = n ? n : 1; /* k >= the number of heaps: counts never reach k+1 either way */
    *wins = moore_wins(h, n, k, misere);
    gri_free(al, h);
    return GR_OK;
}

/* A normal-play Moore move into a P-position: bits from the top; heaps
 * already lowered are free below, at each bit either lower r = count mod
 * (k+1) fixed heaps that have the bit (if that keeps the count of lowered
 * heaps <= k), or set the bit in k+1-r free heaps. One of the two always
 * fits: if m + r > k then m >= k + 1 - r. */
static void moore_normal_move(const uint64_t *h, size_t n, uint64_t k, uint64_t *nh, unsigned char *lowered) {
    memcpy(nh, h, n * sizeof *nh);
    memset(lowered, 0, n);
    size_t m = 0;
    for (int b = 63; b >= 0; b--) {
        uint64_t bit = (uint64_t)1 << b, c = 0;
        for (size_t i = 0; i < n; i++) if (!lowered[i] && (h[i] & bit)) c++;
        uint64_t r = c % (k + 1);
        /* free heaps' bit b starts cleared */
        for (size_t i = 0; i < n; i++) if (lowered[i]) nh[i] &= ~bit;
        if (r == 0) continue;
        if (m + r <= k) {
            for (size_t i = 0; i < n && r; i++)
                if (!lowered[i] && (h[i] & bit)) {
                    lowered[i] = 1;
                    m++;
                    r--;
                    nh[i] = h[i] & ~(bit | (bit - 1)); /* lower bits set freely below */
                }
        } else {
            uint64_t need = k + 1 - r;
            for (size_t i = 0; i < n && need; i++) if (lowered[i]) { nh[i] |= bit; need--; }
        }
    }
}

gr_status gr_position_moore_move(gr_position *pos, uint64_t k, int misere, gr_move_fn fn, void *user, gr_error *err) {
    if (k == 0) return gri_fail(err, GR_EINVAL, "Moore's Nim-k needs k >= 1");
    const gr_allocator *al = gri_ctx_alloc(pos->ctx);
    uint64_t *h;
    size_t n;
    gr_status st = nim_heaps(pos, &h, &n, err);
    if (st != GR_OK) return st;
    if (k > n) k = n ? n : 1;
    uint64_t *nh = gri_malloc(al, (n ? n : 1) * sizeof *nh);
    unsigned char *low = gri_malloc(al, n ? n : 1);
    if (!nh || !low) { gri_free(al, h); gri_free(al, nh); gri_free(al, low); return gri_fail(err, GR_ENOMEM, "out of memory"); }
    if (!moore_wins(h, n, k, misere)) goto done;
    size_t big = 0, ones = 0;
    for (size_t i = 0; i < n; i++) { big += h[i] > 1; ones += h[i] == 1; }
    if (!misere || big) moore_normal_move(h, n, k, nh, low);
    if (misere) {
        size_t big_after = 0;
        for (size_t i = 0; i < n; i++) big_after += nh[i] > 1;
        if (!big || !big_after) {
            /* finish among singletons: leave a number of 1-heaps that is
             * 1 mod k+1, changing at most k heaps (every big heap among them) */
            memcpy(nh, h, n * sizeof *nh);
            /* x big heaps go to 1 (the rest to 0), y 1-heaps go to 0, with
             * b + y <= k and o - y + x = 1 mod k+1; a move changes something */
            uint64_t o = ones, bb = big, room = k - bb;
            for (uint64_t x = 0; x <= bb; x++) {
                uint64_t rr = (o + x) % (k + 1), y = rr ? rr - 1 : k; /* o + x - 1 mod k+1 */
                if (y > o || y > room || (!bb && !y)) continue;
                uint64_t xs = x, ys = y;
                for (size_t i = 0; i < n; i++) {
                    if (h[i] > 1) nh[i] = xs ? (xs--, 1) : 0;
                    else if (h[i] == 1 && ys) { nh[i] = 0; ys--; }
                }
                break;
            }
        }
    }
    /* report per term */
    size_t at = 0;
    for (size_t i = 0; i < pos->nterms; i++) {
        const gri_term *t = &pos->terms[i];
        int changed = 0;
        for (uint32_t j = 0; j < t->nargs; j++) changed |= nh[at + j] != h[at + j];
        if (changed) {
            gri_buf b;
            gri_buf_init(&b, al);
            if (t->bare) gri_buf_u64(&b, nh[at]);
            else {
                gri_buf_puts(&b, gr_ruleset_spec(t->rs));
                gri_buf_puts(&b, "(");
                for (uint32_t j = 0; j < t->nargs; j++) { if (j) gri_buf_puts(&b, ","); gri_buf_u64(&b, nh[at + j]); }
                gri_buf_puts(&b, ")");
            }
            char *to = NULL, *from = NULL;
            if (gri_buf_take(&b, &to, NULL) != GR_OK || gr_position_term_format(pos, i, &from) != GR_OK) {
                gri_free(al, to);
                gri_free(al, from);
                st = gri_fail(err, GR_ENOMEM, "out of memory");
                break;
            }
            int stop = gri_move_call(pos->ctx, i, from, to, fn, user, &st, err);
            gri_free(al, to);
            gri_free(al, from);
            if (stop) break;
        }
        at += t->nargs;
    }
done:
    gri_free(al, h);
    gri_free(al, nh);
    gri_free(al, low);
    return st;
}

static int cmp_desc(const void *a, const void *b) {
    uint64_t x = **(const uint64_t *const *)a, y = **(const uint64_t *const *)b;
    return x > y ? -1 : x < y;
}

size_t gr_u128_format(uint64_t hi, uint64_t lo, char *buf) {
    char tmp[GR_U128_DIGITS];
    size_t k = 0;
    do {
        /* (hi:lo) / 10, bit by bit through the low word */
        uint64_t rem = hi % 10, qh = hi / 10, ql = 0;
        for (int b = 63; b >= 0; b--) {
            rem = (rem << 1) | (lo >> b & 1);
            ql = (ql << 1) | (rem >= 10);
            if (rem >= 10) rem -= 10;
        }
        tmp[k++] = (char)('0' + rem);
        hi = qh;
        lo = ql;
    } while (hi || lo);
    for (size_t i = 0; i < k; i++) buf[i] = tmp[k - 1 - i];
    buf[k] = '\0';
    return k;
}

gr_status gr_newnim(const uint64_t *heaps, size_t n, gr_outcome *wins, uint64_t *cost_hi, uint64_t *cost_lo,
                    unsigned char *removed, gr_error *err) {
    const gr_allocator *al = &gri_libc_alloc; /* no context: the C library's */
    const uint64_t **order = gri_malloc(al, (n ? n : 1) * sizeof *order);
    if (!order) return gri_fail(err, GR_ENOMEM, "out of memory");
    for (size_t i = 0; i < n; i++) order[i] = &heaps[i];
    qsort(order, n, sizeof *order, cmp_desc);
    uint64_t basis[64] = {0};
    uint64_t hi = 0, lo = 0;
    size_t kept = 0;
    if (removed) memset(removed, 0, n);
    for (size_t i = 0; i < n; i++) {
        uint64_t x = *order[i];
        for (int b = 63; b >= 0 && x; b--) {
            if (!(x >> b & 1)) continue;
            if (!basis[b]) { basis[b] = x; break; }
            x ^= basis[b];
        }
        if (x) { kept++; continue; }
        /* dependent (or empty): it must go */
        uint64_t v = *order[i];
        lo += v;
        if (lo < v) hi++;
        if (removed) removed[order[i] - heaps] = 1;
    }
    gri_free(al, order);
    *wins = kept > 0;
    *cost_hi = hi;
    *cost_lo = lo;
    return GR_OK;
}
