/* dyn_directed.c - the static engine's candidate pairs, handed to the
 * dynamic engine for directed runs (active testing: the runtime holds a
 * thread at one access of the pair until another reaches the other,
 * src/runtime/rt_target.c).  The portfolio hands them over after its
 * static stage (rh_dynamic_take_candidates); the dynamic stage, a forked
 * child, inherits them.  A run that shows the race at the pair's two
 * lines turns the candidate into an observed race with a witness.
 */
#include "dyn.h"
#include "engines/engine.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>

#define RH_DYN_MAX_CANDIDATES 16

static struct {
    char *file[2];
    unsigned line[2];
} cand[RH_DYN_MAX_CANDIDATES];
static int ncand;

static int same_pair(int k, const char *fa, unsigned la, const char *fb, unsigned lb)
{
    return (strcmp(cand[k].file[0], fa) == 0 && cand[k].line[0] == la &&
            strcmp(cand[k].file[1], fb) == 0 && cand[k].line[1] == lb) ||
           (strcmp(cand[k].file[0], fb) == 0 && cand[k].line[0] == lb &&
            strcmp(cand[k].file[1], fa) == 0 && cand[k].line[1] == la);
}

static void take(const rh_race *r)
{
    for (int k = 0; k < ncand; k++)
        if (same_pair(k, r->a.file, r->a.line, r->b.file, r->b.line))
            return;
    if (ncand == RH_DYN_MAX_CANDIDATES || !r->a.file || !r->b.file || !r->a.line || !r->b.line)
        return;
    cand[ncand].file[0] = rh_xstrdup(r->a.file), cand[ncand].line[0] = r->a.line;
    cand[ncand].file[1] = rh_xstrdup(r->b.file), cand[ncand].line[1] = r->b.line;
    ncand++;
}

void rh_dynamic_take_candidates(const rh_result *res)
{
    /* must-races first: the static engine's strongest candidates */
    for (int pass = 0; pass < 2; pass++)
        for (int i = 0; i < res->nraces; i++) {
            const rh_race *r = &res->races[i];
            if (r->evidence == (pass == 0 ? RH_EV_MUST : RH_EV_MAY))
                take(r);
        }
}

int rh_dyn_ncandidates(void)
{
    return ncand;
}

char *rh_dyn_candidate_text(int k)
{
    return rh_xasprintf("%s:%u and %s:%u", cand[k].file[0], cand[k].line[0], cand[k].file[1],
                        cand[k].line[1]);
}

/* "1,2;7,9": the loc ids at side A's line, then side B's. */
char *rh_dyn_target_spec(const rh_dyn_binary *bin, int k)
{
    size_t cap = 64, len = 0;
    char *s = rh_xcalloc(cap, 1);
    int found[2] = {0, 0};
    for (int side = 0; side < 2; side++) {
        for (int i = 1; i < bin->locs.len; i++) {
            const rh_dyn_loc *l = &bin->locs.items[i];
            if (l->line != cand[k].line[side] || !l->file || strcmp(l->file, cand[k].file[side]) != 0)
                continue;
            if (len + 16 > cap)
                s = rh_xrealloc(s, cap *= 2);
            len += (size_t)snprintf(s + len, cap - len, "%s%d", found[side]++ ? "," : "", i);
        }
        if (side == 0) {
            if (len + 2 > cap)
                s = rh_xrealloc(s, cap *= 2);
            s[len++] = ';', s[len] = '\0';
        }
    }
    if (!found[0] || !found[1]) { /* a line the build has no access at */
        free(s);
        return NULL;
    }
    return s;
}

int rh_dyn_candidate_met(int k, const rh_dyn_binary *bin, const rh_dyn_obs *o)
{
    const rh_dyn_locs *l = &bin->locs;
    if (o->loc[0] >= (unsigned)l->len || o->loc[1] >= (unsigned)l->len)
        return 0;
    const rh_dyn_loc *a = &l->items[o->loc[0]], *b = &l->items[o->loc[1]];
    return a->file && b->file && same_pair(k, a->file, a->line, b->file, b->line);
}
