/* Take-and-break codes d0.d1d2...: what digit d_k allows after removing k
 * tokens from a heap. Shared by the tb family and the period provers. */
#ifndef GRUNDY_TBCODE_H
#define GRUNDY_TBCODE_H

#define TB_MAX_DIGITS 256 /* digits of a take-and-break code, d0 included */

enum {
    TB_LEAVE_NONE = 1,  /* remove the whole heap */
    TB_LEAVE_ONE = 2,   /* leave one non-empty heap */
    TB_LEAVE_TWO = 4,   /* leave two non-empty heaps */
    TB_LEAVE_THREE = 8  /* leave three non-empty heaps */
};

#endif
