/* group.c - gathering a result's races per memory location, ranking the
 * locations, and the one-line reason of a location not confirmed (see
 * group.h for the order and why).
 */
#include "group.h"
#include "util/util.h"

#include <ctype.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>

/* qsort has no context argument: the result being grouped. */
static const rh_result *sort_res;

static int str_cmp(const char *x, const char *y)
{
    return strcmp(x ? x : "", y ? y : "");
}

/* How much of an object's name is its identity: engines describe one
 * object in more or fewer words (a run names the field and the allocation's
 * callers, "heap object allocated at a.c:9:3 in xmalloc, called from ...,
 * field 'len'"; the static engine "heap object allocated at a.c:9:3"), and
 * the bytes tell fields apart. */
/* The length of the site "FILE:LINE[:COL]" that opens s, 0 when s opens
 * with none: the site ends at its numbers, not at the first " in ", which
 * a file's path may contain. */
static size_t site_end(const char *s)
{
    for (const char *c = strchr(s, ':'); c; c = strchr(c + 1, ':')) {
        const char *e = c;
        int nums = 0;
        for (; nums < 2 && e[0] == ':' && isdigit((unsigned char)e[1]); nums++)
            for (e++; isdigit((unsigned char)*e); e++)
                ;
        if (nums && (*e == '\0' || *e == ' ' || *e == ','))
            return (size_t)(e - s);
    }
    return 0;
}

static size_t object_key(const char *o)
{
    size_t n = strlen(o);
    const char *field = strstr(o, ", field '");
    if (field)
        n = (size_t)(field - o);
    const char *site = strncmp(o, "heap object allocated at ", 25) == 0 ? o + 25 : NULL;
    size_t end = site ? site_end(site) : 0;
    if (end && (size_t)(site + end - o) < n)
        n = (size_t)(site + end - o);
    return n;
}

static int object_name_cmp(const char *x, const char *y)
{
    x = x ? x : "", y = y ? y : "";
    size_t nx = object_key(x), ny = object_key(y);
    int c = strncmp(x, y, nx < ny ? nx : ny);
    return c ? c : nx < ny ? -1 : nx > ny;
}

/* The same object of the same program. */
static int object_cmp(const rh_race *r, const rh_race *s)
{
    int c = str_cmp(r->program, s->program);
    return c ? c : object_name_cmp(r->object, s->object);
}

static int same_location(const rh_group *g, const rh_race *r)
{
    return str_cmp(g->program, r->program) == 0 && object_name_cmp(g->object, r->object) == 0 &&
           g->offset_lo == r->offset_lo && g->offset_hi == r->offset_hi;
}

static int unprotected_write(const rh_race_access *a)
{
    return a->is_write && !a->nlocks && !a->atomic;
}

static int race_tier(const rh_race *r)
{
    int unprot = unprotected_write(&r->a) || unprotected_write(&r->b);
    return 2 * unprot + (r->a.thread != r->b.thread);
}

static int access_cmp(const rh_race_access *x, const rh_race_access *y)
{
    int c = str_cmp(x->file, y->file);
    if (c)
        return c;
    if (x->line != y->line)
        return x->line < y->line ? -1 : 1;
    if (x->col != y->col)
        return x->col < y->col ? -1 : 1;
    if (x->is_write != y->is_write)
        return y->is_write - x->is_write;
    if (x->thread != y->thread)
        return x->thread < y->thread ? -1 : 1;
    return str_cmp(x->func, y->func);
}

static int access_ptr_cmp(const void *x, const void *y)
{
    return access_cmp(*(const rh_race_access *const *)x, *(const rh_race_access *const *)y);
}

/* Higher status, stronger evidence, then higher tier, then source position. */
static int race_cmp(const void *x, const void *y)
{
    const rh_race *r = &sort_res->races[*(const int *)x], *s = &sort_res->races[*(const int *)y];
    if (r->status != s->status)
        return r->status > s->status ? -1 : 1;
    if (r->evidence != s->evidence)
        return r->evidence > s->evidence ? -1 : 1;
    if (race_tier(r) != race_tier(s))
        return race_tier(r) > race_tier(s) ? -1 : 1;
    /* the example is what a reader replays: a witness, the shortest */
    int wr = r->witness ? r->witness->nsteps : INT_MAX, ws = s->witness ? s->witness->nsteps : INT_MAX;
    if (wr != ws)
        return wr < ws ? -1 : 1;
    int c = access_cmp(&r->a, &s->a);
    return c ? c : access_cmp(&r->b, &s->b);
}

static int group_cmp(const void *x, const void *y)
{
    const rh_group *g = x, *h = y;
    if (g->status != h->status)
        return g->status > h->status ? -1 : 1;
    if (!g->ordered_by != !h->ordered_by) /* the race that orders it comes first */
        return g->ordered_by ? 1 : -1;
    if (g->best != h->best)
        return g->best > h->best ? -1 : 1;
    if (g->tier != h->tier)
        return h->tier - g->tier;
    if (g->nthreads != h->nthreads)
        return h->nthreads - g->nthreads;
    if (g->nraces != h->nraces)
        return h->nraces - g->nraces;
    int c = access_cmp(g->accesses[0], h->accesses[0]);
    return c ? c : str_cmp(g->object, h->object);
}

static int cstr_cmp(const void *x, const void *y)
{
    return strcmp(*(const char *const *)x, *(const char *const *)y);
}

/* Sorts v[0..n) and drops repeats; returns the new length. */
static int unique(const void **v, int n, int (*cmp)(const void *, const void *))
{
    if (n == 0)
        return 0;
    qsort(v, (size_t)n, sizeof *v, cmp);
    int k = 1;
    for (int i = 1; i < n; i++)
        if (cmp(&v[i], &v[k - 1]))
            v[k++] = v[i];
    return k;
}

const char *rh_group_thread_name(const rh_race_access *a, char *buf, size_t size)
{
    if (!a->thread_desc) {
        snprintf(buf, size, "%s", a->thread == 0 ? "main thread" : "another thread");
        return buf;
    }
    const char *cut = strstr(a->thread_desc, " created "); /* "... created at/by ..." */
    int n = cut ? (int)(cut - a->thread_desc) : (int)strlen(a->thread_desc);
    snprintf(buf, size, "%.*s", n, a->thread_desc);
    return buf;
}

/* Whether thread description d says less than another of the list: the
 * static engine's "main thread" beside a run's "main thread T0", or its
 * "thread T1 (f) created at SITE, ..." (every thread started there) beside
 * a run's "thread T2 created by T0 at SITE ..." (one that was). */
static int subsumed(const char *d, const char *const *all, int n)
{
    const char *site = strstr(d, ") created at ");
    size_t len = site ? strcspn(site + 13, ",") : 0;
    for (int i = 0; i < n; i++) {
        const char *o = all[i];
        if (strcmp(d, "main thread") == 0 && strncmp(o, "main thread T", 13) == 0)
            return 1;
        const char *at = site && strstr(o, " created by T") ? strstr(o, " at ") : NULL;
        if (at && strncmp(at + 4, site + 13, len) == 0 && (at[4 + len] == '\0' || at[4 + len] == ' '))
            return 1;
    }
    return 0;
}

/* The accesses, threads and locks of a group, each listed once. */
static void collect(rh_group *g, const rh_result *res)
{
    g->accesses = rh_xcalloc((size_t)g->nraces * 2, sizeof *g->accesses);
    g->threads = rh_xcalloc((size_t)g->nraces * 2, sizeof *g->threads);
    int nlocks = 0;
    for (int i = 0; i < g->nraces; i++) {
        const rh_race *r = &res->races[g->races[i]];
        nlocks += r->a.nlocks + r->b.nlocks;
    }
    g->locks = rh_xcalloc((size_t)nlocks + 1, sizeof *g->locks);
    for (int i = 0; i < g->nraces; i++) {
        const rh_race *r = &res->races[g->races[i]];
        const rh_race_access *ab[2] = {&r->a, &r->b};
        for (int k = 0; k < 2; k++) {
            g->accesses[g->naccesses++] = ab[k];
            g->threads[g->nthreads++] = ab[k]->thread_desc ? ab[k]->thread_desc
                                        : ab[k]->thread == 0 ? "main thread" : "another thread";
            for (int l = 0; l < ab[k]->nlocks; l++)
                g->locks[g->nlocks++] = ab[k]->locks[l];
        }
    }
    g->naccesses = unique((const void **)g->accesses, g->naccesses, access_ptr_cmp);
    g->nthreads = unique((const void **)g->threads, g->nthreads, cstr_cmp);
    int kept = 0;
    for (int i = 0; i < g->nthreads; i++)
        if (!subsumed(g->threads[i], g->threads, g->nthreads))
            g->threads[kept++] = g->threads[i];
    g->nthreads = kept;
    g->nlocks = unique((const void **)g->locks, g->nlocks, cstr_cmp);
}

/* How the example pair stands towards locks, for the reason line. */
static char *lock_phrase(const rh_race *r)
{
    const char *same = r->a.thread == r->b.thread ? " (two instances of one thread)" : "";
    if (!r->a.nlocks && !r->b.nlocks)
        return rh_xasprintf("neither access holds a lock%s", same);
    const rh_race_access *bare = !r->a.nlocks ? &r->a : !r->b.nlocks ? &r->b : NULL;
    if (bare)
        return rh_xasprintf("the %s at line %u holds no lock%s", bare->is_write ? "write" : "read",
                            bare->line, same);
    return rh_xasprintf("the accesses hold different locks%s", same);
}

/* The example race's own reason (result/tier.c), and how it stands
 * towards locks. */
static char *reason(const rh_group *g, const rh_result *res)
{
    const rh_race *r = &res->races[g->races[0]];
    if (g->status == RH_ST_CONFIRMED)
        return NULL;
    char *locks = lock_phrase(r);
    char *s = rh_xasprintf("%s; %s", r->status_why ? r->status_why : "no execution showed it", locks);
    free(locks);
    return s;
}

static rh_group *new_group(rh_groups *gs, const rh_race *r)
{
    gs->items = rh_xrealloc(gs->items, (size_t)(gs->n + 1) * sizeof *gs->items);
    rh_group *g = memset(&gs->items[gs->n++], 0, sizeof *g);
    g->program = r->program;
    g->object = r->object;
    g->offset_lo = r->offset_lo;
    g->offset_hi = r->offset_hi;
    g->best = r->evidence;
    g->status = r->status;
    return g;
}

static void add_race(rh_groups *gs, rh_group *g, int race)
{
    g->races = rh_xrealloc(g->races, (size_t)(g->nraces + 1) * sizeof *g->races);
    g->races[g->nraces++] = race;
    gs->nraces++;
}

/* Object, then known byte ranges before unknown ones, then the range. */
static int location_cmp(const void *x, const void *y)
{
    const rh_race *r = &sort_res->races[*(const int *)x], *s = &sort_res->races[*(const int *)y];
    int c = object_cmp(r, s);
    if (c)
        return c;
    if ((r->offset_lo < 0) != (s->offset_lo < 0))
        return r->offset_lo < 0 ? 1 : -1;
    if (r->offset_lo != s->offset_lo)
        return r->offset_lo < s->offset_lo ? -1 : 1;
    if (r->offset_hi != s->offset_hi)
        return r->offset_hi < s->offset_hi ? -1 : 1;
    return *(const int *)x - *(const int *)y;
}

/* The races of one object, v[0..n) in location order, into groups.  A
 * race whose byte range is unknown (engines merged in the portfolio do not
 * all know it) joins the object's group when the object has exactly one;
 * otherwise they form one more location, "the object, bytes unknown". */
static void group_object(rh_groups *gs, const int *v, int n)
{
    int first = gs->n;
    rh_group *g = NULL;
    for (int i = 0; i < n; i++) {
        const rh_race *r = &sort_res->races[v[i]];
        if (r->offset_lo >= 0) {
            if (!g || !same_location(g, r))
                g = new_group(gs, r);
        } else if (!g || g->offset_lo >= 0) { /* the first race of unknown range */
            g = gs->n - first == 1 ? &gs->items[first] : new_group(gs, r);
        }
        add_race(gs, g, v[i]);
    }
}

static void finish(rh_group *g, const rh_result *res)
{
    sort_res = res;
    qsort(g->races, (size_t)g->nraces, sizeof *g->races, race_cmp);
    collect(g, res);
    for (int i = 0; i < g->nraces; i++) {
        const rh_race *r = &res->races[g->races[i]];
        if (r->evidence > g->best)
            g->best = r->evidence;
        if (r->status > g->status)
            g->status = r->status;
        if (race_tier(r) > g->tier)
            g->tier = race_tier(r);
        if (r->fingerprint && (!g->fingerprint || strcmp(r->fingerprint, g->fingerprint) < 0))
            g->fingerprint = r->fingerprint;
        if (r->object && strlen(r->object) > strlen(g->object ? g->object : ""))
            g->object = r->object; /* the engine that says most names it */
    }
    g->reason = reason(g, res);
    g->ordered_by = res->races[g->races[0]].ordered_by;
    for (int i = 1; i < g->nraces && g->ordered_by; i++)
        if (!res->races[g->races[i]].ordered_by)
            g->ordered_by = NULL;
}

void rh_groups_build(rh_groups *gs, const rh_result *res, int with_may)
{
    memset(gs, 0, sizeof *gs);
    gs->group_of = rh_xmalloc((size_t)(res->nraces + 1) * sizeof *gs->group_of);
    sort_res = res;
    int *v = rh_xmalloc((size_t)(res->nraces + 1) * sizeof *v), n = 0;
    for (int i = 0; i < res->nraces; i++) {
        gs->group_of[i] = -1;
        if (rh_race_reported(&res->races[i], with_may))
            v[n++] = i;
    }
    if (n)
        qsort(v, (size_t)n, sizeof *v, location_cmp);
    for (int i = 0, k; i < n; i = k) {
        for (k = i + 1; k < n && object_cmp(&res->races[v[k]], &res->races[v[i]]) == 0;)
            k++;
        group_object(gs, v + i, k - i);
    }
    free(v);
    for (int i = 0; i < gs->n; i++)
        finish(&gs->items[i], res);
    if (gs->n) /* qsort wants a non-null base even for no items */
        qsort(gs->items, (size_t)gs->n, sizeof *gs->items, group_cmp);
    for (int i = 0; i < gs->n; i++) {
        gs->confirmed += gs->items[i].status == RH_ST_CONFIRMED;
        gs->likely += gs->items[i].status == RH_ST_LIKELY;
        for (int k = 0; k < gs->items[i].nraces; k++)
            gs->group_of[gs->items[i].races[k]] = i;
    }
}

void rh_groups_free(rh_groups *gs)
{
    for (int i = 0; i < gs->n; i++) {
        rh_group *g = &gs->items[i];
        free(g->races);
        free(g->accesses);
        free(g->threads);
        free(g->locks);
        free(g->reason);
    }
    free(gs->items);
    free(gs->group_of);
    memset(gs, 0, sizeof *gs);
}

const char *rh_group_status(const rh_group *g)
{
    return rh_status_name(g->status);
}

/* Whether a folded location has since got a race above possible: it is
 * counted with that race's location, not among the possible ones. */
static int folded_superseded(const rh_groups *all, const struct rh_folded *f)
{
    rh_race key = {.program = f->program, .object = f->object, .offset_lo = f->offset_lo,
                   .offset_hi = f->offset_hi};
    for (int i = 0; i < all->n; i++)
        if (all->items[i].status > RH_ST_POSSIBLE && same_location(&all->items[i], &key))
            return 1;
    return 0;
}

void rh_groups_count_possible(const rh_result *res, int with_may, int *races, int *locations)
{
    *races = res->possible_unlisted; /* read from a report */
    *locations = res->possible_unlisted_locations;
    rh_groups all;
    rh_groups_build(&all, res, 1);
    for (int i = 0; i < res->nfolded; i++)
        if (!folded_superseded(&all, &res->folded[i]))
            (*locations)++, *races += res->folded[i].nraces;
    for (int i = 0; i < all.n && !with_may; i++) /* with --may the rest are listed */
        if (all.items[i].status == RH_ST_POSSIBLE)
            (*locations)++, *races += all.items[i].nraces;
    rh_groups_free(&all);
}

void rh_groups_fold_possible(rh_result *res, int keep)
{
    rh_groups gs;
    rh_groups_build(&gs, res, 1);
    unsigned char *drop = rh_xcalloc((size_t)res->nraces + 1, 1);
    int kept = 0;
    for (int i = 0; i < gs.n; i++) {
        const rh_group *g = &gs.items[i];
        if (g->status != RH_ST_POSSIBLE)
            continue;
        if (kept < keep) {
            kept += g->nraces;
            continue;
        }
        rh_result_add_folded(res, g->program, g->object, g->offset_lo, g->offset_hi, g->nraces);
        for (int k = 0; k < g->nraces; k++)
            drop[g->races[k]] = 1;
    }
    rh_groups_free(&gs);
    int n = 0;
    for (int i = 0; i < res->nraces; i++) {
        if (drop[i])
            rh_race_free(&res->races[i]);
        else
            res->races[n++] = res->races[i];
    }
    res->nraces = n;
    free(drop);
}

int rh_groups_witness_of(const rh_groups *gs, const rh_result *res)
{
    for (int i = 0; i < gs->n; i++)
        for (int k = 0; k < gs->items[i].nraces; k++)
            if (res->races[gs->items[i].races[k]].witness)
                return gs->items[i].races[k];
    return -1;
}

int rh_groups_first_witness(const rh_result *res, int with_may)
{
    rh_groups gs;
    rh_groups_build(&gs, res, with_may);
    int found = rh_groups_witness_of(&gs, res);
    rh_groups_free(&gs);
    return found;
}
