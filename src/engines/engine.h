/* engine.h - the interface every analysis engine implements.
 *
 * Contract: an engine reads the program model and the options, and fills
 * an empty result: races (one rh_race each, with the evidence it has), a
 * verdict that follows doc/design.md's soundness discipline (RH_RACE_FREE only
 * from a proof over the whole program, RH_RACE only with races whose
 * evidence allows it, RH_UNKNOWN otherwise), and notes naming what it could
 * not model.  The engine stops when rh_budget_over(budget) says so, names
 * its phases with rh_budget_stage() and, when it stopped early, says
 * rh_budget_ran_out() and reports what it found so far with an unknown
 * verdict unless that is already decided.  An engine returns 0, or -1 with err set for an internal failure
 * (never for an unsupported program, which is RH_UNKNOWN plus a note).
 */
#ifndef RH_ENGINE_H
#define RH_ENGINE_H

#include "model/model.h"
#include "util/options.h"
#include "result/race.h"
#include "util/budget.h"

typedef int (*rh_engine_fn)(rh_program *prog, const rh_options *o, rh_budget *budget,
                            rh_result *res, char *err);

typedef struct rh_engine {
    const char *name;
    rh_engine_fn run;
    const char *summary;
    int one_race;       /* stops at its first race: not worth waiting for once races are confirmed */
} rh_engine;

int rh_static_run(rh_program *prog, const rh_options *o, rh_budget *budget, rh_result *res,
                  char *err);
int rh_bmc_run(rh_program *prog, const rh_options *o, rh_budget *budget, rh_result *res,
                  char *err);
int rh_dynamic_run(rh_program *prog, const rh_options *o, rh_budget *budget, rh_result *res,
                  char *err);

/* The static stage's candidate pairs (may and must races of res), which
 * the dynamic engine then tries to confirm with directed runs first
 * (dyn_directed.c); called by the portfolio before the dynamic stage. */
void rh_dynamic_take_candidates(const rh_result *res);

/* `racehunt run` and `racehunt replay` (o->command): returns the exit code. */
int rh_dynamic_command(const rh_options *o);

#endif
