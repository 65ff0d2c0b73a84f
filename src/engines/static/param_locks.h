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
 * and the symbolic test keeps it.
 *
 * Sound because the argument may denote only that location (a may
 * points-to set of one location, whose object is a concrete lock's, so
 * one strong object), a parameter is an SSA value that is never defined
 * again, and the symbolic entry dies at the callee's first unlock of
 * anything, like every symbolic entry.
 *
 * Contract: rh_pl_bind_entry adds entries to callee_entry->sym only; it
 * reads the caller's must-lockset, the call's operands and the points-to
 * sets, and interns bases in ls.
 */
#ifndef RH_STATIC_PARAM_LOCKS_H
#define RH_STATIC_PARAM_LOCKS_H

#include "lockset_types.h"

/* call: the call instruction; callee: the function it reaches. */
void rh_pl_bind_entry(rh_ls *ls, LLVMValueRef call, LLVMValueRef callee, rh_ls_state *callee_entry);

#endif
