/* param_locks.h - a lock the caller holds, seen by the callee through its
 * pointer parameter: `possess(&q->lock); twist(q, v);` where twist writes
 * `q->value` and then unlocks `q->lock`.
 *
 * The caller's concrete lock is in the callee's must-lockset in each
 * context, but an access of the callee is recorded once per thread over
 * all its contexts (twist(&a) holds a's lock, twist(&b) b's), and the
 * intersection is empty.  At a call, this module adds to the callee's
 * entry state a symbolic lock (sym_locks.h) on each pointer parameter for
 * each concrete lock the caller surely holds at a constant distance from
 * the one location the argument may point to: "parameter + d is locked".
 * Each context then holds the lock at the same distance from the access,
 * and the symbolic test keeps it.  Likewise a symbolic lock the caller
 * holds on the base its argument decomposes into (`possess(&j->calc);
 * twist(&j->calc)`, j one of many jobs) is rebased onto the parameter.
 *
 * Sound because the argument may denote only that location (a may
 * points-to set of one location, whose object is a concrete lock's, so
 * one strong object), or is the caller's symbolic base (SSA values, its
 * variable indices included) plus a constant, so parameter + delta is the
 * held lock's address; a parameter is an SSA value that is never defined
 * again, and the symbolic entry dies at the callee's first unlock of
 * anything, like every symbolic entry.
 *
 * Contract: rh_pl_bind_entry adds entries to callee_entry->sym only; it
 * reads the caller's state, the call's operands and the points-to sets,
 * and interns bases in ls.
 */
#ifndef RH_STATIC_PARAM_LOCKS_H
#define RH_STATIC_PARAM_LOCKS_H

#include "lockset_types.h"

/* call: the call instruction; callee: the function it reaches; caller:
 * the caller's state at the call (its must-lockset and symbolic locks). */
void rh_pl_bind_entry(rh_ls *ls, LLVMValueRef call, LLVMValueRef callee, const rh_ls_state *caller,
                      rh_ls_state *callee_entry);

#endif
