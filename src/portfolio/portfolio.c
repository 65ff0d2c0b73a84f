/* portfolio.c - the engine table and the auto mode that combines them. */
#include "portfolio.h"
#include "../util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RH_DEFAULT_TIMEOUT 60.0

const rh_engine rh_engines[] = {
    {"static", rh_static_run, "thread-modular static analysis (RacerF): proves race freedom"},
    {"bmc", rh_bmc_run, "bounded model checking by lazy sequentialization (LaDR) on Z3"},
    {"dynamic", rh_dynamic_run, "controlled executions with happens-before detection"},
    {NULL, NULL, NULL},
};

const rh_engine *rh_portfolio_find(const char *name)
{
    for (const rh_engine *e = rh_engines; e->name; e++)
        if (strcmp(e->name, name) == 0)
            return e;
    return NULL;
}

/* Moves the races and notes of `from` into `to`. */
static void merge(rh_result *to, rh_result *from)
{
    for (int i = 0; i < from->nraces; i++)
        rh_result_add_race(to, &from->races[i]);
    for (int i = 0; i < from->nnotes; i++)
        rh_result_note(to, "%s", from->notes[i]);
    for (int i = 0; i < from->nstats; i++)
        rh_result_stat(to, from->stats[i].name, from->stats[i].value);
    from->nraces = 0;
    rh_result_free(from);
}

static int run_one(const rh_engine *e, rh_program *prog, const rh_options *o, double deadline,
                   rh_result *res, char *err)
{
    double t0 = rh_now();
    int rc = e->run(prog, o, deadline, res, err);
    char name[64];
    snprintf(name, sizeof name, "%s.seconds", e->name);
    rh_result_stat(res, name, rh_now() - t0);
    if (!res->engine)
        res->engine = rh_xstrdup(e->name);
    return rc;
}

/* auto: each engine in table order until one decides. */
static int run_auto(rh_program *prog, const rh_options *o, double deadline, rh_result *res,
                    char *err)
{
    for (const rh_engine *e = rh_engines; e->name && rh_now() < deadline; e++) {
        rh_result one = {0};
        if (run_one(e, prog, o, deadline, &one, err)) {
            rh_result_free(&one);
            return -1;
        }
        rh_verdict v = one.verdict;
        char *who = one.engine;
        one.engine = NULL;
        merge(res, &one);
        if (v != RH_UNKNOWN) {
            res->verdict = v;
            free(res->engine);
            res->engine = who;
            return 0;
        }
        free(who);
    }
    res->verdict = RH_UNKNOWN;
    return 0;
}

int rh_portfolio_run(rh_program *prog, const rh_options *o, rh_result *res, char *err)
{
    double budget = o->timeout > 0 ? o->timeout : RH_DEFAULT_TIMEOUT;
    double deadline = rh_now() + budget;
    if (strcmp(o->engine, "auto") == 0)
        return run_auto(prog, o, deadline, res, err);
    const rh_engine *e = rh_portfolio_find(o->engine);
    if (!e)
        return rh_fail(err, "unknown engine '%s' (expected auto, static, bmc or dynamic)", o->engine);
    return run_one(e, prog, o, deadline, res, err);
}

const char *rh_portfolio_svcomp_answer(const rh_result *res)
{
    if (res->verdict == RH_RACE_FREE)
        return "true";
    if (res->verdict != RH_RACE)
        return "unknown";
    /* Only evidence that cannot be a false alarm answers false (DESIGN.md). */
    for (int i = 0; i < res->nraces; i++)
        if (rh_evidence_confirmed(res->races[i].evidence) || res->races[i].evidence == RH_EV_MUST)
            return "false(no-data-race)";
    return "unknown";
}
