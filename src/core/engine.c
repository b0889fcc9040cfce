/* The generic memoized SG engine (engine.h), on the shared search driver
 * (search.c): a state's children are its options, each a marker followed
 * by the option's components; a state's value is the mex over its options
 * of the XOR of their components' values. */
#include <stdlib.h>
#include <string.h>
#include "core/search.h"

struct gr_optsink {
    gr_engine *e;
    gr_status st;
};

struct gr_engine {
    size_t words;
    gr_options_fn options;
    void *user;
    gri_search search;
    gr_mexset mex;
    gr_allocator al;          /* where its memory comes from */
    struct gr_optsink sink;
};

gr_status gr_optsink_add(gr_optsink *sink, const uint64_t *components, size_t count) {
    gr_engine *e = sink->e;
    if (sink->st != GR_OK) return sink->st;
    gr_status st = gri_search_marker(&e->search);
    for (size_t c = 0; c < count && st == GR_OK; c++)
        st = gri_search_child(&e->search, components + c * e->words, e->words);
    sink->st = st;
    return st;
}

/* the options of one state, from the caller's callback */
static gr_status children(gri_search *s, const uint64_t *key, size_t len) {
    (void)len;
    gr_engine *e = s->user;
    e->sink.e = e;
    e->sink.st = GR_OK;
    gr_error local;
    gr_error_clear(&local);
    gr_status st = e->options(e->user, key, &e->sink, &local);
    if (st == GR_OK && e->sink.st != GR_OK) return e->sink.st; /* the driver's error, already filled in */
    if (st == GR_OK) return GR_OK;
    if (local.status != GR_OK) {
        if (s->err) *s->err = local;
        return local.status;
    }
    if (e->sink.st != GR_OK) return e->sink.st;
    if (st == GR_ENOMEM) return gri_fail(s->err, st, "out of memory: option list");
    return gri_fail(s->err, st, "the options callback failed (%s)", gr_status_name(st));
}

static gr_status combine(gri_search *s, const uint64_t *key, size_t len, const uint64_t *ch, size_t chlen,
                         uint64_t *result) {
    (void)key; (void)len;
    return gri_search_mex(s, ch, chlen, &((gr_engine *)s->user)->mex, result);
}

static const gri_search_ops ENGINE_OPS = {children, NULL, combine};

gr_status gr_engine_new_ex(const gr_engine_config *cfg, const gr_allocator *alloc, gr_engine **out, gr_error *err) {
    *out = NULL;
    if (cfg && !GRI_SIZE_OK(cfg, gr_engine_config)) return GRI_SIZE_FAIL(err, gr_engine_config);
    if (!cfg || !cfg->options || cfg->state_words == 0 || cfg->state_words > 1024)
        return gri_fail(err, GR_EINVAL, "engine needs an options callback and 1..1024 state words");
    gr_status st = gri_alloc_check(&alloc, err);
    if (st != GR_OK) return st;
    gr_engine *e = gri_calloc(alloc, 1, sizeof *e);
    if (!e) return gri_fail(err, GR_ENOMEM, "out of memory");
    e->al = *alloc;
    e->al.size = sizeof(gr_allocator);
    e->words = cfg->state_words;
    e->options = cfg->options;
    e->user = cfg->user;
    gr_mexset_init(&e->mex);
    gri_search_init(&e->search, &ENGINE_OPS, e, cfg->max_states ? cfg->max_states : GR_ENGINE_DEFAULT_STATES,
                   "the engine's search", "raise max_states", &e->al, err);
    e->search.max_work = 0; /* memory follows the depth; only the states are bounded */
    *out = e;
    return GR_OK;
}

gr_status gr_engine_new(const gr_engine_config *cfg, gr_engine **out, gr_error *err) {
    return gr_engine_new_ex(cfg, NULL, out, err);
}

void gr_engine_free(gr_engine *e) {
    if (!e) return;
    gri_search_free(&e->search);
    gri_mexset_free(&e->al, &e->mex);
    gr_allocator keep = e->al;
    gri_free(&keep, e);
}

void gr_engine_reset(gr_engine *e) { gri_search_reset(&e->search); }

size_t gr_engine_size(const gr_engine *e) { return e->search.memo.count; }

gr_status gr_engine_value(gr_engine *e, const uint64_t *state, uint64_t *value, gr_error *err) {
    e->search.err = err;
    gr_status st = gri_search_run(&e->search, state, e->words, value);
    if (st != GR_OK) gr_engine_reset(e); /* busy marks would poison later calls */
    return st;
}

gr_status gr_engine_sum_value(gr_engine *e, const uint64_t *states, size_t count, uint64_t *value,
                              gr_error *err) {
    uint64_t x = 0, v;
    for (size_t i = 0; i < count; i++) {
        gr_status st = gr_engine_value(e, states + i * e->words, &v, err);
        if (st != GR_OK) return st;
        x ^= v;
    }
    *value = x;
    return GR_OK;
}
