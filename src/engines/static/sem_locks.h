/* sem_locks.h - binary semaphores used as locks: `sem_init(&s, 0, 1)`,
 * then every access between `sem_wait(&s)` and `sem_post(&s)` of one
 * thread.  The lockset analysis treats such a semaphore as a mutex.
 *
 * The rule, and why it is sound.  A semaphore location L is a lock when
 *   1. every sem_init that may initialise L initialises exactly L (one
 *      location) with the constant 1, and there is at least one;
 *   2. every sem_wait and sem_post that may touch L touches exactly L, and
 *      no sem_trywait/sem_timedwait/sem_clockwait may touch it (their
 *      failure would hand out no token);
 *   3. at every sem_post on L, the posting thread surely holds L: L is in
 *      its must-lockset there (a sem_wait on L on every path to the post,
 *      in the same thread, with no post since).
 * Under 1-3 the value of L plus the number of threads holding it is 1 at
 * every moment (a wait moves the token to the thread, a post moves it
 * back, and only a holder posts), so at most one thread is between a wait
 * and its post: mutual exclusion, as with a mutex, and a post followed by
 * another thread's wait orders what the first did before the second.
 * Rules 1-2 are checked on the points-to sets before the lockset
 * analysis; rule 3 only by it: a post that finds L not held rejects L,
 * and the lockset analysis runs again without it (rh_ls_run).  Assumed, as
 * for pthread calls: sem_wait succeeds (no EINTR).  A semaphore an
 * undefined function is given already forbids a proof (library_calls.c).
 *
 * Contract: rh_semlock_find reads the model and the solved points-to sets
 * only; rh_semlock_wait/post are called by the lockset transfer function
 * for every sem_wait/sem_post; rh_semlock_rejected says (once per
 * rejection) that the lockset results must be recomputed.
 */
#ifndef RH_STATIC_SEM_LOCKS_H
#define RH_STATIC_SEM_LOCKS_H

#include "lockset_types.h"

typedef struct rh_semlock rh_semlock;

rh_semlock *rh_semlock_find(rh_program *p, rh_pt *pt);
void rh_semlock_free(rh_semlock *sl);

/* The mutex-like entry to apply for this sem_wait/sem_post call (its
 * semaphore is a lock), or NULL when the call is no lock operation. */
const rh_conc_entry *rh_semlock_entry(rh_semlock *sl, rh_pt *pt, LLVMValueRef call, const rh_conc_entry *e);
/* At a sem_post that rh_semlock_entry accepted: must is the posting
 * thread's must-lockset; a semaphore not surely held there is rejected. */
void rh_semlock_check_post(rh_semlock *sl, rh_ls *ls, LLVMValueRef call, const rh_conc_entry *e,
                           const rh_sset *must);
/* Whether a semaphore was rejected since the last call (the lockset
 * analysis must run again). */
int rh_semlock_rejected(rh_semlock *sl);
/* Semaphores used as locks, for --stats. */
int rh_semlock_count(const rh_semlock *sl);

#endif
