/* wit.h - the witness engine's internal pieces: the trace analysis that
 * picks the events worth ordering and the candidate pairs (wit_trace.c),
 * and the SMT encoding over event order variables (wit_smt.c).
 *
 * Contract: a wit_trace indexes one rh_dyn_trace without copying it (the
 * trace must outlive it); wit_trace_free frees only what it allocated.
 */
#ifndef RH_WIT_H
#define RH_WIT_H

#include "witness.h"

#define RH_WIT_MAX_VISIBLE 4000  /* larger traces are not searched */
#define RH_WIT_MAX_LOCKS 4       /* locks remembered per access */
#define RH_WIT_MAX_CANDIDATES 32

/* A lock's critical section in one thread: acquire and release events (the
 * release is -1 while held at the end of the trace).  Cond waits split a
 * section in two (the wait releases, the wake re-acquires). */
typedef struct wit_section {
    unsigned long lock;
    int tid, shared;
    long acq, rel;
} wit_section;

typedef struct wit_trace {
    const rh_dyn_trace *t;
    char *visible;              /* per event: kept in the encoding */
    long *vis;                  /* visible event indices, in trace order */
    long nvis;
    int nthreads;
    long *begin, *end;          /* per thread: its begin/end events, -1 none */
    wit_section *sec;
    long nsec;
    unsigned long (*locks)[RH_WIT_MAX_LOCKS]; /* per event: exclusive locks held */
    unsigned char *nlocks;
    uint32_t **fj;              /* per access event: fork/join vector clock (NULL otherwise) */
    long cand[RH_WIT_MAX_CANDIDATES][2];
    int ncand;
} wit_trace;

/* Indexes t; returns -1 when the trace cannot be searched (too long, or
 * events the encoding cannot model, like failed try-locks). */
int wit_trace_init(wit_trace *w, const rh_dyn_trace *t);
void wit_trace_free(wit_trace *w);

/* The SMT search.  wit_smt_new encodes the trace once (program order,
 * fork/join, write-read consistency, locks, ...); wit_smt_pair asks for a
 * schedule in which candidate pair i is adjacent, under push/pop, and
 * returns the prefix (event indices, in schedule order, ending with the
 * pair) in *order, or 0 when there is none.  wit_smt_new returns NULL
 * when the trace is too large, or its encoding too large to be searched
 * before the deadline (wit_smt.c, RH_WIT_ATOMS_PER_SECOND). */
typedef struct wit_smt wit_smt;
wit_smt *wit_smt_new(const wit_trace *w, double deadline);
long wit_smt_pair(wit_smt *s, long a, long b, long **order);
void wit_smt_free(wit_smt *s);

/* ---- replays and schedules shared by the minimiser and the group
 * confirmation (wit_replay.c, wit_minimise.c, wit_group.c) ---- */

#define WIT_REPLAY_TRACE_CAP 1000000 /* events a replay logs unless the context is quick */

/* Runs w's replay; out (freed by the caller with rh_dyn_outcome_free, also
 * on failure) holds the run.  0, or -1 with err set. */
int wit_run(const rh_wit_ctx *c, const rh_witness *w, rh_dyn_outcome *out, char *err);
/* wit_run; with `cut`, a fair replay ends at its first scheduling point
 * past the schedule (what it met there is not wanted: wit_group.c). */
int wit_run_cut(const rh_wit_ctx *c, const rh_witness *w, int cut, rh_dyn_outcome *out, char *err);
/* 1 when race o of a replayed run is at w's two racing positions (either
 * order; any race when w names none). */
int wit_matches(const rh_dyn_binary *bin, const rh_dyn_obs *o, const rh_witness *w);
/* The witness of w's steps whose keep[] is set, racing steps renumbered. */
rh_witness *wit_subset(const rh_witness *w, const char *keep);
/* Visits of step i's thread to its position in (from, i] (a folded step
 * counts its "times"). */
unsigned wit_visits(const rh_witness *w, int from, int i);

#endif
