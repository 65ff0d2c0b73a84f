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
    if (t1 == t2)
        return g->threads[t1].multi;
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
