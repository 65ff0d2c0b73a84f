/* escape.c - which abstract objects other threads may reach (see escape.h). */
#include "escape.h"

#include <stdlib.h>

static void mark_set(rh_pt *pt, unsigned char *shared, const rh_sset *s, uint32_t *work, int *nw)
{
    for (uint32_t i = 0; i < s->n; i++) {
        uint32_t o = rh_pt_loc_obj(s->v[i]);
        if (!shared[o] && pt->objs[o].kind != RH_PT_FUNC) {
            shared[o] = 1;
            work[(*nw)++] = o;
        }
    }
}

unsigned char *rh_escape_shared(rh_pt *pt, const rh_tg *g)
{
    int n = pt->nobjs;
    unsigned char *shared = rh_xcalloc((size_t)n + 1, 1);
    uint32_t *work = rh_xmalloc(((size_t)n + 1) * sizeof *work);
    int nw = 0;
    for (int o = 0; o < n; o++) {
        rh_pt_kind k = pt->objs[o].kind;
        /* a variadic function's arguments live in its caller's frame, like
         * its other parameters: shared only once reachable from shared memory */
        if ((k == RH_PT_GLOBAL || (k == RH_PT_EXTERN && pt->objs[o].origin != RH_PT_ORIGIN_VARARGS)) &&
            !pt->objs[o].thread_local_)
            shared[o] = 1, work[nw++] = (uint32_t)o;
    }
    for (int t = 1; t < g->nthreads; t++) {
        LLVMValueRef call = g->threads[t].create;
        const rh_conc_entry *e = rh_model_call_entry(g->p, call);
        if (e && e->obj2 >= 0 && e->obj2 < (int)LLVMGetNumArgOperands(call))
            mark_set(pt, shared, rh_pt_of(pt, LLVMGetOperand(call, (unsigned)e->obj2)), work, &nw);
        for (unsigned k = 0; g->threads[t].async && k < LLVMGetNumArgOperands(call); k++)
            mark_set(pt, shared, rh_pt_of(pt, LLVMGetOperand(call, k)), work, &nw); /* on_exit's argument */
    }
    while (nw) {
        uint32_t o = work[--nw];
        const rh_sset *cells = rh_pt_cells(pt, o);
        for (uint32_t k = 0; k < cells->n; k++)
            mark_set(pt, shared, rh_pt_node_set(pt, (int)(uint32_t)cells->v[k]), work, &nw);
    }
    free(work);
    return shared;
}
