/* A tiny test harness: CHECK records failures without stopping, every
 * randomized test prints its seed, and GRUNDY_TEST_SCALE multiplies the
 * number of random cases (default 1), GRUNDY_TEST_SEED overrides the seed. */
#ifndef GRUNDY_TESTUTIL_H
#define GRUNDY_TESTUTIL_H

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

static long tu_checks, tu_failures;

#define CHECK(cond, ...)                                                             \
    do {                                                                             \
        tu_checks++;                                                                 \
        if (!(cond)) {                                                               \
            tu_failures++;                                                           \
            if (tu_failures <= 30) {                                                 \
                fprintf(stderr, "%s:%d: CHECK(%s) failed: ", __FILE__, __LINE__, #cond); \
                fprintf(stderr, __VA_ARGS__);                                        \
                fprintf(stderr, "\n");                                               \
            }                                                                        \
        }                                                                            \
    } while (0)

static inline uint64_t tu_env_u64(const char *name, uint64_t dflt) {
    const char *s = getenv(name);
    if (!s || !*s) return dflt;
    return strtoull(s, NULL, 10);
}

static inline uint64_t tu_scale(void) {
    uint64_t s = tu_env_u64("GRUNDY_TEST_SCALE", 1);
    return s ? s : 1;
}

static inline uint64_t tu_seed(uint64_t dflt) {
    uint64_t s = tu_env_u64("GRUNDY_TEST_SEED", dflt);
    printf("seed=%llu (set GRUNDY_TEST_SEED to replay, GRUNDY_TEST_SCALE to run more cases)\n",
           (unsigned long long)s);
    return s;
}

typedef struct tu_rng { uint64_t s; } tu_rng;

static inline uint64_t tu_next(tu_rng *r) {
    uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
}

/* uniform in [0, n) for small n */
static inline uint64_t tu_below(tu_rng *r, uint64_t n) { return n ? tu_next(r) % n : 0; }

static inline int tu_finish(const char *name) {
    printf("%s: %ld checks, %ld passed, %ld failed\n", name, tu_checks, tu_checks - tu_failures, tu_failures);
    return tu_failures ? 1 : 0;
}

#endif
