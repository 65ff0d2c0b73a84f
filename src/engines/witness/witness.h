/* witness.h - the witness engine (doc/design.md [Said], Said et al.): from one
 * recorded trace, find races the run did not exhibit and schedules that
 * exhibit them.  Candidate pairs come from a hybrid lockset analysis of the
 * trace, pruned by must-happen-before (fork/join order); per pair an
 * incremental Z3 query over event order variables encodes program order,
 * fork/join order, write-read consistency (every read sees a write of the
 * value it read), lock consistency and the adjacency of the two accesses.
 * A model is a schedule; it is replayed in the runtime, and only a replay
 * that reaches the race makes it a reported race (RH_EV_REPLAYED).
 *
 * Contract: rh_wit_predict never reports an unconfirmed candidate; it
 * returns the number of confirmed races in *out (owned by the caller, each
 * with its replayed witness), and stops at the context's deadline.
 */
#ifndef RH_WITNESS_H
#define RH_WITNESS_H

#include "engines/dynamic/dyn.h"

typedef struct rh_wit_ctx {
    const rh_dyn_binary *bin;
    const char *workdir;
    const char *program;
    unsigned long seed;      /* seed of the traced run (inputs beyond the trace) */
    double deadline;
    int quick;               /* replays log no events: the race's witness and locks are not wanted */
} rh_wit_ctx;

/* known, when not NULL, says which candidate pairs (by their two location
 * ids, in either order) are confirmed already: those are not searched,
 * since a confirmed pair's prediction would only cost a replay. */
typedef int (*rh_wit_known_pair)(void *arg, unsigned loc_a, unsigned loc_b);
int rh_wit_predict(const rh_wit_ctx *c, const rh_dyn_trace *t, rh_wit_known_pair known, void *known_arg,
                   rh_race **out);

/* How closely a replayed run followed the witness's schedule. */
typedef struct rh_wit_follow {
    unsigned long diverged; /* times the scheduler could not run the step's thread */
    long depart_step;       /* the first such step, -1 if none */
} rh_wit_follow;

/* Replays witness w; returns 1 and fills *race (evidence RH_EV_REPLAYED,
 * witness = the replayed run's schedule) when the run reaches a race at the
 * witness's racing steps (any race when it names none), 0 when not, -1 on
 * an internal error.  follow, when not NULL, says where the run departed. */
int rh_wit_replay(const rh_wit_ctx *c, const rh_witness *w, rh_race *race, rh_wit_follow *follow,
                  char *err);

/* 1 when replaying w reached a race at its racing steps and the run never
 * departed from the schedule: the one test of confirmation by replay. */
int rh_wit_confirms(const rh_wit_ctx *c, const rh_witness *w, rh_race *race, char *err);

/* A shorter witness of the same race (wit_minimise.c): fewest steps and
 * context switches found by the context's deadline, every candidate
 * checked by rh_wit_confirms, so what it returns has replayed.  *replayed:
 * 1 with a new witness; 0 with NULL when neither w nor its compressions
 * replay into the race without departing; -1 with NULL when the deadline
 * came before that was known. */
rh_witness *rh_wit_minimise(const rh_wit_ctx *c, const rh_witness *w, int *replayed);

/* Short witnesses for n races one run showed (ws[k], each the recorded
 * schedule up to its race, rh_dyn_witness: prefixes of one schedule) at
 * the cost of about one replay for all (wit_group.c): out[k] is the part
 * of the group's schedule its replay took up to where it met race k (and
 * the racing thread's run to its line from there), race k's steps
 * marked: a witness whose replay is that run up to race k, so it meets
 * it without departing (rh_wit_confirms's test); or NULL with why[k]
 * saying why (a static string).  Returns how many got one.  riders, when
 * not NULL, are races of the same run that are not members: one the
 * group's replay met gets its witness the same way (riders->out[k]),
 * for no replay of its own. */
typedef struct rh_group_riders {
    rh_witness *const *ws;  /* other races of the same run (their recorded witnesses) */
    rh_witness **out;       /* set for each a group replay showed, NULL before */
    int n;
} rh_group_riders;
int rh_wit_group(const rh_wit_ctx *c, rh_witness *const *ws, int n, rh_witness **out,
                 const char **why, const rh_group_riders *riders);

/* Writes each run of steps of one thread at one position as one step with
 * a count (rh_step.times), in place; racing steps, creations and timeouts
 * stay steps of their own.  The replay's schedule is unchanged. */
void rh_wit_fold(rh_witness *w);

/* Context switches of a witness: steps whose thread differs from the
 * previous step's. */
int rh_wit_switches(const rh_witness *w);

#endif
