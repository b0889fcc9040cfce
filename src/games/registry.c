/* The registry: every game family grundy knows, by name, with the aliases
 * that stand for a family with preset parameters. Adding a family is one
 * line here (see docs/adding-a-game.md). */
#include <string.h>
#include "core/family.h"

extern const gri_family gri_family_nim, gri_family_sub, gri_family_tb, gri_family_divisor, gri_family_coprime,
    gri_family_pow2, gri_family_grundy, gri_family_bash, gri_family_staircase, gri_family_stairs, gri_family_wythoff,
    gri_family_euclid, gri_family_dyn, gri_family_prod, gri_family_hackenbush, gri_family_rule,
    gri_family_graph, gri_family_cram, gri_family_place, gri_family_nodekayles, gri_family_arckayles;

static const gri_family_entry REGISTRY[] = {
    {"nim", &gri_family_nim, NULL,
     "heap", "nim", "take any positive number (a bare integer is a nim heap)",
     "3 + 5 + 6"},
    {"sub", &gri_family_sub, NULL,
     "heap", "sub[S]", "take s tokens, s in the finite set S: sub[1,2,4], sub[2,5..7]",
     "sub[1,3,4](20)"},
    {"tb", &gri_family_tb, NULL,
     "heap", "tb[CODE]", "take-and-break by octal/hexadecimal code (grundy help tb)",
     "tb[0.07](30)"},
    {"divisor", &gri_family_divisor, NULL,
     "heap", "divisor", "take d tokens where d divides the heap",
     "divisor(12)"},
    {"coprime", &gri_family_coprime, NULL,
     "heap", "coprime", "take y with gcd(heap, y) = 1, or take the whole heap",
     "coprime(10)"},
    {"pow2", &gri_family_pow2, NULL,
     "heap", "pow2", "take a power of two",
     "pow2(9)"},
    {"grundy", &gri_family_grundy, NULL,
     "heap", "grundy", "Grundy's game: split a heap into two unequal non-empty heaps",
     "grundy(12)"},
    {"bash", &gri_family_bash, NULL,
     "heap", "bash[p,q]", "take p..q tokens, or everything when fewer than p remain",
     "bash[1,3](10)"},
    {"staircase", &gri_family_staircase, NULL,
     "state", "staircase", "pieces on a line moving left (POJ 1704)",
     "staircase(2,5,9)"},
    {"wythoff", &gri_family_wythoff, NULL,
     "state", "wythoff(a,b)", "take from one heap, or the same from both",
     "wythoff(3,5)"},
    {"euclid", &gri_family_euclid, NULL,
     "state", "euclid(a,b)", "subtract a multiple of the smaller from the larger",
     "euclid(7,3)"},
    {"dyn", &gri_family_dyn, NULL,
     "state", "dyn[k](n[,c])", "k-times dynamic subtraction: take up to k times the last take",
     "dyn[3](20)"},
    {"fib", &gri_family_dyn, "2",
     "state", "fib(n[,c])", "Fibonacci nim: take up to twice the last take (dyn[2])",
     "fib(20)"},
    {"prod", &gri_family_prod, NULL,
     "state", "prod(x,y[,z])", "a coin in the 2-D / 3-D product (coin-turning) game",
     "prod(2,3)"},
    {"hackenbush", &gri_family_hackenbush, NULL,
     "state", "hackenbush(0-1,1-2:3,...)", "Green Hackenbush on a rooted multigraph",
     "hackenbush(0-1,1-2,1-3)"},
    {"stairs", &gri_family_stairs, NULL,
     "state", "stairs", "coins on steps moving down (staircase nim)",
     "stairs(3,4,5)"},
    {"kayles", &gri_family_tb, "0.77",
     "heap", "kayles", "= tb[0.77]: knock down one pin or two adjacent pins",
     "kayles(7) + 3"},
    {"dawson", &gri_family_tb, "0.07",
     "heap", "dawson", "= tb[0.07]: Dawson's Kayles",
     "dawson(9)"},
    {"lasker", &gri_family_tb, "4.3!",
     "heap", "lasker", "= tb[4.3!]: Lasker's nim: take any, or split a heap in two",
     "lasker(5) + 2"},
    {"rule", &gri_family_rule, NULL,
     "rule", "rule[n -> n-k for k in 1..3]", "your own rules: see 'grundy help rule'",
     "rule[n -> a + (n-a) for a in 1..n-1 if a != n-a](12)"},
    {"graph", &gri_family_graph, NULL,
     "state", "graph[0>1,1>2](v,...)", "tokens on a directed graph, cycles allowed (draws)",
     "graph[0>1,1>0,1>2](0) + 1"},
    {"cram", &gri_family_cram, NULL,
     "board", "cram(4,5), cram(..#./....)", "dominoes on the empty cells of a board",
     "cram(3,4)"},
    {"place", &gri_family_place, NULL,
     "board", "place[xx/x.; rotate](4,5)", "place shapes of your own on a board",
     "place[xx/x.; rotate](3,3)"},
    {"nodekayles", &gri_family_nodekayles, NULL,
     "board", "nodekayles(0-1,1-2), nodekayles[grid](3,7)", "pick a vertex, remove it and its neighbours",
     "nodekayles[grid](2,4)"},
    {"arckayles", &gri_family_arckayles, NULL,
     "board", "arckayles(0-1,1-2)", "pick an edge, remove both its ends",
     "arckayles(0-1,1-2,2-3)"},
};

const gri_family_entry *gri_registry_find(const char *name, size_t len) {
    for (size_t k = 0; k < sizeof REGISTRY / sizeof REGISTRY[0]; k++)
        if (strlen(REGISTRY[k].name) == len && !memcmp(REGISTRY[k].name, name, len)) return &REGISTRY[k];
    return NULL;
}

const gri_family_entry *gri_registry_at(size_t i) {
    return i < sizeof REGISTRY / sizeof REGISTRY[0] ? &REGISTRY[i] : NULL;
}

size_t gr_family_count(void) { return sizeof REGISTRY / sizeof REGISTRY[0]; }

/* an alias's spec, "tb[0.77]": the family's name and the preset */
static const char *const ALIASES[][2] = {{"kayles", "tb[0.77]"}, {"dawson", "tb[0.07]"}, {"lasker", "tb[4.3!]"},
                                         {"fib", "dyn[2]"}};

gr_status gr_family_at(size_t i, gr_family_info *out, gr_error *err) {
    if (!out || !GRI_SIZE_OK(out, gr_family_info)) return GRI_SIZE_FAIL(err, gr_family_info);
    if (i >= gr_family_count()) return gri_fail(err, GR_ERANGE, "there is no family %zu (grundy knows %zu)", i, gr_family_count());
    const gri_family_entry *e = &REGISTRY[i];
    GRI_CLEAR_SIZED(out);
    out->name = e->name;
    out->kind = e->kind;
    out->syntax = e->syntax;
    out->help = e->help;
    out->example = e->example;
    for (size_t k = 0; e->preset && k < sizeof ALIASES / sizeof ALIASES[0]; k++)
        if (!strcmp(ALIASES[k][0], e->name)) out->alias_of = ALIASES[k][1];
    out->heap = (e->family->flags & GR_FAM_HEAP) != 0;
    out->params_required = !e->preset && (e->family->flags & GR_FAM_PARAMS_REQUIRED) != 0;
    return GR_OK;
}
