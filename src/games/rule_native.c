/* A rule's native code (rule_internal.h, gri_rule_native_ready): its C
 * text (lang/rulenative.c) compiled and loaded once per ruleset
 * (io/native.c), and the functions the heap table (rule.c) and the dense
 * table (rule_dense.c) call. Why it is not used, when it is not, is kept
 * for gr_ruleset_method. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "games/rule_internal.h"
#include "core/context_internal.h"

int gri_rule_native_ready(gr_ruleset *rs) {
    const gr_allocator *al = gri_ctx_alloc(rs->ctx);
    rule_data *d = rs->data;
    if (d->native) return d->native > 0;
    d->native = -1;
    const gr_ctx *ctx = rs->ctx;
    if (!ctx->native_cc) { snprintf(d->native_why, sizeof d->native_why, "native code is off"); return 0; }
    gri_buf src;
    gri_buf_init(&src, al);
    gr_error e;
    gr_status st = gri_rule_c_source(d->rule, &src);
    if (st != GR_OK) {
        snprintf(d->native_why, sizeof d->native_why, "the rule has a constant C cannot hold");
    } else if (gri_native_build(gri_ctx_alloc(ctx), ctx->native_cc, ctx->native_dir, src.data, src.len, &d->nat, &e) != GR_OK) {
        snprintf(d->native_why, sizeof d->native_why, "%s", e.message);
    } else {
        static const char *const NAME[3] = {"grundy_rule_heap1", "grundy_rule_heap2", "grundy_rule_heap4"};
        d->native = 1;
        if (gri_rule_arity(d->rule) > 1) {
            void *f = gri_native_sym(d->nat, "grundy_rule_cell");
            if (!f) d->native = -1;
            memcpy(&d->ncell, &f, sizeof f);  /* object to function pointer, as POSIX dlsym allows */
            void *r = gri_native_sym(d->nat, "grundy_rule_row");
            memcpy(&d->nrow, &r, sizeof r);
        } else {
            for (unsigned w = 0; w < 3; w++) {
                void *f = gri_native_sym(d->nat, NAME[w]);
                if (!f) d->native = -1;
                memcpy(&d->nfn[w], &f, sizeof f);
            }
        }
        if (d->native < 0) snprintf(d->native_why, sizeof d->native_why, "native code: a function is missing");
    }
    gri_buf_free(&src);
    return d->native > 0;
}


int gri_rule_marks_room(const gr_allocator *al, rule_marks *m, uint64_t maxval, uint64_t limit) {
    uint64_t need = 1024;
    while (need <= maxval * 2 + 1) need <<= 1;
    if (need <= m->cap) return 1;
    if (need > limit) return 0;
    uint64_t *v = gri_calloc(al, need, sizeof *v);
    if (!v) return 0;
    gri_free(al, m->v);
    m->v = v;
    m->cap = need;
    m->mark = 0;
    return 1;
}
