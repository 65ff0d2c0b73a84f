/* must_race.h - evidence that a may-race surely happens (RacerF's must
 * conditions, made strict enough to have no false alarms).
 *
 * A pair is a must-race only when
 *   - both threads surely exist in parallel: main and a thread main surely
 *     creates before its access, or two threads (or two instances of one
 *     thread) main surely creates, with nothing that waits in between;
 *   - both accesses surely run: they lie on the straight-line prefix of
 *     their threads (branches decided by constants only, calls that surely
 *     return, no waits: join, condition, semaphore, barrier, assume);
 *   - both surely touch the same concrete bytes: one strong object at
 *     constant overlapping offsets, reached without loading pointers from
 *     memory (condition 8 of the paper: one base, no abstraction);
 *   - no lock may be held in common, and neither access holds a lock the
 *     other thread takes on its way to its access (so a schedule that runs
 *     one thread to its access and then the other exists).
 * Contract: rh_must_build walks the threads once; rh_must_check is cheap.
 */
#ifndef RH_STATIC_MUST_RACE_H
#define RH_STATIC_MUST_RACE_H

#include "static_ctx.h"

rh_must *rh_must_build(rh_static *s);
int rh_must_check(rh_must *m, int a1, int t1, int a2, int t2);
/* Whether access a can be part of a must-race at all (it lies on the
 * straight-line prefix the must analysis walked, in some thread). */
int rh_must_may_take_part(rh_must *m, int a);
void rh_must_free(rh_must *m);

#endif
