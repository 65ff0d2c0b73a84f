/* tier.h - the evidence tier a race is filed under, which decides what the
 * default report shows (doc/report.md states the rule):
 *
 *   confirmed  an execution showed it: a bmc counterexample that replayed,
 *              a race observed in a run, a witness that replayed;
 *   likely     strong evidence, no execution: a static must-race; a race a
 *              run saw that a call the runtime does not model (sigwait, a
 *              signal) might order; a static may-race on a variable of
 *              the program's static storage between two thread entries
 *              (no assumed library effect, no free/realloc of unknown
 *              extent) where either neither is the main thread, one
 *              access is a plain write and neither holds a lock; or the
 *              main thread, in code no other thread entry runs, reads the
 *              variable (or a heap object) by name with no lock while the
 *              other writes it, no join of its function possibly before,
 *              or writes a volatile flag the other reads, or reads a
 *              volatile variable by name in code its threads share while
 *              another entry writes it with no lock; a heap object a
 *              thread touches after creating its own child while the
 *              child touches it under no lock, one writing or freeing it;
 *              the library's hidden state filled by two threads' calls in
 *              different functions, one unlocked; a lock the main thread
 *              destroys or frees, with no lock, lock call or join before
 *              in its function, while another thread entry that no join
 *              before names locks or unlocks it (tier.c);
 *   possible   every other static may-race (both sides or, off main's
 *              own code, one side holds a lock, two instances of one
 *              thread, main in code its threads share or writing what
 *              they read, memory behind a pointer or the library's, an
 *              assumption): counted by default, listed with --may.
 *
 * Contract: rh_tier_assign sets r->status and r->status_why (NULL when
 * confirmed; a likely may-race's names the evidence it stands on) from
 * the record alone (the static engine's own_code, one_target, after_join,
 * after_create, lock_call_before, lock_call_earlier and unjoined_before
 * included), so every engine, the merge of the
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
