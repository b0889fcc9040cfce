/* Ruleset specs, NAME ['[' PARAMS ']']: the family is looked up in the
 * registry, its parser reads the parameters, and the ruleset is interned
 * in the context by its written-back spec (so every kayles term of a sum
 * shares one value table). */
#include <string.h>
#include "core/internal.h"
#include "core/context_internal.h"
#include "core/family.h"

static int is_name_char(char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
}

gr_status gri_ctx_ruleset_at(gr_ctx *ctx, const char *spec, size_t len, size_t line, size_t col0,
                            const gr_parse_opts *opts, gr_ruleset **out, gr_error *err) {
    *out = NULL;
    const gr_allocator *al = gri_ctx_alloc(ctx);
    size_t i = 0;
    while (i < len && (spec[i] == ' ' || spec[i] == '\t')) i++;
    size_t ns = i;
    while (i < len && is_name_char(spec[i])) i++;
    size_t ne = i;
    if (ne == ns) {
        if (ns >= len) return gri_fail_at(err, GR_EPARSE, line, col0 + ns, "expected a ruleset name");
        return gri_fail_at(err, GR_EPARSE, line, col0 + ns, "expected a ruleset name, found '%c'", spec[ns]);
    }
    const gri_family_entry *nm = gri_ctx_custom_find(ctx, spec + ns, ne - ns);
    if (!nm) nm = gri_registry_find(spec + ns, ne - ns);
    if (!nm)
        return gri_fail_at(err, GR_EPARSE, line, col0 + ns, "unknown ruleset '%.*s' (see 'grundy help rulesets')",
                          (int)(ne - ns > 40 ? 40 : ne - ns), spec + ns);
    const gri_family *fam = nm->family;
    while (i < len && (spec[i] == ' ' || spec[i] == '\t')) i++;
    size_t ps = 0, pe = 0;
    int has_params = 0;
    if (i < len && spec[i] == '[') {
        has_params = 1;
        ps = ++i;
        while (i < len && spec[i] != ']') i++;
        if (i >= len) return gri_fail_at(err, GR_EPARSE, line, col0 + ps - 1, "'[' is never closed: expected ']'");
        pe = i++;
    }
    while (i < len && (spec[i] == ' ' || spec[i] == '\t')) i++;
    if (i < len) return gri_fail_at(err, GR_EPARSE, line, col0 + i, "unexpected '%c' after the ruleset", spec[i]);
    int needs = (fam->flags & GR_FAM_PARAMS_REQUIRED) && !nm->preset;
    if (needs && !has_params)
        return gri_fail_at(err, GR_EPARSE, line, col0 + ne, "'%s' needs parameters in brackets, e.g. %s", nm->name,
                          fam->example);
    if (!needs && has_params && !(fam->flags & GR_FAM_PARAMS_OPTIONAL))
        return gri_fail_at(err, GR_EPARSE, line, col0 + ps - 1, "'%s' takes no parameters", nm->name);

    /* a family that reads files is parsed once per spec as written */
    if (fam->parse_files && has_params) {
        gri_buf as;
        gri_buf_init(&as, al);
        gri_buf_puts(&as, nm->name);
        gri_buf_puts(&as, "[");
        gri_buf_put(&as, spec + ps, pe - ps);
        gri_buf_puts(&as, "]");
        gr_ruleset *have = as.failed ? NULL : gri_ctx_find(ctx, as.data);
        gri_buf_free(&as);
        if (have) { *out = have; return GR_OK; }
    }
    /* the family's parameters: an alias's preset, or those written */
    gr_ruleset tmp = {.fam = fam, .ctx = ctx};
    gri_buf canon;
    gri_buf_init(&canon, al);
    gr_status st = GR_OK;
    if (fam->parse_files) {
        st = fam->parse_files(&tmp, has_params ? spec + ps : NULL, pe - ps, line, col0 + ps, opts, &canon, err);
    } else if (fam->parse) {
        if (nm->preset) st = fam->parse(&tmp, nm->preset, strlen(nm->preset), 0, 1, &canon, err);
        else st = fam->parse(&tmp, has_params ? spec + ps : NULL, pe - ps, line, col0 + ps, &canon, err);
    }
    /* parse may have chosen a sibling family (rule[...]: heap or state) */
    gri_buf name;
    gri_buf_init(&name, al);
    gri_buf_puts(&name, nm->name);
    if (!nm->preset && canon.len) {
        gri_buf_puts(&name, "[");
        gri_buf_put(&name, canon.data, canon.len);
        gri_buf_puts(&name, "]");
    }
    gri_buf_free(&canon);
    if (st != GR_OK) {
        gri_buf_free(&name);
        if (tmp.fam->free) tmp.fam->free(&tmp);
        if (st == GR_ENOMEM) return gri_fail(err, st, "out of memory");
        return st;
    }
    if (name.failed) {
        gri_buf_free(&name);
        if (tmp.fam->free) tmp.fam->free(&tmp);
        return gri_fail(err, GR_ENOMEM, "out of memory");
    }
    gr_ruleset *have = gri_ctx_find(ctx, name.data);
    if (have) {
        gri_buf_free(&name);
        if (tmp.fam->free) tmp.fam->free(&tmp);
        *out = have;
        return GR_OK;
    }
    gr_ruleset *rs;
    if ((st = gri_rs_create(ctx, tmp.fam, tmp.data, &name, &rs, err)) != GR_OK) return st;
    if (!gri_ctx_add(ctx, rs)) { gri_rs_free(rs); return gri_fail(err, GR_ENOMEM, "out of memory"); }
    *out = rs;
    return GR_OK;
}

gr_status gr_ctx_ruleset(gr_ctx *ctx, const char *spec, size_t len, gr_ruleset **out, gr_error *err) {
    return gri_ctx_ruleset_at(ctx, spec, len, 0, 1, NULL, out, err);
}
