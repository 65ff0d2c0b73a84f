/* arg_fields.c - per-instance values of the fields of a thread's argument
 * struct, and the disjointness of two instances' accesses they give (see
 * arg_fields.h).
 */
#include "arg_fields.h"
#include "int_values.h"
#include "loc_model.h"
#include "loops.h"
#include "own_index.h"

#include <stdlib.h>

#define MAX_INSTANCES 32 /* iterations of the create loop listed one by one */
#define MAX_FIELDS 16 /* fields looked at per thread; beyond them, unknown (each look scans every access) */
#define MAX_TRIES 32   /* accesses looked at per thread to find its create loop */

typedef struct af_field {
    int64_t off;
    uint64_t size;
    LLVMValueRef value; /* the expression of the loop counter stored in it, or NULL: unknown */
} af_field;

typedef struct af_thread {
    int tries;           /* accesses looked at so far without finding the create loop */
    LLVMValueRef iv;     /* the create loop's counter (from the first field found) */
    int64_t start, end;  /* its iterations, one instance each */
    af_field field[MAX_FIELDS];
    int nfields;
} af_thread;

struct rh_arg_fields {
    af_thread *t;
};

void rh_arg_fields_free(rh_static *s)
{
    if (s->arg_fields)
        free(s->arg_fields->t);
    free(s->arg_fields);
    s->arg_fields = NULL;
}

static af_thread *af_of(rh_static *s, int t)
{
    if (!s->arg_fields) {
        s->arg_fields = rh_xcalloc(1, sizeof *s->arg_fields);
        s->arg_fields->t = rh_xcalloc((size_t)s->tg.nthreads + 1, sizeof *s->arg_fields->t);
    }
    return &s->arg_fields->t[t];
}

/* The counter of a counted loop with constant bounds inside the integer
 * expression v (casts and arithmetic looked through), when there is one
 * such counter; NULL otherwise. */
static LLVMValueRef counter_in(rh_static *s, LLVMValueRef v, int depth)
{
    rh_counted_loop l;
    if (depth > 8 || !LLVMIsAInstruction(v) || LLVMIsALoadInst(v) || LLVMIsACallInst(v))
        return NULL;
    if (LLVMIsAPHINode(v))
        return rh_loop_of_index(&s->cfg, v, &l) && !l.end_value ? v : NULL;
    LLVMValueRef found = NULL;
    for (int i = 0; i < LLVMGetNumOperands(v); i++) {
        LLVMValueRef c = counter_in(s, LLVMGetOperand(v, (unsigned)i), depth + 1);
        if (c && found && c != found)
            return NULL;
        found = c ? c : found;
    }
    return found;
}

static LLVMValueRef index_of(rh_static *s, LLVMValueRef v)
{
    return counter_in(s, v, 0);
}

/* Field [off, off + size) of thread t's argument: what its one write
 * stored, as an expression of the create loop's counter (each instance its
 * own iteration), or NULL. */
static LLVMValueRef field_value(rh_static *s, int t, int64_t off, uint64_t size)
{
    af_thread *a = af_of(s, t);
    for (int i = 0; i < a->nfields; i++)
        if (a->field[i].off == off && a->field[i].size == size)
            return a->field[i].value;
    if (a->nfields == MAX_FIELDS)
        return NULL;
    int distinct = 0;
    LLVMValueRef w = rh_own_field_store(s, t, off, size, index_of, &distinct), iv = NULL, val = NULL;
    rh_counted_loop l;
    if (w && distinct && (iv = index_of(s, LLVMGetOperand(w, 0))) && rh_loop_of_index(&s->cfg, iv, &l) &&
        !l.end_value && l.iv == iv && l.end - l.start <= MAX_INSTANCES && (!a->iv || a->iv == iv)) {
        a->iv = iv, a->start = l.start, a->end = l.end;
        val = LLVMGetOperand(w, 0);
    }
    a->field[a->nfields++] = (af_field){off, size, val};
    return val;
}

/* The hook int_values calls for a load: an integer field of the thread's
 * argument in its start routine, at instance k. */
typedef struct af_ctx {
    rh_static *s;
    int t;
    LLVMValueRef param;
    int64_t k;
} af_ctx;

static int load_hook(const rh_iv_env *env, LLVMValueRef ld, rh_ival *out)
{
    const af_ctx *c = env->ctx;
    LLVMTypeRef ty = LLVMTypeOf(ld);
    int64_t off;
    if (LLVMGetTypeKind(ty) != LLVMIntegerTypeKind || LLVMGetIntTypeWidth(ty) % 8 ||
        rh_loc_base_offset(c->s, LLVMGetOperand(ld, 0), &off) != c->param)
        return 0;
    LLVMValueRef v = field_value(c->s, c->t, off, LLVMGetIntTypeWidth(ty) / 8);
    af_thread *a = af_of(c->s, c->t);
    if (!v || LLVMTypeOf(v) != ty)
        return 0;
    rh_iv_env at_k = {env->cfg, {a->iv}, {c->k}, 1, NULL, 0, NULL, NULL, NULL};
    rh_iv_eval(&at_k, v, out);
    return 1;
}

/* What instance k of thread t does at access ac: whether a guard keeps it
 * from running, and where it goes. */
typedef struct af_view {
    int excluded, placed;
    LLVMValueRef root;
    rh_ival at;
} af_view;

static void view(rh_static *s, int t, const rh_access *ac, int64_t k, af_view *out)
{
    af_ctx c = {s, t, LLVMGetParam(s->p->funcs[ac->func].fn, 0), k};
    rh_iv_env env = {&s->cfg, {NULL}, {0}, 0, NULL, 0, ac->inst, load_hook, &c};
    out->excluded = rh_iv_guard_excludes(&env, ac->inst);
    out->placed = rh_iv_address(&env, s->p->td, ac->ptr, &out->root, &out->at);
}

/* Whether access a runs in thread t's start routine, a routine only this
 * thread runs once per instance, with a parameter to read fields from. */
static int listed(rh_static *s, int a, int t)
{
    const rh_access *ac = &s->p->accesses[a];
    const rh_tg_thread *th = &s->tg.threads[t];
    if (t == 0 || th->parent < 0 || ac->func != th->func || !th->once[th->func] || th->async ||
        LLVMCountParams(s->p->funcs[th->func].fn) < 1)
        return 0;
    af_view v;
    af_thread *x = af_of(s, t);
    if (!x->iv && x->tries < MAX_TRIES) {
        x->tries++;
        view(s, t, ac, 0, &v); /* reads the access's fields, which finds the create loop */
    }
    return x->iv != NULL;
}

/* Both roots denote one object at one known offset. */
static int same_root(rh_static *s, LLVMValueRef r1, LLVMValueRef r2)
{
    const rh_sset *b1 = rh_pt_of(&s->pt, r1), *b2 = rh_pt_of(&s->pt, r2);
    return rh_sset_equal(b1, b2) && b1->n == 1 && rh_pt_loc_off(b1->v[0]) != RH_PT_ANY;
}

int rh_arg_fields_disjoint(rh_static *s, int a1, int t1, int a2, int t2)
{
    if (!listed(s, a1, t1) || !listed(s, a2, t2))
        return 0;
    const rh_access *x = &s->p->accesses[a1], *y = &s->p->accesses[a2];
    af_thread *p = af_of(s, t1), *q = af_of(s, t2);
    af_view v1[MAX_INSTANCES], v2[MAX_INSTANCES];
    for (int64_t k = p->start; k < p->end; k++)
        view(s, t1, x, k, &v1[k - p->start]);
    for (int64_t k = q->start; k < q->end; k++)
        view(s, t2, y, k, &v2[k - q->start]);
    for (int64_t k1 = p->start; k1 < p->end; k1++)
        for (int64_t k2 = q->start; k2 < q->end; k2++) {
            const af_view *u = &v1[k1 - p->start], *w = &v2[k2 - q->start];
            if ((t1 == t2 && k1 == k2) || u->excluded || w->excluded)
                continue; /* one instance; or one of them does not run the access */
            if (!u->placed || !w->placed || !same_root(s, u->root, w->root) ||
                rh_iv_ranges_meet(&u->at, x->size, &w->at, y->size))
                return 0;
        }
    return 1;
}
