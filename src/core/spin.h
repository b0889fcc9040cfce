/* What a windowed run's two threads share for waiting and for keeping their
 * records apart (window_mt.c, window_spec.c). */
#ifndef GRUNDY_CORE_SPIN_H
#define GRUNDY_CORE_SPIN_H

#include <sched.h>
#include <stdint.h>

/* the first cache line that starts in a block: given 64 bytes more than it
 * holds, what it holds is aligned to 64; given 128 more, nothing else shares
 * its lines either (NULL for NULL) */
static inline void *gri_line_start(void *mem) {
    return mem ? (void *)((uint8_t *)mem + 64 - (uintptr_t)mem % 64) : NULL;
}

/* one turn of a wait: a pause instruction, and after 256 of them a yield
 * to the system */
static inline void gri_spin(unsigned *spins) {
    if (++*spins < 256) {
#if defined(__x86_64__) || defined(__i386__)
        __builtin_ia32_pause();
#endif
    } else {
        sched_yield();
    }
}

#endif
