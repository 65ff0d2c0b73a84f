/* path_facts.h - the one path-sensitive fact of the sync dataflow: which
 * integer constant a call returned on the paths that left a thread running.
 *
 * Drivers create their threads in a probe function that returns 0 when it
 * did and an error code when it did not, and the caller joins them only
 * when the probe returned 0: `if (probe() == 0) { ... join ... }`.  A
 * path-insensitive active set merges "created" and "not created" after
 * the probe and never sees every thread joined.  So a function's exit
 * records, per returned constant, the threads that may be running (the
 * incoming edges of a return phi count separately), and a call of it
 * leaves two facts in the caller's state:
 *   vals: the constants the call's result may be (a may-set);
 *   excl: "thread x is running only if the result is not k" (a must-set),
 *         for unique threads x only: a unique thread is created once, so
 *         nothing re-creates it behind the fact's back.
 * A branch comparing the result with a constant then drops, on each edge,
 * the threads that cannot be running on it, and an edge no returned
 * constant takes is dead (`if (init() != 0) return;` after an init that
 * returns 0 on every path).  Constants outside
 * [-126, 127] and other non-constant returns make the call factless; a
 * returned pointer counts as NULL or as "not null" when nonnull_values.h
 * proves it so at the return.  Threads created more than once have
 * counts instead (spawn_count.c): a call leaves "if the result is k, at
 * most m instances of c run" when its returns of k left at most m and
 * other returns more, so `h = create_wrapper(); if (h) join(h);` after a
 * wrapper that returns NULL where its create failed joins the one it made
 * (a count fact holds at a merge when the other side runs no more than m;
 * a call or create that may make another instance of c voids it).
 * Branches give facts too: a branch `value != k` taken before a unique
 * thread is created (`if (x) create(...)`) says the thread runs only if
 * value != k (conds: the branch facts on the path, a must-set), so a
 * later `if (x) join(...)` leaves no thread running on either edge.
 *
 * Contract: facts of the caller never enter a callee (they would split its
 * contexts); rh_pf_after_call restores them around every call.
 */
#ifndef RH_STATIC_PATH_FACTS_H
#define RH_STATIC_PATH_FACTS_H

#include "lockset_types.h"

/* Records, into ret, that a return of `value` (NULL: none or not a
 * constant) at instruction `at` (the return, or the branch into a block
 * that returns a phi) may leave the threads of s->active running, and the
 * counted instances of s->spawned. */
void rh_pf_return(rh_ls_state *ret, const rh_ls_state *s, LLVMValueRef value, LLVMValueRef at);
/* The value a block of only phis and a return returns when entered from
 * block `from`; NULL when the block is not such a block. */
LLVMValueRef rh_pf_return_through(LLVMBasicBlockRef b, LLVMBasicBlockRef from);
/* After a call: out (the callees' joined exit) gets back the caller's
 * facts of `before`, updated with what the call's result says. */
void rh_pf_after_call(rh_ls *ls, LLVMValueRef call, int resolved, const rh_ls_state *before, rh_ls_state *out);
/* On the edge from term's block into block `to`: the phis of `to` that
 * branches compare with constants get the value the edge gives them as a
 * fact (vals), and excl/count facts that tie it to the threads running
 * here: `h = NULL` on the path where a create failed, `h = handle` on
 * the other, merged into one phi, keep the correlation (inlined wrappers). */
void rh_pf_edge(rh_ls *ls, LLVMValueRef term, LLVMBasicBlockRef to, rh_ls_state *s);
/* Drops from s->active the threads edge `succ` of branch `term` excludes. */
void rh_pf_refine(rh_ls *ls, LLVMValueRef term, unsigned succ, rh_ls_state *s);
/* The comparison a branch condition is, through zext/trunc and `xor 1`
 * negations (*neg says whether they negate it); NULL if not an icmp. */
LLVMValueRef rh_pf_icmp_of(LLVMValueRef cond, int *neg);
/* Thread c is created (again): no older fact about it holds; a unique one
 * created where a branch said value != k runs only if value != k. */
void rh_pf_created(rh_ls *ls, rh_ls_state *s, int c);
/* inst defines its value again (a loop): facts about the old one go. */
void rh_pf_redefined(rh_ls *ls, rh_ls_state *s, LLVMValueRef inst);
/* d->excl := facts that hold after the join of d and s: in both, or in
 * one while the thread is not running on the other side (vacuously
 * true there).  Before the active sets are joined.  Returns whether it changed. */
int rh_pf_join_excl(rh_ls_state *d, const rh_ls_state *s);

#endif
