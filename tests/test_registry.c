/* The family registry: every entry is complete for its kind (a heap family
 * says whether it splits, computes values and lists options; a state
 * family checks, values and lists moves), names are unique, and for every
 * heap family the table computed by `next` agrees with the mex over the
 * options that `options` lists (so the two can never drift apart). This
 * test reads the library's private interface (src/core/family.h). */
#include <string.h>
#include "core/family.h"
#include "testutil.h"

/* the spec to instantiate a registry entry with */
static const char *spec_of(const gri_family_entry *e, char *buf, size_t n) {
    if ((e->family->flags & GR_FAM_PARAMS_REQUIRED) && !e->preset) {
        /* the example's first spec ("graph[0>1,1>2] or graph[@FILE]") */
        const char *ex = e->family->example, *sp = strstr(ex, " or ");
        snprintf(buf, n, "%.*s", sp ? (int)(sp - ex) : (int)strlen(ex), ex);
    }
    else snprintf(buf, n, "%s", e->name);
    return buf;
}

typedef struct mexscan {
    gr_ruleset *rs;
    uint64_t seen[4];   /* option values below 256 */
    int bad;
} mexscan;

static int on_option(void *user, const uint64_t *h, size_t n) {
    mexscan *m = user;
    uint64_t x = 0, v;
    for (size_t i = 0; i < n; i++) {
        if (gr_ruleset_value(m->rs, h[i], &v, NULL) != GR_OK) { m->bad = 1; return 1; }
        x ^= v;
    }
    if (x < 256) m->seen[x >> 6] |= (uint64_t)1 << (x & 63);
    return 0;
}

int main(void) {
    gr_ctx *ctx;
    CHECK(gr_ctx_new(&ctx) == GR_OK, "context");
    size_t count = 0, heaps = 0;
    for (size_t i = 0; gri_registry_at(i); i++) {
        const gri_family_entry *e = gri_registry_at(i);
        const gri_family *f = e->family;
        count++;
        CHECK(e->name && f->name, "entry %zu has a name", i);
        for (size_t j = 0; j < i; j++) CHECK(strcmp(gri_registry_at(j)->name, e->name) != 0, "%s is listed twice", e->name);
        CHECK(gri_registry_find(e->name, strlen(e->name)) == e, "%s is found by name", e->name);
        if (f->flags & GR_FAM_HEAP) {
            CHECK(f->splits && f->next && f->options, "heap family %s has splits, next and options", f->name);
            CHECK(!f->check && !f->value && !f->state_options, "heap family %s has no state operations", f->name);
        } else {
            CHECK(f->check && (f->value || f->state_children) && f->state_options &&
                      (f->state_moves_to || f->state_children),
                  "state family %s has check, state_options, and value and state_moves_to (or the shared search's "
                  "state_children)", f->name);
            CHECK(!f->next && !f->options && !f->splits, "state family %s has no heap operations", f->name);
        }
        if (f->flags & GR_FAM_PARAMS_REQUIRED)
            CHECK((f->parse || f->parse_files) && f->example, "%s parses its parameters", f->name);
        if (f->flags & GR_FAM_LOOPY)
            CHECK(f->loopy && f->loopy->gvalue && f->loopy->gvalue_options && !(f->flags & GR_FAM_HEAP),
                  "loopy family %s has its generalized values", f->name);
        if (f->loopy) CHECK(f->loopy->gvalue && f->loopy->gvalue_options, "%s's loopy record is whole", f->name);
        if (e->preset) CHECK(f->parse != NULL, "alias %s has a family that parses its preset", e->name);
        if (f->syntax && f->syntax->parse_args)
            CHECK(f->syntax->write_term != NULL && !(f->flags & GR_FAM_HEAP), "%s writes the arguments it reads", f->name);
        if (f->play && f->play->misere_alone) CHECK(f->play->misere_alone_moves != NULL, "%s lists its misère moves too", f->name);

        char buf[64];
        gr_ruleset *rs;
        gr_error err;
        spec_of(e, buf, sizeof buf);
        CHECK(gr_ctx_ruleset(ctx, buf, strlen(buf), &rs, &err) == GR_OK, "%s: %s", buf, err.message);
        CHECK(strcmp(gr_ruleset_family(rs), f->name) == 0, "%s belongs to %s", buf, f->name);
        CHECK(gr_ruleset_is_heap(rs) == !!(f->flags & GR_FAM_HEAP), "%s: heap or state", buf);
        if (!(f->flags & GR_FAM_HEAP)) continue;
        heaps++;
        /* next and options agree: G(n) = mex of the options' values */
        uint64_t limit = 200;
        for (uint64_t n = 0; n < limit; n++) {
            uint64_t v;
            CHECK(gr_ruleset_value(rs, n, &v, &err) == GR_OK, "%s(%llu): %s", buf, (unsigned long long)n, err.message);
            mexscan m = {rs, {0, 0, 0, 0}, 0};
            int complete = 0;
            CHECK(gr_ruleset_options(rs, n, 0, on_option, &m, &complete, &err) == GR_OK && complete && !m.bad,
                  "%s(%llu) options", buf, (unsigned long long)n);
            uint64_t mex = 0;
            while (mex < 256 && (m.seen[mex >> 6] >> (mex & 63) & 1)) mex++;
            CHECK(mex == v, "%s(%llu): table %llu, mex of options %llu", buf, (unsigned long long)n,
                  (unsigned long long)v, (unsigned long long)mex);
        }
    }
    CHECK(count >= 19 && heaps >= 10, "registry has %zu entries, %zu heap families", count, heaps);
    /* the public list (gr_family_at) is the registry: every entry with its
     * help line, an alias naming what it stands for, a syntax that starts
     * with the name, and every name's terms read back */
    CHECK(gr_family_count() == count, "gr_family_count %zu, registry %zu", gr_family_count(), count);
    for (size_t i = 0; i < count; i++) {
        const gri_family_entry *e = gri_registry_at(i);
        gr_family_info fi = GR_SIZED(gr_family_info);
        gr_error err;
        CHECK(gr_family_at(i, &fi, &err) == GR_OK, "family %zu: %s", i, err.message);
        CHECK(fi.name && !strcmp(fi.name, e->name) && fi.help && *fi.help && fi.syntax &&
                  !strncmp(fi.syntax, fi.name, strlen(fi.name)),
              "family %s: name, help line, syntax", e->name);
        CHECK(fi.kind && (!strcmp(fi.kind, "heap") || !strcmp(fi.kind, "state") || !strcmp(fi.kind, "board") ||
                          !strcmp(fi.kind, "rule")),
              "family %s: kind %s", e->name, fi.kind ? fi.kind : "(none)");
        CHECK(fi.heap == ((e->family->flags & GR_FAM_HEAP) != 0) && (!strcmp(fi.kind, "heap") ? fi.heap : 1),
              "family %s: a heap family is listed with the heaps", e->name);
        char want[64] = "";
        if (e->preset) snprintf(want, sizeof want, "%s[%s]", e->family->name, e->preset);
        CHECK(e->preset ? fi.alias_of && !strcmp(fi.alias_of, want) : !fi.alias_of, "family %s: alias of %s, not %s",
              e->name, want, fi.alias_of ? fi.alias_of : "(none)");
        gr_ruleset *rs;
        char buf[256];
        spec_of(e, buf, sizeof buf);
        CHECK(gr_ctx_ruleset(ctx, buf, strlen(buf), &rs, &err) == GR_OK &&
                  !strcmp(gr_ruleset_family(rs), e->family->name),
              "family %s is the ruleset %s", e->name, buf);
        /* its example: a position with a term of the family, solved at once */
        gr_position *pos = NULL;
        gr_solution *sol = NULL;
        int has = 0;
        CHECK(fi.example && gr_position_parse(ctx, fi.example, strlen(fi.example), 0, &pos, &err) == GR_OK,
              "family %s: its example '%s' reads", e->name, fi.example ? fi.example : "(none)");
        for (size_t t = 0; pos && t < gr_position_count(pos); t++) {
            gr_term_info ti;
            if (gr_position_term(pos, t, &ti) == GR_OK)
                has |= !strcmp(gr_ruleset_family(ti.ruleset), e->family->name) || (ti.bare && !strcmp(e->name, "nim"));
        }
        CHECK(has, "family %s: its example '%s' has a term of the family", e->name, fi.example);
        CHECK(pos && gr_position_solve(pos, NULL, &sol, &err) == GR_OK, "family %s: its example solves: %s", e->name,
              pos ? err.message : "");
        gr_solution_free(sol);
        gr_position_free(pos);
    }
    gr_family_info fi = GR_SIZED(gr_family_info);
    gr_error err;
    CHECK(gr_family_at(count, &fi, &err) == GR_ERANGE && strstr(err.message, "no family"), "past the end");
    fi.size = 0;
    CHECK(gr_family_at(0, &fi, &err) == GR_EINVAL, "unsized");
    gr_ctx_free(ctx);
    return tu_finish("test_registry");
}
