/* mhp.c - may-happen-in-parallel from the thread-creation graph and the
 * may-active sets the dataflow recorded (see mhp.h).
 */
#include "mhp.h"

/* Whether some thread on the creator chain from t up to (excluding) `top`
 * is in `active`, i.e. t or an ancestor of it below top may be running. */
static int chain_active(const rh_tg *g, int top, int t, const rh_sset *active)
{
    for (int x = t, n = 0; x > 0 && n <= g->nthreads; n++) {
        if (rh_sset_has(active, (uint64_t)x))
            return 1;
        if (g->threads[x].parent == top)
            return 0;
        x = g->threads[x].parent;
    }
    return 1; /* a broken chain: no ordering is known */
}

/* The child of `anc` on d's creator chain. */
static int child_toward(const rh_tg *g, int anc, int d)
{
    while (d > 0 && g->threads[d].parent != anc)
        d = g->threads[d].parent;
    return d;
}

int rh_mhp_may_parallel(const rh_tg *g, const rh_ls *ls, int a1, int t1, int a2, int t2)
{
    if (t1 == t2) /* a serial thread's instances run one after the other */
        return g->threads[t1].multi && !rh_sc_serial(ls, t1);
    if (rh_tg_unknown_origin(g, t1) || rh_tg_unknown_origin(g, t2)) /* parallel to anything */
        return 1;
    const rh_ls_per *p1 = rh_ls_per_thread(ls, a1, t1), *p2 = rh_ls_per_thread(ls, a2, t2);
    if (rh_tg_ancestor(g, t1, t2))
        return g->threads[t1].multi || chain_active(g, t1, t2, p1 ? &p1->active : &ls->acc[a1].active);
    if (rh_tg_ancestor(g, t2, t1))
        return g->threads[t2].multi || chain_active(g, t2, t1, p2 ? &p2->active : &ls->acc[a2].active);
    int l = t1;
    while (l > 0 && !rh_tg_ancestor(g, l, t2))
        l = g->threads[l].parent;
    if (g->threads[l].multi)
        return 1;
    int c1 = child_toward(g, l, t1), c2 = child_toward(g, l, t2);
    return chain_active(g, l, t1, &ls->create_active[c2]) ||
           chain_active(g, l, t2, &ls->create_active[c1]);
}

/* Whether the history h holds an acquisition of e's lock that waits for a
 * holder of e: one of the two sides in write mode. */
static int waits_for(const rh_sset *h, uint64_t e)
{
    uint64_t id = e / 2;
    return rh_sset_has(h, id * 2 + 1) || ((e & 1) && rh_sset_has(h, id * 2));
}

/* Whether the access of thread d with history `own` follows an
 * acquisition of e's lock made after thread x was created: by d itself,
 * or by a thread of the chain from x down to d before it created the
 * next one. */
static int acquired_since(const rh_tg *g, const rh_ls *ls, const rh_sset *own, int x, int d, uint64_t e)
{
    if (waits_for(own, e))
        return 1;
    for (int y = d, n = 0; y > 0 && y != x && n <= g->nthreads; y = g->threads[y].parent, n++)
        if (waits_for(&ls->create_history[y], e))
            return 1;
    return 0;
}

/* Whether pair (x << 32 | e) of the holder's held_since orders its access
 * before the access of thread d. */
static int pair_orders(const rh_tg *g, const rh_ls *ls, uint64_t pair, const rh_ls_per *pd, int d)
{
    int x = (int)(pair >> 32);
    uint64_t e = pair & 0xffffffffu;
    if (g->threads[x].multi || (d != x && !rh_tg_ancestor(g, x, d)) || rh_tg_unknown_origin(g, d))
        return 0;
    return acquired_since(g, ls, &pd->history, x, d, e);
}

/* Lock history (Goblint's descendant locksets): holder thread h holds lock
 * L without a break since it created the unique thread x, up to its access.
 * A descendant of x that acquired L before its access waited for h to
 * release L, so after h's access.  h's own held_since pairs count, and so
 * do those its creator held at h's creation when that creator keeps the
 * lock for h's whole life (h's creation lockset): h then runs inside it. */
static int held_orders(const rh_tg *g, const rh_ls *ls, const rh_ls_per *ph, int h, const rh_ls_per *pd, int d)
{
    for (uint32_t i = 0; i < ph->held_since.n; i++)
        if (pair_orders(g, ls, ph->held_since.v[i], pd, d))
            return 1;
    if (h <= 0 || rh_tg_unknown_origin(g, h))
        return 0;
    const rh_sset *cs = &ls->create_held_since[h];
    for (uint32_t i = 0; i < cs->n; i++) {
        uint64_t e = cs->v[i] & 0xffffffffu;
        if (rh_sset_has(&ls->creation[h], e) &&
            rh_map_get(&ls->creation_holder[h], e, -1) == g->threads[h].parent &&
            pair_orders(g, ls, cs->v[i], pd, d))
            return 1;
    }
    return 0;
}

int rh_mhp_lock_ordered(const rh_tg *g, const rh_ls *ls, const rh_ls_per *p1, int t1, const rh_ls_per *p2, int t2)
{
    return t1 != t2 && (held_orders(g, ls, p1, t1, p2, t2) || held_orders(g, ls, p2, t2, p1, t1));
}
