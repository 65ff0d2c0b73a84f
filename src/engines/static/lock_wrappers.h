/* lock_wrappers.h - a function that locks a parameter or a field of one
 * (a lock wrapper, possibly with error handling and work in between) as
 * a lock of whatever its caller passed.
 *
 * A concrete lock reached through a parameter is already resolved per
 * call site (the summary is computed with the call as context).  What is
 * lost at the return is a symbolic lock (sym_locks.h): `lock(&a->m)` in
 * `account_lock(struct account *a)` is held at "parameter a plus the
 * offset of m", a value of the callee, and a caller whose `a` may be any
 * of several accounts would see no lock at all.  The callee's summary
 * exit state is computed once per context; this module rewrites its
 * symbolic locks into the caller's terms: an entry whose base is
 * parameter i of the callee (no index) becomes an entry on the caller's
 * decomposition of the call's argument i, its offset added.  Entries on
 * other callee values say nothing to the caller and are dropped.
 *
 * Sound because the argument is an SSA value: at the return it still
 * denotes the object the callee locked a field of, and the caller's
 * dataflow kills the entry when that value is defined again or on any
 * unlock (the callee's own unlocks, an unlock wrapper's included, kill
 * the caller's entries: call_edge in lockset.c).
 *
 * Contract: rh_lw_bind_sym rewrites `sym` (the callee's exit entries) in
 * place; it reads the call's operands and interns bases in ls.
 */
#ifndef RH_STATIC_LOCK_WRAPPERS_H
#define RH_STATIC_LOCK_WRAPPERS_H

#include "lockset_types.h"

/* callee: the function the call reached (its parameters are the bases to
 * bind); call: the direct or indirect call instruction. */
void rh_lw_bind_sym(rh_ls *ls, LLVMValueRef call, LLVMValueRef callee, rh_sset *sym);

#endif
