/* A presentation of a quotient: generators (heaps whose element is new),
 * normal forms (least exponent vectors by degree, then lexicographically
 * with a > b > c ...) and the relations u = nf(u) for the minimal vectors u
 * that are not normal forms. Normal forms of a term order are closed under
 * division, so those u generate every non-normal vector and the relations
 * form a complete rewriting system (as in Gröbner bases). */
#include <stdlib.h>
#include <string.h>
#include "core/internal.h"
#include "misere/mq.h"

void gri_mq_pres_free(mq_pres *p) {
    const gr_allocator *al = p->al;
    if (!al) return; /* never made: it holds nothing */
    gri_free(al, p->gen_heap); gri_free(al, p->nf); gri_free(al, p->rel);
    memset(p, 0, sizeof *p);
}

/* -1 when u comes before v: lower degree, or more of an earlier generator */
static int before(const uint32_t *u, const uint32_t *v, size_t k) {
    uint64_t du = 0, dv = 0;
    for (size_t i = 0; i < k; i++) { du += u[i]; dv += v[i]; }
    if (du != dv) return du < dv ? -1 : 1;
    for (size_t i = 0; i < k; i++)
        if (u[i] != v[i]) return u[i] > v[i] ? -1 : 1;
    return 0;
}

gr_status gri_mq_present(const mq_mon *m, const mq_opts *o, mq_pres *out, gr_error *err) {
    uint32_t q = m->q;
    memset(out, 0, sizeof *out);
    const gr_allocator *al = out->al = gri_ctx_alloc(o->ctx);
    uint8_t *in = gri_calloc(al, q, 1);
    uint32_t *gel = gri_malloc(al, (m->n + 1) * sizeof *gel), *stack = gri_malloc(al, q * sizeof *stack);
    out->gen_heap = gri_malloc(al, (m->n + 1) * sizeof *out->gen_heap);
    gr_status st = GR_OK;
    uint32_t *vec = NULL, *lvl = NULL, *nlvl = NULL;
    uint8_t *has = NULL;
    size_t k = 0;
    if (!in || !gel || !stack || !out->gen_heap) goto oom;
    in[0] = 1;
    for (uint32_t h = 1; h <= m->n; h++) {
        if (o->start[h] == o->start[h + 1] || in[m->phi[h]]) continue;
        gel[k] = m->phi[h];
        out->gen_heap[k++] = h;
        /* close up: everything times powers of the new generator */
        size_t sp = 0;
        for (uint32_t x = 0; x < q; x++)
            if (in[x]) stack[sp++] = x;
        while (sp) {
            uint32_t x = stack[--sp];
            for (size_t j = 0; j < k; j++) {
                uint32_t y = m->mul[(size_t)x * q + gel[j]];
                if (!in[y]) { in[y] = 1; stack[sp++] = y; }
            }
        }
    }
    out->ngen = k;
    size_t K = k ? k : 1;
    out->nf = gri_calloc(al, (size_t)q * K, sizeof *out->nf);
    has = gri_calloc(al, q, 1);
    vec = gri_malloc(al, K * sizeof *vec);
    lvl = gri_malloc(al, q * sizeof *lvl);
    nlvl = gri_malloc(al, q * sizeof *nlvl);
    if (!out->nf || !has || !vec || !lvl || !nlvl) goto oom;
    has[0] = 1;
    size_t nl = 1, relcap = 0;
    lvl[0] = 0;
    while (nl) {
        /* the next degree: each element's least vector among nf(x) + e_g */
        size_t nn = 0;
        for (size_t i = 0; i < nl; i++)
            for (size_t g = 0; g < k; g++) {
                uint32_t x = lvl[i], y = m->mul[(size_t)x * q + gel[g]];
                memcpy(vec, out->nf + (size_t)x * K, K * sizeof *vec);
                vec[g]++;
                if (has[y] == 1) continue;
                if (has[y] == 2) {
                    if (before(vec, out->nf + (size_t)y * K, k) < 0) memcpy(out->nf + (size_t)y * K, vec, K * sizeof *vec);
                    continue;
                }
                has[y] = 2;
                memcpy(out->nf + (size_t)y * K, vec, K * sizeof *vec);
                nlvl[nn++] = y;
            }
        /* relations: vectors of this degree that are not normal forms but whose every divisor is */
        for (size_t i = 0; i < nl; i++)
            for (size_t g = 0; g < k; g++) {
                uint32_t x = lvl[i], y = m->mul[(size_t)x * q + gel[g]];
                memcpy(vec, out->nf + (size_t)x * K, K * sizeof *vec);
                vec[g]++;
                if (!before(vec, out->nf + (size_t)y * K, k)) continue;
                int minimal = 1;
                for (size_t h = 0; h < k && minimal; h++) {
                    if (!vec[h]) continue;
                    vec[h]--;
                    /* the element of vec - e_h, and whether vec - e_h is its normal form */
                    uint32_t z = 0;
                    for (size_t j = 0; j < k; j++)
                        for (uint32_t r = 0; r < vec[j]; r++) z = m->mul[(size_t)z * q + gel[j]];
                    if (before(vec, out->nf + (size_t)z * K, k)) minimal = 0;
                    vec[h]++;
                }
                if (!minimal) continue;
                int dup = 0;
                for (size_t r = 0; r < out->nrel && !dup; r++) dup = !memcmp(out->rel + r * 2 * K, vec, K * sizeof *vec);
                if (dup) continue;
                if (!gri_grow(al, (void **)&out->rel, &relcap, (out->nrel + 1) * 2 * K, sizeof *out->rel)) goto oom;
                memcpy(out->rel + out->nrel * 2 * K, vec, K * sizeof *vec);
                memcpy(out->rel + out->nrel * 2 * K + K, out->nf + (size_t)y * K, K * sizeof *vec);
                out->nrel++;
            }
        for (size_t i = 0; i < nn; i++) has[nlvl[i]] = 1;
        uint32_t *t = lvl; lvl = nlvl; nlvl = t;
        nl = nn;
    }
    goto done;
oom:
    st = gri_fail(err, GR_ENOMEM, "out of memory");
    gri_mq_pres_free(out);
done:
    gri_free(al, in); gri_free(al, gel); gri_free(al, stack); gri_free(al, vec); gri_free(al, lvl); gri_free(al, nlvl); gri_free(al, has);
    return st;
}
