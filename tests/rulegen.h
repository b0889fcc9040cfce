/* Random rule texts for the differential tests of the rule language (and
 * the benchmark's random rules): clauses with 0 to 2 loops, random
 * arithmetic over the names in scope, random conditions, results of one
 * or two parts. Most are finite heap games; some are loopy or fail
 * (overflow, division by zero), which the tests compare too. */
#ifndef GRUNDY_RULEGEN_H
#define GRUNDY_RULEGEN_H

#include <stdio.h>
#include <string.h>
#include "testutil.h"

typedef struct rg_out {
    char s[2048];
    size_t n;
} rg_out;

static void rg_put(rg_out *o, const char *t) {
    size_t k = strlen(t);
    if (o->n + k + 1 < sizeof o->s) {
        memcpy(o->s + o->n, t, k + 1);
        o->n += k;
    }
}

static void rg_num(rg_out *o, uint64_t v) {
    char b[32];
    snprintf(b, sizeof b, "%llu", (unsigned long long)v);
    rg_put(o, b);
}

/* an integer expression over names[0..nn) */
static void rg_expr(tu_rng *r, rg_out *o, const char *const *names, unsigned nn, int depth) {
    uint64_t t = tu_below(r, depth <= 0 ? 2 : 9);
    if (t == 0) { rg_num(o, tu_below(r, 4) ? tu_below(r, 6) : tu_below(r, 40)); return; }
    if (t == 1) { rg_put(o, names[tu_below(r, nn)]); return; }
    static const char *const OP[] = {" + ", " - ", "*", "/", " % "};
    if (t <= 6) {
        rg_put(o, "(");
        rg_expr(r, o, names, nn, depth - 1);
        rg_put(o, OP[tu_below(r, 5)]);
        rg_expr(r, o, names, nn, depth - 1);
        rg_put(o, ")");
        return;
    }
    if (t == 7) {
        static const char *const F[] = {"min(", "max(", "gcd("};
        rg_put(o, F[tu_below(r, 3)]);
        rg_expr(r, o, names, nn, depth - 1);
        rg_put(o, ", ");
        rg_expr(r, o, names, nn, depth - 1);
        rg_put(o, ")");
        return;
    }
    rg_put(o, "-");
    rg_expr(r, o, names, nn, 0);
}

/* an entry of a result that mostly makes the heap smaller: x - e */
static void rg_smaller(tu_rng *r, rg_out *o, const char *x, const char *const *names, unsigned nn) {
    if (tu_below(r, 6) == 0) { rg_expr(r, o, names, nn, 2); return; }
    rg_put(o, "(");
    rg_put(o, x);
    rg_put(o, " - ");
    if (tu_below(r, 2)) rg_put(o, names[nn - 1]);
    else rg_expr(r, o, names, nn, 2);
    if (tu_below(r, 3) == 0) rg_put(o, "*");
    if (o->s[o->n - 1] == '*') rg_put(o, names[nn - 1]);
    rg_put(o, ")");
}

static void rg_cond(tu_rng *r, rg_out *o, const char *const *names, unsigned nn, int depth) {
    uint64_t t = tu_below(r, depth <= 0 ? 3 : 6);
    if (t < 3) {
        static const char *const C[] = {" < ", " <= ", " > ", " >= ", " == ", " != ", " | "};
        rg_expr(r, o, names, nn, 1);
        rg_put(o, C[tu_below(r, 7)]);
        rg_expr(r, o, names, nn, 1);
        return;
    }
    if (t == 3) { rg_put(o, "not ("); rg_cond(r, o, names, nn, depth - 1); rg_put(o, ")"); return; }
    rg_put(o, "(");
    rg_cond(r, o, names, nn, depth - 1);
    rg_put(o, t == 4 ? " and " : " or ");
    rg_cond(r, o, names, nn, depth - 1);
    rg_put(o, ")");
}

/* a whole rule rule[...] of `arity` numbers (1 or 2) */
static void rg_rule(tu_rng *r, rg_out *o, unsigned arity) {
    static const char *const PAT[2][2] = {{"n", ""}, {"x", "y"}};
    static const char *const LOOP[] = {"k", "j"};
    o->n = 0;
    o->s[0] = 0;
    rg_put(o, "rule[");
    unsigned nc = 1 + (unsigned)tu_below(r, 3);
    for (unsigned c = 0; c < nc; c++) {
        const char *names[4];
        unsigned nn = 0;
        for (unsigned a = 0; a < arity; a++) names[nn++] = PAT[arity - 1][a];
        if (c) rg_put(o, "; ");
        rg_put(o, arity == 1 ? "n" : "(x,y)");
        rg_put(o, " -> ");
        unsigned nloops = (unsigned)tu_below(r, 3);
        char loops[512];
        rg_out lo = {{0}, 0};
        for (unsigned l = 0; l < nloops; l++) {
            rg_put(&lo, " for ");
            rg_put(&lo, LOOP[l]);
            rg_put(&lo, " in ");
            if (tu_below(r, 3)) rg_num(&lo, tu_below(r, 3));
            else rg_expr(r, &lo, names, nn, 1);
            rg_put(&lo, "..");
            uint64_t h = tu_below(r, 5);
            if (h == 0) rg_put(&lo, names[0]);
            else if (h == 1) { rg_put(&lo, names[nn - 1]); rg_put(&lo, "/2"); }
            else if (h == 2) rg_num(&lo, 1 + tu_below(r, 6));
            else if (h == 3) { rg_put(&lo, names[tu_below(r, nn)]); rg_put(&lo, " - 1"); }
            else rg_expr(r, &lo, names, nn, 2);
            names[nn++] = LOOP[l];
        }
        memcpy(loops, lo.s, lo.n + 1);
        unsigned nparts = tu_below(r, 20) == 0 ? 0 : tu_below(r, 4) == 0 ? 2 : 1;
        if (!nparts) rg_put(o, "0");
        for (unsigned p = 0; p < nparts; p++) {
            if (p) rg_put(o, " + ");
            if (arity == 1) {
                if (nparts == 2 && p == 0 && nloops) rg_put(o, names[nn - 1]);
                else rg_smaller(r, o, "n", names, nn);
            } else {
                rg_put(o, "(");
                unsigned which = (unsigned)tu_below(r, 3);
                for (unsigned a = 0; a < 2; a++) {
                    if (a) rg_put(o, ", ");
                    if (which == a || which == 2) rg_smaller(r, o, PAT[1][a], names, nn);
                    else rg_put(o, PAT[1][a]);
                }
                rg_put(o, ")");
            }
        }
        rg_put(o, loops);
        if (tu_below(r, 2)) {
            rg_put(o, " if ");
            if (nloops && tu_below(r, 3) == 0) {
                /* a bound written as a condition */
                rg_put(o, names[nn - 1]);
                rg_put(o, tu_below(r, 2) ? "*" : " + ");
                rg_put(o, names[nn - 1]);
                rg_put(o, " <= ");
                rg_put(o, names[0]);
                if (tu_below(r, 2)) { rg_put(o, " and "); rg_cond(r, o, names, nn, 1); }
            } else {
                rg_cond(r, o, names, nn, 2);
            }
        }
    }
    rg_put(o, "]");
}

#endif
