/* tier.c - which races a report shows by default (see tier.h): the rule
 * is a short table of evidence plus one test of a may-race's accesses. */
#include "tier.h"
#include "names.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>

/* A write nothing protects: no lock held, not atomic. */
static int bare_write(const rh_race_access *a)
{
    return a->is_write && !a->atomic && !a->nlocks;
}

/* Why a may-race is not strong evidence, or NULL when it is: the races
 * a lockset analysis gets wrong most often on real code are the ones
 * where one side holds a lock (a lock the analysis could not match), two
 * instances of one thread (thread-local data it could not tell apart),
 * the main thread (its ordering with the threads it creates and joins is
 * where the analysis is least sure: initialisation before a create in a
 * function of its own, joins in loops), memory reached through pointers
 * (a points-to set may hold objects no thread shares), and flags
 * (volatile, an assumed library effect).  Measured on real programs with
 * judged races (bench/score_races.py), what passes all of these is
 * mostly true; the rest stays listed with --may. */
static const char *may_weakness(const rh_race *r)
{
    if (r->a.thread == r->b.thread)
        return "two instances of one thread";
    if (r->a.thread == 0 || r->b.thread == 0)
        return "one access is the main thread's";
    if (!rh_names_is_program_global(r->object))
        return "not a variable of the program's own static storage";
    if (r->a.nlocks || r->b.nlocks)
        return "one access holds a lock";
    if (!bare_write(&r->a) && !bare_write(&r->b))
        return "no plain unprotected write";
    if (r->volatile_only || r->a.is_volatile || r->b.is_volatile)
        return "a volatile access (a flag)";
    if (r->a.assumed || r->b.assumed)
        return "an access assumed of a function nobody defines";
    return NULL;
}

void rh_tier_assign(rh_race *r)
{
    free(r->status_why);
    r->status_why = NULL;
    const char *weak;
    switch (r->evidence) {
    case RH_EV_COUNTEREXAMPLE: case RH_EV_OBSERVED: case RH_EV_REPLAYED:
        r->status = RH_ST_CONFIRMED;
        return;
    case RH_EV_SEEN:
        r->status = RH_ST_LIKELY;
        r->status_why = rh_xasprintf("a run showed these accesses unordered, but %s",
                                     r->caveat ? r->caveat : "a call the runtime does not model "
                                                             "may order them");
        return;
    case RH_EV_MUST:
        r->status = RH_ST_LIKELY;
        r->status_why = rh_xstrdup(
            r->engine && strstr(r->engine, "bmc") && !strstr(r->engine, "static")
                ? "bounded model checking found a schedule, but no run followed it into the race"
                : "the static analysis found these accesses unordered on every path it "
                  "followed (must-race), but no execution showed it");
        return;
    case RH_EV_MAY:
        break;
    }
    weak = may_weakness(r);
    r->status = weak ? RH_ST_POSSIBLE : RH_ST_LIKELY;
    r->status_why = weak ? rh_xasprintf("the static analysis could not prove these accesses "
                                        "ordered or under a common lock (may-race: %s), and "
                                        "nothing showed them racing", weak)
                         : rh_xstrdup("the static analysis could not prove these accesses "
                                      "ordered (may-race on a variable of the program: a plain write "
                                      "and an access of another thread entry, neither of them the "
                                      "main thread, no lock on either side), but no execution "
                                      "showed them racing");
}

void rh_tier_assign_all(rh_result *res)
{
    for (int i = 0; i < res->nraces; i++)
        rh_tier_assign(&res->races[i]);
}
