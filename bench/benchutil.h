/* Wall-clock timing for the benchmarks. */
#ifndef GRUNDY_BENCHUTIL_H
#define GRUNDY_BENCHUTIL_H
#include <time.h>
static inline double bench_now(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}
#endif
