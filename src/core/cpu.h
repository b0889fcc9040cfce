/* The vector units the CPU runs, detected at run time, and the kernels'
 * level a context asks for (gr_ctx_set_kernels): header only. */
#ifndef GRUNDY_CPU_H
#define GRUNDY_CPU_H

/* x86 with GCC or clang: AVX2 and AVX-512 kernels, detected at run time */
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#define GRI_SP_X86 1
#else
#define GRI_SP_X86 0
#endif

/* the CPU runs AVX2 */
static inline int gri_cpu_avx2(void) {
#if GRI_SP_X86
    return __builtin_cpu_supports("avx2");
#else
    return 0;
#endif
}

/* the CPU runs AVX-512F and AVX-512BW */
static inline int gri_cpu_avx512bw(void) {
#if GRI_SP_X86
    return __builtin_cpu_supports("avx512f") && __builtin_cpu_supports("avx512bw");
#else
    return 0;
#endif
}

/* the widest kernels this CPU runs: 2 AVX-512BW, 1 AVX2, -1 portable */
static inline int gri_cpu_level(void) { return gri_cpu_avx2() ? (gri_cpu_avx512bw() ? 2 : 1) : -1; }

#endif
