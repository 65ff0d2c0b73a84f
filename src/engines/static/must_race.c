/* must_race.c - must-race evidence (see must_race.h for the conditions).
 *
 * The straight-line prefix of a thread is found by a small interpreter
 * that follows the thread from its entry: integer SSA values it can
 * compute from constants decide branches (so the first iterations of
 * counted loops are followed), anything else stops the walk.  What the
 * walk reached before stopping surely runs in every execution in which
 * the thread gets to run long enough.
 */
#include "must_race.h"

#include <stdlib.h>
#include <string.h>

#define WALK_STEPS 100000
#define WALK_DEPTH 48
#define WALKS 6 /* paths tried per thread: nondet branches taken both ways */
#define FREE_REF (1L << 40)

/* What the path that first reached an access had done before it. */
typedef struct acc_info {
    rh_sset pre;     /* lockset elements the thread took on that path before the access */
    rh_sset created; /* main only: threads created before it (c*2; c*2+1 when created twice) */
    rh_sset held;    /* locks possibly held at the access on that path */
} acc_info;

typedef struct prefix {
    int walked;
    rh_map idx;          /* access index -> index into infos */
    RH_VEC(acc_info) infos;
} prefix;

struct rh_must {
    rh_static *s;
    int *writer;        /* per object: the one thread writing it, -1 none, -2 several */
    prefix *pre;        /* per thread */
    rh_map together; /* t1 * nthreads + t2 (t1 <= t2): one path of main creates both;
                         * value: 1 + index into held_at */
    RH_VEC(rh_sset) held_at; /* locks main may hold right after the later of the two creates */
    rh_map early;    /* stores every path of main runs before it creates any thread */
};

typedef struct walk {
    rh_must *m;
    int thread;
    int steps, policy, nchoices;
    rh_map vals;     /* value -> kind (key*2+1: 1 known, 2 free nondet) and constant (key*2) */
    rh_map alias;    /* parameter -> actual argument of the current call */
    rh_sset taken;      /* lock elements taken so far on this path */
    rh_sset held;       /* lock elements possibly held now */
    rh_map onces;    /* once controls whose routine this path ran */
    rh_sset created;    /* main: threads created so far on this path */
    LLVMValueRef stack[WALK_DEPTH];
    int depth;
    rh_map mem;      /* location -> value the path stored there (key*2+1: size) */
    int ret_known;      /* the value the last walked function returned */
    int64_t ret;
} walk;

/* ---- constant evaluation ---- */

static uint64_t key_of(LLVMValueRef v)
{
    return (uint64_t)(uintptr_t)v;
}

/* A parameter stands for the actual argument of the call being walked, a
 * load for the nondet value the path stored there. */
static LLVMValueRef resolve(walk *w, LLVMValueRef v)
{
    for (int d = 0; d < WALK_DEPTH; d++) {
        LLVMValueRef a = (LLVMValueRef)(uintptr_t)rh_map_get(&w->alias, key_of(v), 0);
        if (!a)
            break;
        v = a;
    }
    return v;
}

static int kind_of(walk *w, LLVMValueRef v)
{
    return (int)rh_map_get(&w->vals, key_of(v) * 2 + 1, 0);
}

static int known(walk *w, LLVMValueRef v, int64_t *out)
{
    v = resolve(w, v);
    if (LLVMIsAConstantInt(v)) {
        *out = LLVMConstIntGetSExtValue(v);
        return 1;
    }
    if (LLVMIsAConstantPointerNull(v)) {
        *out = 0;
        return 1;
    }
    if (kind_of(w, v) != 1)
        return 0;
    *out = rh_map_get(&w->vals, key_of(v) * 2, 0);
    return 1;
}

static void set_val(walk *w, LLVMValueRef v, int kind, int64_t x)
{
    rh_map_put(&w->vals, key_of(v) * 2 + 1, kind);
    rh_map_put(&w->vals, key_of(v) * 2, (long)x);
}

/* Sign-extends x from the width of v's integer type. */
static int64_t norm(LLVMValueRef v, int64_t x)
{
    LLVMTypeRef t = LLVMTypeOf(v);
    unsigned bits = LLVMGetTypeKind(t) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(t) : 64;
    if (bits >= 64)
        return x;
    uint64_t m = (1ULL << bits) - 1, u = (uint64_t)x & m;
    return (u >> (bits - 1)) ? (int64_t)(u | ~m) : (int64_t)u;
}

static uint64_t as_unsigned(LLVMValueRef v, int64_t x)
{
    LLVMTypeRef t = LLVMTypeOf(v);
    unsigned bits = LLVMGetTypeKind(t) == LLVMIntegerTypeKind ? LLVMGetIntTypeWidth(t) : 64;
    return bits >= 64 ? (uint64_t)x : (uint64_t)x & ((1ULL << bits) - 1);
}

static int icmp(LLVMIntPredicate p, LLVMValueRef op, int64_t a, int64_t b)
{
    uint64_t ua = as_unsigned(op, a), ub = as_unsigned(op, b);
    switch (p) {
    case LLVMIntEQ: return a == b;
    case LLVMIntNE: return a != b;
    case LLVMIntSLT: return a < b;
    case LLVMIntSLE: return a <= b;
    case LLVMIntSGT: return a > b;
    case LLVMIntSGE: return a >= b;
    case LLVMIntULT: return ua < ub;
    case LLVMIntULE: return ua <= ub;
    case LLVMIntUGT: return ua > ub;
    case LLVMIntUGE: return ua >= ub;
    }
    return 0;
}

static void eval(walk *w, LLVMValueRef in, LLVMOpcode op)
{
    int64_t a = 0, b = 0, r = 0;
    int ka = LLVMGetNumOperands(in) > 0 && known(w, LLVMGetOperand(in, 0), &a);
    int kb = LLVMGetNumOperands(in) > 1 && known(w, LLVMGetOperand(in, 1), &b);
    int ok = ka && kb;
    /* pointers are only known as null or "some allocation": compare with null only */
    if (op == LLVMICmp && LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(in, 0))) == LLVMPointerTypeKind &&
        !LLVMIsAConstantPointerNull(LLVMGetOperand(in, 0)) && !LLVMIsAConstantPointerNull(LLVMGetOperand(in, 1)))
        ok = 0;
    switch (op) {
    case LLVMAdd: r = (int64_t)((uint64_t)a + (uint64_t)b); break;
    case LLVMSub: r = (int64_t)((uint64_t)a - (uint64_t)b); break;
    case LLVMMul: r = (int64_t)((uint64_t)a * (uint64_t)b); break;
    case LLVMAnd: r = a & b; break;
    case LLVMOr: r = a | b; break;
    case LLVMXor: r = a ^ b; break;
    case LLVMICmp: r = icmp(LLVMGetICmpPredicate(in), LLVMGetOperand(in, 0), a, b); break;
    case LLVMSExt: ok = ka, r = a; break;
    case LLVMZExt: ok = ka, r = (int64_t)as_unsigned(LLVMGetOperand(in, 0), a); break;
    case LLVMTrunc: ok = ka, r = a; break;
    default: ok = 0; break;
    }
    set_val(w, in, ok, norm(in, r));
}

/* A GEP's byte offset with the index values this path knows. */
static int path_gep_offset(walk *w, LLVMValueRef gep, int64_t *off)
{
    const rh_program *p = w->m->s->p;
    LLVMTypeRef t = LLVMGetGEPSourceElementType(gep);
    int n = LLVMGetNumOperands(gep);
    int64_t sum = 0, ci;
    for (int i = 1; i < n; i++) {
        if (!known(w, LLVMGetOperand(gep, (unsigned)i), &ci) || ci < -(1 << 20) || ci > (1 << 20))
            return 0;
        if (i > 1 && LLVMGetTypeKind(t) == LLVMStructTypeKind) {
            sum += (int64_t)LLVMOffsetOfElement(p->td, t, (unsigned)ci);
            t = LLVMStructGetTypeAtIndex(t, (unsigned)ci);
            continue;
        }
        if (i > 1)
            t = LLVMGetElementType(t);
        if (!LLVMTypeIsSized(t))
            return 0;
        sum += ci * (int64_t)LLVMABISizeOfType(p->td, t);
    }
    *off = sum;
    return 1;
}

/* The abstract location a pointer surely holds on this path: a constant
 * address, or one a phi picked from the edge the path came along (kind 3). */
static int ptr_loc(walk *w, LLVMValueRef v, uint64_t *loc)
{
    int64_t off = 0, o;
    for (int d = 0; d < 16; d++) {
        v = resolve(w, v);
        uint64_t base;
        if (kind_of(w, v) == 3) {
            base = (uint64_t)rh_map_get(&w->vals, key_of(v) * 2, 0);
        } else if (LLVMIsAConstant(v)) {
            const rh_sset *pts = rh_pt_of(&w->m->s->pt, v);
            if (pts->n != 1)
                return 0;
            base = pts->v[0];
        } else if (LLVMIsAInstruction(v) && LLVMGetInstructionOpcode(v) == LLVMGetElementPtr &&
                   path_gep_offset(w, v, &o)) {
            off += o, v = LLVMGetOperand(v, 0);
            continue;
        } else if (LLVMIsAInstruction(v) && LLVMGetInstructionOpcode(v) == LLVMBitCast) {
            v = LLVMGetOperand(v, 0);
            continue;
        } else {
            return 0;
        }
        int32_t bo = rh_pt_loc_off(base);
        if (bo == RH_PT_ANY || off > INT32_MAX / 4 || off < -(INT32_MAX / 4))
            return 0;
        *loc = rh_pt_loc(rh_pt_loc_obj(base), (int32_t)(bo + off));
        return 1;
    }
    return 0;
}

static void enter_block(walk *w, LLVMBasicBlockRef b, LLVMBasicBlockRef from)
{
    /* phis read the values of the edge's source simultaneously */
    int64_t vals[64];
    int kinds[64], n = 0;
    LLVMValueRef in = LLVMGetFirstInstruction(b);
    for (LLVMValueRef p = in; p && LLVMIsAPHINode(p) && n < 64; p = LLVMGetNextInstruction(p), n++) {
        kinds[n] = 0;
        for (unsigned i = 0; i < LLVMCountIncoming(p); i++) {
            if (LLVMGetIncomingBlock(p, i) != from)
                continue;
            uint64_t loc;
            LLVMValueRef v = LLVMGetIncomingValue(p, i);
            if (known(w, v, &vals[n]))
                kinds[n] = 1;
            else if (LLVMGetTypeKind(LLVMTypeOf(p)) == LLVMPointerTypeKind && ptr_loc(w, v, &loc))
                kinds[n] = 3, vals[n] = (int64_t)loc;
        }
    }
    n = 0;
    for (LLVMValueRef p = in; p && LLVMIsAPHINode(p); p = LLVMGetNextInstruction(p), n++)
        set_val(w, p, n < 64 ? kinds[n] : 0, n < 64 ? vals[n] : 0);
}

/* ---- memory the walked thread alone writes ---- */

/* The one location an address denotes, if the walked thread is the only
 * one writing its object (so what the path stored there is still there). */
static int private_loc(walk *w, LLVMValueRef ptr, uint64_t *loc)
{
    rh_static *s = w->m->s;
    const rh_sset *pts = rh_pt_of(&s->pt, ptr);
    if (pts->n != 1 || rh_pt_loc_off(pts->v[0]) == RH_PT_ANY)
        return 0;
    uint32_t o = rh_pt_loc_obj(pts->v[0]);
    int wr = w->m->writer[o];
    /* main's path runs alone until it creates the first thread */
    int alone = w->thread == 0 && w->created.n == 0;
    if (!(alone || wr == -1 || wr == w->thread) || s->tg.threads[w->thread].multi ||
        !rh_tg_object_strong(&s->tg, &s->pt, &s->cfg, o))
        return 0;
    *loc = pts->v[0];
    return 1;
}

/* Integers by width; pointers (only null or "some allocation") as 0xffff. */
static long value_width(LLVMTypeRef t)
{
    if (LLVMGetTypeKind(t) == LLVMIntegerTypeKind)
        return (long)LLVMGetIntTypeWidth(t);
    return LLVMGetTypeKind(t) == LLVMPointerTypeKind ? 0xffff : 0;
}

/* Memory is tracked per object: one (offset, width, value) each, so any
 * store into the object replaces or forgets what was known about it. */
static void track_store(walk *w, LLVMValueRef in)
{
    uint64_t loc;
    int64_t v;
    LLVMValueRef val = LLVMGetOperand(in, 0);
    const rh_sset *pts = rh_pt_of(&w->m->s->pt, LLVMGetOperand(in, 1));
    if (pts->n != 1 || rh_pt_loc_off(pts->v[0]) == RH_PT_ANY) {
        rh_map_free(&w->mem); /* may write anywhere */
        return;
    }
    uint64_t o = rh_pt_loc_obj(pts->v[0]);
    rh_map_put(&w->mem, o * 2 + 1, 0);
    if (!private_loc(w, LLVMGetOperand(in, 1), &loc) || !value_width(LLVMTypeOf(val)))
        return;
    int is_free = kind_of(w, resolve(w, val)) == 2;
    if (!is_free && !known(w, val, &v))
        return;
    rh_map_put(&w->mem, o * 2, is_free ? (long)(uintptr_t)resolve(w, val) : (long)v);
    /* offset and width identify what the value is; FREE_REF marks a nondet value */
    rh_map_put(&w->mem, o * 2 + 1, ((long)(uint32_t)rh_pt_loc_off(loc) << 16) | value_width(LLVMTypeOf(val)) |
                                          (is_free ? FREE_REF : 0));
}

static void track_load(walk *w, LLVMValueRef in)
{
    uint64_t loc;
    LLVMTypeRef t = LLVMTypeOf(in);
    int ok = value_width(t) && private_loc(w, LLVMGetOperand(in, 0), &loc);
    uint64_t o = ok ? rh_pt_loc_obj(loc) : 0;
    long tag = ((long)(uint32_t)(ok ? rh_pt_loc_off(loc) : 0) << 16) | (ok ? value_width(t) : 0);
    long have = ok ? rh_map_get(&w->mem, o * 2 + 1, 0) : 0;
    rh_map_put(&w->alias, key_of(in), 0);
    set_val(w, in, 0, 0);
    if (ok && have == (tag | FREE_REF))
        rh_map_put(&w->alias, key_of(in), rh_map_get(&w->mem, o * 2, 0));
    else if (ok && have == tag)
        set_val(w, in, 1, rh_map_get(&w->mem, o * 2, 0));
}

/* ---- the walk ---- */

static int walk_func(walk *w, int f);

/* Records what the path did before an access the first time a path reaches
 * it; for main, a later path that had created more threads wins. */
static void note_access(walk *w, LLVMValueRef in)
{
    rh_static *s = w->m->s;
    prefix *p = &w->m->pre[w->thread];
    for (long a = rh_map_get_ptr(&s->ls.acc_of_inst, in, -1);
         a >= 0 && a < s->p->naccesses && s->p->accesses[a].inst == in; a++) {
        long i = rh_map_get(&p->idx, (uint64_t)a, -1);
        if (i >= 0) {
            acc_info *ai = &p->infos.items[i];
            rh_sset both = {0};
            rh_sset_copy(&both, &ai->created);
            rh_sset_intersect(&both, &w->created);
            if (w->created.n > ai->created.n && both.n == ai->created.n) {
                rh_sset_copy(&ai->pre, &w->taken);
                rh_sset_copy(&ai->created, &w->created);
                rh_sset_copy(&ai->held, &w->held);
            }
            rh_sset_free(&both);
            continue;
        }
        acc_info ai = {{0}, {0}, {0}};
        rh_sset_copy(&ai.pre, &w->taken);
        rh_sset_copy(&ai.created, &w->created);
        rh_sset_copy(&ai.held, &w->held);
        rh_map_put(&p->idx, (uint64_t)a, (long)p->infos.len);
        rh_vec_push(&p->infos, ai);
    }
}

/* The lock ids a lock call names on this path: the one lock its address
 * surely holds here, else every lock it may name. */
static void path_locks(walk *w, LLVMValueRef call, const rh_conc_entry *e, LLVMValueRef ctx, rh_sset *ids,
                       int *strong)
{
    rh_ls *ls = &w->m->s->ls;
    uint64_t loc;
    *strong = 0;
    if (e->obj < 0 || e->obj >= (int)LLVMGetNumArgOperands(call))
        return;
    LLVMValueRef arg = LLVMGetOperand(call, (unsigned)e->obj);
    long id = ptr_loc(w, arg, &loc) ? rh_map_get(&ls->lock_of_loc, loc, -1) : -1;
    if (id >= 0) {
        rh_sset_add(ids, (uint64_t)id);
        *strong = rh_tg_object_strong(&w->m->s->tg, &w->m->s->pt, &w->m->s->cfg, rh_pt_loc_obj(loc));
        return;
    }
    rh_ls_lock_targets(ls, arg, ctx, e->lock_class, ids, strong);
}

/* Returns 0 when the path may block here for good: a lock taken again
 * while this thread may still hold it deadlocks a default mutex (and a
 * write lock on a rwlock it holds), so what follows is not sure to run. */
static int note_acquire(walk *w, LLVMValueRef call, const rh_conc_entry *e, LLVMValueRef ctx)
{
    if (!e) {
        rh_sset_add(&w->taken, rh_ls_elem(RH_LS_ATOMIC, 1));
        rh_sset_add(&w->held, rh_ls_elem(RH_LS_ATOMIC, 1));
        return 1;
    }
    rh_sset ids = {0};
    int strong, again = 0;
    path_locks(w, call, e, ctx, &ids, &strong);
    for (uint32_t i = 0; i < ids.n; i++) {
        uint32_t id = (uint32_t)ids.v[i];
        again |= rh_sset_has(&w->held, rh_ls_elem(id, 0)) || rh_sset_has(&w->held, rh_ls_elem(id, 1));
        rh_sset_add(&w->taken, rh_ls_elem(id, !(e->flags & RH_F_SHARED)));
        rh_sset_add(&w->held, rh_ls_elem(id, !(e->flags & RH_F_SHARED)));
    }
    rh_sset_free(&ids);
    return !(again && !(e->flags & (RH_F_TRY | RH_F_TIMED)));
}

static void drop_lock(rh_sset *held, uint64_t id)
{
    rh_sset_remove(held, id * 2);
    rh_sset_remove(held, id * 2 + 1);
}

static void together(rh_must *m, int a, int b, const rh_sset *held);

/* Main may run on after creating threads before they run: a lock it
 * releases there no longer keeps them from their accesses. */
static void after_release(walk *w)
{
    if (w->thread != 0)
        return;
    for (uint32_t i = 0; i < w->created.n; i++)
        for (uint32_t j = i; j < w->created.n; j++)
            if (w->created.v[i] / 2 != w->created.v[j] / 2 || (w->created.v[j] & 1))
                together(w->m, (int)(w->created.v[i] / 2), (int)(w->created.v[j] / 2), &w->held);
}

/* Releases what an unlock surely releases (held stays an over-approximation). */
static void note_release(walk *w, LLVMValueRef call, const rh_conc_entry *e, LLVMValueRef ctx)
{
    if (!e) {
        drop_lock(&w->held, RH_LS_ATOMIC);
        after_release(w);
        return;
    }
    rh_sset ids = {0};
    int strong = 0;
    path_locks(w, call, e, ctx, &ids, &strong);
    if (strong && ids.n == 1 && !rh_ls_maybe_recursive(&w->m->s->ls, (uint32_t)ids.v[0]))
        drop_lock(&w->held, ids.v[0]);
    rh_sset_free(&ids);
    after_release(w);
}

static uint64_t pair_key(rh_must *m, int a, int b)
{
    uint64_t n = (uint64_t)m->s->tg.nthreads;
    return a <= b ? (uint64_t)a * n + (uint64_t)b : (uint64_t)b * n + (uint64_t)a;
}

/* Main's path created both a and b; it holds `held` right after. */
static void together(rh_must *m, int a, int b, const rh_sset *held)
{
    uint64_t k = pair_key(m, a, b);
    long i = rh_map_get(&m->together, k, 0) - 1;
    if (i >= 0 && m->held_at.items[i].n <= held->n)
        return; /* keep the path holding the fewest locks */
    rh_sset h = {0};
    rh_sset_copy(&h, held);
    if (i >= 0) {
        rh_sset_free(&m->held_at.items[i]);
        m->held_at.items[i] = h;
        return;
    }
    rh_vec_push(&m->held_at, h);
    rh_map_put(&m->together, k, (long)m->held_at.len);
}

static void note_create(walk *w, LLVMValueRef call)
{
    rh_must *m = w->m;
    const rh_conc_entry *e = rh_model_call_entry(m->s->p, call);
    if (w->thread != 0 || !e || e->fn < 0)
        return;
    /* only a constant start routine says which thread this run creates */
    LLVMValueRef fn = LLVMGetOperand(call, (unsigned)e->fn);
    while (LLVMIsAConstantExpr(fn) && LLVMGetConstOpcode(fn) == LLVMBitCast)
        fn = LLVMGetOperand(fn, 0);
    if (!LLVMIsAFunction(fn))
        return;
    for (int c = 1; c < m->s->tg.nthreads; c++) {
        const rh_tg_thread *th = &m->s->tg.threads[c];
        if (th->create != call || th->parent != 0 || m->s->p->funcs[th->func].fn != fn)
            continue;
        if (!rh_sset_add(&w->created, (uint64_t)c * 2))
            rh_sset_add(&w->created, (uint64_t)c * 2 + 1);
        for (uint32_t i = 0; i < w->created.n; i++)
            if (w->created.v[i] != (uint64_t)c * 2)
                together(m, (int)(w->created.v[i] / 2), c, &w->held);
    }
}

/* Binds the callee's parameters to the call's arguments. */
static void bind_params(walk *w, LLVMValueRef call, LLVMValueRef fn)
{
    unsigned np = LLVMCountParams(fn), na = LLVMGetNumArgOperands(call);
    for (unsigned i = 0; i < np; i++) {
        LLVMValueRef prm = LLVMGetParam(fn, i);
        int64_t c;
        LLVMValueRef a = i < na ? LLVMGetOperand(call, i) : NULL;
        int k = a && known(w, a, &c);
        set_val(w, prm, k, k ? c : 0);
        rh_map_put(&w->alias, key_of(prm), k || !a ? 0 : (long)(uintptr_t)resolve(w, a));
    }
}

static int walk_func(walk *w, int f);

/* pthread_once on a control no other call site uses, in code only one
 * thread runs, and that thread once: the first call on the path surely runs the routine, later ones not. */
static int walk_once(walk *w, LLVMValueRef call, const rh_conc_entry *e)
{
    rh_static *s = w->m->s;
    int cf = rh_pt_func_index(&s->pt, LLVMGetBasicBlockParent(LLVMGetInstructionParent(call)));
    if (e->obj < 0 || e->fn < 0 || s->tg.threads[w->thread].multi || w->depth >= WALK_DEPTH || cf < 0 ||
        s->tg.nthreads_of_func[cf] != 1)
        return 0; /* another thread may run the same call first */
    const rh_sset *ctl = rh_pt_of(&s->pt, LLVMGetOperand(call, (unsigned)e->obj));
    LLVMValueRef fn = LLVMGetOperand(call, (unsigned)e->fn);
    while (LLVMIsAConstantExpr(fn) && LLVMGetConstOpcode(fn) == LLVMBitCast)
        fn = LLVMGetOperand(fn, 0);
    int g = LLVMIsAFunction(fn) ? rh_pt_func_index(&s->pt, fn) : -1;
    if (ctl->n != 1 || g < 0 || !rh_tg_object_strong(&s->tg, &s->pt, &s->cfg, rh_pt_loc_obj(ctl->v[0])))
        return 0;
    uint64_t key = ctl->v[0];
    for (int i = 0; i < s->p->nsyncs; i++) {
        const rh_sync *sy = &s->p->syncs[i];
        if (sy->inst != call && sy->entry && sy->entry->op == RH_OP_ONCE && sy->entry->obj >= 0 &&
            rh_sset_has(rh_pt_of(&s->pt, LLVMGetOperand(sy->inst, (unsigned)sy->entry->obj)), key))
            return 0; /* another call site may run it first */
    }
    if (rh_map_get(&w->onces, key, 0))
        return 1;
    rh_map_put(&w->onces, key, 1);
    for (int i = 0; i < w->depth; i++)
        if (w->stack[i] == call)
            return 0;
    w->stack[w->depth++] = call;
    int ok = walk_func(w, g);
    w->depth--;
    return ok;
}

static int sync_call(walk *w, LLVMValueRef call, const rh_conc_entry *e, LLVMValueRef ctx)
{
    if (e->flags & RH_F_CALLBACK)
        return 0; /* program code runs inside (qsort's comparator): the prefix ends */
    switch (e->op) {
    case RH_OP_ONCE: set_val(w, call, 1, e->success); return walk_once(w, call, e);
    case RH_OP_LOCK: return note_acquire(w, call, e, ctx);
    case RH_OP_ATOMIC_BEGIN: return note_acquire(w, call, NULL, ctx);
    case RH_OP_NONDET: set_val(w, call, 2, 0); return 1;
    case RH_OP_ALLOC: case RH_OP_CALLOC:
        set_val(w, call, 1, 1); /* like thread creation, allocation is assumed to succeed: non-null */
        return 1;
    case RH_OP_THREAD_CREATE: note_create(w, call); set_val(w, call, 1, e->success); return 1;
    case RH_OP_LOCK_INIT: case RH_OP_SEM_INIT: case RH_OP_BARRIER_INIT:
        set_val(w, call, 1, e->success); /* assumed to succeed, like thread creation */
        return 1;
    case RH_OP_MEMORY: case RH_OP_REALLOC:
        rh_map_free(&w->mem); /* writes memory the walk does not follow */
        set_val(w, call, 0, 0);
        return 1;
    case RH_OP_UNLOCK: note_release(w, call, e, ctx); set_val(w, call, 1, e->success); return 1;
    case RH_OP_ATOMIC_END: note_release(w, call, NULL, ctx); return 1;
    case RH_OP_FREE: case RH_OP_PURE: case RH_OP_IGNORE: case RH_OP_LOCK_DESTROY:
    case RH_OP_COND_SIGNAL: case RH_OP_COND_BROADCAST: case RH_OP_SEM_POST: case RH_OP_THREAD_SELF:
    case RH_OP_THREAD_DETACH: case RH_OP_FENCE:
    case RH_OP_BENIGN: case RH_OP_IGNORE_BEGIN: case RH_OP_IGNORE_END: case RH_OP_FORGET:
        set_val(w, call, 0, 0);
        return 1;
    default:
        return 0; /* waits, assumptions, exits: the prefix ends */
    }
}

/* Follows a call; returns 0 when the walk must stop there. */
static int walk_call(walk *w, LLVMValueRef call, LLVMValueRef ctx)
{
    rh_static *s = w->m->s;
    const rh_conc_entry *e = rh_model_call_entry(s->p, call);
    if (e && e->op != RH_OP_ATOMIC_CALL)
        return sync_call(w, call, e, ctx);
    LLVMValueRef callee = rh_model_called_function(call);
    int g = callee ? rh_pt_func_index(&s->pt, callee) : -1;
    if (g < 0 || w->depth >= WALK_DEPTH)
        return 0;
    for (int i = 0; i < w->depth; i++)
        if (w->stack[i] == call)
            return 0; /* recursion */
    if (e)
        note_acquire(w, call, NULL, ctx);
    bind_params(w, call, callee);
    w->stack[w->depth++] = call;
    w->ret_known = 0;
    int ok = walk_func(w, g);
    if (e) /* the atomic function returned: its section ends */
        note_release(w, call, NULL, ctx);
    w->depth--;
    set_val(w, call, ok && w->ret_known, w->ret);
    return ok;
}

/* ---- branches ---- */

/* Recognises `nondet OP K` (through negations, casts and bool tests) whose
 * nondet value no earlier branch looked at: both outcomes are feasible. */
static LLVMValueRef free_condition(walk *w, LLVMValueRef c, LLVMIntPredicate *pred, int64_t *k, int *neg)
{
    *neg = 0;
    for (int d = 0; d < 8; d++) {
        c = resolve(w, c);
        if (!LLVMIsAInstruction(c))
            break;
        LLVMOpcode op = LLVMGetInstructionOpcode(c);
        int64_t one;
        if (op == LLVMXor && known(w, LLVMGetOperand(c, 1), &one) && one != 0)
            *neg ^= 1, c = LLVMGetOperand(c, 0);
        else if (op == LLVMZExt)
            c = LLVMGetOperand(c, 0);
        else if (LLVMIsAICmpInst(c) && LLVMIsAConstantInt(LLVMGetOperand(c, 1)) &&
                 LLVMConstIntGetSExtValue(LLVMGetOperand(c, 1)) == 0 &&
                 (LLVMGetICmpPredicate(c) == LLVMIntNE || LLVMGetICmpPredicate(c) == LLVMIntEQ) &&
                 LLVMIsAICmpInst(resolve(w, LLVMGetOperand(c, 0))) == NULL &&
                 LLVMIsAInstruction(resolve(w, LLVMGetOperand(c, 0))) &&
                 LLVMGetInstructionOpcode(resolve(w, LLVMGetOperand(c, 0))) == LLVMZExt) {
            *neg ^= LLVMGetICmpPredicate(c) == LLVMIntEQ; /* (zext b) != 0  is  b */
            c = LLVMGetOperand(c, 0);
        } else
            break;
    }
    if (kind_of(w, c) == 2) { /* a nondet truth value used directly */
        *pred = LLVMIntNE, *k = 0;
        return c;
    }
    if (!LLVMIsAICmpInst(c) || !LLVMIsAConstantInt(LLVMGetOperand(c, 1)))
        return NULL;
    LLVMValueRef x = resolve(w, LLVMGetOperand(c, 0));
    while (LLVMIsAInstruction(x) && (LLVMGetInstructionOpcode(x) == LLVMSExt ||
                                     (LLVMGetInstructionOpcode(x) == LLVMZExt &&
                                      (LLVMGetICmpPredicate(c) == LLVMIntEQ || LLVMGetICmpPredicate(c) == LLVMIntNE))))
        x = resolve(w, LLVMGetOperand(x, 0));
    if (kind_of(w, x) != 2)
        return NULL;
    *pred = LLVMGetICmpPredicate(c);
    *k = LLVMConstIntGetSExtValue(LLVMGetOperand(c, 1));
    return x;
}

/* A value of x's type for which `x pred k` has the wanted outcome. */
static int pick_value(LLVMValueRef x, LLVMIntPredicate pred, int64_t k, int want, int64_t *out)
{
    int64_t cand[] = {k + 2, k + 1, k, k - 1, k - 2, 2, 1, 0, -1}; /* prefer a few loop iterations */
    for (size_t i = 0; i < sizeof cand / sizeof cand[0]; i++) {
        if (norm(x, cand[i]) != cand[i])
            continue;
        if (icmp(pred, x, cand[i], norm(x, k)) == want) {
            *out = cand[i];
            return 1;
        }
    }
    return 0;
}

static int choose(walk *w)
{
    int n = w->nchoices++;
    if (w->policy < 2)
        return w->policy == 0;
    return (int)(rh_hash64((uint64_t)w->policy * 1000003u + (uint64_t)n) & 1);
}

/* The successor a terminator takes on this path, or NULL to stop. */
static LLVMBasicBlockRef next_block(walk *w, LLVMValueRef t)
{
    int64_t c;
    LLVMOpcode op = LLVMGetInstructionOpcode(t);
    if (op == LLVMBr && !LLVMIsConditional(t))
        return LLVMGetSuccessor(t, 0);
    if (op == LLVMBr) {
        if (known(w, LLVMGetCondition(t), &c))
            return LLVMGetSuccessor(t, c ? 0 : 1);
        LLVMIntPredicate pred;
        int64_t k, v;
        int neg, want = choose(w);
        LLVMValueRef x = free_condition(w, LLVMGetCondition(t), &pred, &k, &neg);
        if (!x || !pick_value(x, pred, k, want ^ neg, &v))
            return NULL;
        set_val(w, x, 1, v); /* the nondet value is now fixed on this path */
        return LLVMGetSuccessor(t, want ? 0 : 1);
    }
    if (op == LLVMSwitch && known(w, LLVMGetOperand(t, 0), &c)) {
        /* operands: condition, default, then (value, block) pairs */
        int n = LLVMGetNumOperands(t);
        for (int i = 2; i + 1 < n; i += 2) {
            int64_t v;
            if (known(w, LLVMGetOperand(t, (unsigned)i), &v) && v == c)
                return LLVMValueAsBasicBlock(LLVMGetOperand(t, (unsigned)i + 1));
        }
        return LLVMGetSwitchDefaultDest(t);
    }
    return NULL;
}

/* Walks function f; returns 1 when it surely returned, 0 when the walk stopped. */
static int walk_func(walk *w, int f)
{
    LLVMValueRef ctx = w->depth ? w->stack[w->depth - 1] : NULL;
    LLVMBasicBlockRef b = LLVMGetEntryBasicBlock(w->m->s->p->funcs[f].fn), from = NULL;
    while (b) {
        enter_block(w, b, from);
        for (LLVMValueRef in = LLVMGetFirstInstruction(b); in; in = LLVMGetNextInstruction(in)) {
            if (++w->steps > WALK_STEPS)
                return 0;
            note_access(w, in);
            LLVMOpcode op = LLVMGetInstructionOpcode(in);
            if (op == LLVMCall && !walk_call(w, in, ctx))
                return 0;
            if (op == LLVMRet) {
                w->ret_known = LLVMGetNumOperands(in) == 1 && known(w, LLVMGetOperand(in, 0), &w->ret);
                return 1;
            }
            if (op == LLVMStore && w->thread == 0 && w->created.n == 0 && w->nchoices == 0)
                rh_map_put_ptr(&w->m->early, in, 1);
            if (op == LLVMStore)
                track_store(w, in);
            else if (op == LLVMLoad)
                track_load(w, in);
            else if (op == LLVMAtomicRMW || op == LLVMAtomicCmpXchg)
                rh_map_free(&w->mem);
            else if (op != LLVMPHI && op != LLVMCall)
                eval(w, in, op);
        }
        from = b;
        b = next_block(w, LLVMGetBasicBlockTerminator(b));
    }
    return 0;
}

static void walk_thread(rh_must *m, int t)
{
    m->pre[t].walked = 1;
    for (int policy = 0; policy < WALKS; policy++) {
        walk w;
        memset(&w, 0, sizeof w);
        w.m = m, w.thread = t, w.policy = policy;
        walk_func(&w, m->s->tg.threads[t].func);
        int choices = w.nchoices;
        rh_map_free(&w.vals), rh_map_free(&w.alias), rh_map_free(&w.mem);
        rh_sset_free(&w.taken), rh_sset_free(&w.created), rh_sset_free(&w.held);
        rh_map_free(&w.onces);
        if (!choices)
            break; /* the path is the same every time */
    }
}

/* ---- the check ---- */

static int must_loc(rh_must *m, LLVMValueRef v, int t, uint32_t *obj, int64_t *off, int depth);

/* A pointer loaded from a cell that only one store ever writes, a store
 * every path of main runs before creating any thread: the load reads what
 * that store wrote (a pointer published before the threads start). */
static int published(rh_must *m, LLVMValueRef load, int t, uint32_t *obj, int64_t *off, int depth)
{
    rh_static *s = m->s;
    uint32_t co;
    int64_t coff = 0;
    if (depth > 4 || !must_loc(m, LLVMGetOperand(load, 0), t, &co, &coff, depth + 1))
        return 0;
    LLVMValueRef st = NULL;
    for (int a = 0; a < s->p->naccesses; a++) {
        const rh_access *ac = &s->p->accesses[a];
        const rh_sset *pts = ac->kind == RH_ACC_READ ? NULL : rh_pt_of(&s->pt, ac->ptr);
        for (uint32_t i = 0; pts && i < pts->n; i++)
            if (rh_pt_loc_obj(pts->v[i]) == co) {
                if (st || !LLVMIsAStoreInst(ac->inst))
                    return 0;
                st = ac->inst;
            }
    }
    if (!st && s->pt.objs[co].kind == RH_PT_GLOBAL && coff >= INT32_MIN / 2 && coff <= INT32_MAX / 2) {
        /* never written: the cell holds what the initializer put there */
        long cell = rh_pt_cell(&s->pt, rh_pt_loc(co, (int32_t)coff));
        const rh_sset *v = cell >= 0 ? rh_pt_node_set(&s->pt, (int)cell) : NULL;
        if (!v || v->n != 1 || rh_pt_loc_off(v->v[0]) == RH_PT_ANY ||
            s->pt.objs[rh_pt_loc_obj(v->v[0])].kind != RH_PT_GLOBAL ||
            !rh_tg_object_strong(&s->tg, &s->pt, &s->cfg, rh_pt_loc_obj(v->v[0])))
            return 0;
        *obj = rh_pt_loc_obj(v->v[0]);
        *off += rh_pt_loc_off(v->v[0]);
        return 1;
    }
    uint32_t so;
    int64_t soff = 0;
    if (!st || rh_map_get_ptr(&m->early, st, 0) != 1 || !must_loc(m, LLVMGetOperand(st, 1), 0, &so, &soff, depth + 1) ||
        so != co || soff != coff)
        return 0;
    int64_t base = 0;
    if (!must_loc(m, LLVMGetOperand(st, 0), 0, obj, &base, depth + 1))
        return 0;
    *off += base;
    return 1;
}

/* The one concrete location ptr surely denotes in thread t: a strong object
 * reached through casts and constant GEPs only (no pointer loaded from
 * memory), where the start routine's parameter is the creator's argument. */
static int must_loc(rh_must *m, LLVMValueRef v, int t, uint32_t *obj, int64_t *off, int depth)
{
    rh_static *s = m->s;
    for (int d = 0; d < 16 && (LLVMIsAInstruction(v) || LLVMIsAConstantExpr(v)); d++) {
        LLVMOpcode op = LLVMIsAInstruction(v) ? LLVMGetInstructionOpcode(v) : LLVMGetConstOpcode(v);
        int64_t o;
        if (op == LLVMGetElementPtr) {
            if (!rh_pt_gep_offset(&s->pt, v, &o))
                return 0;
            *off += o;
        } else if (op != LLVMBitCast && op != LLVMAddrSpaceCast) {
            break;
        }
        v = LLVMGetOperand(v, 0);
    }
    if (LLVMIsALoadInst(v))
        return published(m, v, t, obj, off, depth);
    if (LLVMIsAArgument(v)) {
        const rh_tg_thread *th = &s->tg.threads[t];
        if (t == 0 || depth > 4 || rh_model_first_param(s->p->funcs[th->func].fn) != v || !th->once[th->func])
            return 0;
        return th->create_arg && th->parent >= 0 && must_loc(m, th->create_arg, th->parent, obj, off, depth + 1);
    }
    int is_site = LLVMIsAGlobalVariable(v) || LLVMIsAAllocaInst(v);
    long o = rh_map_get_ptr(&s->pt.obj_of_site, v, -1);
    if (!is_site && LLVMIsACallInst(v)) /* an allocation (or allocation wrapper) call */
        is_site = o >= 0 && s->pt.objs[o].kind == RH_PT_HEAP;
    o = is_site ? o : -1;
    if (o < 0 || !rh_tg_object_strong(&s->tg, &s->pt, &s->cfg, (uint32_t)o))
        return 0;
    *obj = (uint32_t)o;
    return 1;
}

static const acc_info *info_of(rh_must *m, int t, int a)
{
    if (!m->pre[t].walked)
        return NULL;
    long i = rh_map_get(&m->pre[t].idx, (uint64_t)a, -1);
    return i >= 0 ? &m->pre[t].infos.items[i] : NULL;
}

int rh_must_may_take_part(rh_must *m, int a)
{
    for (int t = 0; m && t < m->s->tg.nthreads; t++)
        if (info_of(m, t, a))
            return 1;
    return 0;
}

/* Whether a path that took the locks `taken` could not pass a holder of ls. */
static int blocked(const rh_sset *taken, const rh_sset *ls)
{
    for (uint32_t i = 0; i < taken->n; i++) {
        uint64_t el = taken->v[i], id = el / 2;
        /* read-mode holders do not block each other */
        if (rh_sset_has(ls, id * 2 + 1) || ((el & 1) && rh_sset_has(ls, id * 2)))
            return 1;
    }
    return 0;
}

/* A schedule exists that runs both threads to their accesses: one runs to
 * its access first while the other has not passed a lock the first holds. */
static int surely_parallel(rh_must *m, int t1, const acc_info *i1, const rh_sset *may1, int t2,
                           const acc_info *i2, const rh_sset *may2)
{
    if (t1 == 0) /* main runs to a1 (creating t2 on the way), then t2 runs to a2 */
        return rh_sset_has(&i1->created, (uint64_t)t2 * 2) && !blocked(&i2->pre, may1);
    /* main runs until it created both, holding H; then one thread after the other */
    long h = rh_map_get(&m->together, pair_key(m, t1, t2), 0) - 1;
    if (h < 0)
        return 0;
    rh_sset held = {0};
    rh_ls_elem_aliases(&m->s->ls, &m->held_at.items[h], &held);
    int ok = !blocked(&i1->pre, &held) && !blocked(&i2->pre, &held);
    rh_sset_free(&held);
    return ok && (!blocked(&i2->pre, may1) || !blocked(&i1->pre, may2));
}

/* Whether the locks the two paths may hold at their accesses (each lock
 * with its aliases: m[i] may be m[0]) keep them apart. */
static int apart(rh_must *m, const acc_info *i1, int t1, const acc_info *i2, int t2)
{
    rh_sset may1 = {0}, may2 = {0};
    rh_ls_elem_aliases(&m->s->ls, &i1->held, &may1);
    rh_ls_elem_aliases(&m->s->ls, &i2->held, &may2);
    int r = rh_ls_protects(&may1, &i2->held) || !surely_parallel(m, t1, i1, &may1, t2, i2, &may2);
    rh_sset_free(&may1), rh_sset_free(&may2);
    return r;
}

/* A free call: it writes (releases) the whole block. */
static int frees(rh_static *s, const rh_access *a)
{
    const rh_conc_entry *e = a->from_call ? rh_model_call_entry(s->p, a->inst) : NULL;
    return e && e->op == RH_OP_FREE;
}

int rh_must_check(rh_must *m, int a1, int t1, int a2, int t2)
{
    if (!m || t1 < 0 || t2 < 0)
        return 0;
    if (m->s->p->accesses[a1].assumed || m->s->p->accesses[a2].assumed)
        return 0; /* what an undefined function does is assumed, not known */
    if (t1 > t2) {
        int x = t1; t1 = t2; t2 = x;
        x = a1; a1 = a2; a2 = x;
    }
    rh_static *s = m->s;
    const acc_info *i1 = info_of(m, t1, a1), *i2 = info_of(m, t2, a2);
    const rh_ls_per *r1 = rh_ls_per_thread(&s->ls, a1, t1), *r2 = rh_ls_per_thread(&s->ls, a2, t2);
    if (!i1 || !i2 || !r1 || !r2 || apart(m, i1, t1, i2, t2))
        return 0;
    const rh_access *x = &s->p->accesses[a1], *y = &s->p->accesses[a2];
    uint32_t o1, o2;
    int64_t off1 = 0, off2 = 0;
    if ((!x->size && !frees(s, x)) || (!y->size && !frees(s, y)) || !must_loc(m, x->ptr, t1, &o1, &off1, 0) ||
        !must_loc(m, y->ptr, t2, &o2, &off2, 0) || o1 != o2)
        return 0;
    if (!x->size || !y->size) /* free: the whole block, given by its start */
        return (x->size || off1 == 0) && (y->size || off2 == 0);
    return off1 < off2 + (int64_t)y->size && off2 < off1 + (int64_t)x->size;
}

static void find_writers(rh_must *m)
{
    rh_static *s = m->s;
    m->writer = rh_xmalloc(((size_t)s->pt.nobjs + 1) * sizeof *m->writer);
    for (int o = 0; o < s->pt.nobjs; o++)
        m->writer[o] = -1;
    for (int a = 0; a < s->p->naccesses; a++) {
        const rh_ls_access *r = &s->ls.acc[a];
        if (s->p->accesses[a].kind == RH_ACC_READ || !r->seen)
            continue;
        const rh_sset *pts = rh_pt_of(&s->pt, s->p->accesses[a].ptr);
        for (uint32_t i = 0; i < pts->n; i++) {
            int *wr = &m->writer[rh_pt_loc_obj(pts->v[i])];
            for (uint32_t k = 0; k < r->threads.n; k++)
                *wr = *wr == -1 || *wr == (int)r->threads.v[k] ? (int)r->threads.v[k] : -2;
        }
    }
}

rh_must *rh_must_build(rh_static *s)
{
    rh_must *m = rh_xcalloc(1, sizeof *m);
    int nt = s->tg.nthreads;
    m->s = s;
    m->pre = rh_xcalloc((size_t)nt + 1, sizeof *m->pre);
    find_writers(m);
    for (int t = 0; t < nt; t++)
        if (t == 0 || s->tg.threads[t].parent == 0)
            walk_thread(m, t);
    return m;
}

void rh_must_free(rh_must *m)
{
    if (!m)
        return;
    for (int t = 0; t < m->s->tg.nthreads; t++) {
        for (size_t i = 0; i < m->pre[t].infos.len; i++) {
            rh_sset_free(&m->pre[t].infos.items[i].pre);
            rh_sset_free(&m->pre[t].infos.items[i].created);
            rh_sset_free(&m->pre[t].infos.items[i].held);
        }
        rh_vec_free(&m->pre[t].infos);
        rh_map_free(&m->pre[t].idx);
    }
    rh_map_free(&m->together);
    for (size_t i = 0; i < m->held_at.len; i++)
        rh_sset_free(&m->held_at.items[i]);
    rh_vec_free(&m->held_at);
    rh_map_free(&m->early);
    free(m->writer);
    free(m->pre);
    free(m);
}
