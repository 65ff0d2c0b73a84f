/* dyn_session.h - the dynamic engine's state across its runs, shared by
 * the engine's loop (dynamic_engine.c) and the shortening of the races'
 * witnesses (dyn_witnesses.c).
 *
 * Contract: one session per rh_dynamic_run; the witness functions spend
 * only s->min_left (the witness budget) and never run past s->deadline.
 */
#ifndef RH_DYN_SESSION_H
#define RH_DYN_SESSION_H

#include "engines/engine.h"
#include "util/util.h"
#include "dyn.h"

#define RH_DYN_DEFAULT_RUNS 40
#define RH_DYN_RUN_TIMEOUT 6.0
/* Events a run logs: as many as its step limit (dyn_run.c) allows, so a
 * race anywhere in a run has the schedule up to it as its witness (a
 * workload of a real program reaches its races past 100,000 events). */
#define RH_DYN_TRACE_CAP 200000
/* The longest trace kept for the predictive pass. */
#define RH_DYN_KEEP_CAP 100000
#define RH_DYN_KEEP_TRACES 4
#define RH_DYN_MIN_SECONDS 4.0 /* at most for shortening one witness */
#define RH_DYN_MIN_SHARE 0.25  /* of the engine's budget, for shortening them all */
/* Races of one publication given one replay together (rh_wit_group): each
 * one's witness is that replay's schedule up to where it met the race,
 * the others' steps before it included, so a few dozen at most. */
#define RH_DYN_GROUP_MAX 16
/* Why a confirmed race has no replayed witness (note_no_witness). */
#define RH_DYN_WHY_BUDGET "the witness budget was spent before a replay of its schedule finished " \
                          "(it keeps the recorded schedule, which the report may leave out for size)"
#define RH_DYN_WHY_UNREPLAYED "its run's schedule did not replay into the race (the program is not " \
                              "deterministic under its schedule)"
#define RH_DYN_WHY_UNRECORDED "the run's schedule up to the race was longer than a run records"
#define RH_DYN_MIN_SHARE_SECONDS 1.0 /* the least a witness's share is (a replay of a real program) */
#define RH_DYN_GROUP_SECONDS 2.0     /* the least a group's replay gets (rh_wit_group) */
#define RH_DYN_FEW_STEPS 24     /* a witness longer than this is polished at the end */
/* A witness share shorter than this gets no replay: its schedule is kept
 * as recorded.  Fifty-odd calls of the minimiser past the budget (each
 * with a share of nothing) cost a loaded machine a second and a half past
 * the engine's deadline; a small program's replay fits in a tenth. */
#define RH_DYN_LEAST_REPLAY_SECONDS 0.1
/* After the last run, the witness budget grows to what is left of the
 * engine's, less this share of it, a second's reserve for the rest of the
 * engine and its report, and a reserve per race for adding the run's
 * races to the result (a few ms a race with a witness of thousands of
 * steps, on a loaded machine). */
#define RH_DYN_LAST_RESERVE_SHARE 0.15
#define RH_DYN_LAST_RESERVE_SECONDS 0.75
#define RH_DYN_LAST_RESERVE_PER_RACE 0.01
/* Runs that end the same way before creating a thread, without nondet
 * input, end that way under every schedule: after this many of them from
 * the first, more runs cannot show anything (rh_dyn_ending_repeats). */
#define RH_DYN_EARLY_RUNS 3
/* Then, unless --inputs=seed, the concolic search (--inputs=solver) gets
 * the rest of the run budget when at least this much is left. */
#define RH_DYN_SOLVER_FALLBACK_MIN 3.0
/* Directed runs at the static candidates start after this many runs (so a
 * program that stops early never gets them), with at most this share of
 * the run budget left, and this many runs per candidate pair. */
#define RH_DYN_DIRECTED_AFTER 5
#define RH_DYN_DIRECTED_SHARE 0.5
#define RH_DYN_DIRECTED_TRIES 3
/* Once a race is confirmed and the directed runs are done, the search ends
 * after this many runs in a row that show no new race (without --runs):
 * more runs of a program whose races they keep repeating cost the user
 * time (a million-iteration loop per run) and cannot change the verdict. */
#define RH_DYN_SATURATED_RUNS 8

/* A publication's races whose group had no replay in the witness budget
 * (dyn_run_witnesses): kept for the polish phase, which gives them their
 * group replays with what is left.  base is the recording of the longest
 * (unfolded, so that every member's is its prefix); a member is its race's
 * key and its witness's steps in base. */
#define RH_DYN_PENDING_MAX 8
typedef struct dyn_pending {
    rh_witness *base;
    struct dyn_member { char *key; int nsteps, a, b, ordering[2]; } *m;
    int n;
} dyn_pending;

typedef struct dyn_session {
    rh_program *prog;
    const rh_options *o;
    rh_dyn_binary bin;
    char *tmp, *program;
    rh_result *res;
    RH_VEC(char *) seen;           /* keys of races reported */
    rh_dyn_trace kept[RH_DYN_KEEP_TRACES];
    unsigned long kept_seed[RH_DYN_KEEP_TRACES];
    int nkept;
    double deadline;               /* of the whole engine */
    double run_deadline;           /* of its runs */
    double last_run_seconds;       /* how long the last run took */
    double min_left;               /* seconds left for shortening witnesses */
    long wit_before, wit_after;    /* witness steps before and after shortening */
    int wit_short, wit_unreplayed, wit_polished, wit_rerecorded;
    int wit_grouped;               /* witnesses a publication's group replay gave */
    int par_off;                   /* no group replays in a child (dyn_par.h): it could not isolate */
    int wit_pairs;                 /* group replays run at once with another */
    dyn_pending pending[RH_DYN_PENDING_MAX];
    int npending;
    RH_VEC(char *) nowit;          /* "KEY\tWHY": a race's witness did not replay, and why */
    unsigned long runs, events, deadlocks, crashes, timeouts, cutoffs, time_cutoffs, limits;
    unsigned long undefined_calls;
    int max_threads;               /* most threads one run created */
    char *first_ending;            /* how the first run ended, in words (dyn_ending.c) */
    rh_dyn_ending first_kind;
    unsigned long repeats;         /* runs from the first that rh_dyn_ending_repeats */
    int stopped_early;             /* RH_DYN_EARLY_RUNS such runs: no more */
    unsigned long early_runs;      /* runs before the solver took over (0: it did not) */
    unsigned long last_new;        /* runs done when the last new race was added */
    char *ending_note;             /* the first crash or unreported end, for its note */
    char *undefined_note;          /* the first call of a function left out, for its note */
    struct {                       /* calls that may synchronise unmodelled, by function */
        const char *name;
        unsigned loc;              /* where it was called */
    } unmod[16];
    int nunmod;
    /* --inputs=solver (dse.h): the current input's strategy, log and files */
    const char *dse_strategy, *dse_sym, *dse_nondet, *dse_stdin;
    int last_threads;              /* threads the last run created */
    double dse_deadline;           /* of the search's runs */
    unsigned long dse_choices;     /* PCT's k, from the last run */
    int directed_tried, directed_met; /* candidate pairs given directed runs, and shown */
    unsigned long directed_runs;
} dyn_session;

/* Races are the same when their two locations are (in either order): the
 * key of r, a new string. */
char *dyn_race_key(const rh_race *r);

/* ---- witnesses (dyn_witnesses.c) ---- */

/* Says (in the notes, dyn_note_no_witness) why race r has no replayed
 * witness: why is one of RH_DYN_WHY_*; NULL forgets it. */
void dyn_no_witness(dyn_session *s, const rh_race *r, const char *why);
/* Shortens r's witness (rh_wit_minimise) within s's witness budget. */
void dyn_shorten_witness(dyn_session *s, rh_race *r);
/* The new races of one run (fresh[0..n)), before they are added: each
 * publication's races given one replay together (rh_wit_group), then the
 * others shortest first, each with its share of the budget. */
void dyn_run_witnesses(dyn_session *s, rh_race *fresh, int n);
/* After the search: the witnesses still long, recorded again and
 * shortened with what is left of the budget, up to half. */
void dyn_polish_witnesses(dyn_session *s);
/* Frees s's pending groups. */
void dyn_pending_free(dyn_session *s);
/* The notes naming each confirmed race without a replayed witness, and why. */
void dyn_note_no_witness(dyn_session *s);

#endif
