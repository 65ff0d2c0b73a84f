/* sem_order.c - the order a signalling semaphore gives (see sem_order.h):
 * which semaphore objects start at 0, the wait/post transfer of the
 * lockset dataflow, and the ordering test of a pair of accesses.
 */
#include "sem_order.h"
#include "util/hashmap.h"

#include <stdlib.h>

struct rh_semord {
    rh_map start; /* object -> 1 every sem_init sets 0, 2 something else may set it */
    rh_sset free_posts; /* object << 32 | thread: a post by a thread that had not surely waited */
};

static int sem_arg(LLVMValueRef call, const rh_conc_entry *e, LLVMValueRef *v)
{
    if (e->obj < 0 || e->obj >= (int)LLVMGetNumArgOperands(call))
        return 0;
    *v = LLVMGetOperand(call, (unsigned)e->obj);
    return 1;
}

static void mark(rh_semord *so, const rh_sset *targets, long how)
{
    for (uint32_t i = 0; i < targets->n; i++) {
        uint64_t o = rh_pt_loc_obj(targets->v[i]);
        if (how == 2 || !rh_map_get(&so->start, o, 0))
            rh_map_put(&so->start, o, how);
    }
}

static int const_zero(LLVMValueRef v)
{
    return LLVMIsAConstantInt(v) && LLVMConstIntGetZExtValue(v) == 0;
}

/* Rule 3: semaphore objects whose every initialisation sets 0, not
 * shared between processes. */
rh_semord *rh_semord_find(rh_program *p, rh_pt *pt)
{
    rh_semord *so = rh_xcalloc(1, sizeof *so);
    for (int i = 0; i < p->nsyncs; i++) {
        const rh_conc_entry *e = p->syncs[i].entry;
        LLVMValueRef call = p->syncs[i].inst, sem;
        if (!e)
            continue;
        if (e->op == RH_OP_SEM_OPEN) { /* a named semaphore starts at any value */
            mark(so, rh_pt_of(pt, call), 2);
            continue;
        }
        if (e->op != RH_OP_SEM_INIT || !sem_arg(call, e, &sem))
            continue;
        /* a process-shared semaphore may be posted by another process */
        int zero = e->size >= 0 && e->size < (int)LLVMGetNumArgOperands(call) && e->obj + 1 < e->size &&
                   const_zero(LLVMGetOperand(call, (unsigned)e->obj + 1)) &&
                   const_zero(LLVMGetOperand(call, (unsigned)e->size));
        mark(so, rh_pt_of(pt, sem), zero ? 1 : 2);
    }
    return so;
}

void rh_semord_free(rh_semord *so)
{
    if (!so)
        return;
    rh_map_free(&so->start);
    rh_sset_free(&so->free_posts);
    free(so);
}

void rh_semord_reset(rh_semord *so)
{
    if (so)
        rh_sset_clear(&so->free_posts);
}

static void post(rh_semord *so, uint32_t o, int thread, rh_ls_state *s)
{
    rh_sset_add(&s->sem_posted, o);
    if (o == RH_SEMORD_ANY || !rh_sset_has(&s->sem_waited, o))
        rh_sset_add(&so->free_posts, (uint64_t)o << 32 | (uint32_t)thread);
}

void rh_semord_transfer(rh_semord *so, rh_pt *pt, LLVMValueRef call, const rh_conc_entry *e, int thread,
                        rh_ls_state *s)
{
    LLVMValueRef sem;
    if (!so || (e->op != RH_OP_SEM_WAIT && e->op != RH_OP_SEM_POST) || !sem_arg(call, e, &sem))
        return;
    const rh_sset *t = rh_pt_of(pt, sem);
    if (e->op == RH_OP_SEM_WAIT) { /* a try or timed wait may return without a token */
        int one = t->n > 0 && !(e->flags & (RH_F_TRY | RH_F_TIMED));
        for (uint32_t i = 1; i < t->n && one; i++)
            one = rh_pt_loc_obj(t->v[i]) == rh_pt_loc_obj(t->v[0]);
        if (one)
            rh_sset_add(&s->sem_waited, rh_pt_loc_obj(t->v[0]));
        return;
    }
    if (t->n == 0)
        post(so, RH_SEMORD_ANY, thread, s);
    for (uint32_t i = 0; i < t->n; i++)
        post(so, rh_pt_loc_obj(t->v[i]), thread, s);
}

void rh_semord_unknown(const rh_ls_state *entry, rh_ls_state *exit)
{
    rh_sset_copy(&exit->sem_waited, &entry->sem_waited); /* a wait that returned has returned */
    rh_sset_copy(&exit->sem_posted, &entry->sem_posted);
    rh_sset_add(&exit->sem_posted, RH_SEMORD_ANY);
}

int rh_semord_starts_zero(const rh_semord *so, uint32_t o)
{
    return so && rh_map_get(&so->start, o, 0) == 1;
}

/* Rule 4: every post on o (or on an unknown semaphore) by a thread that
 * had not waited on o is t2's. */
static int posts_only_by(const rh_semord *so, uint32_t o, int t2)
{
    for (uint32_t i = 0; i < so->free_posts.n; i++) {
        uint64_t v = so->free_posts.v[i];
        uint32_t obj = (uint32_t)(v >> 32);
        if ((obj == o || obj == RH_SEMORD_ANY) && (int)(uint32_t)v != t2)
            return 0;
    }
    return 1;
}

int rh_semord_orders(const rh_semord *so, const rh_tg *tg, const rh_ls_per *px, int t1, const rh_ls_per *py,
                     int t2)
{
    if (!so || t1 == t2 || t2 < 0 || t2 >= tg->nthreads || tg->threads[t2].multi || !px->sem_waited.n ||
        rh_sset_has(&py->sem_posted, RH_SEMORD_ANY))
        return 0;
    for (uint32_t i = 0; i < px->sem_waited.n; i++) {
        uint32_t o = (uint32_t)px->sem_waited.v[i];
        if (o != RH_SEMORD_ANY && rh_map_get(&so->start, o, 0) == 1 && !rh_sset_has(&py->sem_posted, o) &&
            posts_only_by(so, o, t2))
            return 1;
    }
    return 0;
}
