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

/* Whether fa:la and fb:lb are the pair file[i]:line[i], in either order. */
static int same_pair(char *const file[2], const unsigned line[2], const char *fa, unsigned la,
                     const char *fb, unsigned lb)
{
    return (line[0] == la && line[1] == lb && strcmp(file[0], fa) == 0 && strcmp(file[1], fb) == 0) ||
           (line[0] == lb && line[1] == la && strcmp(file[0], fb) == 0 && strcmp(file[1], fa) == 0);
}

static void take(const rh_race *r)
{
    if (ncand == RH_DYN_MAX_CANDIDATES || !r->a.file || !r->b.file || !r->a.line || !r->b.line)
        return;
    for (int k = 0; k < ncand; k++)
        if (same_pair(cand[k].file, cand[k].line, r->a.file, r->a.line, r->b.file, r->b.line))
            return;
    cand[ncand].file[0] = rh_xstrdup(r->a.file), cand[ncand].line[0] = r->a.line;
    cand[ncand].file[1] = rh_xstrdup(r->b.file), cand[ncand].line[1] = r->b.line;
    ncand++;
}

/* Which pass of rh_dynamic_take_candidates takes r, -1 none: the static
 * engine's strongest candidates first (must-races, then the may-races the
 * report files as likely, report/tier.h), so the few directed runs go
 * where a race is most likely and the report most wants a confirmation. */
static int take_pass(const rh_race *r)
{
    if (r->evidence == RH_EV_MUST)
        return 0;
    if (r->evidence != RH_EV_MAY)
        return -1;
    return r->status == RH_ST_LIKELY ? 1 : 2;
}

void rh_dynamic_take_candidates(const rh_result *res)
{
    for (int pass = 0; pass < 3; pass++)
        for (int i = 0; i < res->nraces; i++)
            if (take_pass(&res->races[i]) == pass)
                take(&res->races[i]);
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

char *rh_dyn_target_spec(const rh_dyn_binary *bin, int k)
{
    return rh_dyn_pair_target(bin, cand[k].file, cand[k].line);
}

/* "1,2;7,9": the loc ids at side A's line, then side B's. */
char *rh_dyn_pair_target(const rh_dyn_binary *bin, char *const file[2], const unsigned line[2])
{
    size_t cap = 64, len = 0;
    char *s = rh_xcalloc(cap, 1);
    int found[2] = {0, 0};
    for (int side = 0; side < 2; side++) {
        for (int i = 1; i < bin->locs.len; i++) {
            const rh_dyn_loc *l = &bin->locs.items[i];
            if (l->line != line[side] || !l->file || strcmp(l->file, file[side]) != 0)
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

unsigned *rh_dyn_candidate_locs(const rh_dyn_binary *bin, int *n)
{
    *n = 0;
    unsigned *ids = rh_xcalloc((size_t)bin->locs.len + 1, sizeof *ids);
    for (int i = 1; i < bin->locs.len; i++) {
        const rh_dyn_loc *l = &bin->locs.items[i];
        for (int k = 0; l->file && k < ncand; k++)
            if ((l->line == cand[k].line[0] && strcmp(l->file, cand[k].file[0]) == 0) ||
                (l->line == cand[k].line[1] && strcmp(l->file, cand[k].file[1]) == 0)) {
                ids[(*n)++] = (unsigned)i;
                break;
            }
    }
    return ids;
}

int rh_dyn_candidate_met(int k, const rh_dyn_binary *bin, const rh_dyn_obs *o)
{
    return rh_dyn_obs_at(bin, o, cand[k].file, cand[k].line);
}

int rh_dyn_obs_at(const rh_dyn_binary *bin, const rh_dyn_obs *o, char *const file[2],
                  const unsigned line[2])
{
    const rh_dyn_locs *l = &bin->locs;
    if (o->loc[0] >= (unsigned)l->len || o->loc[1] >= (unsigned)l->len)
        return 0;
    const rh_dyn_loc *a = &l->items[o->loc[0]], *b = &l->items[o->loc[1]];
    return a->file && b->file && same_pair(file, line, a->file, a->line, b->file, b->line);
}
