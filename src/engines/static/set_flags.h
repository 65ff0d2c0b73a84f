/* set_flags.h - flags that, once set, stay set: the branches they decide.
 *
 * A library often takes its lock only when a flag says locking is on:
 * `if (cfg.lock_enabled) pthread_mutex_lock(&m);`, the flag set once at
 * init.  A path-insensitive lockset joins the locked and the unlocked edge
 * and loses the lock everywhere after.  This module finds the flags whose
 * every write stores a non-zero value, and lets the lockset dataflow drop
 * the "flag is zero" edge of a test once the flag is surely set.
 *
 * A set flag: a location (object, offset, size) of a global variable (one
 * instance; not thread-local) such that every model write that may touch
 * its bytes (the range loc_model.h narrows from the address expression:
 * `g.arr[i]` does not touch `g.flag`) is a plain store of exactly those bytes whose value is a
 * non-zero integer constant, or a parameter of a function only ever called
 * directly, every call passing a non-zero constant there (through zext and
 * sext only).  A test `if (flag)` through a trunc to i1 also needs every
 * such value odd.  No write can then make it zero again, so a read that
 * happens after one of those stores reads a non-zero value (coherence:
 * the initial value precedes every write).
 *
 * "Surely set" in a thread's dataflow state (the `flags` must-set of
 * rh_ls_state), by one of:
 *   1. a store of a non-zero value through an address that is exactly the
 *      flag (one points-to target) on every path here in this thread;
 *   2. inherited: every visit of the thread's create call (a real thread
 *      create, not a registered handler) found the flag surely set;
 *   3. a returned sem_wait on a semaphore object every initialisation of
 *      which sets 0 (sem_order.h, rule 3), when every post that may touch
 *      it, by a thread that had not surely waited on it before, found the
 *      flag surely set (a wait returns after some post; by induction on
 *      time the earliest such post was made with the flag set).
 * 2 and 3 are assumed optimistically for a run and checked on what the run
 * saw (every create visit, every post); a run that refutes an assumption
 * is repeated with it removed until nothing is refuted (the sets only
 * shrink), as sem_locks.h does for semaphores used as locks.
 *
 * The other way round, for any tested global location that starts zero
 * (a zero initialiser): in the main thread, before any write that may
 * touch the location, and before it creates a thread (or registers a
 * handler) when a thread other than main may write it, the location still
 * holds zero, so the "non-zero" edge of its test is dead there (the
 * `unset` must-set; such a write, such a create and an unanalysed call end
 * it; an indirect call the analysis cannot resolve is taken to write
 * nothing, as it is taken to lock nothing: such a call already leaves race
 * freedom unproved, unsupported.c).
 * Error paths run before the threads start (a failed check that logs
 * through the locked path) then do not count as unlocked uses.
 *
 * A test decides an edge only when the flag's load is in the branch's
 * block with no store and no call between them (the state at the branch
 * is the state at the load) and its address is exactly the flag.
 *
 * Contract: rh_sf_find reads the model, the solved points-to sets and the
 * thread graph; it returns NULL when the program has no flag that a branch
 * tests (then the lockset analysis runs as before).  The lockset analysis
 * calls rh_sf_begin_run before each run, rh_sf_thread_entry for each
 * thread's entry state, rh_sf_store at every store, rh_sf_created at every
 * create visit, rh_sf_sem after every sem_wait/sem_post transfer,
 * rh_sf_edge_dead on every branch edge, and rh_sf_end_run after the run
 * (non-zero: an assumption fell, run again).  At most 64 flags are kept.
 */
#ifndef RH_STATIC_SET_FLAGS_H
#define RH_STATIC_SET_FLAGS_H

#include "lockset_types.h"

typedef struct rh_sf rh_sf;
struct rh_semord;
struct rh_static;

/* Reads s's model, points-to sets and thread graph (and the field-precise
 * byte ranges of loc_model.h for writes at unknown offsets). */
rh_sf *rh_sf_find(struct rh_static *s);
void rh_sf_free(rh_sf *sf);
/* How many set flags a branch tests (for --stats). */
int rh_sf_count(const rh_sf *sf);

void rh_sf_begin_run(rh_sf *sf);
/* Thread t's entry state gets the flags it is assumed to inherit. */
void rh_sf_thread_entry(const rh_sf *sf, int t, rh_ls_state *entry);
/* The main thread's entry: the zero-initialised tested globals are unset. */
void rh_sf_main_entry(const rh_sf *sf, rh_ls_state *entry);
/* A write (a store, or a call making writes) that may touch a tested
 * global ends its unset fact; a store that surely sets a flag adds it. */
void rh_sf_store(const rh_sf *sf, LLVMValueRef inst, rh_ls_state *s);
/* Main creates a thread (or registers a handler): what others write ends. */
void rh_sf_creating(const rh_sf *sf, rh_ls_state *s);
/* Thread c's create call is visited with state s. */
void rh_sf_created(rh_sf *sf, int c, const rh_ls_state *s);
/* After the sem_wait/sem_post call e has been applied to s. */
void rh_sf_sem(rh_sf *sf, rh_pt *pt, const struct rh_semord *so, LLVMValueRef call, const rh_conc_entry *e,
               rh_ls_state *s);
/* Whether edge succ of branch term cannot be taken in state s. */
int rh_sf_edge_dead(const rh_sf *sf, LLVMValueRef term, unsigned succ, const rh_ls_state *s);
/* Checks the run's assumptions; non-zero when one fell (run again). */
int rh_sf_end_run(rh_sf *sf);

#endif
