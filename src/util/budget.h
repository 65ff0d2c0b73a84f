/* budget.h - the one time budget of a racehunt run, and its progress line.
 *
 * Every stage (front end, each engine, each phase inside an engine)
 * receives the same rh_budget.  It answers one question cheaply and often -
 * "must I stop now?" - and it is where a stage says what it is doing, so
 * the progress line on stderr, the --stats table (time and peak memory per
 * stage) and the "ran out of time in ..." note all come from one place.
 *
 * Contract:
 *   - rh_budget_over() may be called in every loop whose trip count depends
 *     on the input: it reads the clock only every RH_BUDGET_POLL calls, so
 *     it costs a counter increment otherwise.  Once it has said 1 it keeps
 *     saying 1.  It also says 1 when the stage was cancelled (SIGTERM, see
 *     util.h) so one poll serves both.
 *   - rh_budget_stage() starts a named stage (ending the previous one):
 *     the name must outlive the budget (a string literal).  Progress within
 *     a stage is rh_budget_progress(done, total), total 0 when unknown.
 *   - A stage that stops because the budget is over calls
 *     rh_budget_ran_out(), which remembers the stage and how far it got;
 *     rh_budget_out_note() then words that for the report.
 *   - The progress line is drawn only when `show` is set (a terminal, or
 *     -v) and at most ten times a second; rh_budget_finish() erases it.
 *   - A forked stage process inherits a copy: what it records stays in
 *     the child, which reports through its result as usual.
 */
#ifndef RH_BUDGET_H
#define RH_BUDGET_H

#define RH_BUDGET_POLL 1
#define RH_BUDGET_MAX_STAGES 32

typedef struct rh_budget_stage_stat {
    const char *name;
    double seconds;
    long peak_rss_kb; /* peak resident memory of racehunt when the stage ended */
} rh_budget_stage_stat;

typedef struct rh_budget {
    double start;          /* rh_now() when the run started */
    double deadline;       /* absolute rh_now() time every stage must stop by */
    double end;            /* the user's whole budget (deadline plus the margin kept for reporting) */
    int show;              /* draw the progress line on stderr */
    int over;              /* sticky: the deadline passed or the run was cancelled */
    unsigned polls;        /* calls since the clock was last read */
    const char *stage;     /* the stage running now, NULL between stages */
    double stage_start;
    long done, total;      /* progress of the running stage */
    double drawn;          /* when the progress line was last drawn */
    int line_len;          /* length of the progress line on screen */
    const char *out_stage; /* the stage that ran out of time, NULL if none */
    long out_done, out_total;
    rh_budget_stage_stat stats[RH_BUDGET_MAX_STAGES];
    int nstats;
} rh_budget;

/* A budget of `seconds` counted from `start` (an rh_now() time). */
void rh_budget_init(rh_budget *b, double start, double seconds, int show);

/* 1 when the running stage must stop: deadline passed or cancelled.
 * A NULL budget never runs out. */
int rh_budget_over(rh_budget *b);
/* Seconds left before the deadline (never negative). */
double rh_budget_left(const rh_budget *b);

/* A copy of b for a stage that must leave time to the stages after it:
 * its deadline is `fraction` of the time b has left, its end moves with
 * it by the same share of b's margin. */
rh_budget rh_budget_share(const rh_budget *b, double fraction);

void rh_budget_stage(rh_budget *b, const char *name);
void rh_budget_progress(rh_budget *b, long done, long total);
/* Ends the running stage (records its time and peak memory). */
void rh_budget_end_stage(rh_budget *b);

/* The running stage stopped early because the budget is over. */
void rh_budget_ran_out(rh_budget *b);
/* "the time budget ran out during STAGE (DONE of TOTAL done)", or NULL
 * when no stage ran out; the caller frees. */
char *rh_budget_out_note(const rh_budget *b);

/* Erases the progress line. */
void rh_budget_finish(rh_budget *b);

/* Peak resident memory of this process so far, in KiB. */
long rh_peak_rss_kb(void);

#endif
