/* portfolio.h - choosing and running engines, and merging what they find
 * into one verdict (doc/design.md, portfolio).
 *
 * Contract: rh_portfolio_run runs the engine the options name, or for
 * "auto" the engines in table order within the time budget, and returns one
 * result whose verdict obeys the soundness discipline.  Outside SV-COMP
 * mode the static engine also searches possible races (as --may), and
 * every race of the result carries its evidence tier (result/tier.h).
 */
#ifndef RH_PORTFOLIO_H
#define RH_PORTFOLIO_H

#include "engines/engine.h"

/* The engine table; NULL-terminated. */
extern const rh_engine rh_engines[];

const rh_engine *rh_portfolio_find(const char *name);

/* The run's budget from the options: --timeout (default 30 s) counted from
 * racehunt's start, less a margin kept for merging and writing the report. */
void rh_portfolio_budget(const rh_options *o, rh_budget *b);

/* Every stage runs in a child process killed shortly after the budget's
 * deadline, so the deadline holds even for a stage that fails to poll. */
int rh_portfolio_run(rh_program *prog, const rh_options *o, rh_budget *budget, rh_result *res,
                     char *err);

/* The SV-COMP answer for a result: "true", "false(no-data-race)" or "unknown". */
const char *rh_portfolio_svcomp_answer(const rh_result *res);

#endif
