/* own_index.c - per-instance array elements (see own_index.h).
 *
 * The id of a thread instance is what its start routine gets from its
 * create call: an integer passed by value as the argument, or the integer
 * the argument points to.  We know the ids when the create call passes a
 * constant, or the induction variable of a counted loop that creates one
 * thread per iteration (then every instance has its own id), or a pointer
 * to a cell whose only writer stores such a value.  An access indexes "its
 * own element" when the first variable index of its address is that id.
 * Beyond that, listed ids (constants, expressions of a create loop's
 * counter) are bound instance by instance in int_values.c, which compares
 * whole byte offsets and drops accesses behind branches an id rules out;
 * elements handed over as `&A[i]` (or a field of it) are an instance's own
 * with whatever its argument reaches inside them, the creator's writes of
 * them before the create included, and so are the blocks a create loop
 * allocates into a pointer field of each element.
 */
#include "own_index.h"
#include "loops.h"
#include "arg_fields.h"
#include "int_values.h"
#include "loc_model.h"

#include <stdlib.h>

typedef struct ids {
    int64_t lo, hi; /* ids lie in [lo, hi) */
    int distinct;   /* each instance of the thread has a different id */
} ids;

/* Ids listed per instance: a create call whose argument is a constant, or
 * an expression of the counter of a counted loop with constant bounds
 * (i + 8, 2 * i), or the integer the argument points to when cell_ids
 * knows a small range of them.  per_instance: the instances are the list's
 * entries, one each (otherwise several instances may share an entry). */
#define MAX_IDS 32

typedef struct id_list {
    int64_t v[MAX_IDS];
    int n, per_instance, byref;
} id_list;

/* Per thread, made on first use: its listed ids, and the pointer fields
 * of its own element whose writes were checked (own_element_blocks). */
#define FIELD_SLOTS 4
typedef struct own_thread {
    unsigned char ids_state; /* 0 not looked at, 1 listed, 2 none */
    id_list ids;
    int nfields;
    int64_t field[FIELD_SLOTS];
    unsigned char field_ok[FIELD_SLOTS];
} own_thread;

struct rh_own_cache {
    own_thread *t;
};

static own_thread *own_of(rh_static *s, int t)
{
    if (!s->own_cache) {
        s->own_cache = rh_xcalloc(1, sizeof *s->own_cache);
        s->own_cache->t = rh_xcalloc((size_t)s->tg.nthreads + 1, sizeof *s->own_cache->t);
    }
    return &s->own_cache->t[t];
}

void rh_own_index_free(rh_static *s)
{
    if (s->own_cache)
        free(s->own_cache->t);
    free(s->own_cache);
    s->own_cache = NULL;
    rh_arg_fields_free(s);
}

/* v without the casts that keep an id's value: ids are below 2^31 (see
 * rh_own_index_disjoint), so extensions and truncations to 32 bits or more
 * keep them; a narrower truncation ((unsigned char)id) maps two ids to one
 * element, so it is no id any more. */
static LLVMValueRef strip_int(LLVMValueRef v)
{
    for (int d = 0; d < 8; d++) {
        LLVMOpcode op = LLVMIsAInstruction(v) ? LLVMGetInstructionOpcode(v)
                        : LLVMIsAConstantExpr(v) ? LLVMGetConstOpcode(v) : LLVMRet;
        if (op != LLVMSExt && op != LLVMZExt && op != LLVMTrunc && op != LLVMIntToPtr &&
            op != LLVMPtrToInt && op != LLVMBitCast)
            break;
        LLVMTypeRef t = LLVMTypeOf(v);
        if (LLVMGetTypeKind(t) == LLVMIntegerTypeKind && LLVMGetIntTypeWidth(t) < 32)
            break;
        v = LLVMGetOperand(v, 0);
    }
    return v;
}

/* Whether every id lies in [0, 2^31), where all those casts keep it.  A
 * bound that is a variable (hi INT64_MAX) counts threads created one per
 * iteration, which never reach 2^31 on any system. */
static int small_ids(const ids *i)
{
    return i->lo >= 0 && (i->hi <= ((int64_t)1 << 31) || i->hi == INT64_MAX);
}

static int is_inst(LLVMValueRef in, void *ctx)
{
    return in == (LLVMValueRef)ctx;
}

/* Instruction in lies in loop l (the header dominates it and it may lead
 * back to the header) and cannot run twice before the header is reached
 * again: a body with branches around it (an error check that aborts) still
 * runs it at most once per iteration. */
static int at_most_once_in_loop(const rh_counted_loop *l, LLVMValueRef in)
{
    LLVMValueRef head = LLVMGetFirstInstruction(l->header);
    return rh_cfg_dominates(head, in) && rh_cfg_may_follow(in, head) &&
           !rh_cfg_reaches_before(in, head, NULL, is_inst, in);
}

/* The create call runs at most once per iteration of loop l, which runs
 * once. */
static int once_per_iteration(rh_static *s, int t, const rh_counted_loop *l)
{
    const rh_tg_thread *th = &s->tg.threads[t];
    int f = rh_pt_func_index(&s->pt, LLVMGetBasicBlockParent(LLVMGetInstructionParent(th->create)));
    int pb = rh_cfg_block(&s->cfg, l->preheader);
    return f >= 0 && pb >= 0 && th->parent >= 0 && !s->tg.threads[th->parent].multi &&
           s->tg.threads[th->parent].once[f] && !s->cfg.f[f].in_cycle[pb] &&
           (rh_loop_body_has(l, th->create) || at_most_once_in_loop(l, th->create));
}

/* Ids from an integer value at the create call. */
static int value_ids(rh_static *s, int t, LLVMValueRef v, ids *out)
{
    v = strip_int(v);
    rh_counted_loop l;
    if (LLVMIsAConstantInt(v) || LLVMIsAConstantPointerNull(v)) {
        out->lo = LLVMIsAConstantInt(v) ? LLVMConstIntGetSExtValue(v) : 0;
        out->hi = out->lo + 1, out->distinct = 0;
        return 1;
    }
    if (!rh_loop_of_index(&s->cfg, v, &l))
        return 0;
    out->lo = l.start, out->hi = l.end; /* INT64_MAX for a variable bound */
    out->distinct = once_per_iteration(s, t, &l);
    return 1;
}

/* The one instruction that may write object o, or NULL. */
static LLVMValueRef only_writer(rh_static *s, uint32_t o)
{
    LLVMValueRef w = NULL;
    for (int a = 0; a < s->p->naccesses; a++) {
        const rh_access *ac = &s->p->accesses[a];
        if (ac->kind == RH_ACC_READ)
            continue;
        const rh_sset *pts = rh_pt_of(&s->pt, ac->ptr);
        for (uint32_t i = 0; i < pts->n; i++)
            if (rh_pt_loc_obj(pts->v[i]) == o) {
                if (w && w != ac->inst)
                    return NULL;
                w = ac->inst;
            }
    }
    return w;
}

/* The argument points to element i (loop counter) of an array whose only
 * writer copied in a constant array of distinct integers: int ids[] = {...}. */
static int copied_ids(rh_static *s, int t, LLVMValueRef call, LLVMValueRef arg, ids *out)
{
    const rh_conc_entry *e = rh_model_call_entry(s->p, call);
    LLVMValueRef base, idx = rh_loop_element_index(arg, &base);
    rh_counted_loop l;
    if (!e || e->op != RH_OP_MEMORY || e->obj < 0 || e->obj2 < 0 || !idx ||
        strip_int(LLVMGetOperand(call, (unsigned)e->obj)) != base || !rh_loop_of_index(&s->cfg, idx, &l) ||
        !once_per_iteration(s, t, &l))
        return 0;
    LLVMValueRef src = strip_int(LLVMGetOperand(call, (unsigned)e->obj2));
    LLVMValueRef init = LLVMIsAGlobalVariable(src) && LLVMIsGlobalConstant(src) ? LLVMGetInitializer(src) : NULL;
    if (!init || !LLVMIsAConstantDataArray(init) || LLVMTypeOf(init) != LLVMGetGEPSourceElementType(arg))
        return 0;
    unsigned n = LLVMGetArrayLength(LLVMTypeOf(init));
    if (l.start < 0 || l.end_value || l.end > (int64_t)n || n > 4096)
        return 0;
    out->lo = INT64_MAX, out->hi = INT64_MIN, out->distinct = 1;
    for (unsigned i = 0; i < n; i++) {
        int64_t v = LLVMConstIntGetSExtValue(LLVMGetAggregateElement(init, i));
        for (unsigned j = 0; j < i; j++)
            if (LLVMConstIntGetSExtValue(LLVMGetAggregateElement(init, j)) == v)
                return 0;
        out->lo = v < out->lo ? v : out->lo;
        out->hi = v + 1 > out->hi ? v + 1 : out->hi;
    }
    return 1;
}

/* Ids read through the argument pointer: its cell's only writer stores a
 * constant, or stores the loop counter i into element i it then passes. */
static int cell_ids(rh_static *s, int t, LLVMValueRef arg, ids *out)
{
    const rh_sset *pts = rh_pt_of(&s->pt, arg);
    if (pts->n != 1)
        return 0;
    LLVMValueRef st = only_writer(s, rh_pt_loc_obj(pts->v[0]));
    if (st && LLVMIsACallInst(st))
        return copied_ids(s, t, st, arg, out);
    if (!st || !LLVMIsAStoreInst(st))
        return 0;
    LLVMValueRef val = LLVMGetOperand(st, 0), addr = LLVMGetOperand(st, 1);
    if (LLVMIsAConstantInt(strip_int(val)))
        return rh_pt_loc_off(pts->v[0]) != RH_PT_ANY && rh_pt_of(&s->pt, addr)->n == 1 &&
               rh_pt_of(&s->pt, addr)->v[0] == pts->v[0] && value_ids(s, t, val, out);
    LLVMValueRef b1, b2;
    LLVMValueRef i1 = rh_loop_element_index(addr, &b1), i2 = rh_loop_element_index(arg, &b2);
    return i1 && i2 && strip_int(i1) == strip_int(i2) && strip_int(val) == strip_int(i1) && b1 == b2 &&
           LLVMGetGEPSourceElementType(addr) == LLVMGetGEPSourceElementType(arg) &&
           value_ids(s, t, val, out);
}

/* The argument thread t's create call passes its routine, or NULL (main,
 * a thread of unknown origin, a create with no argument). */
static LLVMValueRef create_arg(rh_static *s, int t)
{
    const rh_tg_thread *th = &s->tg.threads[t];
    return t == 0 || th->parent < 0 ? NULL : th->create_arg;
}

static int thread_ids(rh_static *s, int t, int byref, ids *out)
{
    LLVMValueRef arg = create_arg(s, t);
    if (!arg)
        return 0;
    return byref ? cell_ids(s, t, arg, out) : value_ids(s, t, arg, out);
}

/* The first variable index of an address made of nested GEPs (a[id][i] is
 * two GEPs at -O0), counted over the flattened index list from the root,
 * and the root GEP whose base the indices start from. */
static LLVMValueRef first_variable_index(LLVMValueRef g, int *pos, LLVMValueRef *root)
{
    LLVMValueRef chain[8];
    int n = 0;
    for (; n < 8 && LLVMIsAGetElementPtrInst(g); n++, g = LLVMGetOperand(g, 0))
        chain[n] = g;
    *pos = 0;
    for (int k = n - 1; k >= 0; k--) {
        int ops = LLVMGetNumOperands(chain[k]);
        for (int i = 1; i < ops; i++) {
            LLVMValueRef x = LLVMGetOperand(chain[k], (unsigned)i);
            int zero = LLVMIsAConstantInt(x) && LLVMConstIntGetZExtValue(x) == 0;
            if (zero && (i > 1 || k == n - 1)) {
                (*pos)++;
                continue;
            }
            if (zero) /* a nested GEP continues inside the element it points to */
                continue;
            if (LLVMIsAConstant(x))
                return NULL;
            *root = chain[n - 1];
            return x;
        }
    }
    return NULL;
}

/* The position of the first variable index of the access address, when it
 * is the thread's id; *byref says whether the id was read through the
 * argument.  The address must be computed in the start routine itself. */
static int access_id(rh_static *s, int a, int t, int *pos, int *byref, LLVMValueRef *root)
{
    const rh_access *ac = &s->p->accesses[a];
    const rh_tg_thread *th = &s->tg.threads[t];
    if (t == 0 || ac->func != th->func || !th->once[th->func])
        return 0;
    LLVMValueRef x = first_variable_index(ac->ptr, pos, root);
    if (!x)
        return 0;
    LLVMValueRef id = strip_int(x), prm = rh_model_first_param(s->p->funcs[th->func].fn);
    if (!prm)
        return 0;
    *byref = id != prm;
    return id == prm || (LLVMIsALoadInst(id) && strip_int(LLVMGetOperand(id, 0)) == prm &&
                         LLVMGetTypeKind(LLVMTypeOf(id)) == LLVMIntegerTypeKind &&
                         LLVMGetIntTypeWidth(LLVMTypeOf(id)) >= 32); /* not a byte of the id */
}

/* An element address `A[i].f...` (`gep [N x T], A, 0, i, consts` or
 * `gep T, p, i, consts`): its base, its variable index i, the element type
 * T and the constant offset inside the element; 0 otherwise. */
static int element_field(rh_static *s, LLVMValueRef g, LLVMValueRef *base, LLVMValueRef *idx, LLVMTypeRef *elem,
                         int64_t *off)
{
    int64_t fo;
    if (!LLVMIsAGetElementPtrInst(g))
        return 0;
    if (LLVMIsAGetElementPtrInst(LLVMGetOperand(g, 0)) && rh_pt_gep_offset(&s->pt, g, &fo) &&
        element_field(s, LLVMGetOperand(g, 0), base, idx, elem, off)) {
        *off += fo; /* a field of the element, one GEP later (-O0 code) */
        return 1;
    }
    int n = LLVMGetNumOperands(g), at = 1;
    LLVMTypeRef t = LLVMGetGEPSourceElementType(g);
    if (LLVMGetTypeKind(t) == LLVMArrayTypeKind && n >= 3 && LLVMIsAConstantInt(LLVMGetOperand(g, 1)) &&
        LLVMConstIntGetZExtValue(LLVMGetOperand(g, 1)) == 0)
        at = 2, t = LLVMGetElementType(t);
    while (at + 1 < n && LLVMGetTypeKind(t) == LLVMArrayTypeKind && LLVMIsAConstantInt(LLVMGetOperand(g, (unsigned)at)) &&
           LLVMConstIntGetZExtValue(LLVMGetOperand(g, (unsigned)at)) == 0)
        at++, t = LLVMGetElementType(t); /* &a[0][i]: row 0's elements */
    *idx = LLVMGetOperand(g, (unsigned)at);
    if (LLVMIsAConstant(*idx))
        return 0;
    *base = LLVMGetOperand(g, 0), *elem = t, *off = 0;
    for (int i = at + 1; i < n; i++) {
        LLVMValueRef c = LLVMGetOperand(g, (unsigned)i);
        if (!LLVMIsAConstantInt(c))
            return 0;
        uint64_t k = LLVMConstIntGetZExtValue(c);
        if (LLVMGetTypeKind(t) == LLVMStructTypeKind && k < LLVMCountStructElementTypes(t)) {
            *off += (int64_t)LLVMOffsetOfElement(s->p->td, t, (unsigned)k);
            t = LLVMStructGetTypeAtIndex(t, (unsigned)k);
        } else if (LLVMGetTypeKind(t) == LLVMArrayTypeKind && k < LLVMGetArrayLength(t)) {
            t = LLVMGetElementType(t);
            *off += (int64_t)k * (int64_t)LLVMABISizeOfType(s->p->td, t);
        } else {
            return 0;
        }
    }
    return 1;
}

/* Whether [off, off + size) lies inside one element of type t. */
static int inside_element(rh_static *s, LLVMTypeRef t, int64_t off, uint64_t size)
{
    return size > 0 && off >= 0 && LLVMTypeIsSized(t) &&
           off + (int64_t)size <= (int64_t)LLVMABISizeOfType(s->p->td, t);
}

/* The creator writes element i (or a field of it) before creating, in the
 * same loop iteration, the thread that gets &element[i] (or a field
 * of it) as its argument, and the thread's access stays inside that
 * element (through constant offsets from its argument, also computed as
 * integers: container_of): the thread of iteration k only ever sees
 * element k, which the creator wrote before creating it and never again. */
static int filled_before_create(rh_static *s, int a1, int t1, int a2, int t2)
{
    const rh_tg_thread *th = &s->tg.threads[t2];
    const rh_access *x = &s->p->accesses[a1], *y = &s->p->accesses[a2];
    int64_t yoff, xoff, aoff;
    if (t2 == 0 || th->parent != t1 || !rh_cfg_dominates(x->inst, th->create) || y->func != th->func || !th->once[th->func] ||
        rh_loc_base_offset(s, y->ptr, &yoff) != LLVMGetParam(s->p->funcs[th->func].fn, 0))
        return 0;
    LLVMValueRef arg = th->create_arg;
    LLVMValueRef b1, b2, i1, i2;
    LLVMTypeRef e1, e2;
    rh_counted_loop l;
    if (!arg || !element_field(s, x->ptr, &b1, &i1, &e1, &xoff) ||
        !element_field(s, strip_int(arg), &b2, &i2, &e2, &aoff))
        return 0;
    /* x indexes element i in iteration i only; it dominates the create and
     * lies in the loop (the header dominates it), so in each iteration it
     * runs before the create (the entry reaches the header first without
     * x), and it cannot run again after the create in that iteration */
    return b1 == b2 && strip_int(i1) == strip_int(i2) && e1 == e2 && inside_element(s, e1, xoff, x->size) &&
           inside_element(s, e1, aoff + yoff, y->size) && rh_loop_of_index(&s->cfg, i1, &l) &&
           rh_cfg_dominates(LLVMGetFirstInstruction(l.header), x->inst) && once_per_iteration(s, t2, &l) &&
           !rh_cfg_reaches_before(th->create, LLVMGetFirstInstruction(l.header), NULL, is_inst, x->inst);
}

int rh_own_thread_arg(rh_static *s, const rh_access *ac, int t, int64_t *off)
{
    const rh_tg_thread *th = &s->tg.threads[t];
    if (t == 0 || th->async || ac->func != th->func || th->parent < 0 || !th->once[th->func])
        return 0; /* the routine is also called normally, or is a handler: its parameter is not the argument */
    LLVMValueRef v = rh_loc_base_offset(s, ac->ptr, off);
    return v && LLVMIsAArgument(v) && LLVMGetParam(s->p->funcs[th->func].fn, 0) == v;
}

/* Two instances of thread t, created one per iteration of a counted loop
 * with &base[i] (or a field of it) as argument, touch only inside their
 * own elements through the argument: different instances, different
 * elements. */
static int own_element_arg(rh_static *s, int a1, int a2, int t)
{
    const rh_tg_thread *th = &s->tg.threads[t];
    int64_t o1, o2, aoff;
    if (!th->create_arg || !rh_own_thread_arg(s, &s->p->accesses[a1], t, &o1) ||
        !rh_own_thread_arg(s, &s->p->accesses[a2], t, &o2))
        return 0;
    LLVMValueRef arg = strip_int(th->create_arg), base, idx;
    LLVMTypeRef elem;
    rh_counted_loop l;
    if (!element_field(s, arg, &base, &idx, &elem, &aoff) || !rh_loop_of_index(&s->cfg, idx, &l) ||
        !once_per_iteration(s, t, &l))
        return 0;
    return inside_element(s, elem, aoff + o1, s->p->accesses[a1].size) &&
           inside_element(s, elem, aoff + o2, s->p->accesses[a2].size);
}

static int may_touch(rh_static *s, LLVMValueRef ptr, uint32_t o)
{
    const rh_sset *pts = rh_pt_of(&s->pt, ptr);
    for (uint32_t i = 0; i < pts->n; i++)
        if (rh_pt_loc_obj(pts->v[i]) == o)
            return 1;
    return 0;
}

/* A block made by the call v itself (an allocation site, or a wrapper
 * pt_alloc.h treats as one): every run of v returns a new block. */
static int fresh_block(rh_static *s, LLVMValueRef v)
{
    v = strip_int(v);
    const rh_sset *pts = LLVMIsACallInst(v) ? rh_pt_of(&s->pt, v) : NULL;
    if (!pts || pts->n == 0)
        return 0;
    for (uint32_t i = 0; i < pts->n; i++) {
        const rh_pt_object *o = &s->pt.objs[rh_pt_loc_obj(pts->v[i])];
        if (o->kind != RH_PT_HEAP || o->site != v)
            return 0;
    }
    return 1;
}

/* Whether write w leaves the pointer field [fo, fo + 8) of the elements
 * of `base` (type elem) alone, or is the one kind of store allowed into
 * it: element i of loop l gets a block the loop made in that iteration. */
static int field_write_ok(rh_static *s, const rh_access *w, LLVMValueRef base, LLVMTypeRef elem, int64_t fo,
                          uint64_t fsize, const rh_counted_loop *l)
{
    LLVMValueRef b, i;
    LLVMTypeRef e;
    int64_t off, lo, hi;
    if (rh_loc_field_bytes(s, w->ptr, w->size, &lo, &hi) == elem && (hi <= fo || fo + (int64_t)fsize <= lo))
        return 1; /* another field of an element, whichever (loc_model.h) */
    if (!element_field(s, w->ptr, &b, &i, &e, &off) || b != base || e != elem || !w->size)
        return 0;
    if (off + (int64_t)w->size <= fo || fo + (int64_t)fsize <= off)
        return 1; /* another field of the element */
    LLVMValueRef v = LLVMIsAStoreInst(w->inst) ? strip_int(LLVMGetOperand(w->inst, 0)) : NULL;
    rh_counted_loop wl;
    return v && off == fo && w->size == fsize && rh_loop_of_index(&s->cfg, i, &wl) && wl.iv == l->iv &&
           fresh_block(s, v) && rh_cfg_dominates(LLVMGetFirstInstruction(l->header), v);
}

/* Whether every write that may touch object o leaves field fo of the
 * elements of base alone or stores a block of its iteration there
 * (remembered per thread: the scan visits every access). */
static int fresh_field(rh_static *s, int t, LLVMValueRef base, LLVMTypeRef elem, int64_t fo,
                       const rh_counted_loop *l, uint32_t o)
{
    own_thread *ot = own_of(s, t);
    for (int i = 0; i < ot->nfields; i++)
        if (ot->field[i] == fo)
            return ot->field_ok[i];
    int ok = 1;
    uint64_t psize = LLVMPointerSize(s->p->td);
    for (int w = 0; ok && w < s->p->naccesses; w++) {
        const rh_access *ac = &s->p->accesses[w];
        if (ac->kind != RH_ACC_READ && may_touch(s, ac->ptr, o))
            ok = field_write_ok(s, ac, base, elem, fo, psize, l);
    }
    if (ot->nfields < FIELD_SLOTS)
        ot->field[ot->nfields] = fo, ot->field_ok[ot->nfields++] = (unsigned char)ok;
    return ok;
}

/* The pointer field of its own element that access a of thread t reaches
 * its memory through (`w->buf[k]`, w the argument): its offset inside
 * the element; 0 when a is no such access. */
static int own_block_field(rh_static *s, int a, int t, int64_t aoff, LLVMTypeRef elem, int64_t *fo)
{
    const rh_access *ac = &s->p->accesses[a];
    const rh_tg_thread *th = &s->tg.threads[t];
    if (ac->func != th->func || !th->once[th->func] || th->async)
        return 0;
    LLVMValueRef v = ac->ptr; /* arithmetic on a pointer into a block stays in the block */
    for (int d = 0; d < 16 && (LLVMIsAGetElementPtrInst(v) || LLVMIsABitCastInst(v)); d++)
        v = LLVMGetOperand(v, 0);
    int64_t lo;
    if (!LLVMIsALoadInst(v) || LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMPointerTypeKind ||
        rh_loc_base_offset(s, LLVMGetOperand(v, 0), &lo) != LLVMGetParam(s->p->funcs[th->func].fn, 0))
        return 0;
    *fo = aoff + lo;
    return inside_element(s, elem, *fo, LLVMPointerSize(s->p->td));
}

/* Two instances of thread t, created one per iteration with &A[i] (or a
 * field of it) as argument, access blocks they reach through a pointer
 * field of their own elements, and every write of those fields stores a
 * block allocated in the iteration that writes element i: instance k only
 * sees blocks of iteration k, so two instances never share one. */
static int own_element_blocks(rh_static *s, int a1, int a2, int t)
{
    const rh_tg_thread *th = &s->tg.threads[t];
    LLVMValueRef base, idx;
    LLVMTypeRef elem;
    int64_t aoff, f1, f2;
    rh_counted_loop l;
    if (!th->create_arg || !element_field(s, strip_int(th->create_arg), &base, &idx, &elem, &aoff) ||
        !rh_loop_of_index(&s->cfg, idx, &l) || !once_per_iteration(s, t, &l) ||
        !own_block_field(s, a1, t, aoff, elem, &f1) || !own_block_field(s, a2, t, aoff, elem, &f2))
        return 0;
    const rh_sset *bo = rh_pt_of(&s->pt, base);
    if (bo->n != 1)
        return 0;
    return fresh_field(s, t, base, elem, f1, &l, rh_pt_loc_obj(bo->v[0])) &&
           fresh_field(s, t, base, elem, f2, &l, rh_pt_loc_obj(bo->v[0]));
}

/* Whether claim, a load of the cell store st writes, comes earlier in st's
 * block with no call and no other write of the cell in between: it reads
 * the value st increments. */
static int reads_old_value(LLVMValueRef claim, LLVMValueRef st)
{
    if (!LLVMIsALoadInst(claim) || LLVMGetInstructionParent(claim) != LLVMGetInstructionParent(st) ||
        LLVMGetOperand(claim, 0) != LLVMGetOperand(st, 1))
        return 0;
    for (LLVMValueRef in = claim; in != st; in = LLVMGetNextInstruction(in))
        if (!in || (LLVMIsACallInst(in) && !LLVMIsADbgInfoIntrinsic(in)) ||
            (LLVMIsAStoreInst(in) && LLVMGetOperand(in, 1) == LLVMGetOperand(st, 1)))
            return 0;
    return 1;
}

/* Whether store st writes `load + 1` of the same cell, loaded earlier in
 * its block with no call in between, under a strong lock in write mode:
 * that lock is returned in *lock. */
static int locked_increment(rh_static *s, LLVMValueRef st, LLVMValueRef *load, uint64_t *lock)
{
    LLVMValueRef v = LLVMGetOperand(st, 0), g = LLVMGetOperand(st, 1);
    if (!LLVMIsAInstruction(v) || LLVMGetInstructionOpcode(v) != LLVMAdd)
        return 0;
    LLVMValueRef l = LLVMGetOperand(v, 0), one = LLVMGetOperand(v, 1);
    if (!LLVMIsAConstantInt(one) || LLVMConstIntGetSExtValue(one) != 1 || LLVMGetOperand(l, 0) != g ||
        !reads_old_value(l, st))
        return 0;
    long a = rh_map_get_ptr(&s->ls.acc_of_inst, st, -1);
    const rh_sset *must = a >= 0 ? &s->ls.acc[a].must : NULL;
    *lock = UINT64_MAX;
    for (uint32_t i = 0; must && i < must->n; i++)
        if ((must->v[i] & 1) && must->v[i] / 2 != RH_LS_ATOMIC)
            *lock = must->v[i];
    *load = l;
    return *lock != UINT64_MAX;
}

/* A store made by main while no other thread runs (initialisation). */
static int initialising(rh_static *s, LLVMValueRef st)
{
    long a = rh_map_get_ptr(&s->ls.acc_of_inst, st, -1);
    return a >= 0 && s->ls.acc[a].seen && s->ls.acc[a].active.n == 0 && s->ls.acc[a].threads.n == 1 &&
           s->ls.acc[a].threads.v[0] == 0;
}

/* Whether the value `claim` is a ticket from counter g: every write of g
 * is either main's initialisation or an increment by one that hands out
 * the old value atomically - all under one lock (j = next; next++;) or
 * all atomic fetch-and-adds - and claim is one such old value.  Then no
 * two claims, in any threads, get the same ticket. */
static int ticket(rh_static *s, LLVMValueRef claim, LLVMValueRef g)
{
    int locked = 0, rmw = 0, claimed = 0;
    uint64_t lock = UINT64_MAX, l;
    LLVMValueRef load;
    for (LLVMUseRef u = LLVMGetFirstUse(g); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef in = LLVMGetUser(u);
        if (LLVMIsALoadInst(in) && LLVMGetOperand(in, 0) == g)
            continue;
        if (LLVMIsAStoreInst(in) && LLVMGetOperand(in, 1) == g && locked_increment(s, in, &load, &l) &&
            (lock == UINT64_MAX || lock == l)) {
            lock = l, locked = 1, claimed |= load == claim || reads_old_value(claim, in);
        } else if (LLVMIsAStoreInst(in) && LLVMGetOperand(in, 1) == g && initialising(s, in)) {
            continue;
        } else if (LLVMIsAAtomicRMWInst(in) && LLVMGetOperand(in, 0) == g &&
                   LLVMGetAtomicRMWBinOp(in) == LLVMAtomicRMWBinOpAdd && LLVMIsAConstantInt(LLVMGetOperand(in, 1)) &&
                   LLVMConstIntGetSExtValue(LLVMGetOperand(in, 1)) == 1) {
            rmw = 1, claimed |= in == claim;
        } else {
            return 0;
        }
    }
    return claimed && !(locked && rmw);
}

/* The counter whose ticket indexes access a (first variable index), with
 * the array GEP it indexes; NULL if none. */
static LLVMValueRef ticket_index(rh_static *s, int a, int *pos, LLVMValueRef *root)
{
    LLVMValueRef x = first_variable_index(s->p->accesses[a].ptr, pos, root);
    x = x ? strip_int(x) : NULL;
    LLVMValueRef g = !x ? NULL : LLVMIsALoadInst(x) ? LLVMGetOperand(x, 0)
                                : LLVMIsAAtomicRMWInst(x) ? LLVMGetOperand(x, 0) : NULL;
    return g && LLVMIsAGlobalVariable(g) && ticket(s, x, g) ? g : NULL;
}

/* Both accesses index one array (same element type, one base object at a
 * known offset) at the same position. */
static int same_array(rh_static *s, LLVMValueRef g1, int p1, LLVMValueRef g2, int p2)
{
    const rh_sset *b1 = rh_pt_of(&s->pt, LLVMGetOperand(g1, 0)), *b2 = rh_pt_of(&s->pt, LLVMGetOperand(g2, 0));
    return p1 == p2 && LLVMGetGEPSourceElementType(g1) == LLVMGetGEPSourceElementType(g2) &&
           rh_sset_equal(b1, b2) && b1->n == 1 && rh_pt_loc_off(b1->v[0]) != RH_PT_ANY;
}


/* The first phi inside v's expression that is a counted loop's counter
 * with constant bounds. */
static int loop_in_expr(rh_static *s, LLVMValueRef v, rh_counted_loop *l, int depth)
{
    if (depth > 8 || !LLVMIsAInstruction(v))
        return 0;
    if (LLVMIsAPHINode(v))
        return rh_loop_of_index(&s->cfg, v, l) && !l->end_value;
    if (LLVMIsALoadInst(v) || LLVMIsACallInst(v))
        return 0;
    for (int i = 0; i < LLVMGetNumOperands(v); i++)
        if (loop_in_expr(s, LLVMGetOperand(v, (unsigned)i), l, depth + 1))
            return 1;
    return 0;
}

static int compute_listed_ids(rh_static *s, int t, id_list *out)
{
    LLVMValueRef arg = create_arg(s, t);
    if (!arg)
        return 0;
    arg = strip_int(arg);
    rh_counted_loop l;
    ids r;
    out->n = 0, out->byref = 0;
    if (LLVMIsAConstantInt(arg) || LLVMIsAConstantPointerNull(arg)) {
        out->v[out->n++] = LLVMIsAConstantInt(arg) ? LLVMConstIntGetSExtValue(arg) : 0;
        out->per_instance = !s->tg.threads[t].multi;
        return 1;
    }
    if (LLVMGetTypeKind(LLVMTypeOf(arg)) == LLVMIntegerTypeKind && loop_in_expr(s, arg, &l, 0)) {
        int64_t span;
        if (l.end <= l.start || __builtin_sub_overflow(l.end, l.start, &span) || span > MAX_IDS)
            return 0;
        rh_iv_env env = {&s->cfg, {l.iv}, {0}, 1, NULL, 0, NULL, NULL, NULL};
        for (int64_t k = l.start; k < l.end; k++) {
            rh_ival x;
            env.value[0] = k;
            rh_iv_eval(&env, arg, &x);
            if (x.mod != 0)
                return 0;
            out->v[out->n++] = x.rem;
        }
        out->per_instance = once_per_iteration(s, t, &l);
        return 1;
    }
    int64_t span;
    if (!cell_ids(s, t, create_arg(s, t), &r) || r.hi <= r.lo ||
        __builtin_sub_overflow(r.hi, r.lo, &span) || span > MAX_IDS)
        return 0;
    for (int64_t k = r.lo; k < r.hi; k++)
        out->v[out->n++] = k;
    out->per_instance = r.distinct, out->byref = 1;
    return 1;
}

static int listed_ids(rh_static *s, int t, id_list *out)
{
    own_thread *o = own_of(s, t);
    if (!o->ids_state)
        o->ids_state = compute_listed_ids(s, t, &o->ids) ? 1 : 2;
    *out = o->ids;
    return o->ids_state == 1;
}

/* What one instance of access a does: whether a guard on its id keeps it
 * from running, and the byte offset of its address from its root. */
typedef struct inst_view {
    int excluded, placed;
    rh_ival at;
} inst_view;

static int view_access(rh_static *s, int a, int t, const id_list *ids, inst_view *out, LLVMValueRef *root)
{
    const rh_access *ac = &s->p->accesses[a];
    const rh_tg_thread *th = &s->tg.threads[t];
    if (ac->func != th->func || !th->once[th->func] || th->async)
        return 0;
    LLVMValueRef prm = LLVMGetParam(s->p->funcs[th->func].fn, 0);
    rh_iv_env env = {&s->cfg, {prm}, {0}, ids->byref ? 0 : 1, ids->byref ? prm : NULL, 0, ac->inst, NULL, NULL};
    for (int k = 0; k < ids->n; k++) {
        env.value[0] = env.cell_value = ids->v[k];
        out[k].excluded = rh_iv_guard_excludes(&env, ac->inst);
        out[k].placed = rh_iv_address(&env, s->p->td, ac->ptr, root, &out[k].at);
    }
    return 1;
}

/* Both roots denote one object at one known offset. */
static int same_root(rh_static *s, LLVMValueRef r1, LLVMValueRef r2)
{
    const rh_sset *b1 = rh_pt_of(&s->pt, r1), *b2 = rh_pt_of(&s->pt, r2);
    return rh_sset_equal(b1, b2) && b1->n == 1 && rh_pt_loc_off(b1->v[0]) != RH_PT_ANY;
}

/* Instances of threads t1 and t2 whose ids are listed: every pair of two
 * different instances either has one access kept from running by a guard
 * on its id, or addresses bytes of one object that the ids keep apart. */
static int listed_disjoint(rh_static *s, int a1, int t1, int a2, int t2)
{
    id_list i1, i2;
    inst_view v1[MAX_IDS], v2[MAX_IDS];
    LLVMValueRef r1 = NULL, r2 = NULL;
    if (!listed_ids(s, t1, &i1) || !listed_ids(s, t2, &i2) || !view_access(s, a1, t1, &i1, v1, &r1) ||
        !view_access(s, a2, t2, &i2, v2, &r2))
        return 0;
    int same = r1 && r2 && same_root(s, r1, r2);
    uint64_t n1 = s->p->accesses[a1].size, n2 = s->p->accesses[a2].size;
    for (int k1 = 0; k1 < i1.n; k1++)
        for (int k2 = 0; k2 < i2.n; k2++) {
            if (t1 == t2 && k1 == k2 && i1.per_instance)
                continue; /* one instance */
            if (v1[k1].excluded || v2[k2].excluded)
                continue;
            if (!same || !v1[k1].placed || !v2[k2].placed || rh_iv_ranges_meet(&v1[k1].at, n1, &v2[k2].at, n2))
                return 0;
        }
    return 1;
}

/* Write ac is made through the parameter of a thread routine that every
 * thread running it was given as &base[k] (plus a constant), and stays in
 * that element outside bytes [fo, fo + size) of it. */
static int own_other_field(rh_static *s, const rh_access *ac, LLVMValueRef base, LLVMTypeRef elem, int64_t fo,
                           uint64_t size)
{
    int64_t c, aoff;
    LLVMValueRef b, i;
    LLVMTypeRef e;
    int started = 0;
    if (rh_loc_base_offset(s, ac->ptr, &c) != LLVMGetParam(s->p->funcs[ac->func].fn, 0))
        return 0;
    for (int t = 0; t < s->tg.nthreads; t++) {
        const rh_tg_thread *th = &s->tg.threads[t];
        if (!th->reach[ac->func])
            continue;
        LLVMValueRef arg = th->func == ac->func ? create_arg(s, t) : NULL; /* also called as a function: no */
        if (th->async || !th->once[th->func] || !arg || !element_field(s, strip_int(arg), &b, &i, &e, &aoff) ||
            b != base || e != elem || !inside_element(s, elem, aoff + c, ac->size) ||
            !(aoff + c + (int64_t)ac->size <= fo || fo + (int64_t)size <= aoff + c))
            return 0;
        started = 1;
    }
    return started;
}

/* The one store that may write field [aoff + f, + size) of any element of
 * base, thread t's argument being &base[i] plus aoff: a store into that
 * field of base[i] itself (*idx: i without its casts), or NULL. */
static LLVMValueRef element_field_store(rh_static *s, int t, int64_t f, uint64_t size, LLVMValueRef *idx)
{
    LLVMValueRef arg = create_arg(s, t), base, w = NULL, wb, wi;
    LLVMTypeRef elem, we;
    int64_t aoff, wo;
    if (!arg || !element_field(s, strip_int(arg), &base, idx, &elem, &aoff) ||
        !inside_element(s, elem, aoff + f, size))
        return NULL;
    const rh_sset *pts = rh_pt_of(&s->pt, arg);
    if (pts->n != 1)
        return NULL;
    uint32_t o = rh_pt_loc_obj(pts->v[0]);
    int64_t fo = aoff + f;
    for (int a = 0; a < s->p->naccesses; a++) {
        const rh_access *ac = &s->p->accesses[a];
        const rh_conc_entry *e = LLVMIsACallInst(ac->inst) ? rh_model_call_entry(s->p, ac->inst) : NULL;
        if (ac->kind == RH_ACC_READ || !may_touch(s, ac->ptr, o) || (e && e->op == RH_OP_FREE))
            continue; /* a free changes no byte a read the free does not race with may use */
        int elementwise = element_field(s, ac->ptr, &wb, &wi, &we, &wo) && wb == base && we == elem;
        if (elementwise && inside_element(s, elem, wo, ac->size) &&
            (wo + (int64_t)ac->size <= fo || fo + (int64_t)size <= wo))
            continue; /* another field of an element */
        if (own_other_field(s, ac, base, elem, fo, size))
            continue; /* a thread's write to another field of its own element */
        if ((w && w != ac->inst) || !elementwise || !LLVMIsAStoreInst(ac->inst) || wo != fo || ac->size != size ||
            strip_int(wi) != strip_int(*idx))
            return NULL;
        w = ac->inst;
    }
    *idx = strip_int(*idx);
    return w;
}

/* Ids in a field of the element the argument points to: the create's
 * argument is &base[i] (a counted loop's counter i), and the one write
 * anywhere that may touch field fo of base's elements stores i into
 * base[i]'s field; writes to other fields of base[i] (through base, at a
 * variable index) do not count.  Like cell_ids, a thread that read its
 * field before the store would race on the field itself. */
static int block_field_ids(rh_static *s, int t, LLVMValueRef v, int64_t f, uint64_t size, ids *out);

static int field_cell_ids(rh_static *s, int t, int64_t f, uint64_t size, ids *out)
{
    LLVMValueRef arg = create_arg(s, t), idx, w;
    if (arg && fresh_block(s, arg))
        return block_field_ids(s, t, strip_int(arg), f, size, out);
    w = element_field_store(s, t, f, size, &idx);
    return w && strip_int(LLVMGetOperand(w, 0)) == idx && value_ids(s, t, LLVMGetOperand(w, 0), out);
}

int rh_own_element_field(rh_static *s, LLVMValueRef g, LLVMValueRef *base, LLVMValueRef *idx, LLVMTypeRef *elem,
                         int64_t *off)
{
    return element_field(s, g, base, idx, elem, off);
}

int rh_own_inside_element(rh_static *s, LLVMTypeRef t, int64_t off, uint64_t size)
{
    return inside_element(s, t, off, size);
}

/* Whether write ac touches heap block v (its allocation site) only
 * outside bytes [f, f + size): through v, or through the parameter of a
 * routine that only runs as a thread given v itself; a free of the block
 * changes no byte a later read may use. */
static int block_other_field(rh_static *s, const rh_access *ac, LLVMValueRef v, int64_t f, uint64_t size)
{
    const rh_conc_entry *e = LLVMIsACallInst(ac->inst) ? rh_model_call_entry(s->p, ac->inst) : NULL;
    if (e && e->op == RH_OP_FREE)
        return 1;
    int64_t c;
    LLVMValueRef b = rh_loc_base_offset(s, ac->ptr, &c);
    if (!ac->size || !(c + (int64_t)ac->size <= f || f + (int64_t)size <= c))
        return 0;
    if (b == v)
        return 1;
    if (b != LLVMGetParam(s->p->funcs[ac->func].fn, 0))
        return 0;
    int started = 0;
    for (int t = 0; t < s->tg.nthreads; t++) {
        const rh_tg_thread *th = &s->tg.threads[t];
        if (!th->reach[ac->func])
            continue;
        LLVMValueRef arg = th->func == ac->func ? create_arg(s, t) : NULL;
        if (th->async || !th->once[th->func] || !arg || strip_int(arg) != v)
            return 0;
        started = 1;
    }
    return started;
}

/* Instruction in runs at most once in each iteration of loop l. */
static int in_loop_once(const rh_counted_loop *l, LLVMValueRef in)
{
    return rh_loop_body_has(l, in) || at_most_once_in_loop(l, in);
}

/* The one write that may touch field [f, f + size) of any block of v's
 * allocation site, when it is a store through v itself that dominates
 * thread t's create; else NULL. */
static LLVMValueRef block_field_store(rh_static *s, int t, LLVMValueRef v, int64_t f, uint64_t size)
{
    const rh_sset *pts = rh_pt_of(&s->pt, v);
    LLVMValueRef w = NULL;
    int64_t c;
    if (!fresh_block(s, v) || pts->n != 1 || f < 0)
        return NULL;
    uint32_t o = rh_pt_loc_obj(pts->v[0]);
    for (int a = 0; a < s->p->naccesses; a++) {
        const rh_access *ac = &s->p->accesses[a];
        if (ac->kind == RH_ACC_READ || !may_touch(s, ac->ptr, o) || block_other_field(s, ac, v, f, size))
            continue;
        if ((w && w != ac->inst) || !LLVMIsAStoreInst(ac->inst) || ac->size != size ||
            rh_loc_base_offset(s, ac->ptr, &c) != v || c != f)
            return NULL;
        w = ac->inst;
    }
    return w && rh_cfg_dominates(w, s->tg.threads[t].create) ? w : NULL;
}

/* Ids in field f of a block the create loop allocates per iteration (v,
 * the create's argument, is a fresh allocation): the one write that may
 * touch the field in any block of v's site stores the loop's counter
 * through v itself, so each instance's block holds its own iteration's
 * counter. */
static int block_field_ids(rh_static *s, int t, LLVMValueRef v, int64_t f, uint64_t size, ids *out)
{
    LLVMValueRef w = block_field_store(s, t, v, f, size);
    rh_counted_loop l;
    LLVMValueRef val = w ? strip_int(LLVMGetOperand(w, 0)) : NULL;
    return val && rh_loop_of_index(&s->cfg, val, &l) && in_loop_once(&l, v) && in_loop_once(&l, w) &&
           value_ids(s, t, val, out);
}

LLVMValueRef rh_own_field_store(rh_static *s, int t, int64_t f, uint64_t size,
                                LLVMValueRef (*index_of)(rh_static *, LLVMValueRef), int *distinct)
{
    LLVMValueRef arg = create_arg(s, t), idx = NULL, w, j;
    rh_counted_loop l;
    ids i;
    if (arg && fresh_block(s, arg)) {
        LLVMValueRef v = strip_int(arg);
        w = block_field_store(s, t, v, f, size);
        j = w ? index_of(s, LLVMGetOperand(w, 0)) : NULL;
        if (!j || !rh_loop_of_index(&s->cfg, strip_int(j), &l) || !in_loop_once(&l, v) || !in_loop_once(&l, w))
            return NULL;
        idx = strip_int(j);
    } else {
        w = element_field_store(s, t, f, size, &idx);
        j = w ? index_of(s, LLVMGetOperand(w, 0)) : NULL;
        if (!j || strip_int(j) != idx || !rh_cfg_dominates(w, s->tg.threads[t].create))
            return NULL;
    }
    if (!value_ids(s, t, idx, &i) || !small_ids(&i))
        return NULL;
    *distinct = i.distinct;
    return w;
}

/* The first variable index of access a's address, when it is an integer
 * thread t's routine loads from its argument plus *f (a field of the
 * element it was given). */
static int field_access_id(rh_static *s, int a, int t, int *pos, LLVMValueRef *root, int64_t *f, uint64_t *size)
{
    const rh_access *ac = &s->p->accesses[a];
    const rh_tg_thread *th = &s->tg.threads[t];
    if (t == 0 || ac->func != th->func || !th->once[th->func] || th->async)
        return 0;
    LLVMValueRef x = first_variable_index(ac->ptr, pos, root);
    LLVMValueRef id = x ? strip_int(x) : NULL;
    if (!id || !LLVMIsALoadInst(id) || LLVMGetTypeKind(LLVMTypeOf(id)) != LLVMIntegerTypeKind ||
        LLVMGetIntTypeWidth(LLVMTypeOf(id)) < 32)
        return 0;
    *size = LLVMGetIntTypeWidth(LLVMTypeOf(id)) / 8;
    return rh_loc_base_offset(s, LLVMGetOperand(id, 0), f) == LLVMGetParam(s->p->funcs[th->func].fn, 0);
}

/* Two accesses to one array at their threads' ids read from a field of
 * the element each thread was given (thread ids passed in structs). */
static int field_ids_disjoint(rh_static *s, int a1, int t1, int a2, int t2)
{
    int p1, p2;
    LLVMValueRef g1, g2;
    int64_t f1, f2;
    uint64_t n1, n2;
    ids i1, i2;
    if (!field_access_id(s, a1, t1, &p1, &g1, &f1, &n1) || !field_access_id(s, a2, t2, &p2, &g2, &f2, &n2) ||
        !same_array(s, g1, p1, g2, p2) || !field_cell_ids(s, t1, f1, n1, &i1) ||
        !field_cell_ids(s, t2, f2, n2, &i2) || !small_ids(&i1) || !small_ids(&i2))
        return 0;
    return t1 == t2 ? i1.distinct : i1.hi <= i2.lo || i2.hi <= i1.lo;
}

int rh_own_counter_access(rh_static *s, int a, int t, LLVMValueRef *root, int *pos, LLVMValueRef *iv)
{
    int byref;
    rh_counted_loop l;
    LLVMValueRef arg = create_arg(s, t), v = arg ? strip_int(arg) : NULL;
    if (!v || !access_id(s, a, t, pos, &byref, root) || byref || !LLVMIsAPHINode(v) ||
        !rh_loop_of_index(&s->cfg, v, &l) || l.iv != v || !once_per_iteration(s, t, &l))
        return 0;
    *iv = v;
    return 1;
}

int rh_own_element_access(rh_static *s, int a, int t, LLVMValueRef *base, LLVMTypeRef *elem, LLVMValueRef *iv)
{
    const rh_tg_thread *th = &s->tg.threads[t];
    int64_t off, aoff;
    LLVMValueRef idx;
    rh_counted_loop l;
    if (t <= 0 || !th->create_arg || !rh_own_thread_arg(s, &s->p->accesses[a], t, &off) ||
        !element_field(s, strip_int(th->create_arg), base, &idx, elem, &aoff) ||
        !rh_loop_of_index(&s->cfg, idx, &l) || !once_per_iteration(s, t, &l))
        return 0;
    *iv = l.iv;
    return inside_element(s, *elem, aoff + off, s->p->accesses[a].size);
}

int rh_own_same_array(rh_static *s, LLVMValueRef g1, int p1, LLVMValueRef g2, int p2)
{
    return same_array(s, g1, p1, g2, p2);
}

LLVMValueRef rh_own_first_variable_index(LLVMValueRef g, int *pos, LLVMValueRef *root)
{
    LLVMValueRef x = first_variable_index(g, pos, root);
    return x ? strip_int(x) : NULL;
}

static int own_index_disjoint(rh_static *s, int a1, int t1, int a2, int t2);

int rh_own_index_disjoint(rh_static *s, int a1, int t1, int a2, int t2)
{
    return own_index_disjoint(s, a1, t1, a2, t2) || rh_arg_fields_disjoint(s, a1, t1, a2, t2);
}

static int own_index_disjoint(rh_static *s, int a1, int t1, int a2, int t2)
{
    if (filled_before_create(s, a1, t1, a2, t2) || filled_before_create(s, a2, t2, a1, t1))
        return 1;
    if (t1 == t2 && (own_element_arg(s, a1, a2, t1) || own_element_blocks(s, a1, a2, t1)))
        return 1;
    int p1, p2, r1, r2;
    LLVMValueRef g1, g2;
    ids i1, i2;
    LLVMValueRef c1 = ticket_index(s, a1, &p1, &g1), c2 = c1 ? ticket_index(s, a2, &p2, &g2) : NULL;
    if (c1 && c1 == c2 && same_array(s, g1, p1, g2, p2))
        return 1;
    if (!access_id(s, a1, t1, &p1, &r1, &g1) || !access_id(s, a2, t2, &p2, &r2, &g2) ||
        !same_array(s, g1, p1, g2, p2))
        return listed_disjoint(s, a1, t1, a2, t2) || field_ids_disjoint(s, a1, t1, a2, t2);
    if (!thread_ids(s, t1, r1, &i1) || !thread_ids(s, t2, r2, &i2) || !small_ids(&i1) || !small_ids(&i2))
        return listed_disjoint(s, a1, t1, a2, t2);
    if (t1 == t2 ? i1.distinct : i1.hi <= i2.lo || i2.hi <= i1.lo)
        return 1;
    return listed_disjoint(s, a1, t1, a2, t2);
}
