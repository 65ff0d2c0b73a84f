/* atomic_ops.h - what an atomic instruction is, and what a branch edge
 * says about its result (or a plain load's): the vocabulary spin_locks.h and flag_order.h
 * share.  Nothing here decides synchronisation; it only reads the IR.
 *
 * An edge "says" something about an atomic instruction's result when the
 * branch condition is that result seen through
 *   - `icmp eq|ne R, 0` (R the result through zext/sext, which keep zero
 *     and non-zero apart; never through trunc, which does not);
 *   - `extractvalue {T, i1} X, 1` of a cmpxchg X (its success bit), or
 *     `extractvalue X, 0` (the old value) compared with 0 when X expected
 *     the constant 0 (then old == 0 is success: __sync_val_compare_and_swap);
 *   - `xor C, true` (negation) and the zext-then-trunc round trip of an
 *     i1 that -O0 code makes of a _Bool.
 * The result is an SSA value, so the edge speaks of the latest execution
 * of that instruction in the running function.
 *
 * Contract: pure functions of the IR; no state.
 */
#ifndef RH_STATIC_ATOMIC_OPS_H
#define RH_STATIC_ATOMIC_OPS_H

#include <llvm-c/Core.h>
#include <stdint.h>

/* Whether an ordering gives acquire (release) semantics: acquire, acq_rel
 * or seq_cst (release, acq_rel or seq_cst).  Relaxed orders nothing. */
int rh_aop_acquires(LLVMAtomicOrdering o);
int rh_aop_releases(LLVMAtomicOrdering o);

/* The instruction (a load, atomic or not, an atomicrmw or a cmpxchg)
 * whose result edge succ of branch term decides, or NULL; *truth: for a
 * load or atomicrmw, 1 when the value read is non-zero on this edge and 0
 * when it is zero; for a cmpxchg, 1 when it succeeded, 0 when it failed. */
LLVMValueRef rh_aop_edge(LLVMValueRef term, unsigned succ, int *truth);

/* Whether v is an integer constant; its value (zero-extended) in *k. */
int rh_aop_const(LLVMValueRef v, uint64_t *k);

/* Whether every path from instruction op to branch term (op's
 * result is used by term's condition, so op dominates term) runs no
 * store, call (but debug and lifetime intrinsics) or atomic instruction:
 * nothing between them can have released what op took.  Looks at most a
 * few blocks back; further is "no". */
int rh_aop_quiet_between(LLVMValueRef op, LLVMValueRef term);

#endif
