/* lockset_creation.c - what thread creation adds to the lockset results:
 * the creation lockset of each thread (locks its creator holds from the
 * create until the thread surely ended) and the order of pthread_once
 * routines, and the queries race_pairs asks of them.  Computed after a
 * run of the lockset dataflow (lockset.c), from its per-thread results;
 * apart from it because it reads finished results and never the IR.
 */
#include "lockset.h"

#include <stdlib.h>

/* Creation locksets: write-mode locks held at every creation and never
 * released while the thread may run.  Only real locks: not recursive ones
 * (an unlock may not release them), not atomic sections or once routines
 * (pseudo-locks no other thread acquires by a lock call).  A thread its
 * creator surely joins before ending lives within the creator's life, so
 * it inherits the creator's creation lockset. */
static void creation_lockset(rh_ls *ls, int t, unsigned char *done)
{
    if (done[t])
        return;
    done[t] = 1;
    const rh_sset *m = &ls->create_must[t];
    for (uint32_t i = 0; i < m->n; i++) {
        uint32_t id = (uint32_t)(m->v[i] / 2);
        if ((m->v[i] & 1) && id != RH_LS_ATOMIC && ls->lock_class[id] != RH_LOCK_NONE &&
            !rh_ls_maybe_recursive(ls, id) && !rh_sset_has(&ls->create_broken[t], id)) {
            rh_sset_add(&ls->creation[t], m->v[i]);
            rh_map_put(&ls->creation_holder[t], m->v[i], ls->tg->threads[t].parent);
        }
    }
    int parent = ls->tg->threads[t].parent;
    if (parent > 0 && ls->exit_done[parent] && !rh_sset_has(&ls->exit_active[parent], (uint64_t)t)) {
        creation_lockset(ls, parent, done);
        const rh_sset *pc = &ls->creation[parent];
        for (uint32_t i = 0; i < pc->n; i++)
            if (rh_sset_add(&ls->creation[t], pc->v[i]))
                rh_map_put(&ls->creation_holder[t], pc->v[i],
                              rh_map_get(&ls->creation_holder[parent], pc->v[i], -1));
    }
}

void rh_ls_creation_locksets(rh_ls *ls)
{
    unsigned char *done = rh_xcalloc((size_t)ls->tg->nthreads + 1, 1);
    for (int t = 1; t < ls->tg->nthreads; t++)
        creation_lockset(ls, t, done);
    free(done);
}

int rh_ls_creation_protects(const rh_ls *ls, const rh_sset *held, int t1, int t2)
{
    /* Exclusion needs t1 to really acquire the lock, so not while the
     * holder (an ancestor of t2) keeps it: ancestors get no exclusion.
     * Threads of unknown origin have no known ancestry. */
    if (t2 <= 0 || rh_tg_unknown_origin(ls->tg, t2) || rh_tg_ancestor(ls->tg, t1, t2))
        return 0;
    return rh_ls_protects(held, &ls->creation[t2]);
}

/* Whether `in` runs inside the routine of a once control `after`'s thread
 * has seen return. */
static int once_before(const rh_ls_per *in, const rh_ls_per *after)
{
    for (uint32_t i = 0; i < after->once_done.n; i++)
        if (rh_sset_has(&in->must, rh_ls_elem((uint32_t)after->once_done.v[i], 1)))
            return 1;
    return 0;
}

int rh_ls_once_orders(const rh_ls_per *a, const rh_ls_per *b)
{
    return once_before(a, b) || once_before(b, a);
}

/* A thread's creation lock m is held by its holder over the thread's
 * whole life; two different threads' critical sections on m never
 * overlap, so neither do the lives they contain. */
int rh_ls_creation_disjoint(const rh_ls *ls, int t1, int t2)
{
    if (t1 <= 0 || t2 <= 0 || t1 == t2 || rh_tg_unknown_origin(ls->tg, t1) ||
        rh_tg_unknown_origin(ls->tg, t2))
        return 0;
    const rh_sset *c1 = &ls->creation[t1];
    for (uint32_t i = 0; i < c1->n; i++) {
        long h1 = rh_map_get(&ls->creation_holder[t1], c1->v[i], -1);
        long h2 = rh_map_get(&ls->creation_holder[t2], c1->v[i], -1);
        if (h1 >= 0 && h2 >= 0 && h1 != h2) /* t2 has a holder only for its creation locks */
            return 1;
    }
    return 0;
}
