/* record_joins.h - the main function's points after which every instance
 * of a thread started by a create wrapper has ended: the wrapper is
 * called at several places of main, each call allocates a record
 * (handover.h), starts one thread on it and gives the record back through
 * an out-parameter, and main joins each record through a join wrapper or
 * directly (`if (!spawn(fn, 0, &a)) a = NULL; ... if (a) wait(a);`).
 * The thread graph sees one thread that "may run in several instances";
 * this counts the instances one per call site.
 *
 * A record thread T (one create C in wrapper W, no other thread started
 * by T's code) is counted when W is called only directly, only from
 * main, never in a loop, and each call passes a local cell A_k of main
 * (used only by loads, stores and that call) as W's out-parameter, into
 * which W stores the record on every path after C succeeds (and nothing
 * else after).  A forward must-analysis over main then tracks, per call
 * site k, "instance k has ended or never started":
 *   - false right after call k; true before it;
 *   - true after a join of the handle loaded from a record loaded from
 *     A_k (in main, or in a function whose every path joins its
 *     parameter's handle first);
 *   - true on the edge where the cell loaded from A_k is null (W stored
 *     the record, which is never null, whenever it started the thread),
 *     and on the edge where call k returned 0 when W returns 0 only on
 *     paths that did not start the thread;
 *   - a store into A_k while instance k may be running loses it for good
 *     (the record it held can no longer be joined through A_k).
 * Main is not called, runs once, in the main thread.
 *
 * Contract: rh_rj_build reads the records and the model; rh_rj_ended says
 * whether access a (of main) runs when no instance of thread t is left.
 */
#ifndef RH_STATIC_RECORD_JOINS_H
#define RH_STATIC_RECORD_JOINS_H

#include "handover.h"

typedef struct rh_record_joins rh_record_joins;

rh_record_joins *rh_rj_build(rh_static *s, const rh_handover *h);
int rh_rj_ended(const rh_record_joins *r, int a, int t);
void rh_rj_free(rh_record_joins *r);

#endif
