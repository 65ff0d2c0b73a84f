/* tier.h - the evidence tier a race is filed under, which decides what the
 * default report shows (doc/report.md states the rule):
 *
 *   confirmed  an execution showed it: a bmc counterexample that replayed,
 *              a race observed in a run, a witness that replayed;
 *   likely     strong evidence, no execution: a static must-race; a race a
 *              run saw that a call the runtime does not model (sigwait, a
 *              signal) might order; a static may-race on a variable of
 *              the program's static storage between two thread entries,
 *              neither the main thread, where one access is a plain write
 *              and neither holds a lock (no volatile flag, no assumed
 *              library effect);
 *   possible   every other static may-race (one side holds a lock, two
 *              instances of one thread, the main thread, memory behind a
 *              pointer or the library's, a volatile flag, an assumption):
 *              counted by default, listed with --may.
 *
 * Contract: rh_tier_assign sets r->status and r->status_why (NULL when
 * confirmed) from the record alone, so every engine, the merge of the
 * portfolio and a report read back from JSON agree.  It never changes a
 * verdict: verdicts and exit codes rest on the evidence (portfolio.c).
 */
#ifndef RH_TIER_H
#define RH_TIER_H

#include "race.h"

void rh_tier_assign(rh_race *r);
/* rh_tier_assign on every race of res (after an engine changed evidence). */
void rh_tier_assign_all(rh_result *res);

#endif
