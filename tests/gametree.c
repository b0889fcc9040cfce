/* The game tree of a position built from gr_position_moves alone (no
 * Grundy value, no SJ rule, no formula), for the play tests
 * (test_solution.c, test_play_options.c): outcomes and remoteness by a
 * memoized search of a finite game, and a retrograde analysis (won, lost,
 * drawn) of a loopy one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "gametree.h"

/* ---------- a memo of outcomes by position text ---------- */

static slot memo[GT_MEMO_SLOTS];
size_t memo_used;

void memo_reset(void) {
    for (size_t i = 0; i < GT_MEMO_SLOTS; i++) {
        free(memo[i].key);
        memo[i].key = NULL;
    }
    memo_used = 0;
}

slot *memo_find(const char *key) {
    uint64_t h = 1469598103934665603ull;
    for (const char *q = key; *q; q++) h = (h ^ (unsigned char)*q) * 1099511628211ull;
    size_t i = (size_t)h & (GT_MEMO_SLOTS - 1);
    while (memo[i].key && strcmp(memo[i].key, key)) i = (i + 1) & (GT_MEMO_SLOTS - 1);
    return &memo[i];
}

void memo_put(const char *key, int wins) {
    if (memo_used >= GT_MEMO_SLOTS / 2) return;
    slot *s = memo_find(key);
    if (s->key) return;
    s->key = malloc(strlen(key) + 1);
    if (!s->key) abort();
    strcpy(s->key, key);
    s->wins = wins;
    memo_used++;
}

/* ---------- the moves of a position, as data ---------- */


static int on_move(void *user, const gr_move *m) {
    mlist *l = user;
    if (l->n == MAXMOVES) { l->over = 1; return 1; }
    char *after = NULL;
    if (gr_position_format_after(l->from, m, &after, NULL) != GR_OK) abort();
    l->comp[l->n] = m->component;
    l->to[l->n] = malloc(strlen(m->to) + 1);
    if (!l->to[l->n]) abort();
    strcpy(l->to[l->n], m->to);
    l->after[l->n++] = after;
    return 0;
}

void mlist_free(mlist *l) {
    for (size_t i = 0; i < l->n; i++) { free(l->to[i]); free(l->after[i]); }
    l->n = 0;
}

gr_position *parse(gr_ctx *ctx, const char *text) {
    gr_position *p = NULL;
    gr_error err;
    if (gr_position_parse(ctx, text, strlen(text), 0, &p, &err) != GR_OK) {
        fprintf(stderr, "cannot read back '%s': %s\n", text, err.message);
        abort();
    }
    return p;
}

void all_moves(gr_position *pos, mlist *l) {
    gr_error err;
    int complete = 0;
    l->from = pos;
    l->n = 0;
    l->over = 0;
    if (gr_position_moves(pos, 0, on_move, l, &complete, &err) != GR_OK || !complete || l->over) {
        fprintf(stderr, "gametree: the moves of a small position are not all listed\n");
        abort();
    }
}

/* ---------- the game trees ---------- */

/* a node of a game tree: 1 with *known when the memo has it (key is the
 * tree's letter and the position), else 0 with the position and its moves */
int node(gr_ctx *ctx, const char *text, char tree, char *key, size_t kl, gr_position **pos, mlist **l,
                int *known) {
    snprintf(key, kl, "%c|%s", tree, text);
    slot *s = memo_find(key);
    if (s->key) { *known = s->wins; return 1; }
    *pos = parse(ctx, text);
    *l = malloc(sizeof **l);
    if (!*l) abort();
    all_moves(*pos, *l);
    return 0;
}

/* normal (misere 0) or misère play: 1 when the player to move wins */
int tree_wins(gr_ctx *ctx, const char *text, int misere) {
    char key[4096];
    gr_position *pos;
    mlist *l;
    int known;
    if (node(ctx, text, misere ? 'm' : 'n', key, sizeof key, &pos, &l, &known)) return known;
    int wins = l->n == 0 ? misere : 0;
    for (size_t i = 0; i < l->n && !wins; i++) wins = !tree_wins(ctx, l->after[i], misere);
    mlist_free(l);
    free(l);
    gr_position_free(pos);
    memo_put(key, wins);
    return wins;
}

/* remoteness (Steinhaus): terminal 0; won: 1 + the least remoteness of a
 * move to a lost position; lost: 1 + the largest */
int tree_remoteness(gr_ctx *ctx, const char *text, int misere) {
    char key[4096];
    gr_position *pos;
    mlist *l;
    int known;
    if (node(ctx, text, misere ? 'M' : 'R', key, sizeof key, &pos, &l, &known)) return known;
    int won = tree_wins(ctx, text, misere), best = -1;
    for (size_t i = 0; i < l->n; i++) {
        int r = tree_remoteness(ctx, l->after[i], misere);
        int lost_after = !tree_wins(ctx, l->after[i], misere);
        if (won && lost_after && (best < 0 || r < best)) best = r;
        if (!won && r > best) best = r;
    }
    int r = l->n ? 1 + best : 0;
    mlist_free(l);
    free(l);
    gr_position_free(pos);
    memo_put(key, r);
    return r;
}


/* ---------- a loopy game: retrograde analysis ---------- */

typedef struct lnode {
    char *text;
    size_t *succ;
    size_t nsucc;
    char val; /* 'N', 'P', or 0 (a draw when the analysis ends) */
} lnode;

#define LOOPY_HASH (2 * GT_LOOPY_MAX)

static uint64_t text_hash(const char *s) {
    uint64_t h = 1469598103934665603ull;
    for (; *s; s++) h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

/* the node of text (added when new and there is room); (size_t)-1 when full */
static size_t lookup(lnode *nodes, size_t *n, long *hash, const char *text) {
    size_t i = (size_t)text_hash(text) % LOOPY_HASH;
    while (hash[i] >= 0) {
        if (!strcmp(nodes[hash[i]].text, text)) return (size_t)hash[i];
        i = (i + 1) % LOOPY_HASH;
    }
    if (*n == GT_LOOPY_MAX) return (size_t)-1;
    nodes[*n] = (lnode){malloc(strlen(text) + 1), NULL, 0, 0};
    if (!nodes[*n].text) abort();
    strcpy(nodes[*n].text, text);
    hash[i] = (long)*n;
    return (*n)++;
}

char loopy_outcome(gr_ctx *ctx, const char *text, const char *of) {
    lnode *nodes = calloc(GT_LOOPY_MAX, sizeof *nodes);
    long *hash = malloc(LOOPY_HASH * sizeof *hash);
    mlist *l = malloc(sizeof *l);
    if (!nodes || !hash || !l) abort();
    for (size_t i = 0; i < LOOPY_HASH; i++) hash[i] = -1;
    size_t n = 0, full = 0;
    lookup(nodes, &n, hash, text);
    for (size_t at = 0; at < n && !full; at++) { /* breadth first: every reachable position */
        gr_position *p = parse(ctx, nodes[at].text);
        all_moves(p, l);
        nodes[at].succ = malloc((l->n ? l->n : 1) * sizeof(size_t));
        if (!nodes[at].succ) abort();
        for (size_t k = 0; k < l->n && !full; k++) {
            size_t j = lookup(nodes, &n, hash, l->after[k]);
            if (j == (size_t)-1) full = 1;
            else nodes[at].succ[nodes[at].nsucc++] = j;
        }
        mlist_free(l);
        gr_position_free(p);
    }
    char out = 0;
    if (!full) {
        /* no move: lost; a move to a lost position: won; every move to a won one: lost */
        for (int changed = 1; changed;) {
            changed = 0;
            for (size_t i = 0; i < n; i++) {
                if (nodes[i].val) continue;
                int all_won = 1, any_lost = 0;
                for (size_t k = 0; k < nodes[i].nsucc; k++) {
                    char v = nodes[nodes[i].succ[k]].val;
                    any_lost |= v == 'P';
                    all_won &= v == 'N';
                }
                if (any_lost || all_won) { nodes[i].val = any_lost ? 'N' : 'P'; changed = 1; }
            }
        }
        size_t i = (size_t)text_hash(of) % LOOPY_HASH;
        while (hash[i] >= 0 && strcmp(nodes[hash[i]].text, of)) i = (i + 1) % LOOPY_HASH;
        if (hash[i] >= 0) out = nodes[hash[i]].val ? nodes[hash[i]].val : 'D';
    }
    for (size_t i = 0; i < n; i++) { free(nodes[i].text); free(nodes[i].succ); }
    free(nodes);
    free(hash);
    free(l);
    return out;
}
