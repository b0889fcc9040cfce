/* Brute force for the tests, written from the rule definitions alone. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "brute.h"

static int tdigit(const brule *r, int k) {
    if (k < r->nd) return r->digit[k];
    return r->repeat ? r->digit[r->nd - 1] : 0;
}

static int gcd_i(int a, int b) {
    while (b) { int t = a % b; a = b; b = t; }
    return a;
}

static void add(bopt *out, int *cnt, int cap, int a, int b, int c, int n) {
    if (*cnt >= cap) { fprintf(stderr, "brute: option buffer too small\n"); abort(); }
    bopt o = {0, {0, 0, 0}};
    int v[3] = {a, b, c};
    for (int i = 0; i < n; i++) if (v[i] > 0) o.h[o.n++] = v[i];
    out[(*cnt)++] = o;
}

int brute_options(const brule *r, int n, bopt *out, int cap) {
    int cnt = 0;
    switch (r->kind) {
    case B_NIM:
        for (int m = 0; m < n; m++) add(out, &cnt, cap, m, 0, 0, 1);
        break;
    case B_SUB:
        for (int i = 0; i < r->nsub; i++) if (r->sub[i] <= n) add(out, &cnt, cap, n - r->sub[i], 0, 0, 1);
        break;
    case B_TB:
        for (int k = 0; k <= n; k++) {
            int d = tdigit(r, k), rest = n - k;
            if (!d) continue;
            if (k > 0 && (d & 1) && rest == 0) add(out, &cnt, cap, 0, 0, 0, 0);
            if (k > 0 && (d & 2) && rest >= 1) add(out, &cnt, cap, rest, 0, 0, 1);
            if (d & 4)
                for (int a = 1; a <= rest - a; a++) add(out, &cnt, cap, a, rest - a, 0, 2);
            if (d & 8)
                for (int a = 1; a <= rest; a++)
                    for (int b = a; b <= rest - a - b; b++) add(out, &cnt, cap, a, b, rest - a - b, 3);
        }
        break;
    case B_DIVISOR:
        for (int d = 1; d <= n; d++) if (n % d == 0) add(out, &cnt, cap, n - d, 0, 0, 1);
        break;
    case B_COPRIME:
        for (int y = 1; y <= n; y++) if (gcd_i(n, y) == 1 || y == n) add(out, &cnt, cap, n - y, 0, 0, 1);
        break;
    case B_POW2:
        for (int p = 1; p <= n; p *= 2) add(out, &cnt, cap, n - p, 0, 0, 1);
        break;
    case B_GRUNDY:
        for (int a = 1; a < n - a; a++) add(out, &cnt, cap, a, n - a, 0, 2);
        break;
    case B_BASH:
        if (n >= 1 && n < r->bp) add(out, &cnt, cap, 0, 0, 0, 0);
        for (int t = r->bp; t <= r->bq && t <= n; t++) add(out, &cnt, cap, n - t, 0, 0, 1);
        break;
    }
    return cnt;
}

#define OPTCAP 200000     /* three-way splits of a heap of 700 */
#define OPTCAP_SEARCH 20000 /* the tree search only meets small heaps */

unsigned brute_mex(const brule *r, int n, const unsigned *vals) {
    static bopt *o;           /* one buffer for every call: tests run on one thread */
    static unsigned char *seen;
    if (!o) {
        o = malloc(OPTCAP * sizeof *o);
        seen = calloc(OPTCAP + 2, 1);
        if (!o || !seen) abort();
    }
    int c = brute_options(r, n, o, OPTCAP);
    unsigned top = 0;
    for (int i = 0; i < c; i++) {
        unsigned x = 0;
        for (int j = 0; j < o[i].n; j++) x ^= vals[o[i].h[j]];
        if (x <= OPTCAP) {
            seen[x] = 1;
            if (x > top) top = x;
        }
    }
    unsigned v = 0;
    while (seen[v]) v++;
    memset(seen, 0, (size_t)top + 1);
    return v;
}

void brute_values(const brule *r, int n, unsigned *g) {
    for (int m = 0; m <= n; m++) g[m] = brute_mex(r, m, g);
}

void brute_spec(brule *r) {
    char *s = r->spec;
    switch (r->kind) {
    case B_NIM: strcpy(s, "nim"); break;
    case B_DIVISOR: strcpy(s, "divisor"); break;
    case B_COPRIME: strcpy(s, "coprime"); break;
    case B_POW2: strcpy(s, "pow2"); break;
    case B_GRUNDY: strcpy(s, "grundy"); break;
    case B_BASH: sprintf(s, "bash[%d,%d]", r->bp, r->bq); break;
    case B_SUB: {
        int p = sprintf(s, "sub[");
        for (int i = 0; i < r->nsub; i++) p += sprintf(s + p, "%s%d", i ? "," : "", r->sub[i]);
        sprintf(s + p, "]");
        break;
    }
    case B_TB: {
        static const char HEX[] = "0123456789ABCDEF";
        int p = sprintf(s, "tb[%c.", HEX[r->digit[0]]);
        for (int i = 1; i < r->nd; i++) s[p++] = HEX[r->digit[i]];
        if (r->repeat) s[p++] = '!';
        s[p++] = ']';
        s[p] = 0;
        break;
    }
    }
}

/* ---- game-tree search of sums ---- */

typedef struct memo_entry {
    char *key;
    int win;
} memo_entry;

static memo_entry *memo;
static size_t memo_cap, memo_len;

void brute_reset(void) {
    for (size_t i = 0; i < memo_cap; i++) free(memo[i].key);
    free(memo);
    memo = NULL;
    memo_cap = memo_len = 0;
}

static uint64_t hs(const char *s) {
    uint64_t h = 1469598103934665603ull;
    while (*s) h = (h ^ (unsigned char)*s++) * 1099511628211ull;
    return h;
}

static memo_entry *slot(const char *key) {
    size_t i = (size_t)hs(key) & (memo_cap - 1);
    while (memo[i].key && strcmp(memo[i].key, key)) i = (i + 1) & (memo_cap - 1);
    return &memo[i];
}

static void memo_put(const char *key, int win) {
    if ((memo_len + 1) * 2 > memo_cap) {
        memo_entry *old = memo;
        size_t oc = memo_cap;
        memo_cap = oc ? oc * 2 : 1024;
        memo = calloc(memo_cap, sizeof *memo);
        for (size_t i = 0; i < oc; i++) if (old[i].key) *slot(old[i].key) = old[i];
        free(old);
    }
    memo_entry *e = slot(key);
    size_t kl = strlen(key) + 1;
    e->key = malloc(kl);
    memcpy(e->key, key, kl);
    e->win = win;
    memo_len++;
}

static int cmp_heap(const void *a, const void *b) {
    const bheap *x = a, *y = b;
    if (x->rule != y->rule) return x->rule - y->rule;
    return x->size - y->size;
}

static int mode; /* 0 normal outcome, 1 misère outcome, 2 misère value, 3 and 4 remoteness (normal, misère) */

static int wins_rec(const brule *rules, bheap *h, int n) {
    /* canonical: drop empties, sort */
    bheap *c = malloc((size_t)(n + 1) * sizeof *c);
    int m = 0;
    for (int i = 0; i < n; i++) if (h[i].size > 0) c[m++] = h[i];
    qsort(c, (size_t)m, sizeof *c, cmp_heap);
    char key[4096];
    int p = sprintf(key, "%d|", mode);
    for (int i = 0; i < m && p < 4000; i++) p += sprintf(key + p, "%d:%d,", c[i].rule, c[i].size);
    key[p] = 0;
    if (memo_cap) {
        memo_entry *e = slot(key);
        if (e->key) { free(c); return e->win; }
    }
    int win = 0, any = 0;
    int lost_min = -1, most = 0; /* remoteness: the least lost child, the largest child */
    unsigned char seen[512] = {0};
    bopt *o = malloc(OPTCAP_SEARCH * sizeof *o);
    for (int i = 0; i < m && (mode >= 2 || !win); i++) {
        int cnt = brute_options(&rules[c[i].rule], c[i].size, o, OPTCAP_SEARCH);
        for (int k = 0; k < cnt && (mode >= 2 || !win); k++) {
            bheap *nx = malloc((size_t)(m + 3) * sizeof *nx);
            int q = 0;
            any = 1;
            for (int j = 0; j < m; j++) if (j != i) nx[q++] = c[j];
            for (int j = 0; j < o[k].n; j++) { nx[q].rule = c[i].rule; nx[q].size = o[k].h[j]; q++; }
            int r = wins_rec(rules, nx, q);
            if (mode == 2) { if (r < 512) seen[r] = 1; }
            else if (mode >= 3) {
                /* a child is lost for its mover when its remoteness is even
                 * (normal play) or odd (misère play) */
                if ((r % 2 == 0) == (mode == 3) && (lost_min < 0 || r < lost_min)) lost_min = r;
                if (r > most) most = r;
            } else if (!r) win = 1;
            free(nx);
        }
    }
    free(o);
    if (mode == 1 && !any) win = 1;
    if (mode == 2) {
        if (!any) win = 1;
        else { win = 0; while (seen[win]) win++; }
    }
    if (mode >= 3) win = !any ? 0 : 1 + (lost_min >= 0 ? lost_min : most);
    memo_put(key, win);
    free(c);
    return win;
}

static int run(int md, const brule *rules, const bheap *heaps, int nheaps) {
    mode = md;
    bheap *h = malloc((size_t)(nheaps + 1) * sizeof *h);
    memcpy(h, heaps, (size_t)nheaps * sizeof *h);
    int w = wins_rec(rules, h, nheaps);
    free(h);
    return w;
}

int brute_wins(const brule *rules, const bheap *heaps, int nheaps) { return run(0, rules, heaps, nheaps); }
int brute_wins_misere(const brule *rules, const bheap *heaps, int nheaps) { return run(1, rules, heaps, nheaps); }
int brute_remoteness(const brule *rules, const bheap *heaps, int nheaps, int misere) {
    return run(misere ? 4 : 3, rules, heaps, nheaps);
}
unsigned brute_misere_value(const brule *rules, const bheap *heaps, int nheaps) {
    return (unsigned)run(2, rules, heaps, nheaps);
}
