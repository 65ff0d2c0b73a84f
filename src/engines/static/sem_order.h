/* sem_order.h - the order a signalling semaphore gives: a thread that
 * waits on a semaphore before an access runs after what the poster did
 * before its first post.  (sem_locks.h covers semaphores used as locks;
 * this is the other common use: `sem_init(&s, 0, 0)`, one thread prepares
 * data and posts, a worker waits and then reads it.)
 *
 * The lockset dataflow carries two sets of semaphore objects (points-to
 * object ids) per thread: sem_waited (must: a sem_wait on that object
 * surely returned on every path here) and sem_posted (may: a sem_post on
 * it may have run in this thread; RH_SEMORD_ANY when a post on an unknown
 * semaphore, or an unanalysed call, may have).  At every post the poster
 * is recorded as free when the object is not in its sem_waited set.
 *
 * The rule, and why it is sound.  Access x of thread t1 and access y of
 * thread t2 (t1 != t2) are ordered, y before x, when for a semaphore
 * object O:
 *   1. O is in t1's sem_waited at x;
 *   2. neither O nor RH_SEMORD_ANY is in t2's sem_posted at y, and t2 is
 *      a single-instance thread;
 *   3. every sem_init that may touch O sets the constant 0 and is not
 *      process-shared (pshared the constant 0), there is at least one,
 *      and no sem_open result may denote O (every semaphore in O starts
 *      at 0, and only this process's threads post it);
 *   4. every post that may touch O (or a semaphore not known) is made by
 *      t2, or by a thread that surely waited on O before it.
 * Proof: a wait returns only after a post on its semaphore took its value
 * above 0 (3), and that post happens before the wait returns.  Take the
 * earliest post on O in time: no wait on O has returned before it, so by
 * 4 it is t2's; by induction on time every post on O follows, in
 * happens-before, a post of t2 (a post of a waiting thread follows its
 * wait, which follows an earlier post).  The wait before x therefore
 * follows some post of t2, and every post of t2 comes after y in t2's
 * program order (2).  Over objects, not single semaphores: a wait on one
 * element of a semaphore array followed by a post on another still
 * chains.  Assumed, as for pthread calls: sem_wait succeeds (no EINTR),
 * and no library function posts a semaphore it is given (such a
 * semaphore already forbids a proof, library_calls.c).
 *
 * Contract: rh_semord_find reads the model and the solved points-to sets;
 * the lockset analysis calls rh_semord_reset at the start of each run,
 * rh_semord_transfer at every sem_wait/sem_post and rh_semord_unknown at
 * every call it does not analyse; race_pairs calls rh_semord_orders.
 */
#ifndef RH_STATIC_SEM_ORDER_H
#define RH_STATIC_SEM_ORDER_H

#include "lockset_types.h"

#define RH_SEMORD_ANY UINT32_MAX /* a semaphore not known */

typedef struct rh_semord rh_semord;

rh_semord *rh_semord_find(rh_program *p, rh_pt *pt);
void rh_semord_free(rh_semord *so);
/* Forgets the free posters recorded by an earlier lockset run. */
void rh_semord_reset(rh_semord *so);

/* Applies a sem_wait/sem_post call e of thread `thread` to the state's
 * sem_waited/sem_posted; other calls are left alone. */
void rh_semord_transfer(rh_semord *so, rh_pt *pt, LLVMValueRef call, const rh_conc_entry *e, int thread,
                        rh_ls_state *s);
/* An unanalysed call: it may post any semaphore; what was waited stays. */
void rh_semord_unknown(const rh_ls_state *entry, rh_ls_state *exit);

/* Whether every initialisation of semaphore object o sets 0 (rule 3). */
int rh_semord_starts_zero(const rh_semord *so, uint32_t o);

/* Whether rule 1-4 orders access y (thread t2, facts py) before access x
 * (thread t1, facts px). */
int rh_semord_orders(const rh_semord *so, const rh_tg *tg, const rh_ls_per *px, int t1, const rh_ls_per *py,
                     int t2);

#endif
