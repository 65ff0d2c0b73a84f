/* index_range.h - the values a variable array index can have where an
 * instruction uses it, from the assumptions that guard the instruction.
 *
 * An unlock of `&m[i]` may release every lock of m, unless something says
 * which elements i can reach: `__VERIFIER_assume(5 <= i)`, a defined
 * function that returns only when its argument is non-zero (SV-COMP's
 * assume_abort_if_not, Goblint's __goblint_assume), or a branch whose
 * other way ends the program (`if (i < 5) abort();`).  Each such guard
 * that dominates the use bounds i there: i is an SSA value, so the last
 * guard executed before the use tested the value the use sees.
 *
 * Contract: pure; returns 0 when no bound on either side is known, else
 * the inclusive range [*lo, *hi] of idx (sign extensions looked through).
 */
#ifndef RH_STATIC_INDEX_RANGE_H
#define RH_STATIC_INDEX_RANGE_H

#include "model/model.h"

int rh_index_range(rh_program *p, LLVMValueRef use, LLVMValueRef idx, int64_t *lo, int64_t *hi);

#endif
