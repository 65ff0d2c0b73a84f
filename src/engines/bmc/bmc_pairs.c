/* bmc_pairs.c - which watched accesses of the bounded program can be one
 * side of a race at all, so the race monitor (bmc_sched.c) offers the
 * solver only those.
 *
 * Every watched range the monitor may choose multiplies the choices the
 * solver weighs in every context of every round; a range no other thread's
 * range can meet only costs.  A range needs a partner: a watched range of
 * another thread instance, not both atomic, one of them a write, whose
 * objects (bmc_region.h) meet its own.  Objects are over-approximated, and
 * two addresses in no object can only meet each other (the "no object"
 * region counts as one object), so a range without a partner races with
 * nothing in any execution of the bounded program.  Main's accesses before
 * its first thread creation run while no other thread exists (positions
 * run in their order, and a thread only once created), so they have no
 * partner either.
 */
#include "bmc.h"
#include "bmc_region.h"

#include <stdlib.h>
#include <string.h>

/* Pairwise comparisons beyond which every range is kept (the check would
 * cost more than the choices it removes). */
#define MAX_RANGES 6000

typedef struct range {
    int t, i, second;
    int write, atomic;
    uint64_t *objs; /* bitset over c->nobjs + 1 (the last: no object) */
} range;

static int watched(rh_bmc_ctx *c, const rh_bmc_pos *p)
{
    return (p->flags & RH_BMC_PF_RACE) && !(p->flags & RH_BMC_PF_SECTION) && !rh_bmc_is_false(c, p->guard);
}

/* The index of main's first thread creation (its npos when none). */
static int first_create(rh_bmc_ctx *c)
{
    rh_bmc_thread *m = &c->threads[0];
    for (int i = 0; i < m->npos; i++)
        if (m->pos[i].kind == RH_BMC_P_CREATE && !rh_bmc_is_false(c, m->pos[i].guard))
            return i;
    return m->npos;
}

static void fill_objs(rh_bmc_ctx *c, Z3_ast addr, uint64_t *set, int *scratch)
{
    int n;
    rh_bmc_objset(c, c->regions, addr, scratch, &n);
    if (n == 0)
        scratch[n++] = c->nobjs;
    for (int k = 0; k < n; k++)
        set[scratch[k] / 64] |= 1ull << (scratch[k] % 64);
}

static int meet(const range *a, const range *b, unsigned words)
{
    if (a->t == b->t || (a->atomic && b->atomic) || !(a->write || b->write))
        return 0;
    for (unsigned w = 0; w < words; w++)
        if (a->objs[w] & b->objs[w])
            return 1;
    return 0;
}

/* Collects the watched ranges main's early accesses aside; NULL (and *n
 * the count) when there are too many to compare. */
static range *collect(rh_bmc_ctx *c, int *n, unsigned words, uint64_t **bits)
{
    int cap = 0, early = first_create(c);
    for (int t = 0; t < c->nthreads; t++)
        for (int i = 0; i < c->threads[t].npos; i++)
            if (watched(c, &c->threads[t].pos[i]))
                cap += (c->threads[t].pos[i].flags & RH_BMC_PF_READ2) ? 2 : 1;
    *n = 0;
    if (cap > MAX_RANGES)
        return NULL;
    range *r = rh_xcalloc((size_t)cap + 1, sizeof *r);
    *bits = rh_xcalloc((size_t)(cap + 1) * words, sizeof **bits);
    int *scratch = rh_xmalloc(((size_t)c->nobjs + 1) * sizeof *scratch);
    for (int t = 0; t < c->nthreads; t++)
        for (int i = 0; i < c->threads[t].npos; i++) {
            rh_bmc_pos *p = &c->threads[t].pos[i];
            if (!watched(c, p) || (t == 0 && i < early))
                continue;
            for (int second = 0; second <= ((p->flags & RH_BMC_PF_READ2) ? 1 : 0); second++) {
                range *d = &r[(*n)++];
                d->t = t, d->i = i, d->second = second;
                d->write = second ? 0 : p->kind != RH_BMC_P_LOAD;
                d->atomic = (p->flags & RH_BMC_PF_ATOMIC) != 0;
                d->objs = *bits + (size_t)(*n - 1) * words;
                fill_objs(c, second ? p->addr2 : p->addr, d->objs, scratch);
            }
        }
    free(scratch);
    return r;
}

unsigned char **rh_bmc_partnered(rh_bmc_ctx *c)
{
    unsigned char **keep = rh_xcalloc((size_t)c->nthreads, sizeof *keep);
    for (int t = 0; t < c->nthreads; t++)
        keep[t] = rh_xcalloc((size_t)c->threads[t].npos + 1, 1);
    unsigned words = (unsigned)(c->nobjs + 1 + 63) / 64;
    uint64_t *bits = NULL;
    int n;
    range *r = collect(c, &n, words, &bits);
    if (!r) {
        for (int t = 0; t < c->nthreads; t++)
            memset(keep[t], 3, (size_t)c->threads[t].npos);
        return keep;
    }
    for (int a = 0; a < n; a++) {
        if (keep[r[a].t][r[a].i] & (1u << r[a].second))
            continue;
        for (int b = 0; b < n; b++)
            if (b != a && meet(&r[a], &r[b], words)) {
                keep[r[a].t][r[a].i] |= (unsigned char)(1u << r[a].second);
                keep[r[b].t][r[b].i] |= (unsigned char)(1u << r[b].second);
                break;
            }
    }
    free(r);
    free(bits);
    return keep;
}

void rh_bmc_partnered_free(rh_bmc_ctx *c, unsigned char **keep)
{
    for (int t = 0; keep && t < c->nthreads; t++)
        free(keep[t]);
    free(keep);
}
