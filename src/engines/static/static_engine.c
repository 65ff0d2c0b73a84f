/* static_engine.c - the static engine (RacerF, doc/design.md [RacerF]): runs the
 * phases in order - points-to, control flow, thread-creation graph,
 * lockset and active-threads dataflow, escape analysis, race pairs - and
 * turns their outcome into a verdict that follows doc/design.md's soundness
 * discipline: race-free only without any may-race or unmodelled construct,
 * race only with must-races, unknown otherwise.
 */
#include "annotations.h"
#include "engines/engine.h"
#include "must_race.h"
#include "race_pairs.h"
#include "escape.h"
#include "owned.h"
#include "record_joins.h"
#include "arg_blocks.h"
#include "barrier_phases.h"
#include "own_index.h"
#include "sem_locks.h"
#include "sem_order.h"
#include "set_flags.h"
#include "spin_locks.h"
#include "flag_order.h"
#include "nonnull_params.h"
#include "refcount_free.h"
#include "stable_cells.h"

#include <stdlib.h>
#include <string.h>

static double lap(rh_result *res, const char *name, double t0)
{
    double t = rh_now();
    rh_result_stat(res, name, t - t0);
    return t;
}

static void decide(rh_static *s)
{
    rh_result *res = s->res;
    rh_result_stat(res, "static.threads", s->tg.nthreads);
    rh_result_stat(res, "static.may_races", s->nmay);
    rh_result_stat(res, "static.must_races", s->nmust);
    if (s->nmust > 0)
        res->verdict = RH_RACE;
    else if (s->nmay == 0 && s->unsupported == 0)
        res->verdict = RH_RACE_FREE;
    else
        res->verdict = RH_UNKNOWN;
    if (res->verdict == RH_UNKNOWN && s->nmay > 0 && s->may_partial)
        rh_result_note(res, "static: possible races could be neither proved nor ruled out (--may "
                            "looks for all of them and lists them)");
    else if (res->verdict == RH_UNKNOWN && s->nmay > 0)
        rh_result_note(res, "static: %d possible race(s) could be neither proved nor ruled out "
                            "(the strong ones are reported as likely; --may lists all)", s->nmay);
    if (res->verdict == RH_RACE_FREE)
        rh_result_note(res, "static: race freedom proved under the assumptions that the program has "
                            "no undefined behaviour and that pthread calls succeed");
}

static void cleanup(rh_static *s)
{
    rh_must_free(s->must);
    rh_static_annot_free(s->annot);
    rh_rj_free(s->record_joins);
    rh_ab_free(s->arg_blocks);
    rh_bp_free(s->barrier_phases);
    rh_handover_free(s->handover);
    rh_rc_free(s->refcount);
    rh_stable_free(s->cfg.stable);
    s->cfg.stable = NULL;
    free(s->shared);
    free(s->sync_objs);
    rh_own_index_free(s);
    rh_semlock_free(s->ls.semlock);
    s->ls.semlock = NULL;
    rh_semord_free(s->ls.semord);
    s->ls.semord = NULL;
    rh_sf_free(s->ls.setflags);
    s->ls.setflags = NULL;
    rh_spin_free(s->ls.spin);
    s->ls.spin = NULL;
    rh_flagord_free(s->ls.flagord);
    s->ls.flagord = NULL;
    rh_nn_free(s->ls.nonnull);
    s->ls.nonnull = NULL;
    rh_ls_free(&s->ls);
    rh_tg_free(&s->tg);
    rh_cfg_free(&s->cfg);
    rh_pt_free(&s->pt);
}

/* The phases did not finish: report nothing and say unknown (the note
 * naming the phase comes from the budget). */
static int out_of_time(rh_static *s, rh_budget *budget)
{
    rh_budget_ran_out(budget);
    s->res->verdict = RH_UNKNOWN;
    cleanup(s);
    return 0;
}

int rh_static_run(rh_program *prog, const rh_options *o, rh_budget *budget, rh_result *res, char *err)
{
    (void)err;
    rh_static s;
    memset(&s, 0, sizeof s);
    s.p = prog, s.o = o, s.res = res, s.budget = budget;
    double t = rh_now();
    rh_budget_stage(budget, "static.pointsto");
    int solved = rh_pt_build(&s.pt, prog, budget);
    t = lap(res, "static.pointsto.seconds", t);
    rh_result_stat(res, "static.pointsto.steps", (double)s.pt.s.steps);
    rh_result_stat(res, "static.pointsto.merged", (double)s.pt.s.merged);
    rh_result_stat(res, "static.pointsto.edges", (double)s.pt.s.edges);
    rh_result_stat(res, "static.pointsto.nodes", s.pt.s.nnodes);
    if (solved < 0)
        return out_of_time(&s, budget);
    rh_budget_stage(budget, "static.threads");
    rh_cfg_build(&s.cfg, prog);
    s.cfg.stable = rh_stable_new(&s.pt, prog);
    if (rh_tg_build(&s.tg, prog, &s.pt, &s.cfg) < 0) {
        rh_result_note(res, "static: the program has no main function");
        res->verdict = RH_UNKNOWN;
        cleanup(&s);
        return 0;
    }
    t = lap(res, "static.threads.seconds", t);
    rh_budget_stage(budget, "static.locksets");
    s.ls.semlock = rh_semlock_find(prog, &s.pt);
    s.ls.semord = rh_semord_find(prog, &s.pt);
    s.ls.setflags = rh_sf_find(&s);
    s.ls.spin = rh_spin_find(prog, &s.pt);
    s.ls.flagord = rh_flagord_find(prog, &s.pt);
    rh_result_stat(res, "static.flags_ordering", rh_flagord_count(s.ls.flagord));
    rh_result_stat(res, "static.set_flags", rh_sf_count(s.ls.setflags));
    s.ls.nonnull = rh_nn_find(prog, &s.pt, &s.tg);
    rh_result_stat(res, "static.nonnull_dead_edges", rh_nn_count(s.ls.nonnull));
    rh_ls_run(&s.ls, prog, &s.pt, &s.tg, &s.cfg, budget);
    rh_result_stat(res, "static.semaphore_locks", rh_semlock_count(s.ls.semlock));
    rh_result_stat(res, "static.spin_locks", rh_spin_count(s.ls.spin));
    t = lap(res, "static.lockset.seconds", t);
    if (s.ls.timeout)
        return out_of_time(&s, budget);
    rh_budget_stage(budget, "static.races");
    s.shared = rh_escape_shared(&s.pt, &s.tg);
    rh_owned_unshare(&s);
    s.handover = rh_handover_build(&s);
    s.refcount = rh_rc_build(&s);
    rh_result_stat(res, "static.refcount_cells", rh_rc_count(s.refcount));
    s.record_joins = rh_rj_build(&s, s.handover);
    s.arg_blocks = rh_ab_build(&s, s.handover);
    s.barrier_phases = rh_bp_build(&s);
    rh_static_find_unsupported(&s);
    s.must = rh_must_build(&s);
    s.annot = rh_static_annot_build(&s);
    rh_static_race_pairs(&s);
    lap(res, "static.races.seconds", t);
    decide(&s);
    if (s.out_of_time) { /* the pairs found so far are reported; no proof */
        rh_budget_ran_out(budget);
        if (res->verdict == RH_RACE_FREE)
            res->verdict = RH_UNKNOWN;
    }
    cleanup(&s);
    return 0;
}
