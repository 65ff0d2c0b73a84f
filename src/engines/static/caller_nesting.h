/* caller_nesting.h - whether the runs of the functions calling one create
 * wrapper (record_joins.h) may nest, and where one caller's run starts
 * another's.
 *
 * record_joins.h counts a wrapper's instances one per call site over
 * callers that each run once in the main thread.  Their runs are disjoint
 * when no caller reaches another; they nest when caller A reaches caller B
 * (A calls B, directly or down a chain) and B never reaches A.  B's
 * must-analysis starts from "every instance has ended", which holds for
 * the instances of B's own calls (not yet made: B runs once) and of
 * callers whose runs are disjoint from B's (each returns with none left),
 * but for A's only when every call of A that may enter B is made where
 * all of A's instances have ended.  The caller of record_joins checks that
 * at each call rh_cn_enters_caller names; a call the analysis cannot
 * resolve may enter any caller.
 *
 * Contract: rh_cn_callees marks in seen the functions `from` may run in
 * its own thread (calls, library callbacks, once routines, down a chain;
 * itself only when a cycle leads back) and returns 0 when some call on the
 * way may reach code the analysis cannot see; rh_cn_reaches says whether
 * `from` may call `to` (an unseen call may); rh_cn_ordered says whether the callers ms[0..nms) may be
 * counted together: no two reach each other (a cycle of callers cannot
 * run once each).  rh_cn_enters_caller says whether call, an instruction
 * of caller ms[self], may start the run of another caller.
 */
#ifndef RH_STATIC_CALLER_NESTING_H
#define RH_STATIC_CALLER_NESTING_H

#include "static_ctx.h"

int rh_cn_callees(rh_static *s, int from, unsigned char *seen);
int rh_cn_reaches(rh_static *s, int from, int to);
int rh_cn_ordered(rh_static *s, const int *ms, int nms);
int rh_cn_enters_caller(rh_static *s, const int *ms, int nms, int self, LLVMValueRef call);

#endif
