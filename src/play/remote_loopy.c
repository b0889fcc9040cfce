/* Remoteness with draws: retrograde analysis over the positions reachable
 * from a start.
 *
 * Listing: breadth first from the start, each position's children written
 * by gri_ms_children (canonical sums) and numbered in a key map; the
 * search limit bounds the positions, the search's work bound the moves.
 *
 * Solving: the terminal positions first (lost in normal play, won in
 * misère play, remoteness 0), then a queue in the order found. A position
 * taken from the queue with remoteness r makes each predecessor not yet
 * solved won with r + 1 when it is lost (the first lost child taken is one
 * of least remoteness, since the queue's remoteness never decreases), and
 * otherwise counts it off; a predecessor whose every move is counted off
 * is lost with r + 1 (its last child taken has the largest remoteness).
 * What the queue never reaches can always move to a position not lost and
 * never to a lost one: a draw. O(positions + moves), no recursion. */
#include <stdlib.h>
#include <string.h>
#include "play/remote_loopy.h"
#include "core/context_internal.h"

static gr_status bound(gri_retro *r, gr_error *err) {
    return gri_fail(err, GR_ELIMIT,
                    "the remoteness analysis of a game with cycles exceeds its bound of %zu positions (raise the "
                    "search limit)",
                    r->map.max);
}

static gr_status oom(gr_error *err) { return gri_fail(err, GR_ENOMEM, "out of memory in the remoteness analysis"); }

gr_status gri_retro_build(gri_retro *r, search *gen, const uint64_t *key, size_t len, int misere, gr_error *err) {
    const gr_allocator *al = gri_ctx_alloc(gen->ctx);
    memset(r, 0, sizeof *r);
    r->al = al;
    uint64_t lim = gr_ctx_search_limit(gen->ctx);
    size_t maxpos = (size_t)(lim < UINT32_MAX ? lim : UINT32_MAX); /* ids are 32-bit */
    /* the listing's moves count against its own work bound; the arena is
     * left as it was found */
    uint64_t work0 = gen->run.work;
    size_t alen0 = gen->run.alen;
    gen->run.work = 0;
    gri_keymap_init(&r->map, maxpos, al);
    uint32_t *adj = NULL, *cnt = NULL, *pl = NULL, *queue = NULL;
    size_t *aoff = NULL, *poff = NULL, nadj = 0, acap = 0, ocap = 0;
    uint64_t *scratch = NULL;
    size_t scap = 0, id0;
    gr_status st = gri_keymap_add(&r->map, key, len, 0, &id0);
    if (st != GR_OK) {
        st = st == GR_ELIMIT ? bound(r, err) : oom(err);
        goto out;
    }
    /* listing */
    for (size_t id = 0; id < r->map.count; id++) {
        size_t kl = r->map.len[id];
        if (!gri_grow(al, (void **)&scratch, &scap, kl ? kl : 1, sizeof *scratch)) { st = oom(err); goto out; }
        memcpy(scratch, r->map.words + r->map.off[id], kl * sizeof *scratch);
        if (!gri_grow(al, (void **)&aoff, &ocap, id + 2, sizeof *aoff)) { st = oom(err); goto out; }
        aoff[id] = nadj;
        size_t base = gen->run.alen;
        if ((st = gri_ms_children(&gen->run, scratch, kl)) != GR_OK) goto out;
        for (size_t c = base; c < gen->run.alen; c = gri_search_next(gen->run.arena, c)) {
            const uint64_t *ck = gen->run.arena + c + 1;
            size_t cl = (size_t)gen->run.arena[c];
            size_t cid = gri_keymap_find(&r->map, ck, cl);
            if (cid == SIZE_MAX && (st = gri_keymap_add(&r->map, ck, cl, 0, &cid)) != GR_OK) {
                st = st == GR_ELIMIT ? bound(r, err) : oom(err);
                goto out;
            }
            if (!gri_grow(al, (void **)&adj, &acap, nadj + 1, sizeof *adj)) { st = oom(err); goto out; }
            adj[nadj++] = (uint32_t)cid;
        }
        gen->run.alen = base;
    }
    size_t n = r->map.count;
    aoff[n] = nadj;
    /* predecessors, and the solve */
    r->rem = gri_calloc(al, n, sizeof *r->rem);
    r->state = gri_calloc(al, n, 1);
    cnt = gri_malloc(al, n * sizeof *cnt);
    poff = gri_calloc(al, n + 1, sizeof *poff);
    pl = gri_malloc(al, (nadj ? nadj : 1) * sizeof *pl);
    queue = gri_malloc(al, n * sizeof *queue);
    if (!r->rem || !r->state || !cnt || !poff || !pl || !queue) { st = oom(err); goto out; }
    for (size_t e = 0; e < nadj; e++) poff[adj[e] + 1]++;
    for (size_t i = 0; i < n; i++) poff[i + 1] += poff[i];
    size_t qh = 0, qt = 0;
    for (size_t i = 0; i < n; i++) {
        cnt[i] = (uint32_t)(aoff[i + 1] - aoff[i]);
        for (size_t e = aoff[i]; e < aoff[i + 1]; e++) pl[poff[adj[e]]++] = (uint32_t)i;
        if (!cnt[i]) {
            r->state[i] = misere ? GRI_RETRO_WON : GRI_RETRO_LOST;
            queue[qt++] = (uint32_t)i;
        }
    }
    /* poff[v] now ends v's list; it begins where v - 1's ends */
    while (qh < qt) {
        uint32_t v = queue[qh++];
        size_t from = v ? poff[v - 1] : 0;
        for (size_t e = from; e < poff[v]; e++) {
            uint32_t p = pl[e];
            if (r->state[p] != GRI_RETRO_DRAW) continue;
            if (r->state[v] == GRI_RETRO_LOST) {
                r->state[p] = GRI_RETRO_WON;
            } else if (--cnt[p] == 0) {
                r->state[p] = GRI_RETRO_LOST;
            } else {
                continue;
            }
            r->rem[p] = r->rem[v] + 1;
            queue[qt++] = p;
        }
    }
out:
    gen->run.work = work0;
    gen->run.alen = alen0;
    gri_free(al, adj);
    gri_free(al, aoff);
    gri_free(al, cnt);
    gri_free(al, poff);
    gri_free(al, pl);
    gri_free(al, queue);
    gri_free(al, scratch);
    return st;
}

int gri_retro_get(const gri_retro *r, const uint64_t *key, size_t len, gr_outcome *oc, uint64_t *rem) {
    size_t id = gri_keymap_find(&r->map, key, len);
    if (id == SIZE_MAX || !r->state) return 0;
    *oc = r->state[id] == GRI_RETRO_WON ? GR_OUTCOME_N : r->state[id] == GRI_RETRO_LOST ? GR_OUTCOME_P : GR_OUTCOME_D;
    *rem = r->rem[id];
    return 1;
}

void gri_retro_free(gri_retro *r) {
    if (!r->al) return;
    gri_keymap_free(&r->map);
    gri_free(r->al, r->rem);
    gri_free(r->al, r->state);
    r->al = NULL;
}
