/* The registry: every game family grundy knows, by name, with the aliases
 * that stand for a family with preset parameters. Adding a family is one
 * line here (see docs/adding-a-game.md). */
#include <string.h>
#include "family.h"

extern const gr_family gr_family_nim, gr_family_sub, gr_family_tb, gr_family_divisor, gr_family_coprime,
    gr_family_pow2, gr_family_grundy, gr_family_bash, gr_family_staircase, gr_family_stairs, gr_family_wythoff,
    gr_family_euclid, gr_family_dyn, gr_family_prod, gr_family_hackenbush;

static const gr_family_entry REGISTRY[] = {
    {"nim", &gr_family_nim, NULL},
    {"sub", &gr_family_sub, NULL},
    {"tb", &gr_family_tb, NULL},
    {"divisor", &gr_family_divisor, NULL},
    {"coprime", &gr_family_coprime, NULL},
    {"pow2", &gr_family_pow2, NULL},
    {"grundy", &gr_family_grundy, NULL},
    {"bash", &gr_family_bash, NULL},
    {"staircase", &gr_family_staircase, NULL},
    {"wythoff", &gr_family_wythoff, NULL},
    {"euclid", &gr_family_euclid, NULL},
    {"dyn", &gr_family_dyn, NULL},
    {"fib", &gr_family_dyn, "2"},
    {"prod", &gr_family_prod, NULL},
    {"hackenbush", &gr_family_hackenbush, NULL},
    {"stairs", &gr_family_stairs, NULL},
    {"kayles", &gr_family_tb, "0.77"},
    {"dawson", &gr_family_tb, "0.07"},
    {"lasker", &gr_family_tb, "4.3!"},
};

const gr_family_entry *gr_registry_find(const char *name, size_t len) {
    for (size_t k = 0; k < sizeof REGISTRY / sizeof REGISTRY[0]; k++)
        if (strlen(REGISTRY[k].name) == len && !memcmp(REGISTRY[k].name, name, len)) return &REGISTRY[k];
    return NULL;
}

const gr_family_entry *gr_registry_at(size_t i) {
    return i < sizeof REGISTRY / sizeof REGISTRY[0] ? &REGISTRY[i] : NULL;
}
