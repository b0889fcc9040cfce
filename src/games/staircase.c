/* Staircase games. stairs(c1,...,cn): coins on steps 1..n; a move takes
 * some coins from step i down to step i-1 (from step 1 to the ground).
 * staircase(p1,...,pn): pieces on cells 1, 2, ... of a line; a move shifts
 * one piece left by at least one cell without passing or landing on another
 * piece (POJ 1704). The second is the first in disguise: reading the gaps
 * between pieces from the right end, the gap in front of the last piece is
 * step 1, the one before it step 2, and so on; moving a piece left shrinks
 * its gap and widens the next one to the right.
 *
 * Both are worked on as a "ladder" L[1..n] of coin counts. The Grundy value
 * is the XOR of the odd steps: every move changes exactly one odd step
 * (down from an odd step, or up from the even step above it), nim moves on
 * odd steps reach every smaller XOR, so by induction G = XOR of L[odd]. */
#include <stdlib.h>
#include <string.h>
#include "core/family.h"

extern const gri_family gri_family_stairs;

static int cmp_u64(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

static gr_status stair_check(const gr_ruleset *rs, const uint64_t *args, size_t n, size_t *bad, gr_error *err) {
    if (rs->fam == &gri_family_stairs) return GR_OK;
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    for (size_t i = 0; i < n; i++)
        if (args[i] == 0) { *bad = i; return gri_fail(err, GR_EINVAL, "pieces stand on cells 1, 2, ...: cell 0 does not exist"); }
    uint64_t *s = gri_malloc(al, n * sizeof *s);
    if (!s) return gri_fail(err, GR_ENOMEM, "out of memory");
    memcpy(s, args, n * sizeof *s);
    qsort(s, n, sizeof *s, cmp_u64);
    for (size_t i = 1; i < n; i++)
        if (s[i] == s[i - 1]) {
            uint64_t cell = s[i];
            gri_free(al, s);
            for (size_t j = 0, seen = 0; j < n; j++)
                if (args[j] == cell && seen++) { *bad = j; break; }
            return gri_fail(err, GR_EINVAL, "two pieces on cell %llu", (unsigned long long)cell);
        }
    gri_free(al, s);
    return GR_OK;
}

/* The ladder of a position: lad[0..n) holds steps 1..n. For staircase the
 * positions are sorted first (pieces are indistinguishable). */
static uint64_t *to_ladder(const gr_ruleset *rs, const uint64_t *args, size_t n) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    uint64_t *lad = gri_malloc(al, (n ? n : 1) * sizeof *lad);
    if (!lad) return NULL;
    if (rs->fam == &gri_family_stairs) { memcpy(lad, args, n * sizeof *lad); return lad; }
    uint64_t *s = gri_malloc(al, (n ? n : 1) * sizeof *s);
    if (!s) { gri_free(al, lad); return NULL; }
    memcpy(s, args, n * sizeof *s);
    int sorted = 1;
    for (size_t i = 1; i < n && sorted; i++) sorted = s[i - 1] < s[i];
    if (!sorted) qsort(s, n, sizeof *s, cmp_u64);
    for (size_t i = 0; i < n; i++) {
        uint64_t gap = s[i] - (i ? s[i - 1] : 0) - 1;
        lad[n - 1 - i] = gap; /* piece i (sorted) has its gap on step n - i */
    }
    gri_free(al, s);
    return lad;
}

/* Writes a ladder back as arguments (staircase: sorted positions). */
static void from_ladder(const gr_ruleset *rs, const uint64_t *lad, size_t n, uint64_t *out) {
    if (rs->fam == &gri_family_stairs) { memcpy(out, lad, n * sizeof *out); return; }
    uint64_t pos = 0;
    for (size_t i = 0; i < n; i++) {
        pos += lad[n - 1 - i] + 1;
        out[i] = pos;
    }
}

static gr_status stair_value(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t *value, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    uint64_t *lad = to_ladder(rs, args, n);
    if (!lad) return gri_fail(err, GR_ENOMEM, "out of memory");
    uint64_t x = 0;
    for (size_t s = 0; s < n; s += 2) x ^= lad[s];
    gri_free(al, lad);
    *value = x;
    return GR_OK;
}

static gr_status stair_options(gr_ruleset *rs, const uint64_t *args, size_t n, gri_optiter *it,
                           gr_state_option_fn fn, void *user, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    uint64_t *lad = to_ladder(rs, args, n);
    uint64_t *out = gri_malloc(al, (n ? n : 1) * sizeof *out);
    if (!lad || !out) { gri_free(al, lad); gri_free(al, out); return gri_fail(err, GR_ENOMEM, "out of memory"); }
    for (size_t s = 0; s < n && !it->stopped; s++)
        for (uint64_t a = 1; a <= lad[s] && !it->stopped; a++) {
            if (it->max && it->seen >= it->max) { it->stopped = it->cut = 1; break; }
            it->seen++;
            lad[s] -= a;
            if (s) lad[s - 1] += a;
            from_ladder(rs, lad, n, out);
            if (fn(user, out, n)) it->stopped = 1;
            lad[s] += a;
            if (s) lad[s - 1] -= a;
        }
    gri_free(al, lad);
    gri_free(al, out);
    return GR_OK;
}

static gr_status stair_moves_to(gr_ruleset *rs, const uint64_t *args, size_t n, uint64_t target,
                               gr_state_option_fn fn, void *user, int *complete, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    *complete = 1;
    uint64_t *lad = to_ladder(rs, args, n);
    uint64_t *out = gri_malloc(al, (n ? n : 1) * sizeof *out);
    if (!lad || !out) { gri_free(al, lad); gri_free(al, out); return gri_fail(err, GR_ENOMEM, "out of memory"); }
    uint64_t x = 0;
    for (size_t s = 0; s < n; s += 2) x ^= lad[s];
    uint64_t d = x ^ target;
    int stop = 0;
    for (size_t s = 0; s < n && d && !stop; s += 2) {
        uint64_t want = lad[s] ^ d;
        if (want < lad[s]) {            /* coins down from the odd step */
            uint64_t a = lad[s] - want;
            lad[s] -= a;
            if (s) lad[s - 1] += a;
            from_ladder(rs, lad, n, out);
            stop = fn(user, out, n);
            lad[s] += a;
            if (s) lad[s - 1] -= a;
        } else if (s + 1 < n && want - lad[s] <= lad[s + 1]) { /* coins down onto it from the even step above */
            uint64_t a = want - lad[s];
            lad[s + 1] -= a;
            lad[s] += a;
            from_ladder(rs, lad, n, out);
            stop = fn(user, out, n);
            lad[s + 1] += a;
            lad[s] -= a;
        }
    }
    gri_free(al, lad);
    gri_free(al, out);
    return GR_OK;
}

const gri_family gri_family_staircase = {
    .name = "staircase",
    .method = "staircase nim: the value is the XOR of every other gap between the pieces, counted from the right end",
    .flags = GR_FAM_ARGS_SET,
    .check = stair_check,
    .value = stair_value,
    .state_options = stair_options,
    .state_moves_to = stair_moves_to,
};

const gri_family gri_family_stairs = {
    .name = "stairs",
    .method = "staircase nim: the value is the XOR of the coins on the odd steps (a move from an even step is undone by moving the same coins on)",
    .check = stair_check,
    .value = stair_value,
    .state_options = stair_options,
    .state_moves_to = stair_moves_to,
};
