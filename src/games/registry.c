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
    {"nim", &gri_family_nim, NULL},
    {"sub", &gri_family_sub, NULL},
    {"tb", &gri_family_tb, NULL},
    {"divisor", &gri_family_divisor, NULL},
    {"coprime", &gri_family_coprime, NULL},
    {"pow2", &gri_family_pow2, NULL},
    {"grundy", &gri_family_grundy, NULL},
    {"bash", &gri_family_bash, NULL},
    {"staircase", &gri_family_staircase, NULL},
    {"wythoff", &gri_family_wythoff, NULL},
    {"euclid", &gri_family_euclid, NULL},
    {"dyn", &gri_family_dyn, NULL},
    {"fib", &gri_family_dyn, "2"},
    {"prod", &gri_family_prod, NULL},
    {"hackenbush", &gri_family_hackenbush, NULL},
    {"stairs", &gri_family_stairs, NULL},
    {"kayles", &gri_family_tb, "0.77"},
    {"dawson", &gri_family_tb, "0.07"},
    {"lasker", &gri_family_tb, "4.3!"},
    {"rule", &gri_family_rule, NULL},
    {"graph", &gri_family_graph, NULL},
    {"cram", &gri_family_cram, NULL},
    {"place", &gri_family_place, NULL},
    {"nodekayles", &gri_family_nodekayles, NULL},
    {"arckayles", &gri_family_arckayles, NULL},
};

const gri_family_entry *gri_registry_find(const char *name, size_t len) {
    for (size_t k = 0; k < sizeof REGISTRY / sizeof REGISTRY[0]; k++)
        if (strlen(REGISTRY[k].name) == len && !memcmp(REGISTRY[k].name, name, len)) return &REGISTRY[k];
    return NULL;
}

const gri_family_entry *gri_registry_at(size_t i) {
    return i < sizeof REGISTRY / sizeof REGISTRY[0] ? &REGISTRY[i] : NULL;
}
