/* Positions compared as data (form.h): a position's heaps and state terms
 * as one sorted multiset. Nothing here writes or parses text. */
#include <stdlib.h>
#include <string.h>
#include "play/form.h"

static int cmp_u64s(const uint64_t *a, size_t na, const uint64_t *b, size_t nb) {
    if (na != nb) return na < nb ? -1 : 1;
    for (size_t k = 0; k < na; k++)
        if (a[k] != b[k]) return a[k] < b[k] ? -1 : 1;
    return 0;
}

/* items ordered by ruleset, heaps before state terms, then arguments */
static int cmp_item(const gri_item *x, const gri_item *y) {
    int c = strcmp(x->spec, y->spec);
    if (c) return c;
    if (x->heap != y->heap) return x->heap ? -1 : 1;
    return cmp_u64s(x->args, x->nargs, y->args, y->nargs);
}

static int cmp_item_q(const void *a, const void *b) { return cmp_item(a, b); }

int gri_form_of_terms(const gr_allocator *al, const gr_term_info *t, size_t n, gri_form *f) {
    size_t count = 0;
    f->al = al;
    f->items = NULL;
    f->n = 0;
    for (size_t i = 0; i < n; i++) count += gr_ruleset_is_heap(t[i].ruleset) ? t[i].nargs : 1;
    if (!(f->items = gri_malloc(al, (count ? count : 1) * sizeof *f->items))) return -1;
    for (size_t i = 0; i < n; i++) {
        const char *spec = gr_ruleset_spec(t[i].ruleset);
        if (!gr_ruleset_is_heap(t[i].ruleset)) {
            f->items[f->n++] = (gri_item){spec, t[i].ruleset, 0, t[i].args, t[i].nargs, i, 0};
            continue;
        }
        for (size_t k = 0; k < t[i].nargs; k++)
            if (t[i].args[k]) f->items[f->n++] = (gri_item){spec, t[i].ruleset, 1, t[i].args + k, 1, i, k};
    }
    qsort(f->items, f->n, sizeof *f->items, cmp_item_q);
    return 0;
}

int gri_form_of(const gr_allocator *al, const gr_position *pos, gri_form *f) {
    size_t n = gr_position_count(pos);
    gr_term_info *t = gri_malloc(al, (n ? n : 1) * sizeof *t);
    f->al = al;
    f->items = NULL;
    f->n = 0;
    if (!t) return -1;
    for (size_t i = 0; i < n; i++)
        if (gr_position_term(pos, i, &t[i]) != GR_OK) { gri_free(al, t); return -1; }
    int rc = gri_form_of_terms(al, t, n, f);
    gri_free(al, t);
    return rc;
}

void gri_form_free(gri_form *f) {
    if (f->al) gri_free(f->al, f->items);
    f->items = NULL;
    f->n = 0;
}

int gri_form_diff(const gri_form *a, const gri_form *b, gri_form *only_a, gri_form *only_b) {
    only_a->al = only_b->al = a->al;
    only_a->n = only_b->n = 0;
    only_a->items = gri_malloc(a->al, (a->n ? a->n : 1) * sizeof *only_a->items);
    only_b->items = gri_malloc(a->al, (b->n ? b->n : 1) * sizeof *only_b->items);
    if (!only_a->items || !only_b->items) { gri_form_free(only_a); gri_form_free(only_b); return -1; }
    size_t x = 0, y = 0;
    while (x < a->n || y < b->n) {
        int c = x >= a->n ? 1 : y >= b->n ? -1 : cmp_item(&a->items[x], &b->items[y]);
        if (c == 0) { x++; y++; }
        else if (c < 0) only_a->items[only_a->n++] = a->items[x++];
        else only_b->items[only_b->n++] = b->items[y++];
    }
    return 0;
}

int gri_form_equal(const gri_form *a, const gri_form *b) {
    if (a->n != b->n) return 0;
    for (size_t i = 0; i < a->n; i++)
        if (cmp_item(&a->items[i], &b->items[i])) return 0;
    return 1;
}
