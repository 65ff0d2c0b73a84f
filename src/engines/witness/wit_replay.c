/* wit_replay.c - replaying a witness schedule in the runtime and deciding
 * whether the run reached the witness's race: the confirmation step every
 * predicted (and every loaded) witness goes through.
 */
#include "wit.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>

/* The race of the run at the witness's racing positions (either order). */
int wit_matches(const rh_dyn_binary *bin, const rh_dyn_obs *o, const rh_witness *w)
{
    if (w->race_step_a < 0 || w->race_step_b < 0 || w->race_step_a >= w->nsteps ||
        w->race_step_b >= w->nsteps)
        return 1;
    const rh_step *sa = &w->steps[w->race_step_a], *sb = &w->steps[w->race_step_b];
    unsigned la[2], lb[2];
    for (int k = 0; k < 2; k++) {
        unsigned id = o->loc[k] < (unsigned)bin->locs.len ? o->loc[k] : 0;
        la[k] = bin->locs.items[id].line;
        lb[k] = bin->locs.items[id].col;
    }
    int fwd = la[0] == sa->line && la[1] == sb->line && (!sa->col || lb[0] == sa->col) &&
              (!sb->col || lb[1] == sb->col);
    int rev = la[1] == sa->line && la[0] == sb->line && (!sa->col || lb[1] == sa->col) &&
              (!sb->col || lb[0] == sb->col);
    return fwd || rev;
}

/* The witness step of line k of the schedule file (steps of "times" N
 * are N lines there). */
static long step_of_line(const rh_witness *w, long k)
{
    for (int i = 0; i < w->nsteps; i++) {
        k -= w->steps[i].times > 1 ? (long)w->steps[i].times : 1;
        if (k < 0)
            return i;
    }
    return w->nsteps;
}

int wit_run(const rh_wit_ctx *c, const rh_witness *w, rh_dyn_outcome *out, char *err)
{
    return wit_run_cut(c, w, 0, out, err);
}

int wit_run_cut(const rh_wit_ctx *c, const rh_witness *w, int cut, rh_dyn_outcome *out, char *err)
{
    char *sched = rh_xasprintf("%s/replay.sched", c->workdir);
    char *inputs = rh_xasprintf("%s/replay.inputs", c->workdir);
    char *clocks = rh_xasprintf("%s/replay.clock", c->workdir);
    int rc = rh_dyn_write_replay(w, sched, inputs, clocks, err);
    memset(out, 0, sizeof *out);
    if (rc == 0) {
        rh_dyn_runspec spec = {0};
        spec.strategy = !w->fair ? "replay" : cut ? "replay-fair-cut" : "replay-fair";
        spec.seed = w->seed;
        spec.trace_cap = c->quick ? 0 : WIT_REPLAY_TRACE_CAP;
        /* a cut replay's report says how far it followed ('P' lines) and
         * what it met, as it goes: killed at its time, it has lost
         * nothing, and the runtime's own limit (a whole second and more
         * below it) would only end it sooner */
        spec.no_time_limit = cut;
        spec.sched_file = sched;
        spec.inputs_file = inputs;
        spec.clocks_file = clocks;
        /* bmc's argc: that many arguments (their text is not modelled);
         * else the arguments of the runs (c->bin->args, from --arg) */
        int argc = rh_dyn_witness_argc(w);
        static char *const dummy[RH_DYN_MAX_ARGC] = {[0 ... RH_DYN_MAX_ARGC - 1] = "0"};
        if (!c->bin->nargs || argc > 1) {
            spec.args = dummy;
            spec.nargs = argc > 0 ? argc - 1 : 0;
        }
        double left = c->deadline - rh_now();
        spec.timeout = left < 10 ? (left > 0.5 ? left : 0.5) : 10; /* never far past the deadline */
        rc = rh_dyn_run_once(c->bin, c->workdir, &spec, out, err);
    }
    remove(sched);
    remove(inputs);
    remove(clocks);
    free(sched);
    free(inputs);
    free(clocks);
    return rc;
}

int rh_wit_replay(const rh_wit_ctx *c, const rh_witness *w, rh_race *race, rh_wit_follow *follow,
                  char *err)
{
    rh_dyn_outcome out;
    int rc = wit_run(c, w, &out, err);
    if (rc == 0) {
        if (follow) {
            follow->diverged = out.trace.diverged;
            follow->depart_step = out.trace.diverged ? step_of_line(w, out.trace.depart_step) : -1;
        }
        for (int i = 0; i < out.trace.nraces && rc == 0; i++)
            if (wit_matches(c->bin, &out.trace.races[i], w)) {
                rh_dyn_race_from_obs(c->bin, &out.trace, i, c->program, w->seed, RH_EV_REPLAYED,
                                     race);
                rc = 1;
            }
    }
    rh_dyn_outcome_free(&out);
    return rc;
}

int rh_wit_confirms(const rh_wit_ctx *c, const rh_witness *w, rh_race *race, char *err)
{
    rh_wit_follow f = {0, -1};
    int hit = rh_wit_replay(c, w, race, &f, err);
    if (hit > 0 && f.diverged) {
        rh_race_free(race); /* the fallback scheduler found it, not the schedule */
        return 0;
    }
    return hit;
}
