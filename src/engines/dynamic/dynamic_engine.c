/* dynamic_engine.c - the dynamic engine (doc/design.md [Ibing]): builds the program
 * instrumented, runs it a budget of times under the serialising runtime
 * with changing strategies and seeds, and reports every race a run saw
 * under happens-before, with the run's schedule as its witness.  Traces of
 * race-free runs go to the witness engine (doc/design.md [Said]), whose predicted
 * schedules count only when a replay reaches the race.
 *
 * This engine executes the user's program (README.md).  It never proves
 * race freedom: without a race its verdict is unknown.
 */
#include "engines/engine.h"
#include "frontend/frontend.h"
#include "util/sandbox.h"
#include "util/util.h"
#include "engines/witness/witness.h"
#include "result/names.h"
#include "result/tier.h"
#include "dyn.h"
#include "dse.h"
#include "dyn_session.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Races are the same when their two locations are (in either order). */
char *dyn_race_key(const rh_race *r)
{
    char *a = rh_xasprintf("%s:%u:%u", r->a.file, r->a.line, r->a.col);
    char *b = rh_xasprintf("%s:%u:%u", r->b.file, r->b.line, r->b.col);
    char *k = strcmp(a, b) < 0 ? rh_xasprintf("%s|%s", a, b) : rh_xasprintf("%s|%s", b, a);
    free(a);
    free(b);
    return k;
}

/* The record of the pair with key k a run observed, or NULL. */
static rh_race *observed_record(const dyn_session *s, const char *k)
{
    for (int j = 0; j < s->res->nraces; j++) {
        char *ok = dyn_race_key(&s->res->races[j]);
        int same = strcmp(ok, k) == 0 && s->res->races[j].evidence != RH_EV_SEEN;
        free(ok);
        if (same)
            return &s->res->races[j];
    }
    return NULL;
}

/* Adds r unless its pair is reported already; a race a run observed
 * replaces the same pair seen only across an unmodelled call, and a pair
 * once shown with no race ordering it is not said to be ordered by one. */
static int rh_dyn_session_add(dyn_session *s, rh_race *r, int shorten)
{
    char *k = dyn_race_key(r);
    for (size_t i = 0; i < s->seen.len; i++)
        if (strcmp(s->seen.items[i], k) == 0) {
            rh_race *had = r->ordered_by ? NULL : observed_record(s, k);
            if (had && had->ordered_by) {
                free(had->ordered_by);
                had->ordered_by = NULL;
            }
            free(k);
            for (int j = 0; j < s->res->nraces && r->evidence > RH_EV_SEEN; j++) {
                rh_race *old = &s->res->races[j];
                char *ok = dyn_race_key(old);
                int same = old->evidence == RH_EV_SEEN && strcmp(ok, s->seen.items[i]) == 0;
                free(ok);
                if (same) {
                    if (shorten)
                        dyn_shorten_witness(s, r);
                    rh_names_clean_race(r); /* as rh_result_add_race does */
                    rh_race_free(old);
                    *old = *r;
                    memset(r, 0, sizeof *r);
                    rh_tier_assign(old);
                    return 1;
                }
            }
            rh_race_free(r);
            return 0;
        }
    rh_vec_push(&s->seen, k);
    s->last_new = s->runs;
    if (shorten)
        dyn_shorten_witness(s, r);
    rh_result_add_race(s->res, r);
    return 1;
}

/* Whether the pair of a run's race o is reported already as observed: a
 * run of a real program repeats its races (siege: nine a run), and the
 * record of each, with its witness of up to 200,000 steps, would only be
 * built to be dropped by rh_dyn_session_add. */
static int pair_observed_already(const dyn_session *s, unsigned loc_a, unsigned loc_b, int ordered_by)
{
    const rh_dyn_locs *l = &s->bin.locs;
    if (loc_a >= (unsigned)l->len || loc_b >= (unsigned)l->len)
        return 0;
    rh_race r;
    memset(&r, 0, sizeof r);
    const rh_dyn_loc *a = &l->items[loc_a], *b = &l->items[loc_b];
    r.a.file = (char *)(a->file ? a->file : "?"), r.a.line = a->line, r.a.col = a->col;
    r.b.file = (char *)(b->file ? b->file : "?"), r.b.line = b->line, r.b.col = b->col;
    char *k = dyn_race_key(&r);
    int found = 0;
    for (size_t i = 0; i < s->seen.len && !found; i++)
        found = strcmp(s->seen.items[i], k) == 0;
    /* not when a likely record waits for this one, nor when the record
     * says another race orders it and this one shows it is not always */
    for (int j = 0; found && j < s->res->nraces; j++) {
        const rh_race *had = &s->res->races[j];
        char *ok = dyn_race_key(had);
        found = strcmp(ok, k) != 0 ||
                (had->evidence != RH_EV_SEEN && (ordered_by || !had->ordered_by));
        free(ok);
    }
    free(k);
    return found;
}

static int observed_already(const dyn_session *s, const rh_dyn_obs *o)
{
    return pair_observed_already(s, o->loc[0], o->loc[1], o->ordered_by != 0);
}

/* rh_wit_known_pair for the predictive pass: a pair a run observed. */
static int known_pair(void *sess, unsigned loc_a, unsigned loc_b)
{
    return pair_observed_already(sess, loc_a, loc_b, 0);
}

/* The new races a run showed, their witnesses shortened before they are
 * added (dyn_run_witnesses). */
static void add_run_races(dyn_session *s, const rh_dyn_trace *t, unsigned long seed)
{
    rh_race *fresh = rh_xcalloc((size_t)t->nraces + 1, sizeof *fresh);
    int n = 0;
    for (int j = 0; j < t->nraces; j++)
        if (!observed_already(s, &t->races[j]))
            rh_dyn_race_from_obs(&s->bin, t, j, s->program, seed, RH_EV_OBSERVED, &fresh[n++]);
    dyn_run_witnesses(s, fresh, n);
    for (int k = 0; k < n; k++)
        rh_dyn_session_add(s, &fresh[k], 0);
    free(fresh);
}

/* Races a run showed (not only seen across an unmodelled call). */
static int confirmed_races(const rh_result *res)
{
    int n = 0;
    for (int i = 0; i < res->nraces; i++)
        n += rh_evidence_confirmed(res->races[i].evidence);
    return n;
}

/* RH_DYN_SATURATED_RUNS runs after the directed ones added no race to a
 * confirmed one (see there). */
static int saturated(const dyn_session *s, unsigned long i)
{
    return !s->o->runs && i > RH_DYN_DIRECTED_AFTER && confirmed_races(s->res) &&
           s->runs >= s->last_new + RH_DYN_SATURATED_RUNS;
}

static const char *strategy_for(const rh_options *o, unsigned long i)
{
    static const char *const rotation[] = {"pct", "random", "pct", "fifo", "random"};
    return o->strategy ? o->strategy : rotation[i % 5];
}

static void note_outcome(dyn_session *s, const rh_dyn_outcome *out, const rh_dyn_runspec *spec)
{
    const rh_dyn_trace *t = &out->trace;
    if (out->timed_out && (rh_cancelled() || (s->runs > 1 && spec->timeout < RH_DYN_RUN_TIMEOUT))) {
        return; /* stopped because the verdict was settled or the budget ended, not slow */
    } else if (out->timed_out) {
        if (!s->timeouts++)
            rh_result_note(s->res, "dynamic: a run (%s, seed %lu) exceeded its time limit and was "
                                   "killed", spec->strategy, spec->seed);
    } else if (strcmp(t->end, "deadlock") == 0) {
        if (!s->deadlocks++)
            rh_result_note(s->res, "dynamic: deadlock: every live thread is blocked (%s) in a run "
                                   "(%s, seed %lu)", t->end_detail, spec->strategy, spec->seed);
    } else if (strcmp(t->end, "crash") == 0 || !t->end[0]) {
        /* noted at the end, unless the runs stopped early and say it there */
        if (!s->crashes++) {
            char *how = rh_dyn_ending_text(&s->bin, out);
            s->ending_note = rh_xasprintf("dynamic: a run (%s, seed %lu) %s", spec->strategy,
                                          spec->seed, how);
            free(how);
        }
    } else if (strcmp(t->end, "cutoff") == 0) {
        /* the runtime ends a run at its time limit itself, trace kept */
        if (t->end_detail && strncmp(t->end_detail, "time limit", 10) == 0)
            s->time_cutoffs++;
        else
            s->cutoffs++;
    } else if (strcmp(t->end, "undefined") == 0) {
        if (!s->undefined_calls++) {
            char *how = rh_dyn_ending_text(&s->bin, out);
            s->undefined_note = rh_xasprintf("dynamic: a run (%s, seed %lu) %s; races seen before "
                                             "it are real", spec->strategy, spec->seed, how);
            free(how);
        }
    } else if (strcmp(t->end, "limit") == 0) {
        /* the detail is the runtime's sentence naming the cap */
        if (!s->limits++)
            rh_result_note(s->res, "dynamic: %s in a run (%s, seed %lu), which ended there; races "
                                   "seen before it are real", t->end_detail, spec->strategy,
                           spec->seed);
    }
}

/* The entry of the function called at loc (a location __rh_unmodelled
 * names), or NULL when the table is full. */
static int unmod_entry(dyn_session *s, unsigned loc)
{
    const rh_dyn_locs *l = &s->bin.locs;
    const char *name = loc < (unsigned)l->len && l->items[loc].callee ? l->items[loc].callee : "?";
    for (int i = 0; i < s->nunmod; i++)
        if (strcmp(s->unmod[i].name, name) == 0)
            return i;
    if (s->nunmod == (int)(sizeof s->unmod / sizeof s->unmod[0]))
        return -1;
    s->unmod[s->nunmod].name = name;
    s->unmod[s->nunmod].loc = loc;
    return s->nunmod++;
}

/* The calls a run could not model, and those that held a race back (that
 * race comes as a likely one, rh_dyn_race_from_seen). */
static void record_unmodelled(dyn_session *s, const rh_dyn_trace *t)
{
    for (int i = 0; i < t->nunmodelled; i++)
        unmod_entry(s, t->unmodelled[i]);
    for (int i = 0; i < t->nheld_back; i++)
        unmod_entry(s, t->held_back[i].by);
}

static char *loc_text(const dyn_session *s, unsigned loc)
{
    const rh_dyn_locs *l = &s->bin.locs;
    if (loc >= (unsigned)l->len)
        return rh_xstrdup("?");
    return rh_xasprintf("%s:%u", l->items[loc].file, l->items[loc].line);
}

/* The notes that say which calls the runtime could not model, and what
 * that cost: races such a call may order are reported as likely, never as
 * observed (a pair another run observed is confirmed and not counted: the
 * note would contradict the report). */
static void note_unmodelled(dyn_session *s)
{
    for (int i = 0; i < s->nunmod; i++) {
        char *at = loc_text(s, s->unmod[i].loc);
        int likely = 0; /* the races it held back that no run showed unordered otherwise */
        for (int k = 0; k < s->res->nraces; k++)
            likely += s->res->races[k].evidence == RH_EV_SEEN && s->res->races[k].caveat &&
                      strstr(s->res->races[k].caveat, s->unmod[i].name);
        if (likely)
            rh_result_note(s->res, "dynamic: '%s' (called at %s) may synchronise threads in a way the "
                                   "runtime does not model: %d race(s) a run saw across it are "
                                   "reported as likely, not confirmed", s->unmod[i].name, at, likely);
        else
            rh_result_note(s->res, "dynamic: '%s' (called at %s) may synchronise threads in a way the "
                                   "runtime does not model: a race it may order is not reported as "
                                   "observed", s->unmod[i].name, at);
        free(at);
    }
}

static void keep_trace(dyn_session *s, rh_dyn_outcome *out, unsigned long seed)
{
    if (s->nkept >= RH_DYN_KEEP_TRACES || out->trace.nthreads == 0 ||
        out->trace.nev >= RH_DYN_KEEP_CAP)
        return;
    s->kept_seed[s->nkept] = seed;
    s->kept[s->nkept++] = out->trace;
    memset(&out->trace, 0, sizeof out->trace);
}

/* One run, numbered i; a directed one (target k >= 0) holds threads at
 * candidate k's accesses, and *met says whether it showed that race. */
static int one_run(dyn_session *s, unsigned long i, double deadline, unsigned long *last_choices,
                   int k, int *met, char *err)
{
    rh_dyn_runspec spec = {0};
    spec.strategy = strategy_for(s->o, i);
    spec.seed = s->o->seed + i;
    char *target = k >= 0 ? rh_dyn_target_spec(&s->bin, k) : NULL;
    spec.target = target;
    spec.pct_k = *last_choices ? *last_choices : 1000;
    spec.pct_d = 2 + (int)(i % 3);
    spec.trace_cap = RH_DYN_TRACE_CAP;
    double left = deadline - rh_now();
    spec.timeout = left < RH_DYN_RUN_TIMEOUT ? left : RH_DYN_RUN_TIMEOUT;
    spec.passthrough = i < RH_DYN_EARLY_RUNS; /* its output, for the note on how it ended */
    spec.inputs_file = s->dse_nondet; /* the search's current input, NULL outside it */
    spec.stdin_path = s->dse_stdin;
    if (s->dse_strategy) {
        spec.strategy = s->dse_strategy;
        spec.sym_log = s->dse_sym;
    }
    rh_dyn_outcome out;
    double t0 = rh_now();
    int rc = rh_dyn_run_once(&s->bin, s->tmp, &spec, &out, err);
    double t1 = rh_now();
    free(target);
    if (rc)
        return -1;
    s->last_run_seconds = t1 - t0;
    if (!s->runs++) {
        s->first_ending = rh_dyn_ending_text(&s->bin, &out);
        s->first_kind = rh_dyn_ending_of(&out);
    }
    if (s->repeats + 1 == s->runs && rh_dyn_ending_repeats(&out) &&
        ++s->repeats == RH_DYN_EARLY_RUNS)
        s->stopped_early = 1;
    s->last_threads = out.trace.nthreads;
    if (out.trace.nthreads > s->max_threads)
        s->max_threads = out.trace.nthreads;
    s->events += (unsigned long)out.trace.nev;
    if (out.trace.choices)
        *last_choices = out.trace.choices;
    note_outcome(s, &out, &spec);
    record_unmodelled(s, &out.trace);
    for (int j = 0; met && k >= 0 && j < out.trace.nraces; j++)
        if (!out.trace.races[j].hide)
            *met |= rh_dyn_candidate_met(k, &s->bin, &out.trace.races[j]);
    if (getenv("RH_WIT_LOG")) /* where the stage's time goes: runs, then their witnesses */
        fprintf(stderr, "racehunt: run %lu (%s): %.2f s, %d races, ended %s, witness budget %.2f s, "
                        "%.2f s to the runs' deadline\n", i, spec.strategy, t1 - t0, out.trace.nraces,
                out.trace.end, s->min_left, s->run_deadline - rh_now());
    add_run_races(s, &out.trace, spec.seed);
    if (getenv("RH_WIT_LOG"))
        fprintf(stderr, "racehunt: run %lu's witnesses took %.2f s\n", i, rh_now() - t1);
    for (int k = 0; k < out.trace.nseen; k++) { /* likely: an unmodelled call may order them */
        rh_race r;
        rh_dyn_race_from_seen(&s->bin, &out.trace, k, s->program, &r);
        rh_dyn_session_add(s, &r, 1);
    }
    if (!out.trace.nraces && !out.timed_out)
        keep_trace(s, &out, spec.seed);
    rh_dyn_outcome_free(&out);
    return 0;
}

/* Directed runs (dyn_directed.c, src/runtime/rt_target.c): for each of
 * the static engine's candidate pairs not yet seen as a race, a few runs
 * that hold a thread at one access until another reaches the other.  The
 * run counter *i goes on, so seeds and strategies keep rotating. */
static int directed(dyn_session *s, unsigned long *i, double deadline, unsigned long *last_choices,
                    char *err)
{
    int n = rh_dyn_ncandidates();
    unsigned long runs = 0;
    for (int k = 0; k < n && rh_now() < deadline && !rh_cancelled() &&
                    (!s->o->runs || *i < s->o->runs);
         k++) {
        char *spec = rh_dyn_target_spec(&s->bin, k);
        free(spec);
        if (!spec)
            continue;
        s->directed_tried++;
        int met = 0;
        for (int t = 0; t < RH_DYN_DIRECTED_TRIES && !met && rh_now() < deadline; t++, runs++, (*i)++)
            if (one_run(s, *i, deadline, last_choices, k, &met, err))
                return -1;
        s->directed_met += met;
    }
    s->directed_runs += runs;
    return 0;
}

static void note_directed(dyn_session *s)
{
    if (s->directed_tried)
        rh_result_note(s->res, "dynamic: directed runs (a thread held at one access of a static "
                               "candidate pair until another thread reaches the other) showed %d of "
                               "%d candidate pairs as races, in %lu runs", s->directed_met,
                       s->directed_tried, s->directed_runs);
    rh_result_stat(s->res, "dynamic.directed_runs", (double)s->directed_runs);
    rh_result_stat(s->res, "dynamic.directed_confirmed", (double)s->directed_met);
}

/* A run that creates no thread cannot race: say so, how the runs ended
 * (an exit with its status and output, a crash by its signal and place,
 * a time limit) and what the user can give the program. */
static void note_no_threads(dyn_session *s)
{
    if (!s->runs || s->max_threads > 0)
        return;
    const char *given = s->bin.nargs ? "; these runs had the --arg values given" : "";
    if (s->stopped_early && s->first_kind == RH_DYN_END_EXIT) {
        char *how = s->early_runs
                        ? rh_xasprintf(" (the first %s), and none of the inputs the solver chose "
                                       "next reached one (above)", s->first_ending)
                        : rh_xasprintf(", so the engine stopped there (a run without threads "
                                       "cannot race): the first %s", s->first_ending);
        rh_result_note(s->res, "dynamic: no run created a thread: each of the first %lu runs ended "
                               "the same way before creating one%s. The program probably needs "
                               "arguments, input or files to reach its threads: give its arguments "
                               "with --arg=VALUE (once per argument%s) or its input with --stdin=FILE",
                       s->early_runs ? s->early_runs : s->runs, how, given);
        free(how);
    }
    else if (s->stopped_early && s->first_kind == RH_DYN_END_NO_REPORT)
        rh_result_note(s->res, "dynamic: the runtime saw no thread in the first %lu runs, so the "
                               "engine stopped there: the first %s. A program that detaches as a "
                               "daemon may have an option that keeps it in the foreground "
                               "(--arg=VALUE)", s->runs, s->first_ending);
    else if (s->stopped_early && s->first_kind == RH_DYN_END_UNDEFINED)
        rh_result_note(s->res, "dynamic: no run created a thread: each of the first %lu runs "
                               "ended the same way, so the engine stopped there: the first %s",
                       s->runs, s->first_ending);
    else if (s->stopped_early)
        rh_result_note(s->res, "dynamic: the program crashed before creating a thread in each of the "
                               "first %lu runs, so the engine stopped there (a run without threads "
                               "cannot race): the first %s%s", s->runs, s->first_ending,
                       s->bin.nargs ? " (with the --arg values given)" : "");
    else if (s->first_kind == RH_DYN_END_TIME || s->first_kind == RH_DYN_END_CUTOFF)
        rh_result_note(s->res, "dynamic: no thread was created in %lu runs; the first %s: the program "
                               "may wait for a connection, input or time before it starts its threads",
                       s->runs, s->first_ending);
    else
        rh_result_note(s->res, "dynamic: no run created a thread, so no run could show a race: the "
                               "first %s; the program may need arguments, input or files to reach "
                               "its threads: give its arguments with --arg=VALUE (once per "
                               "argument%s)", s->first_ending, given);
}

static void finish_notes(dyn_session *s)
{
    rh_result_note(s->res, "dynamic: %lu controlled runs of the program; a dynamic engine never "
                           "proves race freedom", s->runs);
    note_directed(s);
    note_no_threads(s);
    if (s->ending_note && !s->stopped_early)
        rh_result_note(s->res, "%s", s->ending_note);
    if (s->undefined_note && !s->stopped_early)
        rh_result_note(s->res, "%s", s->undefined_note);
    note_unmodelled(s);
    if (s->bin.rebuilt_64bit)
        rh_result_note(s->res, "dynamic: the ILP32 program was built and run as 64-bit code");
    if (s->bin.auto_libs)
        rh_result_note(s->res, "dynamic: linked with %s, installed here, for the functions the "
                               "program calls but does not define (give link flags after -- to "
                               "choose the libraries yourself)", s->bin.auto_libs);
    if (s->bin.left_out)
        rh_result_note(s->res, "dynamic: built without %s, which no source and no library given "
                               "defines: a run that calls one ends there (give the sources or "
                               "link flags that define them, or --no-allow-undefined to refuse)",
                       s->bin.left_out);
    if (s->cutoffs)
        rh_result_note(s->res, "dynamic: %lu runs reached the step limit and were cut off",
                       s->cutoffs);
    if (s->time_cutoffs)
        rh_result_note(s->res, "dynamic: %lu runs reached their time limit and were cut off (races "
                               "seen before it are kept)", s->time_cutoffs);
    dyn_note_no_witness(s);
    if (s->runs)
        rh_dyn_note_containment(s->res, "dynamic");
    rh_result_stat(s->res, "dynamic.runs", (double)s->runs);
    rh_result_stat(s->res, "dynamic.max_threads", (double)s->max_threads);
    rh_result_stat(s->res, "dynamic.witness_steps_before", (double)s->wit_before);
    rh_result_stat(s->res, "dynamic.witness_steps_after", (double)s->wit_after);
    rh_result_stat(s->res, "dynamic.witnesses_polished", (double)s->wit_polished);
    rh_result_stat(s->res, "dynamic.witnesses_rerecorded", (double)s->wit_rerecorded);
    rh_result_stat(s->res, "dynamic.witnesses_grouped", (double)s->wit_grouped);
    rh_result_stat(s->res, "dynamic.witness_group_pairs", (double)s->wit_pairs);
    rh_result_stat(s->res, "dynamic.events", (double)s->events);
}

static void session_free(dyn_session *s)
{
    dyn_pending_free(s);
    for (size_t i = 0; i < s->seen.len; i++)
        free(s->seen.items[i]);
    rh_vec_free(&s->seen);
    for (size_t i = 0; i < s->nowit.len; i++)
        free(s->nowit.items[i]);
    rh_vec_free(&s->nowit);
    for (int i = 0; i < s->nkept; i++)
        rh_dyn_trace_free(&s->kept[i]);
    rh_frontend_rmdir(s->tmp);
    free(s->first_ending);
    free(s->ending_note);
    free(s->undefined_note);
    free(s->tmp);
    free(s->program);
    rh_dyn_binary_free(&s->bin);
}

/* Predictive pass: schedules the witness engine derives from race-free
 * traces, each confirmed (or not) by replaying it.  Pairs a run observed
 * are not searched again: each kept trace of a program with one race
 * predicted that race anew, and its replay (seconds each) took the rest
 * of the budget after the search had ended. */
static void predict(dyn_session *s, double deadline)
{
    for (int i = 0; i < s->nkept && rh_now() < deadline && !rh_cancelled(); i++) {
        rh_wit_ctx w = {&s->bin, s->tmp, s->program, s->kept_seed[i], deadline, 0};
        rh_race *found = NULL;
        int n = rh_wit_predict(&w, &s->kept[i], known_pair, s, &found);
        for (int k = 0; k < n; k++)
            rh_dyn_session_add(s, &found[k], 1);
        free(found);
    }
}

/* ---- the hooks of --inputs=solver's search (dse_search.c) ---- */

static void dse_use_input(void *sess, const rh_dse_input *in, const char *stdin_path,
                          const char *inputs_file, const rh_dse_applied *ap)
{
    dyn_session *s = sess;
    s->bin.sandboxed = 1;
    s->bin.args = (const char *const *)in->args, s->bin.nargs = in->nargs;
    s->bin.env = (const char *const *)ap->env, s->bin.nenv = ap->nenv;
    s->bin.files_index = ap->files_index;
    s->dse_stdin = stdin_path, s->dse_nondet = inputs_file;
    s->bin.stdin_path = stdin_path; /* the witnesses' replays read it too */
    /* the witness names this input: its arguments and standard input */
    rh_options w = *s->o;
    w.run_args = (const char **)in->args, w.nrun_args = in->nargs;
    w.stdin_file = NULL;
    w.input_words = (const char *const *)ap->words, w.ninput_words = ap->nwords;
    char *hex = rh_dse_hex(in->in, in->nin);
    w.stdin_hex = hex;
    free(s->program);
    s->program = rh_witness_program(&w);
    free(hex);
}

static int dse_run(void *sess, unsigned long i, const char *strategy, const char *sym_log,
                   int *threads, char *err)
{
    dyn_session *s = sess;
    s->dse_strategy = strategy, s->dse_sym = sym_log;
    int rc = one_run(s, i, s->dse_deadline, &s->dse_choices, -1, NULL, err);
    *threads = s->last_threads;
    return rc;
}

static int dse_settled(void *sess)
{
    dyn_session *s = sess;
    return confirmed_races(s->res) || rh_race_confirmed_elsewhere() || rh_cancelled();
}

/* Directed runs of the search's current input: its files and arguments
 * stay, the strategy is the directed runs' own (not the concolic FIFO). */
static int dse_directed(void *sess, double deadline, unsigned long *runs, char *err)
{
    dyn_session *s = sess;
    const char *strategy = s->dse_strategy, *sym = s->dse_sym;
    s->dse_strategy = s->dse_sym = NULL;
    unsigned long start = s->runs, i = s->runs, last_choices = 0;
    int rc = directed(s, &i, deadline < s->dse_deadline ? deadline : s->dse_deadline, &last_choices, err);
    s->dse_strategy = strategy, s->dse_sym = sym;
    *runs = s->runs - start;
    return rc;
}

static int dse_search(dyn_session *s, double run_deadline, char *err)
{
    rh_dse_hooks h = {s, dse_use_input, dse_run, dse_settled, dse_directed};
    s->dse_deadline = run_deadline;
    rh_result_stat(s->res, "dse.goal_sides", (double)s->bin.dse_goal_sides);
    const char *why = NULL;
    rh_result_stat(s->res, "dse.sandboxed", rh_sandbox_available(&why));
    if (*why)
        rh_result_note(s->res, "dynamic: the solver's runs could not be sandboxed here (%s): they ran "
                               "in the working directory, and what they wrote stays there", why);
    int rc = rh_dse_search(&h, s->o, s->tmp, run_deadline, s->res, err);
    s->dse_strategy = NULL;
    s->dse_stdin = s->dse_nondet = NULL;
    s->bin.sandboxed = 0;
    s->bin.args = s->o->run_args, s->bin.nargs = s->o->nrun_args;
    s->bin.stdin_path = s->o->stdin_file;
    s->bin.env = NULL, s->bin.nenv = 0, s->bin.files_index = NULL;
    return rc;
}

/* Runs that all exit the same way before creating a thread want an input
 * (arguments, standard input, a file, a variable) to reach one: unless
 * the user said --inputs=seed or --runs, the rest of the run budget goes to
 * the concolic search, which chooses inputs by solving the branches that
 * ended the runs, on a build that records them.  Its runs are observed as
 * every run is (races are never solved), so it can only add races.  Only
 * where its runs can be sandboxed (util/sandbox.h): an argument the solver
 * chose may name a file the program writes, and the user never asked for
 * such runs. */
static int solver_fallback(dyn_session *s, double run_deadline, char *err)
{
    const rh_options *given = s->o;
    if (given->inputs_solver || given->inputs_seed || given->runs || !s->stopped_early ||
        s->max_threads > 0 || s->first_kind != RH_DYN_END_EXIT || rh_cancelled() ||
        rh_race_confirmed_elsewhere() || run_deadline - rh_now() < RH_DYN_SOLVER_FALLBACK_MIN ||
        !rh_sandbox_available(NULL))
        return 0;
    rh_options so = *given;
    so.inputs_solver = 1;
    rh_dyn_binary bin = {0};
    char berr[RH_ERR_MAX];
    if (rh_dyn_build(s->prog, &so, run_deadline, &bin, berr)) {
        rh_result_note(s->res, "dynamic: every run exited before creating a thread, and the build "
                               "that lets the solver choose inputs failed: %s", berr);
        return 0;
    }
    rh_dyn_binary_free(&s->bin);
    s->bin = bin;
    s->bin.args = given->run_args, s->bin.nargs = given->nrun_args;
    s->early_runs = s->runs;
    rh_result_note(s->res, "dynamic: each of the first %lu runs exited the same way before creating a "
                           "thread, so the solver chose the inputs of the runs after them (as "
                           "--inputs=solver; --inputs=seed keeps to the given ones)", s->runs);
    s->o = &so;
    int rc = dse_search(s, run_deadline, err);
    s->o = given;
    return rc;
}

int rh_dynamic_run(rh_program *prog, const rh_options *o, rh_budget *budget, rh_result *res, char *err)
{
    double deadline = budget->deadline;
    dyn_session s = {0};
    s.prog = prog, s.o = o, s.res = res, s.deadline = deadline;
    s.min_left = (deadline - rh_now()) * RH_DYN_MIN_SHARE;
    res->verdict = RH_UNKNOWN;
    char berr[RH_ERR_MAX];
    if (rh_dyn_build(prog, o, deadline, &s.bin, berr)) {
        rh_result_note(res, "dynamic: %s", berr);
        session_free(&s);
        return 0;
    }
    if (!(s.tmp = rh_frontend_tmpdir(err))) {
        session_free(&s);
        return -1;
    }
    s.bin.args = o->run_args, s.bin.nargs = o->nrun_args;
    s.program = rh_witness_program(o);
    unsigned long max_runs = o->runs ? o->runs : RH_DYN_DEFAULT_RUNS, last_choices = 0;
    /* a fifth of the budget stays for predicting races from the traces */
    double run_deadline = deadline - (deadline - rh_now()) * 0.2;
    s.run_deadline = run_deadline;
    /* After max_runs, with no race yet and no --runs, the rest of the run
     * budget keeps looking, since a race behind a rare schedule is what the
     * budget is for; the first race (here or from another engine) ends it. */
    unsigned long i = 0;
    if (o->inputs_solver && dse_search(&s, run_deadline, err)) {
        session_free(&s);
        return -1;
    }
    for (; !o->inputs_solver && rh_now() < run_deadline && !rh_cancelled() &&
           !s.stopped_early && !saturated(&s, i) &&
           (i < max_runs || (!o->runs && !confirmed_races(res) && !rh_race_confirmed_elsewhere()));
         i++)
    {
        if (i == RH_DYN_DIRECTED_AFTER && !s.stopped_early &&
            directed(&s, &i, rh_now() + (run_deadline - rh_now()) * RH_DYN_DIRECTED_SHARE,
                     &last_choices, err)) {
            session_free(&s);
            return -1;
        }
        if (one_run(&s, i, run_deadline, &last_choices, -1, NULL, err)) {
            session_free(&s);
            return -1;
        }
    }
    if (solver_fallback(&s, run_deadline, err)) {
        session_free(&s);
        return -1;
    }
    if (saturated(&s, i) && i < max_runs)
        rh_result_note(res, "dynamic: the search ended after %lu runs: the last %d showed no new race "
                       "(--runs=N runs N)", s.runs, RH_DYN_SATURATED_RUNS);
    if (i > max_runs)
        rh_result_note(res, "dynamic: no race in the first %lu runs, so it searched on %s", max_runs,
                       confirmed_races(res) ? "until it found one"
                       : rh_cancelled() || rh_race_confirmed_elsewhere()
                           ? "until another engine settled the verdict"
                           : "for the rest of its budget");
    predict(&s, deadline);
    dyn_polish_witnesses(&s);
    finish_notes(&s);
    res->verdict = confirmed_races(res) ? RH_RACE : RH_UNKNOWN;
    session_free(&s);
    return 0;
}
