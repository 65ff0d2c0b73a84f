/* rt_valgrind.c - Valgrind client requests the front end could not turn
 * into calls (src/frontend/vg_requests.c: a request block it could not
 * read), decoded at run time with the same table
 * (model/annotations.c): a request a row knows is the operation of its
 * row; any other is a call the runtime does not model (rt_abi.h,
 * __rh_unmodelled).
 */
#include "rt.h"
#include "model/annotations.h"

#include <string.h>

static void *word(const uintptr_t *a, int param)
{
    return param >= 0 && param < 5 ? (void *)a[param + 1] : NULL;
}

/* req: the request block the assembly passes (code, then five words). */
void __rh_client_request(void *req, uint32_t loc)
{
    const uintptr_t *a = req;
    if (!a) {
        __rh_unmodelled(loc);
        return;
    }
    rh_annot_words w;
    for (int k = 0; k < 5; k++)
        w.vals[k] = a[k + 1], w.known[k] = 1;
    /* word 1 of _HG_CLIENTREQ_UNIMP is the annotation's name */
    w.str = a[0] == RH_VG_HG_CLIENTREQ_UNIMP && a[1] ? (const char *)a[1] : NULL;
    const rh_annot_vg_row *r = rh_annot_vg_find((unsigned)a[0], &w);
    if (!r || r->entry.op == RH_OP_PURE) {
        if (!r)
            __rh_unmodelled(loc);
        return;
    }
    const rh_conc_entry *e = &r->entry;
    void *obj = word(a, e->obj), *obj2 = word(a, e->obj2);
    uint64_t n = e->size >= 0 ? (uint64_t)(uintptr_t)word(a, e->size) : 0;
    if (e->op == RH_OP_BARRIER_WAIT) {
        __rh_barrier_wait(obj, loc);
        return;
    }
    __rh_sync_pre(e->op, e->flags, obj, obj2, n, loc);
    __rh_sync_post(e->op, e->flags, obj, obj2, 0, loc);
}
