/* gr_position_solve: the play-mode table and the solution it fills. Each
 * mode's record names its solver; this file checks the call, runs the
 * solver and hands out the result. */
#include <string.h>
#include "core/internal.h"
#include "play/position_internal.h"
#include "play/solution_internal.h"

static const gr_explain_step NORMAL_STEPS[] = {GR_STEP_TERMS, GR_STEP_SUM};
static const gr_explain_step MISERE_STEPS[] = {GR_STEP_TERMS, GR_STEP_SUM, GR_STEP_MISERE};
static const gr_explain_step EVERY_STEPS[] = {GR_STEP_TERMS, GR_STEP_SUM, GR_STEP_EVERY};
static const gr_explain_step MOORE_STEPS[] = {GR_STEP_TERMS, GR_STEP_SUM, GR_STEP_MOORE};
#define STEPS(a) a, sizeof a / sizeof a[0]

static const gri_play_mode MODES[] = {
    {GR_PLAY_NORMAL, "normal", "sg-theorem", 0, gri_solve_normal,
     "normal play: the player who makes the last move wins", NULL, 1, GR_MOVE_ONE_TERM, 1, gri_options_each_move,
     STEPS(NORMAL_STEPS), 1},
    {GR_PLAY_MISERE, "misere", "search", 0, gri_solve_misere,
     "misère play: the player who makes the last move loses", NULL, 0, GR_MOVE_ONE_TERM, 1, gri_options_each_move,
     STEPS(MISERE_STEPS), 0},
    {GR_PLAY_EVERY, "every", "every-sg", 1, gri_solve_every,
     "Every-SG: each turn the player moves in every term that can move; the last move wins", NULL, 1,
     GR_MOVE_EVERY_TERM, 0, gri_options_per_term, STEPS(EVERY_STEPS), 0},
    {GR_PLAY_MOORE, "moore", "moore", 1, gri_solve_moore,
     "Moore's Nim-k: a move takes from 1 to k heaps; the last move wins",
     "Moore's Nim-k, misère: a move takes from 1 to k heaps; the last move loses", 1, GR_MOVE_UP_TO_K, 0,
     gri_options_none, STEPS(MOORE_STEPS), 0},
};

const gri_play_mode *gri_play_mode_of(gr_play_mode mode) {
    for (size_t i = 0; i < sizeof MODES / sizeof MODES[0]; i++)
        if (MODES[i].mode == mode) return &MODES[i];
    return NULL;
}

const char *gr_play_name(const gr_play *play) {
    if (!play) return "normal";
    const gri_play_mode *m = gri_play_mode_of(play->mode);
    if (!m) return NULL;
    return m->mode == GR_PLAY_MOORE && play->misere ? "misere-moore" : m->name;
}

gr_status gr_play_describe(const gr_play *play, gr_play_rules *out, gr_error *err) {
    if (!out) return gri_fail(err, GR_EINVAL, "no place for the rules");
    if (!GRI_SIZE_OK(out, gr_play_rules)) return GRI_SIZE_FAIL(err, gr_play_rules);
    gr_play normal;
    const gri_play_mode *m = NULL;
    gr_status st = gri_play_read(play, &normal, &play, &m, err);
    if (st != GR_OK) return st;
    int anti = m->rule_misere && play->misere;
    out->name = gr_play_name(play);
    out->mode_name = m->name;
    out->anti = anti;
    out->rule = anti ? m->rule_misere : m->rule;
    out->last_move_wins = anti ? !m->last_move_wins : m->last_move_wins;
    out->shape = m->shape;
    out->k = m->shape == GR_MOVE_UP_TO_K ? play->k : 0;
    out->has_remoteness = m->has_remoteness;
    return GR_OK;
}

gr_status gr_position_options(gr_position *pos, const gr_play *play, size_t max, gr_remote_move_fn fn, void *user,
                              int *complete, gr_error *err) {
    if (!pos || !fn || !complete) return gri_fail(err, GR_EINVAL, "no position, callback or completeness flag");
    gr_play normal;
    const gri_play_mode *m = NULL;
    gr_status st = gri_play_read(play, &normal, &play, &m, err);
    if (st != GR_OK) return st;
    *complete = 1;
    return m->options(pos, play, max, fn, user, complete, err);
}

/* the parts of a move and their arguments in one block after the move's texts */
int gri_moves_collect(void *user, const gr_move *m) {
    gri_moves *mv = user;
    if (mv->n == mv->cap) {
        size_t nc = mv->cap ? mv->cap * 2 : 8;
        gr_move *nl = gri_realloc(mv->al, mv->list, nc * sizeof *nl);
        if (!nl) { mv->oom = 1; return 1; }
        mv->list = nl;
        mv->cap = nc;
    }
    size_t words = 0, nparts = m->parts ? m->nparts : 0;
    for (size_t i = 0; i < nparts; i++) words += m->parts[i].nargs;
    size_t lf = strlen(m->from) + 1, lt = strlen(m->to) + 1;
    size_t bytes = nparts * sizeof(gr_term_info) + words * sizeof(uint64_t) + lf + lt;
    unsigned char *blk = gri_malloc(mv->al, bytes ? bytes : 1);
    if (!blk) { mv->oom = 1; return 1; }
    gr_term_info *p = (gr_term_info *)blk;
    uint64_t *a = (uint64_t *)(p + nparts);
    for (size_t i = 0; i < nparts; i++) {
        p[i] = m->parts[i];
        if (m->parts[i].nargs) memcpy(a, m->parts[i].args, m->parts[i].nargs * sizeof *a);
        p[i].args = a;
        a += m->parts[i].nargs;
    }
    char *from = (char *)a, *to = from + lf;
    memcpy(from, m->from, lf);
    memcpy(to, m->to, lt);
    /* the block starts at the parts, or at `from` when there are none */
    mv->list[mv->n++] = (gr_move){m->component, from, to, nparts, nparts ? p : NULL};
    return 0;
}

void gri_moves_free(gri_moves *mv) {
    for (size_t i = 0; i < mv->n; i++)
        gri_free(mv->al, mv->list[i].nparts ? (void *)mv->list[i].parts : (void *)mv->list[i].from);
    gri_free(mv->al, mv->list);
    mv->list = NULL;
    mv->n = mv->cap = 0;
}

void gr_solution_free(gr_solution *pub) {
    if (!pub) return;
    gri_solution *s = (gri_solution *)pub;
    gri_moves_free(&s->win);
    gri_moves_free(&s->draw);
    gri_free(s->al, s->steps);
    gri_free(s->al, s->K);
    gri_free(s->al, s);
}

gr_status gri_play_read(const gr_play *play, gr_play *normal, const gr_play **out, const gri_play_mode **mode,
                        gr_error *err) {
    *normal = (gr_play)GR_SIZED(gr_play);
    if (!play) play = normal;
    if (!GRI_SIZE_OK(play, gr_play)) return GRI_SIZE_FAIL(err, gr_play);
    const gri_play_mode *m = gri_play_mode_of(play->mode);
    if (!m) return gri_fail(err, GR_EINVAL, "there is no play mode %d", (int)play->mode);
    if (m->mode == GR_PLAY_MOORE && play->k == 0)
        return gri_fail(err, GR_EINVAL, "Moore's Nim-k needs k >= 1 (a move takes from 1 to k heaps)");
    *out = play;
    if (mode) *mode = m;
    return GR_OK;
}

gr_status gr_position_solve(gr_position *pos, const gr_play *play, gr_solution **out, gr_error *err) {
    if (out) *out = NULL;
    if (!pos || !out) return gri_fail(err, GR_EINVAL, "no position or no place for the solution");
    gr_play normal;
    const gri_play_mode *m = NULL;
    gr_status rs = gri_play_read(play, &normal, &play, &m, err);
    if (rs != GR_OK) return rs;
    const gr_allocator *al = gri_ctx_alloc(pos->ctx);
    gri_solution *s = gri_calloc(al, 1, sizeof *s);
    if (!s) return gri_fail(err, GR_ENOMEM, "out of memory");
    s->al = al;
    s->win.al = s->draw.al = al;
    gr_solution *p = &s->pub;
    p->size = sizeof *p;
    p->play = gr_play_name(play);
    p->method = m->method;
    p->outcome = GR_OUTCOME_P;
    p->sj = GR_OUTCOME_UNKNOWN;
    p->has_value = 1;
    p->one_move = m->one_move;
    p->moves_complete = 1;
    gr_status st = m->solve(pos, play, play->max_moves, s, err);
    if (st == GR_OK && (s->win.oom || s->draw.oom)) st = gri_fail(err, GR_ENOMEM, "out of memory listing moves");
    if (st != GR_OK) {
        gr_solution_free(p);
        return st;
    }
    p->moves = s->win.list;
    p->nmoves = s->win.n;
    p->draw_moves = s->draw.list;
    p->ndraw_moves = s->draw.n;
    p->steps = s->steps;
    p->K = s->K;
    if (p->one_move) p->moves_complete = 1;
    *out = p;
    return GR_OK;
}
