/* pt_query.c - the questions the other analyses ask of a solved
 * points-to graph (points_to.h): which bytes of an object a pointer may
 * reach, which functions a call or a stored function pointer may invoke,
 * and how an object is named in reports.  Apart from points_to.c, which
 * builds the constraints, because these only read the solution.
 */
#include "points_to.h"
#include "pt_solve.h"
#include "util/util.h"

#include <stdlib.h>

int rh_pt_may_touch(rh_pt *pt, LLVMValueRef ptr, uint32_t o, int64_t lo, int64_t hi, uint64_t size)
{
    const rh_sset *pts = rh_pt_of(pt, ptr);
    for (uint32_t i = 0; i < pts->n; i++) {
        if (rh_pt_loc_obj(pts->v[i]) == o && rh_pt_bytes_meet(rh_pt_loc_off(pts->v[i]), size, lo, hi))
            return 1;
    }
    return 0;
}

/* Function targets of the pointers in set s (see rh_pt_fn_targets). */
static int fn_targets_of(rh_pt *pt, const rh_sset *s, int **out, int *unresolved)
{
    int n = 0;
    *out = rh_xmalloc((s->n + 1) * sizeof **out);
    *unresolved = 0;
    for (uint32_t i = 0; i < s->n; i++) {
        const rh_pt_object *o = &pt->objs[rh_pt_loc_obj(s->v[i])];
        if (o->kind != RH_PT_FUNC)
            continue;
        if (o->func >= 0)
            (*out)[n++] = o->func;
        else
            *unresolved = 1; /* an external function reached through a pointer */
    }
    if (n == 0)
        *unresolved = 1;
    return n;
}

int rh_pt_fn_targets(rh_pt *pt, LLVMValueRef fnptr, int **out, int *unresolved)
{
    return fn_targets_of(pt, rh_pt_of(pt, fnptr), out, unresolved);
}

/* Whether o is memory the analysis cannot see into: what an unknown
 * function returned (it may hold, or be, anything). */
static int opaque(const rh_pt *pt, uint32_t o)
{
    return pt->objs[o].kind == RH_PT_EXTERN && pt->objs[o].origin == RH_PT_ORIGIN_CALL;
}

int rh_pt_stored_fn_targets(rh_pt *pt, LLVMValueRef ptr, int **out, int *unresolved)
{
    const rh_sset *s = rh_pt_of(pt, ptr);
    rh_sset held = {0};
    int unknown = s->n == 0;
    for (uint32_t i = 0; i < s->n; i++) {
        uint32_t o = rh_pt_loc_obj(s->v[i]);
        int32_t from = rh_pt_loc_off(s->v[i]);
        uint64_t size = from == RH_PT_ANY || pt->objs[o].size > 4096 ? 0 : pt->objs[o].size;
        unknown |= opaque(pt, o);
        for (uint64_t off = 0; off <= size; off += 4) { /* every pointer slot, then any offset */
            long c = rh_pts_find_cell(&pt->s, rh_pt_loc(o, off < size ? (int32_t)off : RH_PT_ANY));
            if (c >= 0)
                rh_sset_union(&held, rh_pts_set(&pt->s, (int)c));
        }
        size_t nw;
        const rh_pts_window *w = rh_pts_windows(&pt->s, o, &nw);
        for (size_t k = 0; k < nw; k++) /* stored at an unknown index of an array */
            rh_sset_union(&held, rh_pts_set(&pt->s, w[k].node));
    }
    int n = fn_targets_of(pt, &held, out, unresolved);
    *unresolved = unknown;
    for (uint32_t i = 0; i < held.n; i++) {
        const rh_pt_object *o = &pt->objs[rh_pt_loc_obj(held.v[i])];
        *unresolved |= opaque(pt, rh_pt_loc_obj(held.v[i])) || (o->kind == RH_PT_FUNC && o->func < 0);
    }
    rh_sset_free(&held);
    return n;
}

int rh_pt_call_targets(rh_pt *pt, LLVMValueRef call, int **out, int *unresolved)
{
    LLVMValueRef callee = rh_model_called_function(call);
    *unresolved = 0;
    if (callee) {
        int ci = rh_pt_func_index(pt, callee);
        *out = rh_xmalloc(sizeof **out);
        **out = ci;
        return ci >= 0;
    }
    return rh_pt_fn_targets(pt, LLVMGetCalledValue(call), out, unresolved);
}

char *rh_pt_object_desc(rh_pt *pt, uint32_t obj)
{
    const rh_pt_object *o = &pt->objs[obj];
    size_t len = 0;
    const char *name = LLVMGetValueName2(o->site, &len);
    rh_srcloc l = {"?", 0, 0};
    if (o->kind == RH_PT_EXTERN && o->origin == RH_PT_ORIGIN_LIBVAR)
        return rh_xasprintf("the C library's storage behind '%s'", name);
    if (o->kind == RH_PT_EXTERN && o->origin == RH_PT_ORIGIN_TSD)
        return rh_xstrdup("the thread-specific values");
    if (o->kind == RH_PT_EXTERN && o->origin == RH_PT_ORIGIN_VARARGS)
        return rh_xasprintf("the variadic arguments of '%s'", name);
    if (o->kind == RH_PT_EXTERN && LLVMIsAArgument(o->site))
        return rh_xasprintf("the memory main's parameter '%s' points to", name);
    if (o->kind == RH_PT_HEAP || o->kind == RH_PT_EXTERN)
        l = rh_model_inst_loc(pt->p, o->site);
    switch (o->kind) {
    case RH_PT_GLOBAL:
        return rh_xasprintf("global '%s'", name);
    case RH_PT_LOCAL:
        return rh_xasprintf("local '%s' of %s", name, pt->p->funcs[o->func].name);
    case RH_PT_HEAP:
        return rh_xasprintf("heap object allocated at %s:%u:%u", l.file, l.line, l.col);
    case RH_PT_FUNC:
        return rh_xasprintf("function '%s'", name);
    case RH_PT_EXTERN:
        return rh_xasprintf("memory returned by the call at %s:%u:%u", l.file, l.line, l.col);
    }
    return rh_xstrdup("?");
}
