/* The listed scan of a windowed run (issue 33): each heap's splits with a
 * listed part, made heap by heap (gri_sp_far: the step's own kernels, the
 * baseline) against 32 heaps at once (gri_sp_far_batch: a listed
 * position's partners for consecutive heaps are consecutive values). Both
 * make the same sets (checked here on every heap; tests/test_sparse.c
 * checks them on small tables); the ratio is the batch's gain. For
 * tb[0.014], Officers tb[0.6] (two-byte values) and tb[0.167] (one-byte
 * values and two sums a step apart, which a batch's rows share; one thread
 * takes no batches there: its step scans the listed positions once for
 * both sums, keeping the sum r - 1 from the heap before, which the
 * heap-by-heap row here does not, so this row overstates the batch's
 * gain, and by perf a run with batches forced on is slower): the table to
 * N (default 2^21;
 * "quick": 2^19), then the scans of its second half, the two ways
 * alternated in chunks of 4096 heaps, over the listed positions from the
 * first p >= 32 on (those a batch of 32 heaps can read).
 *
 *   bench_listed [quick] [N] */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "grundy/grundy.h"
#include "core/rs.h"
#include "core/sparse.h"
#include "core/sparse_class.h"
#include "benchutil.h"

#define NH 32
#define CHUNK 4096

typedef struct game {
    const char *spec;
    size_t removals[3]; /* the split removals (sums n - k) */
    size_t nrem;
} game;

static void one(const game *gm, uint64_t n) {
    gr_ctx *ctx;
    gr_ruleset *rs;
    gr_error err;
    if (gr_ctx_new(&ctx) != GR_OK) exit(1);
    if (gr_ctx_ruleset(ctx, gm->spec, strlen(gm->spec), &rs, &err) != GR_OK || gr_ruleset_compute(rs, n, &err) != GR_OK) {
        fprintf(stderr, "%s: %s\n", gm->spec, err.message);
        exit(1);
    }
    if (rs->sp.on != 1) {
        fprintf(stderr, "%s: the sparse-space method is not in use\n", gm->spec);
        exit(1);
    }
    size_t lo = gri_sp_list_lower(rs, NH);
    size_t words = ((size_t)1 << gri_bitlen64(rs->tabmax)) / 64 + 1;
    if (words < 4) words = 4;
    /* each way's sets of a chunk, compared after both */
    uint64_t *one_bits = malloc(CHUNK * words * sizeof *one_bits), *batch_bits = malloc(CHUNK * words * sizeof *batch_bits);
    uint8_t *flag = malloc((NH + 1) * words * 64); /* (gri_sp_batch_rows: .167's sums are one apart) */
    if (!one_bits || !batch_bits || !flag) exit(1);
    gri_sp_view vw = {rs->tab, rs->tab, NULL, (size_t)n, 0, 0, rs->tw, rs->tabmax, SIZE_MAX, NULL, 0, 0, 0, NULL,
                      rs->sp.umax};
    double t_one = 0, t_batch = 0;
    uint64_t heaps = 0, differ = 0;
    for (uint64_t c0 = n / 2; c0 + CHUNK <= n; c0 += CHUNK) {
        for (int way = 0; way < 2; way++) {
            int batch = (way + (int)(c0 / CHUNK)) % 2; /* which goes first alternates */
            double t0 = bench_now();
            for (uint64_t h = c0; h < c0 + CHUNK; h += NH) {
                size_t sums[3];
                for (size_t i = 0; i < gm->nrem; i++) sums[i] = (size_t)(h - gm->removals[i]);
                uint64_t *bits = (batch ? batch_bits : one_bits) + (h - c0) * words;
                if (batch) {
                    gri_sp_far_batch(rs, &vw, sums, gm->nrem, 0, lo, NH, bits, words, flag);
                } else {
                    for (size_t k = 0; k < NH; k++) {
                        size_t sk[3];
                        for (size_t i = 0; i < gm->nrem; i++) sk[i] = sums[i] + k;
                        gri_sp_far(rs, &vw, sk, gm->nrem, 0, lo, 0, 0, bits + k * words, words, flag);
                    }
                }
            }
            if (batch) t_batch += bench_now() - t0;
            else t_one += bench_now() - t0;
        }
        differ += memcmp(one_bits, batch_bits, CHUNK * words * sizeof *one_bits) != 0;
        heaps += CHUNK;
    }
    printf("%-10s %6zu listed (%zu scanned), %2u-byte values: heap by heap %.3f us a heap, 32 at once %.3f us (%.2fx)%s\n",
           gm->spec, rs->sp.nrare, rs->sp.nrare - lo, rs->tw, 1e6 * t_one / (double)heaps, 1e6 * t_batch / (double)heaps,
           t_one / t_batch, differ ? "  SETS DIFFER" : "");
    free(one_bits);
    free(batch_bits);
    free(flag);
    gr_ctx_free(ctx);
    if (differ) exit(1);
}

int main(int argc, char **argv) {
    uint64_t n = (uint64_t)1 << 21;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "quick")) n = (uint64_t)1 << 19;
        else n = strtoull(argv[i], NULL, 0);
    }
    static const game games[] = {
        {"tb[0.014]", {3}, 1},
        {"tb[0.6]", {1}, 1},
        {"tb[0.167]", {2, 3}, 2},
    };
    /* the batch's last sets read values just below the second half's heaps:
     * the check is only against the heap-by-heap sets, so any n works */
    for (size_t i = 0; i < sizeof games / sizeof *games; i++) one(&games[i], n);
    return 0;
}
