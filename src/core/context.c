/* The context: limits and the ruleset registry. Rulesets are interned by
 * their written-back spec in a small open-addressing map, so parsing a
 * million terms of a few rulesets costs one hash probe per term. */
#include <stdlib.h>
#include <string.h>
#include "core/internal.h"
#include "core/context_internal.h"
#include "core/family.h"
#include "core/cpu.h"

gr_status gri_alloc_check(const gr_allocator **a, gr_error *err) {
    if (!*a) *a = &gri_libc_alloc;
    if ((*a)->size < sizeof(gr_allocator) || !(*a)->malloc || !(*a)->realloc || !(*a)->free)
        return gri_fail(err, GR_EINVAL, "an allocator needs its size set to sizeof(gr_allocator) and all three functions");
    return GR_OK;
}

gr_status gr_ctx_new_ex(const gr_allocator *alloc, gr_ctx **out, gr_error *err) {
    if (!out) return gri_fail(err, GR_EINVAL, "no place for the context");
    *out = NULL;
    gr_status st = gri_alloc_check(&alloc, err);
    if (st != GR_OK) return st;
    gr_ctx *c = gri_calloc(alloc, 1, sizeof *c);
    if (!c) return gri_fail(err, GR_ENOMEM, "out of memory");
    *out = c;
    c->alloc = *alloc;
    c->alloc.size = sizeof(gr_allocator);
    c->table_limit = GR_DEFAULT_TABLE_LIMIT;
    c->search_limit = GR_DEFAULT_SEARCH_LIMIT;
    c->sparse_start = GR_DEFAULT_SPARSE_START;
    c->native_from = 1000;
    return GR_OK;
}

gr_status gr_ctx_new(gr_ctx **out) { return gr_ctx_new_ex(NULL, out, NULL); }

void gr_ctx_free(gr_ctx *ctx) {
    if (!ctx) return;
    const gr_allocator *a = &ctx->alloc;
    for (size_t i = 0; i < ctx->nrs; i++) gri_rs_free(ctx->rs[i]);
    gri_free(a, ctx->rs);
    gri_free(a, ctx->map);
    if (ctx->nim) ctx->nim_free(ctx->nim); /* set where the tables are built (arith/nimber.c) */
    for (size_t i = 0; i < ctx->ncustom; i++) gri_free(a, ctx->custom[i]);
    gri_free(a, ctx->custom);
    gri_free(a, ctx->native_cc);
    gri_free(a, ctx->native_dir);
    gr_allocator keep = ctx->alloc; /* the context's own block goes back last */
    gri_free(&keep, ctx);
}

gr_status gr_ctx_set_native(gr_ctx *ctx, const char *cc, const char *cache_dir) {
    const gr_allocator *a = &ctx->alloc;
    gri_free(a, ctx->native_cc);
    gri_free(a, ctx->native_dir);
    ctx->native_cc = ctx->native_dir = NULL;
    if (!cc || !*cc || !cache_dir || !*cache_dir) return GR_OK;
    ctx->native_cc = gri_strdup(a, cc);
    ctx->native_dir = gri_strdup(a, cache_dir);
    if (ctx->native_cc && ctx->native_dir) return GR_OK;
    gri_free(a, ctx->native_cc);
    gri_free(a, ctx->native_dir);
    ctx->native_cc = ctx->native_dir = NULL;
    return GR_ENOMEM;
}

const gri_family_entry *gri_ctx_custom_find(const gr_ctx *ctx, const char *name, size_t len) {
    for (size_t i = 0; i < ctx->ncustom; i++)
        if (strlen(ctx->custom[i]->name) == len && !memcmp(ctx->custom[i]->name, name, len)) return ctx->custom[i];
    return NULL;
}

int gri_ctx_custom_add(gr_ctx *ctx, gri_family_entry *block) {
    const gr_allocator *al = gri_ctx_alloc(ctx);
    if (!gri_grow(al, (void **)&ctx->custom, &ctx->custom_cap, ctx->ncustom + 1, sizeof *ctx->custom)) return 0;
    ctx->custom[ctx->ncustom++] = block;
    return 1;
}

void gr_ctx_set_table_limit(gr_ctx *ctx, uint64_t entries) { ctx->table_limit = entries ? entries : 1; }
uint64_t gr_ctx_table_limit(const gr_ctx *ctx) { return ctx->table_limit; }
void gr_ctx_set_search_limit(gr_ctx *ctx, uint64_t positions) { ctx->search_limit = positions ? positions : 1; }
uint64_t gr_ctx_search_limit(const gr_ctx *ctx) { return ctx->search_limit; }
uint64_t gri_ctx_dense_cells(const gr_ctx *ctx) {
    return ctx->search_limit > UINT64_MAX / 16 ? UINT64_MAX : ctx->search_limit * 16;
}

static uint64_t hash_str(const char *s) {
    uint64_t h = 1469598103934665603ull;
    while (*s) h = (h ^ (unsigned char)*s++) * 1099511628211ull;
    return h;
}

gr_ruleset *gri_ctx_find(gr_ctx *ctx, const char *spec) {
    if (!ctx->map_cap) return NULL;
    size_t s = (size_t)hash_str(spec) & (ctx->map_cap - 1);
    while (ctx->map[s]) {
        gr_ruleset *r = ctx->rs[ctx->map[s] - 1];
        if (!strcmp(r->spec, spec)) return r;
        s = (s + 1) & (ctx->map_cap - 1);
    }
    return NULL;
}

int gri_ctx_add(gr_ctx *ctx, gr_ruleset *rs) {
    const gr_allocator *al = gri_ctx_alloc(ctx);
    if (!gri_grow(al, (void **)&ctx->rs, &ctx->rs_cap, ctx->nrs + 1, sizeof *ctx->rs)) return 0;
    if ((ctx->nrs + 1) * 2 > ctx->map_cap) {
        size_t nc = ctx->map_cap ? ctx->map_cap * 2 : 16;
        size_t *m = gri_calloc(al, nc, sizeof *m);
        if (!m) return 0;
        for (size_t i = 0; i < ctx->nrs; i++) {
            size_t s = (size_t)hash_str(ctx->rs[i]->spec) & (nc - 1);
            while (m[s]) s = (s + 1) & (nc - 1);
            m[s] = i + 1;
        }
        gri_free(al, ctx->map);
        ctx->map = m;
        ctx->map_cap = nc;
    }
    ctx->rs[ctx->nrs] = rs;
    size_t s = (size_t)hash_str(rs->spec) & (ctx->map_cap - 1);
    while (ctx->map[s]) s = (s + 1) & (ctx->map_cap - 1);
    rs->id = ctx->nrs;
    ctx->map[s] = ++ctx->nrs;
    rs->ctx = ctx;
    return 1;
}


void gr_ctx_set_sparse_start(gr_ctx *ctx, uint64_t n) { ctx->sparse_start = n; }

static int kernel_level(gr_kernels k) {
    return k == GR_KERNELS_PORTABLE ? -1 : k == GR_KERNELS_AVX2 ? 1 : k == GR_KERNELS_AVX512 ? 2 : gri_cpu_level();
}

gr_status gr_ctx_set_kernels(gr_ctx *ctx, gr_kernels k, gr_error *err) {
    if (k < GR_KERNELS_AUTO || k > GR_KERNELS_AVX512) return gri_fail(err, GR_EINVAL, "unknown kernels %d", (int)k);
    if (kernel_level(k) > gri_cpu_level())
        return gri_fail(err, GR_EINVAL, "this CPU does not run the %s kernels", k == GR_KERNELS_AVX2 ? "AVX2" : "AVX-512");
    ctx->kernels = k;
    return GR_OK;
}

gr_kernels gr_ctx_kernels(const gr_ctx *ctx) {
    int l = kernel_level(ctx->kernels);
    return l == 2 ? GR_KERNELS_AVX512 : l == 1 ? GR_KERNELS_AVX2 : GR_KERNELS_PORTABLE;
}

int gri_ctx_kernel_level(const gr_ctx *ctx) { return kernel_level(ctx->kernels); }
uint64_t gri_ctx_sparse_start_of(const gr_ctx *ctx) { return ctx->sparse_start; }
