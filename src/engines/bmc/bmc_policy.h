/* bmc_policy.h - which of bmc's two encodings runs when.
 *
 * Lazy sequentialization (bmc_engine.c) bounds context switches by rounds
 * and deepens from small bounds, so it finds races fast; its proofs need a
 * round for every interleaving, which loops and spinning threads rarely
 * allow.  The partial-order encoding (po_engine.c) bounds no context
 * switch: with every loop unwound fully its UNSAT is a proof, but it finds
 * fewer races.  On ../shared/bench (30 s a task) lazy found 87 of 101
 * races and proved 43 of 79 race-free tasks, po 76 and 53; po proved 11
 * that lazy could not, within 3 s each.
 */
#ifndef RH_BMC_POLICY_H
#define RH_BMC_POLICY_H

#include "engines/engine.h"

/* The share of the budget lazy sequentialization gets under
 * --bmc-encoding=auto before the partial-order encoding runs. */
#define RH_BMC_LAZY_SHARE 0.65

/* rh_bmc_run (engine.h) follows the policy.
 *
 * --bmc-encoding=auto (the default): lazy sequentialization first, with
 * RH_BMC_LAZY_SHARE of the time left; when it ends with no answer and no
 * race of any tier in res (an unconfirmed counterexample is never set
 * against a proof), the partial-order encoding gets the rest.  Its answer
 * then stands; its notes follow lazy's under one note that says so.
 * lazy and po run the one encoding named. */

/* bmc_engine.c: the lazy sequentialization driver alone. */
int rh_bmc_lazy_run(rh_program *prog, const rh_options *o, rh_budget *budget, rh_result *res,
                    char *err);

#endif
