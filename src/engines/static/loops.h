/* loops.h - counted loops: `for (i = C0; i < N; i++)` with constant bounds,
 * recognised on the SSA form clang and mem2reg produce.  Used to match a
 * loop that creates threads into an array of handles with a loop that
 * joins the same array elements (joins in loops, paper Section 6.2), and
 * to see which array element each loop iteration touches.
 *
 * Contract: rh_loop_of_index recognises an index value that is (a cast of)
 * the induction variable of a counted loop; "no" whenever in doubt.
 */
#ifndef RH_STATIC_LOOPS_H
#define RH_STATIC_LOOPS_H

#include "cfg.h"

typedef struct rh_counted_loop {
    LLVMBasicBlockRef header;
    LLVMBasicBlockRef preheader; /* where iv gets its start value */
    LLVMValueRef iv;       /* the phi */
    int64_t start, end;    /* iterations run iv = start .. end-1 (end INT64_MAX: a variable bound) */
    LLVMValueRef end_value;/* the variable bound, or NULL for a constant one: an SSA value
                            * computed before the loop, a reload of a stable cell, or the
                            * header's arithmetic on such values (`i < n - 1` at -O0) */
    LLVMIntPredicate pred; /* the exit test's comparison, for a variable bound */
    unsigned exit_succ;    /* successor index of the header's branch that leaves the loop */
    LLVMBasicBlockRef body[8]; /* straight chain header -> ... -> header, when there is one */
    int nbody;             /* 0 when the body branches */
    struct rh_stable *stable; /* the cfg's stable cells, for comparing variable bounds */
} rh_counted_loop;

int rh_loop_of_index(const rh_cfg *cfg, LLVMValueRef index, rh_counted_loop *out);
/* Whether two loops surely run the same iterations (bounds that reload
 * one stable cell, stable_cells.h, are one bound). */
int rh_loop_same_range(const rh_counted_loop *a, const rh_counted_loop *b);
/* Whether instruction in lies in the straight body chain of the loop. */
int rh_loop_body_has(const rh_counted_loop *l, LLVMValueRef in);
/* Whether instruction in runs in every iteration the loop runs to its
 * end: its block dominates the back edge, and no block of the loop leaves
 * it but through the header's test or into a dead end (exit, abort): no
 * break, goto out or return skips it.  (A straight body chain qualifies.) */
int rh_loop_each_iteration(const rh_counted_loop *l, LLVMValueRef in);
/* The variable index of an element address `base[i]` (a GEP whose only
 * non-constant index is the last one, all others zero); NULL otherwise. */
LLVMValueRef rh_loop_element_index(LLVMValueRef gep, LLVMValueRef *base);

#endif
