/* linear_moves.c - blocks popped from a locked linked list belong to the
 * frame that popped them (see linear_moves.h).
 */
#include "linear_moves.h"
#include "owned.h"
#include "handover.h"

#include <stdlib.h>
#include <string.h>

typedef struct pop {
    LLVMValueRef ld, next, st; /* Ld, N, S of the header */
} pop;

typedef RH_VEC(LLVMValueRef) inst_vec;

struct rh_lm {
    unsigned char *popped; /* per access: through a popped value */
    int npopped, n;
};

/* The working state of one build. */
typedef struct lm_build {
    rh_static *s;
    RH_VEC(pop) pops;
    rh_map pop_of_ld;         /* Ld -> index into pops */
    RH_VEC(uint64_t) cells;   /* (obj << 32 | offset) of heads and next fields */
    RH_VEC(unsigned char) head;
    rh_map cell_obj;          /* obj -> 1 when some cell lies in it */
    inst_vec fresh_st, fresh_site; /* stores of fresh values into cells (or calls passing them), and the sites */
    inst_vec param_pt, param;      /* stores of parameters into cells (or calls passing them), and the parameters */
    rh_sset lock;             /* write-mode lock elements every guarded access holds */
    int lock_seen;
    inst_vec repush;          /* stores putting a popped node back into the cells, and the calls
                               * passing the node down to them */
} lm_build;

static LLVMValueRef strip_casts(LLVMValueRef v)
{
    for (int d = 0; v && d < 64; d++) {
        if (LLVMIsABitCastInst(v) || LLVMIsAAddrSpaceCastInst(v) ||
            (LLVMIsAConstantExpr(v) &&
             (LLVMGetConstOpcode(v) == LLVMBitCast || LLVMGetConstOpcode(v) == LLVMAddrSpaceCast)))
            v = LLVMGetOperand(v, 0);
        else
            return v;
    }
    return NULL;
}

/* What v is made from by GEPs (any index: pointer arithmetic stays in its
 * object) and pointer casts. */
static LLVMValueRef base_of(LLVMValueRef v)
{
    for (int d = 0; v && d < 64; d++) {
        if (LLVMIsAGetElementPtrInst(v) || LLVMIsABitCastInst(v) || LLVMIsAAddrSpaceCastInst(v))
            v = LLVMGetOperand(v, 0);
        else
            return v;
    }
    return NULL;
}

static LLVMValueRef fn_of(LLVMValueRef inst)
{
    return LLVMGetBasicBlockParent(LLVMGetInstructionParent(inst));
}

static int is_inst(LLVMValueRef in, void *target)
{
    return in == target;
}

/* Whether running the instruction may release a lock or write memory (a
 * call other than a debug or lifetime marker, a store, an atomic, a fence). */
static int inst_dirty(rh_static *s, LLVMValueRef in, LLVMValueRef cell)
{
    if (cell && LLVMIsAStoreInst(in) && !LLVMGetVolatile(in)) { /* a store elsewhere leaves the cell alone */
        const rh_sset *w = rh_pt_of(&s->pt, LLVMGetOperand(in, 1)), *c = rh_pt_of(&s->pt, cell);
        int meet = !w->n || !c->n;
        for (uint32_t i = 0; !meet && i < w->n; i++)
            for (uint32_t j = 0; !meet && j < c->n; j++)
                meet = rh_pt_loc_obj(w->v[i]) == rh_pt_loc_obj(c->v[j]);
        if (!meet)
            return 0;
    }
    if (LLVMIsACallInst(in) || LLVMIsAInvokeInst(in)) {
        LLVMValueRef c = LLVMGetCalledValue(in);
        size_t len;
        const char *name = c && LLVMIsAFunction(c) ? LLVMGetValueName2(c, &len) : "";
        return strncmp(name, "llvm.dbg.", 9) && strncmp(name, "llvm.lifetime.", 14);
    }
    return LLVMIsAStoreInst(in) || LLVMIsAAtomicRMWInst(in) || LLVMIsAAtomicCmpXchgInst(in) || LLVMIsAFenceInst(in);
}

/* Whether an instruction other than `allowed` in [from, to) of one block
 * (to NULL: the block's end) is dirty. */
static int span_dirty(rh_static *s, LLVMValueRef from, LLVMValueRef to, LLVMValueRef allowed, LLVMValueRef cell)
{
    for (LLVMValueRef in = from; in && in != to; in = LLVMGetNextInstruction(in))
        if (in != allowed && inst_dirty(s, in, cell))
            return 1;
    return 0;
}

static const rh_cfg_func *cfg_of(rh_static *s, LLVMValueRef inst)
{
    int fi = rh_pt_func_index(&s->pt, fn_of(inst));
    return fi < 0 ? NULL : &s->cfg.f[fi];
}

/* Whether every instruction on a path from `from` to `to` (both excluded,
 * paths not passing `from` again) but `allowed` is clean; to must be
 * dominated by from. */
static int between_clean(rh_static *s, LLVMValueRef from, LLVMValueRef to, LLVMValueRef allowed, LLVMValueRef cell)
{
    const rh_cfg_func *f = cfg_of(s, from);
    int fb = rh_cfg_block(&s->cfg, LLVMGetInstructionParent(from)), tb = rh_cfg_block(&s->cfg, LLVMGetInstructionParent(to));
    if (!f || fb < 0 || tb < 0)
        return 0;
    if (fb == tb) /* to after from (from dominates to): a path around the loop passes from again */
        return !span_dirty(s, LLVMGetNextInstruction(from), to, allowed, cell);
    unsigned char *fw = rh_xcalloc((size_t)f->nblocks, 1), *bw = rh_xcalloc((size_t)f->nblocks, 1);
    int *stack = rh_xmalloc(sizeof *stack * (size_t)(f->nblocks + 1)), sp = 0, ok = 1;
    stack[sp++] = fb;
    while (sp) { /* forward from from's block, expanding neither from's block again nor to's */
        int b = stack[--sp];
        for (int i = f->succ_off[b]; i < f->succ_off[b + 1]; i++) {
            int x = f->succ[i];
            if (x != fb && !fw[x]) {
                fw[x] = 1;
                if (x != tb)
                    stack[sp++] = x;
            }
        }
    }
    for (int changed = 1; changed;) { /* backward to to's block, through neither */
        changed = 0;
        for (int b = 0; b < f->nblocks; b++)
            for (int i = f->succ_off[b]; !bw[b] && i < f->succ_off[b + 1]; i++) {
                int x = f->succ[i];
                if (x == tb || (bw[x] && x != fb))
                    bw[b] = 1, changed = 1;
            }
    }
    for (int b = 0; ok && b < f->nblocks; b++)
        if (b != fb && b != tb && fw[b] && bw[b])
            ok = !span_dirty(s, LLVMGetFirstInstruction(f->blocks[b]), NULL, allowed, cell);
    ok = ok && !span_dirty(s, LLVMGetNextInstruction(from), NULL, allowed, cell) &&
         !span_dirty(s, LLVMGetFirstInstruction(f->blocks[tb]), to, allowed, cell);
    free(fw), free(bw), free(stack);
    return ok;
}

/* Whether two addresses are one: the same value, or the same root plus
 * the same constant offset (GEPs a function computes again for each use),
 * where two roots that are plain loads of one cell count as one when
 * nothing between them may change the cell (reload_bases.h's argument: a
 * store of another thread that the later load sees and the earlier did
 * not races with one of them, a race reported on the cell itself). */
static int same_addr(rh_static *s, LLVMValueRef x, LLVMValueRef y, int depth)
{
    int64_t ox, oy;
    LLVMValueRef rx = rh_handover_root(&s->pt, x, &ox), ry = rh_handover_root(&s->pt, y, &oy);
    if (strip_casts(x) == strip_casts(y))
        return 1;
    if (!rx || !ry || ox < 0 || ox != oy)
        return 0;
    if (rx == ry)
        return 1;
    if (depth >= 3 || !LLVMIsALoadInst(rx) || !LLVMIsALoadInst(ry) || LLVMGetVolatile(rx) || LLVMGetVolatile(ry) ||
        LLVMGetOrdering(rx) != LLVMAtomicOrderingNotAtomic || LLVMGetOrdering(ry) != LLVMAtomicOrderingNotAtomic ||
        LLVMTypeOf(rx) != LLVMTypeOf(ry) || fn_of(rx) != fn_of(ry) ||
        !same_addr(s, LLVMGetOperand(rx, 0), LLVMGetOperand(ry, 0), depth + 1))
        return 0;
    if (rh_cfg_dominates(ry, rx)) {
        LLVMValueRef t = rx;
        rx = ry, ry = t;
    }
    return rh_cfg_dominates(rx, ry) && between_clean(s, rx, ry, NULL, LLVMGetOperand(rx, 0));
}

/* The successor index (0 or 1) of block bb's branch taken when v is null,
 * or -1 when the branch does not test v against null. */
static int null_edge(LLVMBasicBlockRef bb, LLVMValueRef v, LLVMValueRef alt)
{
    LLVMValueRef t = LLVMGetBasicBlockTerminator(bb), c;
    if (!t || !LLVMIsABranchInst(t) || !LLVMIsConditional(t))
        return -1;
    c = LLVMGetCondition(t);
    int flip = 0;
    while (LLVMIsABinaryOperator(c) && LLVMGetInstructionOpcode(c) == LLVMXor && LLVMIsAConstantInt(LLVMGetOperand(c, 1)) &&
           LLVMConstIntGetZExtValue(LLVMGetOperand(c, 1)) == 1)
        flip ^= 1, c = LLVMGetOperand(c, 0);
    if (!LLVMIsAICmpInst(c))
        return -1;
    LLVMIntPredicate pr = LLVMGetICmpPredicate(c);
    LLVMValueRef a = strip_casts(LLVMGetOperand(c, 0)), b = strip_casts(LLVMGetOperand(c, 1));
    if (b == v || (alt && b == alt))
        b = a, a = v;
    else if (alt && a == alt)
        a = v;
    if (a != v || !LLVMIsAConstantPointerNull(b) || (pr != LLVMIntEQ && pr != LLVMIntNE))
        return -1;
    return (pr == LLVMIntEQ ? 0 : 1) ^ flip;
}

/* Whether every path from pop p's Ld to target (not passing Ld again)
 * passes S or the edge on which Ld's value is null. */
static int after_pop(rh_static *s, const pop *p, LLVMValueRef target, LLVMValueRef alt)
{
    const rh_cfg_func *f = cfg_of(s, p->ld);
    LLVMBasicBlockRef lbb = LLVMGetInstructionParent(p->ld);
    int lb = rh_cfg_block(&s->cfg, lbb), sb = rh_cfg_block(&s->cfg, LLVMGetInstructionParent(p->st)),
        tb = rh_cfg_block(&s->cfg, LLVMGetInstructionParent(target));
    if (!f || fn_of(target) != fn_of(p->ld) || lb < 0 || sb < 0 || tb < 0)
        return 0;
    int s_after_ld = 0; /* S lies after Ld in Ld's block */
    for (LLVMValueRef in = LLVMGetFirstInstruction(lbb); in != p->ld; in = LLVMGetNextInstruction(in))
        if (in == target)
            return 0; /* before Ld in its block (through an earlier load of the head): not after it */
    for (LLVMValueRef in = LLVMGetNextInstruction(p->ld); in; in = LLVMGetNextInstruction(in)) {
        if (in == p->st)
            s_after_ld = 1;
        if (in == target)
            return s_after_ld;
    }
    if (s_after_ld)
        return 1;
    unsigned char *seen = rh_xcalloc((size_t)f->nblocks, 1);
    int *stack = rh_xmalloc(sizeof *stack * (size_t)(f->nblocks + 1)), sp = 0, ok = 1;
    stack[sp++] = lb;
    while (ok && sp) {
        int b = stack[--sp], ne = null_edge(f->blocks[b], p->ld, alt);
        LLVMValueRef t = LLVMGetBasicBlockTerminator(f->blocks[b]);
        for (unsigned i = 0; ok && t && i < LLVMGetNumSuccessors(t); i++) {
            int x = rh_cfg_block(&s->cfg, LLVMGetSuccessor(t, i));
            if ((int)i == ne || x < 0 || x == lb || seen[x])
                continue;
            seen[x] = 1;
            if (x == tb) { /* reached unless S comes first in that block */
                int s_first = 0;
                for (LLVMValueRef in = LLVMGetFirstInstruction(f->blocks[x]); in && in != target; in = LLVMGetNextInstruction(in))
                    s_first |= in == p->st;
                if (!s_first)
                    ok = 0;
            }
            if (x != sb)
                stack[sp++] = x;
        }
    }
    free(seen), free(stack);
    return ok;
}

static int popped_at(lm_build *b, LLVMValueRef v, LLVMValueRef at, int depth, int section);

/* Whether a direct call's function returns a popped value on every return
 * (`j = queue_pop(q)`): the popping frame hands its block to the caller. */
static int popped_result(lm_build *b, LLVMValueRef call, int depth)
{
    LLVMValueRef fn = LLVMGetCalledValue(call);
    int any = 0;
    if (!fn || !LLVMIsAFunction(fn) || LLVMIsDeclaration(fn))
        return 0;
    for (LLVMBasicBlockRef bb = LLVMGetFirstBasicBlock(fn); bb; bb = LLVMGetNextBasicBlock(bb)) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(bb);
        if (!t || !LLVMIsAReturnInst(t))
            continue;
        LLVMValueRef v = LLVMGetNumOperands(t) ? LLVMGetOperand(t, 0) : NULL;
        if (!v || (!(LLVMIsConstant(v) && LLVMIsNull(v)) && !popped_at(b, v, t, depth + 1, 0)))
            return 0;
        any = 1;
    }
    return any;
}

/* Whether v, used at instruction `at`, is a popped value: made from a
 * pop's Ld after its unlink, returned by a function that pops, or a
 * parameter every caller passes one; with section, also Ld's value used
 * directly inside the section that read it (the node still in the list:
 * a read or a write of a field other than the cells, never a write of a
 * cell, which would change the list under the pop). */
/* Whether `at` may run after a re-push point of its function without the
 * value's definition r running again: the node may be in the list again. */
static int repushed_before(lm_build *b, LLVMValueRef r, LLVMValueRef at)
{
    for (size_t i = 0; i < b->repush.len; i++) {
        LLVMValueRef p = b->repush.items[i];
        if (fn_of(p) != fn_of(at))
            continue;
        if (LLVMIsAInstruction(r) && fn_of(r) == fn_of(at) ? rh_cfg_reaches_before(p, r, NULL, is_inst, at)
                                                            : rh_cfg_may_follow(p, at))
            return 1;
    }
    return 0;
}

static int popped_raw(lm_build *b, LLVMValueRef v, LLVMValueRef at, int depth, int section);

/* popped_raw, and not after the node was pushed back (requeued). */
static int popped_at(lm_build *b, LLVMValueRef v, LLVMValueRef at, int depth, int section)
{
    return popped_raw(b, v, at, depth, section) && !repushed_before(b, base_of(v), at);
}

static int popped_raw(lm_build *b, LLVMValueRef v, LLVMValueRef at, int depth, int section)
{
    LLVMValueRef r = base_of(v);
    if (!r)
        return 0;
    long i = rh_map_get_ptr(&b->pop_of_ld, r, -1);
    if (i < 0 && LLVMIsALoadInst(r)) { /* `j = q->head; q->head = q->head->next;`: j is the pop's value */
        for (size_t k = 0; i < 0 && k < b->pops.len; k++) {
            LLVMValueRef ld = b->pops.items[k].ld;
            if (LLVMGetInstructionParent(ld) == LLVMGetInstructionParent(r) && rh_cfg_dominates(r, ld) &&
                LLVMTypeOf(r) == LLVMTypeOf(ld) && !LLVMGetVolatile(r) && LLVMGetOrdering(r) == LLVMAtomicOrderingNotAtomic &&
                same_addr(b->s, LLVMGetOperand(r, 0), LLVMGetOperand(ld, 0), 0) &&
                between_clean(b->s, r, ld, NULL, LLVMGetOperand(r, 0)))
                i = (long)k;
        }
        return i >= 0 && after_pop(b->s, &b->pops.items[i], at, r);
    }
    if (i >= 0) /* after the unlink, or still inside the section that reads the head (the node is in the list) */
        return after_pop(b->s, &b->pops.items[i], at, NULL) ||
               (section && depth == 0 && at != r && rh_cfg_dominates(r, at) && between_clean(b->s, r, at, NULL, NULL));
    if (LLVMIsACallInst(r) && depth < 3)
        return popped_result(b, r, depth);
    if (LLVMIsAPHINode(r) && depth < 3) { /* `j = NULL; if (..) { j = head; unlink }`: each incoming value owned */
        for (unsigned k = 0; k < LLVMCountIncoming(r); k++) {
            LLVMValueRef v = LLVMGetIncomingValue(r, k);
            if (!(LLVMIsConstant(v) && LLVMIsNull(v)) &&
                !popped_at(b, v, LLVMGetBasicBlockTerminator(LLVMGetIncomingBlock(r, k)), depth + 1, 0))
                return 0;
        }
        return 1;
    }
    if (!LLVMIsAArgument(r) || depth >= 3)
        return 0;
    LLVMValueRef fn = LLVMGetParamParent(r);
    unsigned q = rh_ls_param_index(r);
    if (!LLVMGetFirstUse(fn))
        return 0;
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef c = LLVMGetUser(u);
        if (!LLVMIsACallInst(c) || LLVMGetCalledValue(c) != fn || q >= LLVMGetNumArgOperands(c) ||
            !popped_at(b, LLVMGetOperand(c, q), c, depth + 1, 0))
            return 0;
    }
    return 1;
}

/* The pops of the program: stores S of a load N of a constant offset of a
 * load Ld's value, back into Ld's address, with S's path from Ld clean. */
static void find_pops(lm_build *b)
{
    rh_static *s = b->s;
    for (int a = 0; a < s->p->naccesses; a++) {
        const rh_access *ac = &s->p->accesses[a];
        if (ac->from_call || !LLVMIsAStoreInst(ac->inst))
            continue;
        LLVMValueRef st = ac->inst, n = strip_casts(LLVMGetOperand(st, 0)), ld;
        int64_t k;
        if (!n || !LLVMIsALoadInst(n) || !(ld = strip_casts(rh_handover_root(&s->pt, LLVMGetOperand(n, 0), &k))) ||
            k < 0 || !LLVMIsALoadInst(ld) || rh_map_get_ptr(&b->pop_of_ld, ld, -1) >= 0 ||
            !same_addr(s, LLVMGetOperand(ld, 0), LLVMGetOperand(st, 1), 0) ||
            fn_of(ld) != fn_of(st) || LLVMGetTypeKind(LLVMTypeOf(ld)) != LLVMPointerTypeKind ||
            !between_clean(s, ld, st, NULL, NULL))
            continue;
        rh_map_put_ptr(&b->pop_of_ld, ld, (long)b->pops.len);
        pop p = {ld, n, st};
        rh_vec_push(&b->pops, p);
    }
}

static void add_cells(lm_build *b, const rh_sset *locs, int head)
{
    for (uint32_t i = 0; i < locs->n; i++) {
        uint64_t c = locs->v[i];
        rh_vec_push(&b->cells, c);
        rh_vec_push(&b->head, (unsigned char)head);
        rh_map_put(&b->cell_obj, rh_pt_loc_obj(c), 1);
    }
}

/* Whether access ac may write a cell: 0 no, 1 a next field only, 2 a head. */
static int meets_cells(lm_build *b, const rh_access *ac)
{
    const rh_sset *t = rh_pt_of(&b->s->pt, ac->ptr);
    int r = 0;
    for (uint32_t i = 0; i < t->n; i++) {
        uint32_t o = rh_pt_loc_obj(t->v[i]);
        if (!rh_map_get(&b->cell_obj, o, 0))
            continue;
        for (size_t c = 0; c < b->cells.len; c++) {
            int32_t co = rh_pt_loc_off(b->cells.items[c]);
            if (rh_pt_loc_obj(b->cells.items[c]) == o &&
                (co == RH_PT_ANY || rh_pt_bytes_meet(rh_pt_loc_off(t->v[i]), ac->size, co, (int64_t)co + 8)))
                r = r > 1 + b->head.items[c] ? r : 1 + b->head.items[c];
        }
    }
    return r;
}

/* Intersects the guarded locks with what access instruction `inst` holds
 * (nothing for main's accesses while no other thread may run). */
static void need_lock(lm_build *b, LLVMValueRef inst)
{
    long a = rh_map_get_ptr(&b->s->ls.acc_of_inst, inst, -1);
    const rh_ls_access *r = a >= 0 ? &b->s->ls.acc[a] : NULL;
    if (r && r->seen && r->threads.n == 1 && r->threads.v[0] == 0 && !r->active.n)
        return; /* main before any thread exists runs alone */
    const rh_sset *must = r && r->seen ? &r->must : NULL;
    if (!b->lock_seen) {
        b->lock_seen = 1;
        for (uint32_t i = 0; must && i < must->n; i++)
            if (must->v[i] & 1)
                rh_sset_add(&b->lock, must->v[i]);
    } else if (must) {
        rh_sset_intersect(&b->lock, must);
    } else {
        rh_sset_clear(&b->lock);
    }
}

/* The fresh allocation of st's function whose value (casts aside) v is, or NULL. */
static LLVMValueRef fresh_of(rh_static *s, LLVMValueRef v, LLVMValueRef st)
{
    LLVMValueRef d = strip_casts(v);
    return d && LLVMIsACallInst(d) && fn_of(d) == fn_of(st) && rh_owned_fresh_site(s, d) ? d : NULL;
}

/* Whether v, used at instruction `at`, is the value of a fresh allocation
 * of at's function, or a parameter every use of whose function is a direct
 * call passing such a value (3 calls deep).  With collect, records the
 * points: (site, the store or call in the site's function) and (parameter,
 * the store or call in its function), for once_each. */
static int fresh_chain(lm_build *b, LLVMValueRef v, LLVMValueRef at, int depth, int collect)
{
    LLVMValueRef d = fresh_of(b->s, v, at), r = strip_casts(v);
    if (d) {
        if (collect)
            rh_vec_push(&b->fresh_st, at), rh_vec_push(&b->fresh_site, d);
        return 1;
    }
    if (!r || !LLVMIsAArgument(r) || depth >= 3)
        return 0;
    LLVMValueRef fn = LLVMGetParamParent(r);
    unsigned q = rh_ls_param_index(r);
    if (!LLVMGetFirstUse(fn) || fn != fn_of(at))
        return 0;
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef c = LLVMGetUser(u);
        if (!LLVMIsACallInst(c) || LLVMGetCalledValue(c) != fn || q >= LLVMGetNumArgOperands(c) ||
            !fresh_chain(b, LLVMGetOperand(c, q), c, depth + 1, 0))
            return 0;
    }
    if (collect) {
        rh_vec_push(&b->param_pt, at), rh_vec_push(&b->param, r);
        for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
            LLVMValueRef c = LLVMGetUser(u);
            fresh_chain(b, LLVMGetOperand(c, q), c, depth + 1, 1);
        }
    }
    return 1;
}

/* Whether v, used at `at`, is a parameter of at's function every (direct)
 * call of which passes a fresh value or a popped one (a push helper used
 * both for new jobs and for requeued ones).  With collect, records the
 * fresh callers for once_each. */
static int mixed_param(lm_build *b, LLVMValueRef v, LLVMValueRef at, int collect)
{
    LLVMValueRef r = strip_casts(v);
    if (!r || !LLVMIsAArgument(r) || LLVMGetParamParent(r) != fn_of(at))
        return 0;
    LLVMValueRef fn = LLVMGetParamParent(r);
    unsigned q = rh_ls_param_index(r);
    if (!LLVMGetFirstUse(fn))
        return 0;
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef c = LLVMGetUser(u);
        if (!LLVMIsACallInst(c) || LLVMGetCalledValue(c) != fn || q >= LLVMGetNumArgOperands(c))
            return 0;
        LLVMValueRef a = LLVMGetOperand(c, q);
        if (fresh_chain(b, a, c, 1, 0)) {
            if (collect)
                fresh_chain(b, a, c, 1, 1);
        } else if (!popped_at(b, a, c, 1, 0)) {
            return 0;
        }
    }
    return 1;
}

/* A push link: st stores the value of a load PL of head address A2 into a
 * constant offset of a fresh value v, and a later store of st's block
 * puts v into A2 with nothing dirty between PL and it but st.  Returns PL. */
static LLVMValueRef push_link(lm_build *b, LLVMValueRef st)
{
    rh_static *s = b->s;
    LLVMValueRef pl = strip_casts(LLVMGetOperand(st, 0)), v;
    int64_t k;
    if (!pl || !LLVMIsALoadInst(pl) || LLVMGetInstructionParent(pl) != LLVMGetInstructionParent(st) ||
        !(v = rh_handover_root(&s->pt, LLVMGetOperand(st, 1), &k)) || k < 0 ||
        !(fresh_chain(b, v, st, 0, 0) || mixed_param(b, v, st, 0)))
        return NULL;
    LLVMValueRef in;
    int after = 0;
    for (in = LLVMGetNextInstruction(pl); in; in = LLVMGetNextInstruction(in)) {
        if (in == st) {
            after = 1;
            continue;
        }
        if (after && LLVMIsAStoreInst(in) && strip_casts(LLVMGetOperand(in, 0)) == v &&
            same_addr(s, LLVMGetOperand(in, 1), LLVMGetOperand(pl, 0), 0))
            break;
        if (inst_dirty(s, in, NULL))
            return NULL;
    }
    return in ? pl : NULL;
}

static int zero_memset(LLVMValueRef call)
{
    LLVMValueRef c = LLVMGetCalledValue(call);
    size_t len;
    const char *name = c && LLVMIsAFunction(c) ? LLVMGetValueName2(c, &len) : "";
    return (!strcmp(name, "memset") || !strncmp(name, "llvm.memset.", 12)) && LLVMGetNumArgOperands(call) >= 2 &&
           LLVMIsAConstantInt(LLVMGetOperand(call, 1)) && LLVMConstIntGetZExtValue(LLVMGetOperand(call, 1)) == 0;
}

/* Classifies one write meeting the cells (kind: 1 next field, 2 head) by
 * the header's rule; 0 when it breaks linearity.  Records fresh stores
 * and the locks the write needs. */
static int write_ok(lm_build *b, const rh_access *ac, int kind, inst_vec *unpub)
{
    rh_static *s = b->s;
    LLVMValueRef in = ac->inst, addr_fresh;
    for (size_t i = 0; i < b->pops.len; i++)
        if (b->pops.items[i].st == in)
            return 1; /* lock checked with its pop */
    if (ac->from_call) {
        if (LLVMIsACallInst(in) && zero_memset(in)) {
            if (kind == 2 || !(popped_at(b, ac->ptr, in, 0, 0) || fresh_of(s, base_of(ac->ptr), in)))
                need_lock(b, in);
            else if (!popped_at(b, ac->ptr, in, 0, 0))
                rh_vec_push(unpub, in);
            return 1;
        }
        return 0;
    }
    if (!LLVMIsAStoreInst(in))
        return 0;
    if (kind == 1 && popped_at(b, ac->ptr, in, 0, 0))
        return 1; /* an unreachable node's field, any value */
    LLVMValueRef val = LLVMGetOperand(in, 0), pl = NULL;
    if (LLVMIsConstant(val) && LLVMIsNull(val)) {
        /* null loses nodes, never duplicates one */
    } else if (fresh_chain(b, val, in, 0, 1)) {
        /* a block entering the cells: once_each checks it enters once */
    } else if (popped_at(b, val, in, 0, 0) || mixed_param(b, val, in, 1)) {
        /* a popped node put back (requeued): unreachable until now, and
         * not pushed back before since its pop (repushed_before); or a
         * push helper's parameter, each call a fresh block or such a node */
    } else if ((pl = push_link(b, in))) {
        need_lock(b, pl);
    } else {
        return 0;
    }
    addr_fresh = fresh_of(s, base_of(ac->ptr), in);
    if (kind == 1 && addr_fresh)
        rh_vec_push(unpub, in); /* lock-free only while no store puts the node in the cells */
    else
        need_lock(b, in);
    return 1;
}

/* Whether each fresh site's value enters the cells at most once per run of
 * the site, and each unlocked write through a fresh value precedes that. */
static int once_each(lm_build *b, inst_vec *unpub)
{
    for (size_t i = 0; i < b->fresh_st.len; i++)
        for (size_t j = 0; j < b->fresh_st.len; j++)
            if (b->fresh_site.items[i] == b->fresh_site.items[j] &&
                rh_cfg_reaches_before(b->fresh_st.items[i], b->fresh_site.items[i], NULL, is_inst, b->fresh_st.items[j]))
                return 0;
    for (size_t i = 0; i < b->param_pt.len; i++)
        for (size_t j = 0; j < b->param_pt.len; j++)
            if (b->param.items[i] == b->param.items[j] && rh_cfg_may_follow(b->param_pt.items[i], b->param_pt.items[j]))
                return 0;
    for (size_t u = 0; u < unpub->len; u++) {
        LLVMValueRef w = unpub->items[u], d = fresh_of(b->s, base_of(LLVMIsAStoreInst(w) ? LLVMGetOperand(w, 1) : LLVMGetOperand(w, 0)), w);
        for (size_t i = 0; d && i < b->fresh_st.len; i++)
            if (b->fresh_site.items[i] == d && (b->fresh_st.items[i] == w ||
                rh_cfg_reaches_before(b->fresh_st.items[i], d, NULL, is_inst, w)))
                d = NULL;
        if (!d)
            need_lock(b, w);
    }
    return 1;
}

/* The calls passing a popped parameter v down to a re-push (3 deep). */
static void repush_callers(lm_build *b, LLVMValueRef v, int depth)
{
    LLVMValueRef r = strip_casts(v);
    if (!r || !LLVMIsAArgument(r) || depth >= 3)
        return;
    LLVMValueRef fn = LLVMGetParamParent(r);
    unsigned q = rh_ls_param_index(r);
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef c = LLVMGetUser(u);
        if (LLVMIsACallInst(c) && LLVMGetCalledValue(c) == fn && q < LLVMGetNumArgOperands(c)) {
            rh_vec_push(&b->repush, c);
            repush_callers(b, LLVMGetOperand(c, q), depth + 1);
        }
    }
}

/* The stores that put a popped node back into the cells (a job requeued
 * after part of its work), found before the writes are checked. */
static void find_repushes(lm_build *b)
{
    rh_static *s = b->s;
    for (int a = 0; a < s->p->naccesses; a++) {
        const rh_access *ac = &s->p->accesses[a];
        LLVMValueRef in = ac->inst, val;
        if (ac->from_call || !(ac->kind & RH_ACC_WRITE) || !LLVMIsAStoreInst(in) || !meets_cells(b, ac))
            continue;
        val = LLVMGetOperand(in, 0);
        if (LLVMGetTypeKind(LLVMTypeOf(val)) != LLVMPointerTypeKind || (LLVMIsConstant(val) && LLVMIsNull(val)))
            continue;
        if (popped_raw(b, val, in, 0, 0)) {
            rh_vec_push(&b->repush, in);
            repush_callers(b, val, 0);
        } else if (LLVMIsAArgument(strip_casts(val))) { /* a push helper: its callers passing popped nodes */
            LLVMValueRef r = strip_casts(val), fn = LLVMGetParamParent(r);
            unsigned q = rh_ls_param_index(r);
            for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
                LLVMValueRef c = LLVMGetUser(u);
                if (LLVMIsACallInst(c) && LLVMGetCalledValue(c) == fn && q < LLVMGetNumArgOperands(c) &&
                    popped_raw(b, LLVMGetOperand(c, q), c, 1, 0)) {
                    rh_vec_push(&b->repush, c);
                    repush_callers(b, LLVMGetOperand(c, q), 1);
                }
            }
        }
    }
}

/* Checks every write that may touch a cell (frees aside) and every create
 * handle; 1 when linearity holds under one lock. */
static int writes_ok(lm_build *b)
{
    rh_static *s = b->s;
    inst_vec unpub = {0};
    int ok = 1;
    find_repushes(b);
    for (size_t i = 0; i < b->pops.len; i++)
        need_lock(b, b->pops.items[i].ld), need_lock(b, b->pops.items[i].st);
    for (int a = 0; ok && a < s->p->naccesses; a++) {
        const rh_access *ac = &s->p->accesses[a];
        const rh_conc_entry *e = ac->from_call ? rh_model_call_entry(s->p, ac->inst) : NULL;
        int kind;
        if (!(ac->kind & RH_ACC_WRITE) || (e && e->op == RH_OP_FREE) || !(kind = meets_cells(b, ac)))
            continue;
        ok = !ac->atomic && write_ok(b, ac, kind, &unpub);
    }
    for (int i = 0; ok && i < s->p->nsyncs; i++) {
        const rh_sync *y = &s->p->syncs[i];
        if (y->entry && y->entry->op == RH_OP_THREAD_CREATE && y->entry->obj >= 0) {
            rh_access h = {.ptr = LLVMGetOperand(y->inst, (unsigned)y->entry->obj), .size = 8};
            ok = !meets_cells(b, &h);
        }
    }
    ok = ok && once_each(b, &unpub) && b->lock.n > 0;
    rh_vec_free(&unpub);
    return ok;
}

rh_lm *rh_lm_build(rh_static *s)
{
    rh_lm *m = rh_xcalloc(1, sizeof *m);
    lm_build b = {.s = s};
    m->n = s->p->naccesses;
    m->popped = rh_xcalloc((size_t)m->n + 1, 1);
    find_pops(&b);
    int ok = b.pops.len > 0;
    for (size_t i = 0; ok && i < b.pops.len; i++) {
        const rh_sset *heads = rh_pt_of(&s->pt, LLVMGetOperand(b.pops.items[i].st, 1)),
                      *nexts = rh_pt_of(&s->pt, LLVMGetOperand(b.pops.items[i].next, 0));
        ok = heads->n && nexts->n;
        add_cells(&b, heads, 1), add_cells(&b, nexts, 0);
    }
    ok = ok && writes_ok(&b);
    for (int a = 0; ok && a < m->n; a++)
        if (popped_at(&b, s->p->accesses[a].ptr, s->p->accesses[a].inst, 0, 1))
            m->popped[a] = 1, m->npopped++;
    rh_result_stat(s->res, "static.popped_accesses", m->npopped);
    rh_vec_free(&b.pops), rh_vec_free(&b.cells), rh_vec_free(&b.head), rh_vec_free(&b.fresh_st),
        rh_vec_free(&b.fresh_site), rh_vec_free(&b.param_pt), rh_vec_free(&b.param), rh_vec_free(&b.repush);
    rh_map_free(&b.pop_of_ld), rh_map_free(&b.cell_obj), rh_sset_free(&b.lock);
    return m;
}

int rh_lm_apart(const rh_lm *m, int a1, int a2)
{
    return m && a1 >= 0 && a2 >= 0 && a1 < m->n && a2 < m->n && m->popped[a1] && m->popped[a2];
}

void rh_lm_free(rh_lm *m)
{
    if (m)
        free(m->popped), free(m);
}
