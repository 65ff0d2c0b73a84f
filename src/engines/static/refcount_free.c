/* refcount_free.c - frees by the last holder of a counted reference
 * (refcount_free.h has the rule and why it is sound). */
#include "refcount_free.h"
#include "atomic_ops.h"
#include "cfg.h"
#include "loc_model.h"
#include "loops.h"
#include "static_ctx.h"
#include "util/hashmap.h"

#include <stdlib.h>

#define MAX_CELLS 32
#define CALL_DEPTH 3

typedef struct cell {
    uint32_t obj;
    int32_t off;
    uint64_t size;
    int64_t n;  /* the init constant, -1 before the first init */
    int ok;
} cell;

struct rh_refcount {
    rh_static *s;
    cell cells[MAX_CELLS];
    int ncells;
    int *dec;   /* per access: cell + 1 of a counted decrement, else 0 */
    int *gfree; /* per access: cell + 1 of a guarded free, else 0 */
    RH_VEC(int) decs; /* the accesses that are decrements */
    rh_map followed; /* (access, cell) -> 1 followed by a decrement, 2 not */
};

static LLVMValueRef root_of(LLVMValueRef v)
{
    for (int i = 0; i < 64 && v; i++) {
        LLVMOpcode op = LLVMIsAInstruction(v) ? LLVMGetInstructionOpcode(v)
                        : LLVMIsAConstantExpr(v) ? LLVMGetConstOpcode(v) : (LLVMOpcode)0;
        if (op != LLVMGetElementPtr && op != LLVMBitCast && op != LLVMAddrSpaceCast)
            return v;
        v = LLVMGetOperand(v, 0);
    }
    return v;
}

/* The one location a pointer denotes (a known offset), or 0. */
static int one_loc(rh_static *s, LLVMValueRef ptr, uint32_t *obj, int32_t *off)
{
    const rh_sset *t = rh_pt_of(&s->pt, ptr);
    if (t->n != 1 || rh_pt_loc_off(t->v[0]) == RH_PT_ANY)
        return 0;
    *obj = rh_pt_loc_obj(t->v[0]), *off = rh_pt_loc_off(t->v[0]);
    return 1;
}

/* Whether an atomicrmw subtracts one with acquire and release. */
static int is_decrement(LLVMValueRef in)
{
    if (!in || !LLVMIsAAtomicRMWInst(in))
        return 0;
    LLVMAtomicOrdering o = LLVMGetOrdering(in);
    uint64_t k;
    LLVMValueRef v = LLVMGetOperand(in, 1);
    if (!rh_aop_acquires(o) || !rh_aop_releases(o) || !rh_aop_const(v, &k))
        return 0;
    LLVMAtomicRMWBinOp op = LLVMGetAtomicRMWBinOp(in);
    return (op == LLVMAtomicRMWBinOpSub && k == 1) ||
           (op == LLVMAtomicRMWBinOpAdd && LLVMConstIntGetSExtValue(v) == -1);
}

static int find_cell(rh_refcount *rc, uint32_t obj, int32_t off, uint64_t size)
{
    for (int i = 0; i < rc->ncells; i++)
        if (rc->cells[i].obj == obj && rc->cells[i].off == off && rc->cells[i].size == size)
            return i;
    if (rc->ncells == MAX_CELLS)
        return -1;
    rc->cells[rc->ncells] = (cell){obj, off, size, -1, 1};
    return rc->ncells++;
}

/* Whether every use of v (through casts and GEPs) that may let the block
 * leave the function runs after the init store. */
static int init_precedes_escapes(LLVMValueRef v, LLVMValueRef init, int depth)
{
    if (depth > 16)
        return 0;
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef us = LLVMGetUser(u);
        if (!LLVMIsAInstruction(us))
            return 0;
        LLVMOpcode op = LLVMGetInstructionOpcode(us);
        if (op == LLVMGetElementPtr || op == LLVMBitCast) {
            if (LLVMGetOperand(us, 0) == v && !init_precedes_escapes(us, init, depth + 1))
                return 0;
            continue;
        }
        if (op == LLVMICmp || op == LLVMLoad || (op == LLVMStore && LLVMGetOperand(us, 0) != v))
            continue;
        LLVMValueRef at = us;
        if (op == LLVMPHI) /* the value leaves along the edge: the end of its incoming block */
            for (unsigned i = 0; i < LLVMCountIncoming(us); i++)
                if (LLVMGetIncomingValue(us, i) == v &&
                    !rh_cfg_dominates(init, LLVMGetBasicBlockTerminator(LLVMGetIncomingBlock(us, i))))
                    return 0;
        if (op != LLVMPHI && !rh_cfg_dominates(init, at))
            return 0;
    }
    return 1;
}

/* Whether an atomic write may store an address of object obj: a block
 * published through an atomic may reach a thread with no happens-before
 * from its init.  A plain init's pairs with the decrements are checked as
 * usual; an atomic init (gcc's atomic_init is a relaxed store) relies on
 * every channel of the address being a create or plain memory, whose
 * pairs are checked. */
static int atomic_channel(rh_static *s, uint32_t obj)
{
    for (int a = 0; a < s->p->naccesses; a++) {
        const rh_access *ac = &s->p->accesses[a];
        LLVMValueRef in = ac->inst, v;
        if (!ac->atomic || ac->kind == RH_ACC_READ)
            continue;
        if (!ac->from_call && LLVMIsAStoreInst(in))
            v = LLVMGetOperand(in, 0);
        else if (!ac->from_call && LLVMIsAAtomicRMWInst(in))
            v = LLVMGetOperand(in, 1);
        else if (!ac->from_call && LLVMIsAAtomicCmpXchgInst(in))
            v = LLVMGetOperand(in, 2);
        else
            return 1; /* an atomic write of another kind: say it may */
        const rh_sset *t = rh_pt_of(&s->pt, v);
        for (uint32_t i = 0; i < t->n; i++)
            if (rh_pt_loc_obj(t->v[i]) == obj)
                return 1;
    }
    return 0;
}

/* Whether store in is a counted cell's init: a plain store of a positive
 * constant through its object's allocation value, before every escape. */
static int is_init(rh_refcount *rc, cell *c, LLVMValueRef in)
{
    rh_static *s = rc->s;
    uint64_t k;
    if (!LLVMIsAStoreInst(in) || LLVMGetVolatile(in) || !rh_aop_const(LLVMGetOperand(in, 0), &k) ||
        (LLVMGetOrdering(in) != LLVMAtomicOrderingNotAtomic && atomic_channel(s, c->obj)))
        return 0;
    int64_t n = LLVMConstIntGetSExtValue(LLVMGetOperand(in, 0));
    uint32_t obj;
    int32_t off;
    const rh_pt_object *po = &s->pt.objs[c->obj];
    if (n < 1 || n > 1 << 20 || (c->n >= 0 && c->n != n) || !one_loc(s, LLVMGetOperand(in, 1), &obj, &off) ||
        obj != c->obj || off != c->off || po->kind != RH_PT_HEAP || !po->site ||
        root_of(LLVMGetOperand(in, 1)) != po->site || !init_precedes_escapes(po->site, in, 0))
        return 0;
    c->n = n;
    return 1;
}

static int is_free(const rh_program *p, const rh_access *a)
{
    const rh_conc_entry *e = a->from_call ? rh_model_call_entry(p, a->inst) : NULL;
    return e && e->op == RH_OP_FREE;
}

/* Narrows [*lo, *hi) to the struct field a GEP `&base->f[i]...` selects,
 * when base points at one known offset of obj and the field is an array
 * of more than one element (an index stays inside it) or a scalar. */
static void field_range(rh_static *s, LLVMValueRef ptr, uint32_t obj, int64_t *lo, int64_t *hi)
{
    uint64_t k0, kf = 0;
    if (!LLVMIsAGetElementPtrInst(ptr) || LLVMGetNumOperands(ptr) < 3 || !rh_aop_const(LLVMGetOperand(ptr, 1), &k0) ||
        k0 != 0)
        return;
    LLVMTypeRef st = LLVMGetGEPSourceElementType(ptr), ft = st;
    uint32_t bobj;
    int32_t boff;
    int64_t flo = 0;
    if (!one_loc(s, LLVMGetOperand(ptr, 0), &bobj, &boff) || bobj != obj)
        return;
    if (LLVMGetTypeKind(st) == LLVMStructTypeKind) { /* &base->f..., f an array of 2 or more or the last index */
        if (LLVMIsPackedStruct(st) || !rh_aop_const(LLVMGetOperand(ptr, 2), &kf) ||
            kf >= LLVMCountStructElementTypes(st))
            return;
        ft = LLVMStructGetTypeAtIndex(st, (unsigned)kf);
        flo = (int64_t)LLVMOffsetOfElement(s->p->td, st, (unsigned)kf);
        if (LLVMGetNumOperands(ptr) > 3 && (LLVMGetTypeKind(ft) != LLVMArrayTypeKind || LLVMGetArrayLength(ft) < 2))
            return;
    } else if (LLVMGetTypeKind(st) != LLVMArrayTypeKind || LLVMGetArrayLength(st) < 2) { /* &arr[i] */
        return;
    }
    flo += boff;
    int64_t fhi = flo + (int64_t)LLVMABISizeOfType(s->p->td, ft);
    if (flo > *lo)
        *lo = flo;
    if (fhi < *hi)
        *hi = fhi;
}

/* Whether access a may touch the cell's bytes (loc_model.h narrows an
 * index inside an array field). */
static int may_touch_cell(rh_static *s, int a, const cell *c)
{
    const rh_access *ac = &s->p->accesses[a];
    const rh_sset *t = rh_pt_of(&s->pt, ac->ptr);
    if (!t->n)
        return 1;
    for (uint32_t i = 0; i < t->n; i++) {
        if (rh_pt_loc_obj(t->v[i]) != c->obj)
            continue;
        int32_t off = rh_pt_loc_off(t->v[i]);
        int64_t lo = INT64_MIN / 4, hi = INT64_MAX / 4;
        if (off != RH_PT_ANY && ac->size)
            lo = off, hi = off + (int64_t)ac->size;
        rh_loc_range(s, a, c->obj, off, &lo, &hi);
        field_range(s, ac->ptr, c->obj, &lo, &hi);
        if (lo < c->off + (int64_t)c->size && c->off < hi)
            return 1;
    }
    return 0;
}

/* Whether every write that may touch the cell's bytes is a decrement of
 * exactly it, an init, or a free. */
static void check_writes(rh_refcount *rc, cell *c, int ci)
{
    rh_static *s = rc->s;
    for (int a = 0; a < s->p->naccesses && c->ok; a++) {
        const rh_access *ac = &s->p->accesses[a];
        if (ac->kind == RH_ACC_READ || !may_touch_cell(s, a, c))
            continue;
        if (rc->dec[a] == ci + 1 || is_free(s->p, ac) || (!ac->from_call && is_init(rc, c, ac->inst)))
            continue;
        c->ok = 0;
    }
    if (c->n < 0)
        c->ok = 0;
}

/* The counted loop whose straight body holds call, or 0. */
static int loop_of_call(rh_static *s, LLVMValueRef call, rh_counted_loop *out)
{
    LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(call));
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef in = LLVMGetFirstInstruction(b); in && LLVMIsAPHINode(in); in = LLVMGetNextInstruction(in))
            if (rh_loop_of_index(&s->cfg, in, out) && !out->end_value && rh_loop_body_has(out, call))
                return 1;
    return 0;
}

/* An upper bound on the instances of thread t, or -1 when none is known. */
static int64_t instances(rh_static *s, int t, int depth)
{
    const rh_tg_thread *th = &s->tg.threads[t];
    if (t == 0 || (!th->multi && !th->async))
        return 1;
    if (th->async || th->parent < 0 || depth > 8 || !th->create)
        return -1;
    int g = rh_pt_func_index(&s->pt, LLVMGetBasicBlockParent(LLVMGetInstructionParent(th->create)));
    rh_counted_loop l;
    if (g < 0 || !s->tg.threads[th->parent].once[g] || !loop_of_call(s, th->create, &l) ||
        rh_cfg_inst_in_loop(&s->cfg, g, LLVMGetBasicBlockTerminator(l.preheader)))
        return -1;
    int64_t up = instances(s, th->parent, depth + 1), trips = l.end > l.start ? l.end - l.start : 0;
    return up < 0 || trips > (1 << 20) ? -1 : up * trips;
}

/* Whether the cell's decrements run at most its init constant times. */
static void check_count(rh_refcount *rc, cell *c, int ci)
{
    rh_static *s = rc->s;
    int64_t total = 0;
    for (size_t i = 0; i < rc->decs.len && c->ok; i++) {
        int a = rc->decs.items[i];
        if (rc->dec[a] != ci + 1)
            continue;
        int f = s->p->accesses[a].func;
        if (rh_cfg_inst_in_loop(&s->cfg, f, s->p->accesses[a].inst))
            c->ok = 0;
        for (int t = 0; t < s->tg.nthreads && c->ok; t++) {
            if (!s->tg.threads[t].reach[f])
                continue;
            int64_t k = s->tg.threads[t].once[f] ? instances(s, t, 0) : -1;
            if (k < 0 || (total += k) > c->n)
                c->ok = 0;
        }
    }
}

/* Whether branch edge (term, succ) says the decrement d read 1. */
static int says_last(LLVMValueRef d, LLVMValueRef term, unsigned succ)
{
    LLVMValueRef cond = LLVMIsConditional(term) ? LLVMGetCondition(term) : NULL;
    if (!cond || !LLVMIsAICmpInst(cond))
        return 0;
    LLVMIntPredicate p = LLVMGetICmpPredicate(cond);
    LLVMValueRef x = LLVMGetOperand(cond, 0);
    uint64_t k, one;
    if ((p != LLVMIntEQ && p != LLVMIntNE) || !rh_aop_const(LLVMGetOperand(cond, 1), &k))
        return 0;
    if (x == d && k == 1)
        ;
    else if (k == 0 && LLVMIsABinaryOperator(x) && LLVMGetOperand(x, 0) == d &&
             rh_aop_const(LLVMGetOperand(x, 1), &one) &&
             ((LLVMGetInstructionOpcode(x) == LLVMSub && one == 1) ||
              (LLVMGetInstructionOpcode(x) == LLVMAdd && LLVMConstIntGetSExtValue(LLVMGetOperand(x, 1)) == -1)))
        ;
    else
        return 0;
    return succ == (p == LLVMIntEQ ? 0u : 1u);
}

/* Whether an SSA root names one block per call of function f: a
 * parameter, or an instruction in no cycle. */
static int one_block(rh_static *s, int f, LLVMValueRef root)
{
    return LLVMIsAArgument(root) || (LLVMIsAInstruction(root) && !rh_cfg_inst_in_loop(&s->cfg, f, root));
}

/* Whether branch br is block t's one way in (its only use). */
static int only_from(LLVMBasicBlockRef t, LLVMValueRef br)
{
    LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(t));
    return u && !LLVMGetNextUse(u) && LLVMGetUser(u) == br;
}

/* Whether the free ac lies behind a "read 1" edge of decrement d. */
static int guarded_by(rh_static *s, const rh_access *ac, LLVMValueRef d)
{
    LLVMBasicBlockRef db = LLVMGetInstructionParent(d);
    LLVMValueRef root = root_of(ac->ptr);
    if (LLVMGetBasicBlockParent(db) != LLVMGetBasicBlockParent(LLVMGetInstructionParent(ac->inst)) ||
        root != root_of(LLVMGetOperand(d, 0)) || !one_block(s, ac->func, root))
        return 0;
    for (LLVMUseRef u = LLVMGetFirstUse(d); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef c = LLVMGetUser(u);
        if (LLVMIsABinaryOperator(c))
            c = LLVMGetFirstUse(c) ? LLVMGetUser(LLVMGetFirstUse(c)) : NULL;
        for (LLVMUseRef v = c ? LLVMGetFirstUse(c) : NULL; v; v = LLVMGetNextUse(v)) {
            LLVMValueRef br = LLVMGetUser(v);
            if (!LLVMIsABranchInst(br) || !LLVMIsConditional(br))
                continue;
            for (unsigned i = 0; i < 2; i++) {
                LLVMBasicBlockRef t = LLVMGetSuccessor(br, i);
                if (says_last(d, br, i) && only_from(t, br) &&
                    (LLVMGetInstructionParent(ac->inst) == t || rh_cfg_dominates(LLVMGetFirstInstruction(t), ac->inst)))
                    return 1;
            }
        }
    }
    return 0;
}

static void find_guarded_frees(rh_refcount *rc)
{
    rh_static *s = rc->s;
    for (int f = 0; f < s->p->naccesses; f++) {
        const rh_access *ac = &s->p->accesses[f];
        if (!is_free(s->p, ac))
            continue;
        for (size_t i = 0; i < rc->decs.len && !rc->gfree[f]; i++) {
            int d = rc->decs.items[i];
            if (guarded_by(s, ac, s->p->accesses[d].inst))
                rc->gfree[f] = rc->dec[d];
        }
    }
}

rh_refcount *rh_rc_build(rh_static *s)
{
    rh_refcount *rc = calloc(1, sizeof *rc);
    rc->s = s;
    rc->dec = calloc((size_t)s->p->naccesses + 1, sizeof *rc->dec);
    rc->gfree = calloc((size_t)s->p->naccesses + 1, sizeof *rc->gfree);
    for (int a = 0; a < s->p->naccesses; a++) {
        const rh_access *ac = &s->p->accesses[a];
        uint32_t obj;
        int32_t off;
        if (is_decrement(ac->inst) && ac->ptr == LLVMGetOperand(ac->inst, 0) && ac->size &&
            one_loc(s, ac->ptr, &obj, &off) && s->pt.objs[obj].kind == RH_PT_HEAP) {
            int ci = find_cell(rc, obj, off, ac->size);
            if (ci >= 0) {
                rc->dec[a] = ci + 1;
                rh_vec_push(&rc->decs, a);
            }
        }
    }
    if (!rc->decs.len)
        return rc;
    find_guarded_frees(rc);
    unsigned char used[MAX_CELLS] = {0};
    for (int f = 0; f < s->p->naccesses; f++)
        if (rc->gfree[f])
            used[rc->gfree[f] - 1] = 1;
    for (int i = 0; i < rc->ncells; i++) {
        rc->cells[i].ok = used[i];
        check_writes(rc, &rc->cells[i], i);
        check_count(rc, &rc->cells[i], i);
    }
    for (int f = 0; f < s->p->naccesses; f++)
        if (rc->gfree[f] && !rc->cells[rc->gfree[f] - 1].ok)
            rc->gfree[f] = 0;
    return rc;
}

void rh_rc_free(rh_refcount *rc)
{
    if (!rc)
        return;
    free(rc->dec);
    free(rc->gfree);
    rh_vec_free(&rc->decs);
    rh_map_free(&rc->followed);
    free(rc);
}

int rh_rc_count(const rh_refcount *rc)
{
    int n = 0;
    for (int i = 0; rc && i < rc->ncells; i++)
        n += rc->cells[i].ok;
    return n;
}

/* Whether instruction in, in a function whose block is named by root, is
 * a decrement point of cell ci for that block. */
static int dec_point(rh_refcount *rc, LLVMValueRef in, LLVMValueRef root, int ci, int depth);

/* Whether every path from the instruction after `from` (or from the entry
 * of fn when from is NULL) to a return passes a decrement point. */
static int always_decrements(rh_refcount *rc, LLVMValueRef fn, LLVMValueRef from, LLVMValueRef root, int ci,
                             int depth)
{
    rh_map seen = {0};
    RH_VEC(LLVMBasicBlockRef) work = {0};
    LLVMBasicBlockRef b0 = from ? LLVMGetInstructionParent(from) : LLVMGetEntryBasicBlock(fn);
    LLVMValueRef start = from ? LLVMGetNextInstruction(from) : LLVMGetFirstInstruction(b0);
    int ok = 1;
    rh_vec_push(&work, b0);
    for (int first = 1; work.len && ok; first = 0) {
        LLVMBasicBlockRef b = work.items[--work.len];
        LLVMValueRef in = first ? start : LLVMGetFirstInstruction(b);
        for (; in && !dec_point(rc, in, root, ci, depth); in = LLVMGetNextInstruction(in)) {
            if (LLVMIsAReturnInst(in))
                ok = 0;
            if (!LLVMIsATerminatorInst(in))
                continue;
            for (unsigned i = 0; i < LLVMGetNumSuccessors(in); i++) {
                LLVMBasicBlockRef t = LLVMGetSuccessor(in, i);
                if (!rh_map_get_ptr(&seen, t, 0)) {
                    rh_map_put_ptr(&seen, t, 1);
                    rh_vec_push(&work, t);
                }
            }
        }
    }
    rh_vec_free(&work);
    rh_map_free(&seen);
    return ok;
}

static int dec_point(rh_refcount *rc, LLVMValueRef in, LLVMValueRef root, int ci, int depth)
{
    rh_static *s = rc->s;
    if (is_decrement(in)) {
        uint32_t obj;
        int32_t off;
        const cell *c = &rc->cells[ci];
        return root_of(LLVMGetOperand(in, 0)) == root && one_loc(s, LLVMGetOperand(in, 0), &obj, &off) &&
               obj == c->obj && off == c->off;
    }
    if (!LLVMIsACallInst(in) || depth >= CALL_DEPTH)
        return 0;
    LLVMValueRef callee = rh_model_called_function(in);
    if (!callee || LLVMIsDeclaration(callee))
        return 0;
    unsigned n = (unsigned)LLVMGetNumArgOperands(in);
    for (unsigned k = 0; k < n && k < LLVMCountParams(callee); k++)
        if (root_of(LLVMGetOperand(in, k)) == root &&
            always_decrements(rc, callee, NULL, LLVMGetParam(callee, k), ci, depth + 1))
            return 1;
    return 0;
}

/* Whether access x is followed, on every path to its function's return,
 * by a decrement of cell ci of its own block. */
static int followed_by_decrement(rh_refcount *rc, int x, int ci)
{
    uint64_t key = ((uint64_t)(uint32_t)x << 6) | (uint64_t)ci;
    long v = rh_map_get(&rc->followed, key, 0);
    if (v)
        return v == 1;
    rh_static *s = rc->s;
    const rh_access *ac = &s->p->accesses[x];
    LLVMValueRef root = root_of(ac->ptr);
    int ok = one_block(s, ac->func, root) && always_decrements(rc, s->p->funcs[ac->func].fn, ac->inst, root, ci, 0);
    rh_map_put(&rc->followed, key, ok ? 1 : 2);
    return ok;
}

static int free_then(rh_refcount *rc, uint32_t o, int f, int x)
{
    int c = rc->gfree[f];
    if (!c || rc->cells[c - 1].obj != o)
        return 0;
    return rc->dec[x] == c || rc->gfree[x] == c || followed_by_decrement(rc, x, c - 1);
}

int rh_rc_ordered(rh_refcount *rc, uint32_t o, int a1, int a2)
{
    return rc && (free_then(rc, o, a1, a2) || free_then(rc, o, a2, a1));
}
