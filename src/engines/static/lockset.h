/* lockset.h - the thread-modular synchronisation dataflow of the static
 * engine: lockset analysis and active-threads analysis (RacerF Section 6).
 *
 * Each thread is analysed as a sequential program from an empty state.
 * The analysis is context-sensitive: a function is analysed once per
 * (thread, entry state, call site) where the call site only counts for
 * functions that lock, unlock or join through their own parameters (call
 * string 1, so lock/unlock wrappers work).  It is path-insensitive except
 * for the branch on a trylock/timedlock result (while nothing was unlocked
 * since the trylock ran: a result kept and tested again after an unlock
 * says nothing about the lock).  The state holds
 *   - the must-lockset (intersection over paths) and may-lockset (union);
 *     elements are lock ids times a mode bit (read or write), so two
 *     read-mode holders of a rwlock do not protect a write;
 *   - the may-active set: threads this thread created that are not surely
 *     joined yet (joined threads leave behind what they had not joined);
 *   - the once controls whose pthread_once surely returned on every path.
 * Creation locksets (Goblint's creationLockset): a lock the creator surely
 * holds when it creates a thread and releases (unlock, or a condition wait
 * on it) only after surely joining the thread is held for the thread's
 * whole life, so the thread's accesses exclude those of any other thread
 * that really holds the lock.
 * A lock is only added to a must-set when its address is one concrete lock
 * (a strong object at a constant offset); arrays of locks indexed by a
 * variable are may-locks only.  An unlock (or a wait that releases) works
 * the other way round: it removes every lock its address may denote, and
 * an address at an unknown offset of an object may denote every lock in
 * that object, whatever offset that lock was acquired at (lock aliases).  __VERIFIER_atomic_begin/end and calls of
 * __VERIFIER_atomic_* functions hold the one global "atomic" lock.
 *
 * Contract: rh_ls_run fills per-access results: the threads that may
 * execute it and, merged over them, must/may locksets and may-active sets.
 */
#ifndef RH_STATIC_LOCKSET_H
#define RH_STATIC_LOCKSET_H

#include "lockset_types.h"

void rh_ls_run(rh_ls *ls, rh_program *p, rh_pt *pt, rh_tg *tg, const rh_cfg *cfg, rh_budget *budget);
void rh_ls_free(rh_ls *ls);

/* The per-thread record of access a for thread t (never NULL for a thread
 * in the access's thread set; falls back to the merged sets otherwise). */
const rh_ls_per *rh_ls_per_thread(const rh_ls *ls, int a, int t);

/* ---- lock_ids.c ---- */

/* The lock id of a location (made on first use). */
uint32_t rh_ls_lock_id(rh_ls *ls, uint64_t loc, rh_lock_class cls);
/* The position of a parameter in its function's list. */
unsigned rh_ls_param_index(LLVMValueRef arg);
/* v without casts and constant GEPs; *off accumulates their offsets
 * (RH_PT_ANY once a GEP's offset is not constant). */
LLVMValueRef rh_ls_strip_const(rh_ls *ls, LLVMValueRef v, int64_t *off);
/* Whether lock id or one of its aliases is in set (of lock ids): what was
 * said of a lock array's element at an unknown index (its initialisation
 * in a loop) holds for each of its elements. */
int rh_ls_alias_in(const rh_ls *ls, const rh_sset *set, uint32_t id);
/* Whether a blocking lock of mutex `id`, which this thread surely holds
 * already, never returns: a normal mutex deadlocks, a default one is
 * undefined behaviour.  Only when it cannot be recursive or error-checking:
 * initialised without attributes (never into `recursive`), no settype in
 * the program that may ask for error checking (`counted` is cleared then,
 * and kept empty without one), not a global with a non-zero static
 * initialiser (PTHREAD_RECURSIVE_MUTEX_INITIALIZER_NP), and no plain write
 * (a store, a memcpy: `m = recursive_initialiser`) may touch its object. */
int rh_ls_relock_blocks(rh_ls *ls, const rh_conc_entry *e, uint32_t id);
/* Lock ids an address may denote, resolving a parameter through the call
 * site ctx (NULL for none); *strong says it is exactly one concrete lock. */
void rh_ls_lock_targets(rh_ls *ls, LLVMValueRef v, LLVMValueRef ctx, rh_lock_class cls, rh_sset *out,
                        int *strong);
/* Adds to out every lock id an address denoting one of ids may denote too:
 * a lock at an unknown offset of an object (an array element indexed by
 * a variable) may be any lock in that object, and a lock at a known offset
 * may also be named through an address whose offset is unknown.  An unlock
 * must release all of them from the must-sets. */
void rh_ls_lock_aliases(const rh_ls *ls, const rh_sset *ids, rh_sset *out);
/* Narrows the aliases `all` of an unlock's (or wait's) address addr at
 * `use` to the elements of a lock array its variable index can reach
 * (index_range.h): `&m[i]` with i in [5, 9] releases no lock of m outside
 * m[5..9].  Leaves all as it is when nothing bounds the index. */
void rh_ls_narrow_by_index(rh_ls *ls, LLVMValueRef use, LLVMValueRef addr, LLVMValueRef ctx, rh_sset *all);
/* Adds to out the lock elements (lock, mode) of elems and of their aliases:
 * a lockset that may hold lock m[i] may hold each lock of m. */
void rh_ls_elem_aliases(const rh_ls *ls, const rh_sset *elems, rh_sset *out);
/* Whether lock id may be a recursive lock: it, or one of its aliases, was
 * initialised as one. */
int rh_ls_maybe_recursive(const rh_ls *ls, uint32_t id);
/* "mutex 'm'", "rwlock 'rw' (read)", "atomic section" (caller frees). */
char *rh_ls_elem_desc(rh_ls *ls, uint64_t elem);
/* The handle cell a create or join address denotes, when it is one strong
 * cell (a parameter resolved through the call site ctx). */
int rh_ls_handle_loc(rh_ls *ls, LLVMValueRef ptr, LLVMValueRef ctx, uint64_t *loc);

/* ---- lockset.c ---- */

/* Whether two locksets share a lock held in write mode by at least one side. */
int rh_ls_protects(const rh_sset *a, const rh_sset *b);
/* ---- lockset_creation.c ---- */

/* After a run's dataflow: fills ls->creation and ls->creation_holder for
 * every thread. */
void rh_ls_creation_locksets(rh_ls *ls);
/* Whether access locks `held` (really acquired by thread t1) exclude
 * thread t2 through t2's creation lockset. */
int rh_ls_creation_protects(const rh_ls *ls, const rh_sset *held, int t1, int t2);
/* Whether threads t1 and t2 live inside critical sections of one lock
 * held by two different threads (creation locksets with different
 * holders), so they never run at the same time. */
int rh_ls_creation_disjoint(const rh_ls *ls, int t1, int t2);
/* Whether a pthread_once routine orders one access before the other: one
 * runs inside the routine of a once control (holding its pseudo-lock),
 * the other after its own thread's pthread_once on that control returned,
 * which happens only once the routine has finished. */
int rh_ls_once_orders(const rh_ls_per *a, const rh_ls_per *b);
/* ---- spawn_count.c: counted joins of multi threads ---- */

/* Whether thread c's instances are counted in the current thread's
 * dataflow: c is multi, created only by the current thread (not multi),
 * and has handle cells only its create writes (ls->spawn_cells). */
int rh_sc_countable(const rh_ls *ls, int c);
/* An instance of c was created. */
void rh_sc_created(const rh_ls *ls, rh_ls_state *s, int c);
/* Whether every creation of c ran when, by the count, no instance of it
 * was running: its instances run one after the other (after rh_ls_run). */
int rh_sc_serial(const rh_ls *ls, int c);
/* An instance of c was joined; 1 when, by the count, none is left running. */
int rh_sc_joined(const rh_ls *ls, rh_ls_state *s, int c);
/* How many instances of c may run by the count (0 none counted; 255
 * many). */
int rh_sc_count(const rh_ls_state *s, int c);
/* At most m (< the count) instances of c run: the count drops to m, and
 * c is no longer active when m is 0.  Nothing when the count is "many". */
void rh_sc_trim(rh_ls_state *s, int c, int m);
/* Code the analysis did not follow may have created instances of c: the
 * count is "many" (only a join loop ends it). */
void rh_sc_unknown(rh_ls_state *s, int c);
/* Every instance of c is joined (a join loop, a strong join): no count. */
void rh_sc_forget(rh_ls_state *s, int c);
/* On edge succ of branch term: a create the branch finds failed made no
 * instance. */
void rh_sc_refine(const rh_ls *ls, LLVMValueRef term, unsigned succ, rh_ls_state *s);
/* thread_handles.c: fills ls->handle, ls->main_handle and ls->spawn_cells. */
void rh_ls_thread_handles(rh_ls *ls);
/* thread_handles.c: thread c (unique, its handle cell rewritten by other
 * unique threads' creates only) was created: its cell holds its handle. */
void rh_ls_reuse_created(const rh_ls *ls, rh_ls_state *s, int c);
/* thread_handles.c: the thread whose handle strong cell loc surely holds
 * here (the last create into it on every path), -1 if none known. */
int rh_ls_reuse_holder(const rh_ls *ls, const rh_ls_state *s, uint64_t loc);
/* thread_handles.c: the counter of the counted loop whose iteration k
 * creates thread c into element k of a handle array; NULL if none. */
LLVMValueRef rh_ls_create_loop_iv(rh_ls *ls, int c);
/* thread_handles.c: fills the loop joins (loop_joins, loop_join_of, elem_joins). */
void rh_ls_loop_joins(rh_ls *ls);
/* The library call branch condition cond compares (==, !=) with constant
 * *k, its entry, and the edge (0 true, 1 false) on which call == *k holds;
 * NULL if cond is no such comparison. */
LLVMValueRef rh_ls_call_tested(const rh_ls *ls, LLVMValueRef cond, const rh_conc_entry **entry, int64_t *k,
                               int *eq_edge);
/* v without the zext/sext/trunc casts around it. */
LLVMValueRef rh_ls_strip_int_casts(LLVMValueRef v);
/* Whether two may-locksets share any lock at all (any mode). */
int rh_ls_share_any(const rh_sset *a, const rh_sset *b);

#endif
