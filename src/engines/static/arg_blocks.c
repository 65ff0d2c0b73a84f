/* arg_blocks.c - blocks that name their one thread instance through the
 * record stored into them, along chains of wrapper calls (see
 * arg_blocks.h).
 */
#include "arg_blocks.h"
#include "instance_args.h"
#include "owned.h"
#include "record_joins.h"
#include "record_loops.h"
#include "util/hashmap.h"

#include <stdlib.h>

#define AB_DEPTH 4      /* functions followed up a call string */
#define AB_MAX_ROOTS 64 /* chain calls per object */

typedef struct ab_entry {
    const rh_handover_record *rec;
    rh_ia ia;
    unsigned q_out;
    int zero_none;
    LLVMValueRef *wcalls;
    int nw;
} ab_entry;

/* The chain calls of one object: each passes root v[i] at call[i]. */
typedef struct ab_roots {
    LLVMValueRef v[AB_MAX_ROOTS], call[AB_MAX_ROOTS];
    int n;
    int64_t f; /* the field naming the instance, -1: no chain */
} ab_roots;

struct rh_arg_blocks {
    rh_static *s;
    RH_VEC(ab_entry) e;
    RH_VEC(ab_roots *) chains;
    rh_map facts; /* (entry, object) -> index into chains */
};

static LLVMValueRef fn_of(LLVMValueRef inst)
{
    return LLVMGetBasicBlockParent(LLVMGetInstructionParent(inst));
}

static int is_inst(LLVMValueRef in, void *target)
{
    return in == target;
}

static int holds_obj(const rh_sset *set, uint32_t o)
{
    for (uint32_t i = 0; i < set->n; i++)
        if (rh_pt_loc_obj(set->v[i]) == o)
            return 1;
    return 0;
}

/* rh_pt_may_touch, with a pointer of unknown targets touching everything. */
static int may_touch(rh_static *s, LLVMValueRef ptr, uint32_t o, int64_t lo, int64_t hi, uint64_t size)
{
    return !rh_pt_of(&s->pt, ptr)->n || rh_pt_may_touch(&s->pt, ptr, o, lo, hi, size);
}

/* Whether every use of fn is a direct call of it that does not also pass it. */
static int only_called(LLVMValueRef fn)
{
    return LLVMGetFirstUse(fn) && !rh_model_address_taken(fn);
}

/* Whether call, passing root r (a value of its function), hands each of
 * its runs a block no other run of a chain call receives (see the header);
 * records r so that no second chain call may pass it. */
static int fresh_run(rh_static *s, LLVMValueRef call, LLVMValueRef r, int depth, ab_roots *roots)
{
    LLVMValueRef fn = fn_of(call);
    for (int i = 0; i < roots->n; i++)
        if (roots->v[i] == r)
            return 0;
    if (!r || roots->n == AB_MAX_ROOTS)
        return 0;
    roots->v[roots->n] = r, roots->call[roots->n++] = call;
    if (LLVMIsACallInst(r))
        return rh_owned_fresh_site(s, r) && fn_of(r) == fn && !rh_cfg_reaches_before(call, r, NULL, is_inst, call);
    int f = rh_pt_func_index(&s->pt, fn);
    if (!LLVMIsAArgument(r) || LLVMGetParamParent(r) != fn || depth >= AB_DEPTH || f < 0 ||
        rh_cfg_inst_in_loop(&s->cfg, f, call) || !only_called(fn))
        return 0;
    unsigned q = rh_ls_param_index(r);
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef c = LLVMGetUser(u);
        int64_t off = -1;
        LLVMValueRef r2 = q < LLVMGetNumArgOperands(c) ? rh_handover_root(&s->pt, LLVMGetOperand(c, q), &off) : NULL;
        if (rh_pt_func_index(&s->pt, fn_of(c)) < 0 || off != 0 || !fresh_run(s, c, r2, depth + 1, roots))
            return 0;
    }
    return 1;
}

/* Whether bytes [f, f+8) of o are written only by W's stores through its
 * out-parameter (frees aside) and by no create's handle. */
static int field_only_out(rh_static *s, const ab_entry *e, uint32_t o, int64_t f)
{
    LLVMValueRef out = LLVMGetParam(e->rec->fn, e->q_out);
    for (int a = 0; a < s->p->naccesses; a++) {
        const rh_access *ac = &s->p->accesses[a];
        const rh_conc_entry *ce = ac->from_call ? rh_model_call_entry(s->p, ac->inst) : NULL;
        int64_t off;
        if ((ce && (ce->op == RH_OP_FREE || ce->op == RH_OP_REALLOC)) || !(ac->kind & RH_ACC_WRITE) ||
            (!ac->from_call && LLVMIsAStoreInst(ac->inst) && rh_handover_root(&s->pt, ac->ptr, &off) == out))
            continue;
        if (may_touch(s, ac->ptr, o, f, f + 8, ac->size))
            return 0;
    }
    for (int i = 0; i < s->p->nsyncs; i++) {
        const rh_sync *y = &s->p->syncs[i];
        if (y->entry && y->entry->op == RH_OP_THREAD_CREATE && y->entry->obj >= 0 &&
            may_touch(s, LLVMGetOperand(y->inst, (unsigned)y->entry->obj), o, f, f + 8, 8))
            return 0;
    }
    return 1;
}

/* The field F of o that names each block's instance (see the header), or
 * -1; roots gets the chain calls. */
static int64_t chain_field(rh_static *s, const ab_entry *e, uint32_t o, ab_roots *roots)
{
    int64_t f = -1;
    for (int k = 0; k < e->nw; k++) {
        LLVMValueRef call = e->wcalls[k], arg = LLVMGetOperand(call, e->ia.q);
        const rh_sset *as = rh_pt_of(&s->pt, arg);
        if (!as->n) /* unknown: it may be any block */
            return -1;
        if (!holds_obj(as, o))
            continue;
        int64_t aoff = -1, coff = -1;
        LLVMValueRef r = rh_handover_root(&s->pt, arg, &aoff);
        if (!r || aoff != 0 || rh_handover_root(&s->pt, LLVMGetOperand(call, e->q_out), &coff) != r || coff < 0 ||
            (f >= 0 && coff != f) || !fresh_run(s, call, r, 0, roots))
            return -1;
        f = coff;
    }
    const rh_sset *targets = NULL;
    for (int i = 0; f >= 0 && i < roots->n; i++) /* every root points to the start of its block */
        for (uint32_t j = 0; (targets = rh_pt_of(&s->pt, roots->v[i])) && j < targets->n; j++)
            if (rh_pt_loc_obj(targets->v[j]) == o && rh_pt_loc_off(targets->v[j]) != 0)
                return -1;
    for (int k = 0; f >= 0 && k < e->nw; k++)
        if (!holds_obj(rh_pt_of(&s->pt, LLVMGetOperand(e->wcalls[k], e->ia.q)), o) &&
            may_touch(s, LLVMGetOperand(e->wcalls[k], e->q_out), o, f, f + 8, 8))
            return -1;
    return f >= 0 && field_only_out(s, e, o, f) ? f : -1;
}

typedef struct ab_walk {
    rh_static *s;
    const ab_entry *e;
    LLVMValueRef v;     /* the block's value: its joins and null edge end a path */
    LLVMValueRef zcall; /* the chain call whose zero edge ends a path, or NULL */
    int64_t f;
    uint32_t o;
} ab_walk;

/* Whether v points into o at its start only (so v + F is the block's F). */
static int at_start(rh_static *s, LLVMValueRef v, uint32_t o)
{
    const rh_sset *set = rh_pt_of(&s->pt, v);
    for (uint32_t i = 0; i < set->n; i++)
        if (rh_pt_loc_obj(set->v[i]) == o && rh_pt_loc_off(set->v[i]) != 0)
            return 0;
    return set->n > 0;
}

/* Whether L is the record loaded from field F of v. */
static int field_load(const ab_walk *w, LLVMValueRef l)
{
    int64_t off = -1;
    return l && LLVMIsALoadInst(l) && rh_handover_root(&w->s->pt, LLVMGetOperand(l, 0), &off) == w->v &&
           off == w->f && at_start(w->s, w->v, w->o);
}

static int joins_block(const ab_walk *w, LLVMValueRef call, int depth);

/* Whether fn joins, on every path, the instance of the block its
 * parameter q denotes (a join wrapper taking the block: `wait(t) {
 * job_join(t->job); }`), itself or through such a function. */
static int joins_param_block(const ab_walk *w, LLVMValueRef fn, unsigned q, int depth)
{
    if (LLVMIsDeclaration(fn) || q >= LLVMCountParams(fn) || depth >= AB_DEPTH)
        return 0;
    ab_walk inner = *w;
    inner.v = LLVMGetParam(fn, q);
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b))
        for (LLVMValueRef j = LLVMGetFirstInstruction(b); j; j = LLVMGetNextInstruction(j)) {
            if (!LLVMIsACallInst(j) || !joins_block(&inner, j, depth + 1))
                continue;
            int all = 1;
            for (LLVMBasicBlockRef r = LLVMGetFirstBasicBlock(fn); r && all; r = LLVMGetNextBasicBlock(r)) {
                LLVMValueRef ret = LLVMGetBasicBlockTerminator(r);
                all = !ret || !LLVMIsAReturnInst(ret) || rh_cfg_dominates(j, ret);
            }
            if (all)
                return 1;
        }
    return 0;
}

/* Whether call joins the instance of the block v denotes. */
static int joins_block(const ab_walk *w, LLVMValueRef call, int depth)
{
    rh_static *s = w->s;
    const rh_conc_entry *ce = rh_model_call_entry(s->p, call);
    if (ce && ce->op == RH_OP_THREAD_JOIN && ce->obj >= 0) {
        LLVMValueRef hv = LLVMGetOperand(call, (unsigned)ce->obj);
        int64_t off = -1;
        LLVMValueRef l = LLVMIsALoadInst(hv) ? rh_handover_root(&s->pt, LLVMGetOperand(hv, 0), &off) : NULL;
        return field_load(w, l) && rh_rj_joins_record(s, call, l, w->e->rec->handle_off);
    }
    LLVMValueRef callee = LLVMGetCalledValue(call);
    for (unsigned q = 0; q < LLVMGetNumArgOperands(call); q++) {
        LLVMValueRef a = LLVMGetOperand(call, q);
        int64_t off = -1;
        if (field_load(w, a) && rh_rj_joins_record(s, call, a, w->e->rec->handle_off))
            return 1;
        if (LLVMIsAFunction(callee) && rh_handover_root(&s->pt, a, &off) == w->v && off == 0 &&
            joins_param_block(w, callee, q, depth))
            return 1;
    }
    return 0;
}

/* Scans block b from instruction i; returns 1 when target is reached, 0
 * when the path ends, 2 when it leaves by the block's terminator. */
static int scan(const ab_walk *w, LLVMValueRef i, LLVMValueRef target)
{
    for (; i; i = LLVMGetNextInstruction(i)) {
        if (i == target)
            return 1;
        if (i == w->v || (LLVMIsACallInst(i) && joins_block(w, i, 0)))
            return 0;
    }
    return 2;
}

/* Whether target may run after `from` (function entry when NULL) on a path
 * no join, null edge or definition of the block's value ends. */
static int reaches(const ab_walk *w, LLVMValueRef fn, LLVMValueRef from, LLVMValueRef target)
{
    int f = rh_pt_func_index(&w->s->pt, fn);
    if (f < 0)
        return 1;
    const rh_cfg_func *cf = &w->s->cfg.f[f];
    unsigned char *seen = rh_xcalloc((size_t)cf->nblocks + 1, 1);
    RH_VEC(int) work = {0};
    int b0 = from ? rh_cfg_block(&w->s->cfg, LLVMGetInstructionParent(from)) : 0, hit = 0, first = 1;
    if (b0 < 0)
        hit = 1;
    else
        rh_vec_push(&work, b0);
    while (!hit && work.len) {
        int b = work.items[--work.len];
        LLVMValueRef start = first && from ? LLVMGetNextInstruction(from) : LLVMGetFirstInstruction(cf->blocks[b]);
        first = 0;
        int r = scan(w, start, target);
        if (r == 1)
            hit = 1;
        if (r != 2)
            continue;
        LLVMValueRef br = LLVMGetBasicBlockTerminator(cf->blocks[b]), x = NULL;
        int z = rh_rl_zero_edge(br, &x);
        int zb = z >= 0 && (x == w->v || (w->zcall && x == w->zcall)) ? z : -1;
        for (int j = cf->succ_off[b]; j < cf->succ_off[b + 1]; j++) {
            int sb = cf->succ[j];
            if (zb >= 0 && cf->blocks[sb] == LLVMGetSuccessor(br, (unsigned)zb) &&
                LLVMGetSuccessor(br, (unsigned)!zb) != cf->blocks[sb])
                continue;
            if (!seen[sb])
                seen[sb] = 1, rh_vec_push(&work, sb);
        }
    }
    rh_vec_free(&work);
    free(seen);
    return hit;
}

/* Whether call (a chain call) returns 0 only on paths that started no
 * thread: W's own rule, or a function whose every return reachable from
 * its chain call returns a non-zero constant or that call's result, when
 * that call is such a call itself. */
static int zero_none(const ab_entry *e, const ab_roots *roots, LLVMValueRef call, int depth)
{
    LLVMValueRef callee = LLVMGetCalledValue(call), inner = NULL;
    if (callee == e->rec->fn)
        return e->zero_none;
    for (int i = 0; i < roots->n; i++) /* one chain call in it: the one the block went to */
        if (fn_of(roots->call[i]) == callee) {
            if (inner)
                return 0;
            inner = roots->call[i];
        }
    if (!inner || depth >= AB_DEPTH || !zero_none(e, roots, inner, depth + 1))
        return 0;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(callee); b; b = LLVMGetNextBasicBlock(b)) {
        LLVMValueRef ret = LLVMGetBasicBlockTerminator(b);
        if (!ret || !LLVMIsAReturnInst(ret) || !rh_cfg_may_follow(inner, ret))
            continue;
        LLVMValueRef v = LLVMGetNumOperands(ret) ? LLVMGetOperand(ret, 0) : NULL;
        if (v != inner && !(v && LLVMIsAConstantInt(v) && LLVMConstIntGetZExtValue(v) != 0))
            return 0;
    }
    return 1;
}

/* Rules (a) and (b) of the header for access am. */
static int covered(rh_static *s, const ab_entry *e, const ab_roots *roots, uint32_t o, int am)
{
    const rh_access *ac = &s->p->accesses[am];
    int64_t off;
    LLVMValueRef v = rh_handover_root(&s->pt, ac->ptr, &off), fn = fn_of(ac->inst);
    if (!v || (!LLVMIsAArgument(v) && !LLVMIsAInstruction(v)))
        return 0;
    if (LLVMIsAArgument(v) ? LLVMGetParamParent(v) != fn : fn_of(v) != fn)
        return 0;
    ab_walk w = {s, e, v, NULL, roots->f, o};
    if (!reaches(&w, fn, LLVMIsAArgument(v) ? NULL : v, ac->inst))
        return 1;
    for (int i = 0; i < roots->n; i++) {
        if (roots->v[i] != v)
            continue;
        w.zcall = zero_none(e, roots, roots->call[i], 0) ? roots->call[i] : NULL;
        return !reaches(&w, fn, roots->call[i], ac->inst);
    }
    return 0;
}

rh_arg_blocks *rh_ab_build(rh_static *s, rh_handover *h)
{
    rh_arg_blocks *ab = rh_xcalloc(1, sizeof *ab);
    ab->s = s;
    int n;
    const rh_handover_record *recs = rh_handover_records(h, &n);
    for (int i = 0; i < n; i++) {
        ab_entry e = {.rec = &recs[i]};
        int wf = rh_pt_func_index(&s->pt, recs[i].fn);
        if (!recs[i].joinable || recs[i].handle_store || wf < 0 ||
            rh_cfg_inst_in_loop(&s->cfg, wf, recs[i].create) || !only_called(recs[i].fn) ||
            !rh_rj_out_param(&recs[i], &e.q_out))
            continue;
        for (LLVMUseRef u = LLVMGetFirstUse(recs[i].fn); u; u = LLVMGetNextUse(u))
            e.nw++;
        e.wcalls = rh_xcalloc((size_t)e.nw + 1, sizeof *e.wcalls);
        e.nw = 0;
        for (LLVMUseRef u = LLVMGetFirstUse(recs[i].fn); u; u = LLVMGetNextUse(u))
            e.wcalls[e.nw++] = LLVMGetUser(u);
        int ok = 1;
        for (int k = 0; k < e.nw; k++)
            ok &= e.q_out < LLVMGetNumArgOperands(e.wcalls[k]) && rh_pt_func_index(&s->pt, fn_of(e.wcalls[k])) >= 0;
        if (!ok || !rh_ia_find(s, &recs[i], e.wcalls, e.nw, &e.ia)) {
            free(e.wcalls);
            continue;
        }
        e.zero_none = rh_rj_zero_means_none(&recs[i]);
        rh_vec_push(&ab->e, e);
    }
    return ab;
}

int rh_ab_ordered(rh_arg_blocks *ab, uint32_t o, int a1, int t1, int a2, int t2)
{
    rh_static *s = ab ? ab->s : NULL;
    for (size_t i = 0; s && i < ab->e.len; i++) {
        const ab_entry *e = &ab->e.items[i];
        int r1 = t1 > 0 && s->tg.threads[t1].create == e->rec->create;
        int r2 = t2 > 0 && s->tg.threads[t2].create == e->rec->create;
        int at = r1 ? a1 : a2, am = r1 ? a2 : a1;
        if ((!r1 && !r2) || (r1 && r2 && t1 != t2) || !rh_ia_through_param(s, &e->ia, s->p->accesses[at].ptr) ||
            (r1 && r2 && !rh_ia_through_param(s, &e->ia, s->p->accesses[am].ptr)))
            continue;
        uint64_t key = (uint64_t)i << 32 | o;
        long c = rh_map_get(&ab->facts, key, -1);
        if (c < 0) {
            ab_roots *roots = rh_xcalloc(1, sizeof *roots);
            roots->f = chain_field(s, e, o, roots);
            c = (long)ab->chains.len;
            rh_vec_push(&ab->chains, roots);
            rh_map_put(&ab->facts, key, c);
        }
        const ab_roots *roots = ab->chains.items[c];
        /* two accesses of the record thread through its argument: one block, one instance */
        if (roots->f >= 0 && ((r1 && r2) || covered(s, e, roots, o, am)))
            return 1;
    }
    return 0;
}

void rh_ab_free(rh_arg_blocks *ab)
{
    if (!ab)
        return;
    for (size_t i = 0; i < ab->e.len; i++) {
        rh_ia_free(&ab->e.items[i].ia);
        free(ab->e.items[i].wcalls);
    }
    for (size_t i = 0; i < ab->chains.len; i++)
        free(ab->chains.items[i]);
    rh_vec_free(&ab->e);
    rh_vec_free(&ab->chains);
    rh_map_free(&ab->facts);
    free(ab);
}
