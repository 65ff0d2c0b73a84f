/* record_joins.h - the points of a function after which every instance
 * of a thread started by a create wrapper has ended: the wrapper is called
 * at several places of one function m that runs once (main, or a function
 * main calls once), each call allocates a record (handover.h), starts one
 * thread on it and gives the record back (through an out-parameter or as
 * its result), and m joins each record through a join wrapper or directly
 * (`if (!spawn(fn, 0, &a)) a = NULL; ... if (a) wait(a);`).  The thread
 * graph sees one thread that "may run in several instances"; this counts
 * the instances, one per call site.
 *
 * A record thread T (one create C in wrapper W, not in a loop; T's code
 * starts no thread) is counted when W is called only directly, only from
 * m (or from several such functions, each returning only where all its
 * instances have ended, no two reaching each other, and one entering another
 * only where all its instances have ended: caller_nesting.h), never in a loop (or, as its only call, once per iteration of a counted
 * loop into an array: record_loops.h, one bit for the whole array), and
 * either W returns the record on every path after
 * C, or each call passes a local cell A_k of m (used only by loads, stores
 * and that call) as W's out-parameter, into which W stores the record on
 * every path after C (and nothing else after C).  A forward must-analysis
 * over m then tracks, per call site k, "instance k has ended or never
 * started":
 *   - false right after call k; true before it;
 *   - true after a join of the handle at C's offset in record k (in m, or
 *     through a function that joins its parameter's handle on every path);
 *   - true on the edge where record k is null (a started thread's record
 *     is not: C wrote its handle into it), and, for the out-parameter
 *     form, on the edge where call k returned 0 when W returns 0 only on
 *     paths that did not start the thread;
 *   - a store into A_k while instance k may be running loses it for good.
 * m runs once: in the main thread only, once per run, main never called.
 * Where instance k has ended, m's accesses through record k, and those
 * of a function through a parameter that every call (all in m) passes an
 * ended record, touch a record whose thread is over: they are marked as
 * such in handover.h (a destroy wrapper freeing the record after the join
 * wrapper joined it).
 * Two instances never share a record, so joining record k ends instance k.
 * Functions m calls only where every instance has ended (and those only
 * they call) run after all instances too: a destroy wrapper after the join
 * wrappers.
 *
 * A call in a loop that record_loops.h does not accept (`for (..) {
 * spawn(fn, a, &t); wait(t); }`) is tracked one instance at a time: its
 * bit says "the last instance call k started has ended", and call k
 * running again while that bit is false loses k for good (an earlier
 * instance can no longer be named).  Calls passing one cell share one bit
 * the same way (`spawn(f, x, &t); wait(t); spawn(f, y, &t); wait(t);`).
 * When every call of the wrapper runs where every instance has ended (and
 * none is lost), the instances run one after the other and never at the
 * same time: the thread is serial.  When every caller returns only where
 * none is left, instances run only while a caller runs: the accesses of
 * functions neither a caller nor reached from one see none left.
 *
 * Contract: rh_rj_build reads the records and the model; rh_rj_ended says
 * whether access a (of such an m) runs when no instance of thread t is left;
 * rh_rj_apart whether access a1 of thread t1 and a2 of t2 to object o
 * never race by the instances: the same record thread that is serial or
 * reaches o through one instance's start argument, or main filling in a
 * block before the instance it goes to starts (instance_args.h).
 */
#ifndef RH_STATIC_RECORD_JOINS_H
#define RH_STATIC_RECORD_JOINS_H

#include "handover.h"

typedef struct rh_record_joins rh_record_joins;

rh_record_joins *rh_rj_build(rh_static *s, rh_handover *h);
int rh_rj_ended(const rh_record_joins *r, int a, int t);
int rh_rj_apart(const rh_record_joins *r, uint32_t o, int a1, int t1, int a2, int t2);
void rh_rj_free(rh_record_joins *r);
/* The wrapper's facts the counting rests on, for arg_blocks.h: it returns 0
 * only on paths that started no thread; it stores the record into its
 * parameter *q on every path after the create and nothing else through q
 * after it; call joins the handle at off of record value rec (itself, or
 * through a function joining its parameter's handle on every path). */
int rh_rj_zero_means_none(const rh_handover_record *r);
int rh_rj_out_param(const rh_handover_record *r, unsigned *q);
int rh_rj_joins_record(rh_static *s, LLVMValueRef call, LLVMValueRef rec, int64_t off);

#endif
