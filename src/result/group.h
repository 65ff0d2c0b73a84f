/* group.h - the races of a result gathered per memory location and
 * ranked, which is how every report format presents them (one group per
 * location, not one card per racing pair).
 *
 * A location is what the race records name: the object description
 * ("global 'counter'", "heap object allocated at a.c:12:3") and the byte
 * range inside it (a struct field, an array element); races with an
 * unknown range form their own group of the object.  In a build with
 * several programs the same variable of each program is a location of
 * its own.
 *
 * Order (README.md, "Reading a report"): groups by the best evidence tier
 * of their races (result/tier.h): confirmed, then likely, then possible;
 * then by evidence (replayed, observed, counterexample, seen, must-race,
 * may-race); within one kind of evidence by tier:
 *   3  an unprotected write (no lock held, not atomic) racing with an
 *      access of another thread entry;
 *   2  an unprotected write racing only with instances of its own entry;
 *   1  every write under some lock, two thread entries (different locks);
 *   0  the rest;
 * then more threads, more racing pairs, then source position.  Races in
 * a group are ordered the same way, a race with the shorter witness first
 * after the tier; the first is the group's example.
 *
 * Contract: rh_groups_build reads only the races a report shows
 * (rh_race_reported); the groups point into the result, which must
 * outlive them.  rh_groups_free frees what build allocated.
 */
#ifndef RH_GROUP_H
#define RH_GROUP_H

#include "race.h"

typedef struct rh_group {
    const char *program;         /* the program of a build with several, else NULL */
    const char *object;          /* NULL: the engines did not name it */
    long offset_lo, offset_hi;   /* -1: unknown */
    int *races;                  /* indices into the result's races, best first */
    int nraces;
    const rh_race_access **accesses; /* distinct accesses, by source position */
    int naccesses;
    const char **threads;        /* distinct thread descriptions */
    int nthreads;
    const char **locks;          /* distinct locks held by any access */
    int nlocks;
    rh_evidence best;            /* strongest evidence of its races */
    rh_status status;            /* best evidence tier of its races (result/tier.h) */
    int tier;                    /* see above */
    char *reason;                /* why not confirmed; NULL when confirmed */
    const char *ordered_by;      /* the race that alone orders every pair of it (rh_race's
                                    ordered_by), NULL when some pair has none */
    const char *fingerprint;     /* smallest race fingerprint: stable, may be NULL */
} rh_group;

typedef struct rh_groups {
    rh_group *items;
    int n;
    int confirmed;               /* groups with a confirmed race (they come first) */
    int likely;                  /* groups whose best race is likely (they come next) */
    int *group_of;               /* per race of the result: its group, or -1 */
    int nraces;                  /* shown races in all groups */
} rh_groups;

void rh_groups_build(rh_groups *g, const rh_result *res, int with_may);
void rh_groups_free(rh_groups *g);
/* The race whose witness a report shows first (the first witnessed race of
 * the first group that has one), which --witness saves; -1 when no listed
 * race has a witness.  rh_groups_witness_of reads groups already built. */
int rh_groups_first_witness(const rh_result *res, int with_may);
int rh_groups_witness_of(const rh_groups *gs, const rh_result *res);

/* "confirmed", "likely" or "possible". */
const char *rh_group_status(const rh_group *grp);
/* The possible races a report without --may leaves out, and the memory
 * locations that have nothing better (for its summary line): those folded
 * into res's counts, and without with_may the listed ones too. */
void rh_groups_count_possible(const rh_result *res, int with_may, int *races, int *locations);
/* Keeps the possible races of the first locations (in the report's order)
 * until keep of them are kept, and folds every later location that has
 * only possible races into res->possible_unlisted(_locations): a report
 * without --may shows them as counts only, and a stage's result crosses
 * to the portfolio in a fraction of the time (10,000 races were 23 MB of
 * JSON, which a loaded machine did not write and read within the stage's
 * grace period). */
void rh_groups_fold_possible(rh_result *res, int keep);
/* "thread T1 (worker)" out of "thread T1 (worker) created at a.c:3:5",
 * or "thread T2" out of "thread T2 created by T0 at a.c:3:5", "main
 * thread" for thread 0 without description; in buf. */
const char *rh_group_thread_name(const rh_race_access *a, char *buf, size_t size);

#endif
