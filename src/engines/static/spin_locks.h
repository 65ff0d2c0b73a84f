/* spin_locks.h - memory words used as locks by atomics: a test-and-set or
 * compare-and-swap spin lock (`while (__sync_lock_test_and_set(&lk, 1));`
 * ... `__sync_lock_release(&lk)`; `do e = 0; while (!CAS(&v, &e, 1,
 * acquire));` ... `__atomic_store_n(&v, 0, release)`).  The lockset
 * analysis treats such a word as a mutex.
 *
 * The rule, and why it is sound.  A location L (one points-to location at
 * a known offset, with a size) is a spin lock when
 *   1. some acquire attempt may touch it, and every write that may touch
 *      L's bytes (any model access that writes: a store, a read-modify-
 *      write, a memory call, a free, an undefined function's assumed
 *      write) is one of
 *        - an acquire attempt on exactly L: an atomicrmw xchg of a
 *          non-zero constant, or a cmpxchg from the constant 0 to a
 *          non-zero constant, both with acquire ordering or stronger
 *          (the __sync builtins are seq_cst);
 *        - a release of exactly L: a `store atomic` of the constant 0
 *          with release ordering or stronger (__sync_lock_release,
 *          atomic_store, atomic_flag_clear);
 *      and no lock call's lock word overlaps L (it is no pthread lock);
 *   2. at every release of L the releasing thread surely holds L (L is
 *      in its must-lockset there, through an address that is exactly L).
 * A thread acquires L on the edge of a branch that says its acquire
 * attempt wrote over a 0: the xchg returned 0, or the cmpxchg succeeded
 * (atomic_ops.h), with no store, call or atomic between the attempt and
 * the branch (nothing released L in between).
 * Invariant: a thread that acquired L and has not released it holds it,
 * and while some thread holds L, L is non-zero.  An attempt that acquires
 * reads 0, so no thread held L then; every other write leaves a non-zero
 * L non-zero (the attempts store non-zero or fail) or is the holder's own
 * release (2).  So at most one thread holds L at a time: mutual
 * exclusion.  Order: the acquiring attempt read the 0 of the last release
 * (a release store, read by an acquire read-modify-write: synchronises-
 * with), or L's initial value (no holder before: nothing to order).  The
 * initial value of L does not matter: a non-zero one only keeps everyone
 * out until someone releases, and only a holder releases.
 * Rule 1 is checked on the points-to sets before the lockset analysis;
 * rule 2 only by it: a release that finds L not surely held rejects L, and
 * the lockset analysis runs again without it (as sem_locks.h).
 * A spin lock is a lock of class RH_LOCK_NONE to the lockset analysis: it
 * takes part in no creation lockset, lock history or caller-held lock
 * (those are made for pthread locks, whose releases they watch).
 *
 * Contract: rh_spin_find reads the model and the solved points-to sets
 * (NULL when no location is a candidate); the lockset analysis calls
 * rh_spin_contexts once it has made its context table; rh_spin_edge is called by the
 * lockset analysis on every branch edge and rh_spin_store at every store;
 * rh_spin_rejected says (once per rejection) that the lockset results must
 * be recomputed.
 */
#ifndef RH_STATIC_SPIN_LOCKS_H
#define RH_STATIC_SPIN_LOCKS_H

#include "lockset_types.h"

typedef struct rh_spin rh_spin;

rh_spin *rh_spin_find(rh_program *p, rh_pt *pt);
void rh_spin_free(rh_spin *sp);

/* Edge succ of branch term: a spin lock acquired on it enters the
 * must-lockset (and the may-lockset) of s; ctx resolves a wrapper's
 * parameter as rh_ls_lock_targets does. */
void rh_spin_edge(rh_spin *sp, rh_ls *ls, LLVMValueRef term, unsigned succ, LLVMValueRef ctx, rh_ls_state *s);
/* A store: the release of a spin lock leaves the locksets of s; one made
 * without surely holding the lock rejects it (rule 2). */
void rh_spin_store(rh_spin *sp, rh_ls *ls, LLVMValueRef store, LLVMValueRef ctx, rh_ls_state *s);
/* Marks in ls->needs_ctx the functions whose acquire attempts or releases
 * go through a parameter (lock and unlock wrappers): they are analysed per
 * call site, so each call's lock is one concrete lock. */
void rh_spin_contexts(const rh_spin *sp, rh_ls *ls);
/* Whether a spin lock was rejected since the last call (run again). */
int rh_spin_rejected(rh_spin *sp);
/* Locations used as spin locks, for --stats. */
int rh_spin_count(const rh_spin *sp);

#endif
