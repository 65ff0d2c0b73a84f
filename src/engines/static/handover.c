/* handover.c - heap records handed over with their thread and joined
 * through them (see handover.h): finds the records, then classifies the
 * accesses to them on demand, once per access.
 */
#include "handover.h"
#include "cfg.h"
#include "owned.h"
#include "slot_forward.h"
#include "util/hashmap.h"

#include <stdlib.h>

typedef rh_handover_record ho_site;

struct rh_handover {
    rh_static *s;
    RH_VEC(ho_site) sites;
    int *site_of_obj;         /* per object: index + 1 into sites, 0 when none */
    unsigned char *seen;    /* per object: a create passing it was looked at */
    unsigned char *routine;   /* per model function: a start routine only handed records reach */
    int *cls_site;            /* per access: site index + 1 its class below is for */
    unsigned char *cls;       /* per access: 1 classified (i)-(iii), 2 not */
    uint32_t *joined;         /* per access: object + 1 of a joined record it touches (marked) */
};

LLVMValueRef rh_handover_root(rh_pt *pt, LLVMValueRef v, int64_t *off)
{
    *off = 0;
    for (int depth = 0; v && depth < 64; depth++) {
        if (LLVMIsAGetElementPtrInst(v) || (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMGetElementPtr)) {
            int64_t d;
            if (*off < 0 || !rh_pt_gep_offset(pt, v, &d))
                *off = -1;
            else
                *off += d;
        } else if (!LLVMIsABitCastInst(v) && !LLVMIsAAddrSpaceCastInst(v)) {
            return v;
        }
        v = LLVMGetOperand(v, 0);
    }
    return NULL;
}

/* rh_handover_root, and through a load that reads back what its function
 * stored into the cell (slot_forward.h: `*slot = malloc(..)` kept in an
 * array or an out-parameter and reloaded for each use) to that value. */
static LLVMValueRef root_fwd(rh_pt *pt, LLVMValueRef v, int64_t *off)
{
    int64_t total = 0;
    for (int depth = 0; depth < 8; depth++) {
        LLVMValueRef r = rh_handover_root(pt, v, off), x;
        if (!r || *off < 0)
            return r;
        total += *off;
        if (!LLVMIsALoadInst(r) || !(x = rh_fwd_stored(pt, r))) {
            *off = total;
            return r;
        }
        v = x;
    }
    return NULL;
}

/* The successor of the create's block taken when the create succeeded,
 * when that block ends by testing its result against 0; else NULL. */
static LLVMBasicBlockRef success_edge(LLVMValueRef create)
{
    LLVMValueRef br = LLVMGetBasicBlockTerminator(LLVMGetInstructionParent(create));
    if (!br || !LLVMIsABranchInst(br) || !LLVMIsConditional(br))
        return NULL;
    LLVMValueRef cmp = LLVMGetCondition(br);
    if (!LLVMIsAICmpInst(cmp) || LLVMGetOperand(cmp, 0) != create || !LLVMIsAConstantInt(LLVMGetOperand(cmp, 1)) ||
        LLVMConstIntGetZExtValue(LLVMGetOperand(cmp, 1)) != 0)
        return NULL;
    LLVMIntPredicate pr = LLVMGetICmpPredicate(cmp);
    if (pr == LLVMIntEQ)
        return LLVMGetSuccessor(br, 0);
    return pr == LLVMIntNE ? LLVMGetSuccessor(br, 1) : NULL;
}

static int is_target(LLVMValueRef in, void *target)
{
    return in == target;
}

int rh_handover_after_create(LLVMValueRef create, LLVMValueRef site, LLVMValueRef target)
{
    return rh_cfg_reaches_before(create, site, success_edge(create), is_target, target);
}

int rh_handover_only_started(rh_static *s, LLVMValueRef fn)
{
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        const rh_conc_entry *e = LLVMIsACallInst(user) ? rh_model_call_entry(s->p, user) : NULL;
        if (!e || e->op != RH_OP_THREAD_CREATE || e->fn < 0 || LLVMGetOperand(user, (unsigned)e->fn) != fn)
            return 0;
        for (unsigned k = 0; k < LLVMGetNumArgOperands(user); k++)
            if ((int)k != e->fn && LLVMGetOperand(user, k) == fn)
                return 0;
    }
    return 1;
}

/* Whether the create is the only write that may reach the handle field. */
static int handle_unique(rh_static *s, const ho_site *h)
{
    int64_t lo = h->handle_off, hi = lo + 8;
    for (int a = 0; a < s->p->naccesses; a++) {
        const rh_access *ac = &s->p->accesses[a];
        if (ac->inst == h->handle_store)
            continue;
        const rh_conc_entry *e = ac->from_call ? rh_model_call_entry(s->p, ac->inst) : NULL;
        if (e && (e->op == RH_OP_FREE || e->op == RH_OP_REALLOC))
            continue; /* a freed record's handle is read no more (that would be undefined) */
        if ((ac->kind & RH_ACC_WRITE) && rh_pt_may_touch(&s->pt, ac->ptr, h->obj, lo, hi, ac->size))
            return 0;
    }
    for (int i = 0; i < s->p->nsyncs; i++) {
        const rh_sync *y = &s->p->syncs[i];
        if (y->inst != h->create && y->entry && y->entry->op == RH_OP_THREAD_CREATE && y->entry->obj >= 0 &&
            rh_pt_may_touch(&s->pt, LLVMGetOperand(y->inst, (unsigned)y->entry->obj), h->obj, lo, hi, 8))
            return 0;
    }
    return 1;
}

/* The one store that copies the handle the create wrote into local cell
 * h into a field of the record (*off), when h is a local of the create's
 * function read only by loads the create dominates; else NULL. */
static LLVMValueRef copied_handle(rh_static *s, LLVMValueRef create, LLVMValueRef h, LLVMValueRef site,
                                  int64_t *off)
{
    LLVMValueRef found = NULL;
    if (!LLVMIsAAllocaInst(h) || LLVMGetBasicBlockParent(LLVMGetInstructionParent(h)) !=
                                     LLVMGetBasicBlockParent(LLVMGetInstructionParent(create)))
        return NULL;
    for (LLVMUseRef u = LLVMGetFirstUse(h); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef l = LLVMGetUser(u);
        if (l == create)
            continue;
        if (!LLVMIsALoadInst(l) || !rh_cfg_dominates(create, l))
            return NULL;
        for (LLVMUseRef v = LLVMGetFirstUse(l); v; v = LLVMGetNextUse(v)) {
            LLVMValueRef st = LLVMGetUser(v);
            int64_t o;
            if (!LLVMIsAStoreInst(st) || LLVMGetOperand(st, 0) != l)
                continue;
            if (found || rh_handover_root(&s->pt, LLVMGetOperand(st, 1), &o) != site || o < 0)
                return NULL;
            found = st, *off = o;
        }
    }
    for (unsigned k = 0; k < LLVMGetNumArgOperands(create); k++)
        if ((int)k != rh_model_call_entry(s->p, create)->obj && LLVMGetOperand(create, k) == h)
            return NULL;
    return found;
}

/* A create passing exactly a fresh allocation's value: its record. */
static void consider_create(rh_handover *h, LLVMValueRef create, const rh_conc_entry *e)
{
    rh_static *s = h->s;
    int64_t off, hoff;
    LLVMValueRef site = root_fwd(&s->pt, LLVMGetOperand(create, (unsigned)e->obj2), &off);
    long o = site ? rh_map_get_ptr(&s->pt.obj_of_site, site, -1) : -1;
    if (off != 0 || o < 0 || s->pt.objs[o].kind != RH_PT_HEAP || !rh_owned_fresh_site(s, site) ||
        LLVMGetInstructionParent(site) == NULL)
        return;
    LLVMValueRef fn = LLVMGetBasicBlockParent(LLVMGetInstructionParent(site));
    if (h->seen[o]) { /* a second create of one record: no record */
        h->site_of_obj[o] = 0;
        return;
    }
    h->seen[o] = 1;
    if (LLVMGetBasicBlockParent(LLVMGetInstructionParent(create)) != fn || rh_handover_after_create(create, site, create))
        return;
    int nthreads = 0;
    for (int t = 1; t < s->tg.nthreads; t++)
        if (s->tg.threads[t].create == create) {
            int f = s->tg.threads[t].func;
            if (s->tg.threads[t].async || !rh_handover_only_started(s, s->p->funcs[f].fn))
                return;
            nthreads++;
        }
    if (!nthreads)
        return;
    ho_site hs = {(uint32_t)o, site, create, fn, -1, NULL, 0};
    LLVMValueRef hroot = e->obj >= 0 ? rh_handover_root(&s->pt, LLVMGetOperand(create, (unsigned)e->obj), &hoff) : NULL;
    if (hroot == site && hoff >= 0)
        hs.handle_off = hoff;
    else if (hroot && hoff == 0)
        hs.handle_store = copied_handle(s, create, hroot, site, &hs.handle_off);
    rh_vec_push(&h->sites, hs);
    h->site_of_obj[o] = (int)h->sites.len;
}

/* A record whose create's routines all run only on handed records. */
static int routines_ok(rh_handover *h, const ho_site *hs)
{
    rh_static *s = h->s;
    for (int t = 1; t < s->tg.nthreads; t++)
        if (s->tg.threads[t].create == hs->create) {
            int f = s->tg.threads[t].func;
            for (int u = 1; u < s->tg.nthreads; u++) {
                LLVMValueRef c = s->tg.threads[u].create;
                if (s->tg.threads[u].func != f)
                    continue;
                const rh_conc_entry *e = c ? rh_model_call_entry(s->p, c) : NULL;
                int64_t off;
                LLVMValueRef r = e && e->obj2 >= 0 ? root_fwd(&s->pt, LLVMGetOperand(c, (unsigned)e->obj2), &off) : NULL;
                long o = r ? rh_map_get_ptr(&s->pt.obj_of_site, r, -1) : -1;
                if (o < 0 || !h->site_of_obj[o] || h->sites.items[h->site_of_obj[o] - 1].create != c)
                    return 0;
            }
        }
    return 1;
}

rh_handover *rh_handover_build(rh_static *s)
{
    rh_handover *h = rh_xcalloc(1, sizeof *h);
    h->s = s;
    h->site_of_obj = rh_xcalloc((size_t)s->pt.nobjs + 1, sizeof *h->site_of_obj);
    h->seen = rh_xcalloc((size_t)s->pt.nobjs + 1, 1);
    h->routine = rh_xcalloc((size_t)s->p->nfuncs + 1, 1);
    h->cls_site = rh_xcalloc((size_t)s->p->naccesses + 1, sizeof *h->cls_site);
    h->cls = rh_xcalloc((size_t)s->p->naccesses + 1, 1);
    h->joined = rh_xcalloc((size_t)s->p->naccesses + 1, sizeof *h->joined);
    for (int i = 0; i < s->p->nsyncs; i++) {
        const rh_sync *y = &s->p->syncs[i];
        if (y->entry && y->entry->op == RH_OP_THREAD_CREATE && y->entry->obj2 >= 0)
            consider_create(h, y->inst, y->entry);
    }
    /* Dropping a record may leave another one's routine started with
     * something else: drop until nothing changes. */
    for (int changed = 1; changed;) {
        changed = 0;
        for (size_t i = 0; i < h->sites.len; i++) {
            ho_site *hs = &h->sites.items[i];
            if (h->site_of_obj[hs->obj] == (int)i + 1 && !routines_ok(h, hs))
                h->site_of_obj[hs->obj] = 0, changed = 1;
        }
    }
    int kept = 0;
    for (size_t i = 0; i < h->sites.len; i++) {
        ho_site *hs = &h->sites.items[i];
        if (h->site_of_obj[hs->obj] != (int)i + 1)
            continue;
        hs->joinable = hs->handle_off >= 0 && handle_unique(s, hs);
        for (int t = 1; t < s->tg.nthreads; t++)
            if (s->tg.threads[t].create == hs->create)
                h->routine[s->tg.threads[t].func] = 1;
        kept++;
    }
    rh_result_stat(s->res, "static.handover_records", kept);
    return h;
}

/* (iii): a join of the handle loaded from root dominates the access. */
static int after_own_join(rh_handover *h, const ho_site *hs, const rh_access *ac, LLVMValueRef root)
{
    rh_static *s = h->s;
    const rh_function *f = &s->p->funcs[ac->func];
    for (int i = f->first_sync; hs->joinable && i < f->first_sync + f->nsyncs; i++) {
        const rh_sync *y = &s->p->syncs[i];
        if (!y->entry || y->entry->op != RH_OP_THREAD_JOIN || y->entry->obj < 0)
            continue;
        LLVMValueRef hv = LLVMGetOperand(y->inst, (unsigned)y->entry->obj);
        int64_t off;
        if (LLVMIsALoadInst(hv) && rh_handover_root(&s->pt, LLVMGetOperand(hv, 0), &off) == root &&
            off == hs->handle_off && rh_cfg_dominates(y->inst, ac->inst))
            return 1;
    }
    return 0;
}

static int classify(rh_handover *h, const ho_site *hs, int a)
{
    rh_static *s = h->s;
    const rh_access *ac = &s->p->accesses[a];
    int64_t off;
    LLVMValueRef root = root_fwd(&s->pt, ac->ptr, &off);
    LLVMValueRef fn = s->p->funcs[ac->func].fn;
    if (!root)
        return 0;
    if (root == hs->site && fn == hs->fn && !rh_handover_after_create(hs->create, hs->site, ac->inst))
        return 1; /* (i) */
    if (LLVMIsAArgument(root) && LLVMGetParamParent(root) == fn && LLVMCountParams(fn) >= 1 &&
        LLVMGetParam(fn, 0) == root && h->routine[ac->func])
        return 1; /* (ii) */
    return h->joined[a] == hs->obj + 1 || after_own_join(h, hs, ac, root); /* (iii) */
}

int rh_handover_ordered(rh_handover *h, uint32_t o, int a1, int a2)
{
    if (!h || (int)o >= h->s->pt.nobjs || !h->site_of_obj[o])
        return 0;
    int k = h->site_of_obj[o];
    int as[2] = {a1, a2};
    for (int i = 0; i < 2; i++) {
        int a = as[i];
        if (h->cls_site[a] != k) {
            h->cls_site[a] = k;
            h->cls[a] = classify(h, &h->sites.items[k - 1], a) ? 1 : 2;
        }
        if (h->cls[a] != 1)
            return 0;
    }
    return 1;
}

void rh_handover_mark_joined(rh_handover *h, uint32_t obj, int a)
{
    h->joined[a] = obj + 1;
    h->cls_site[a] = 0; /* classify again */
}

const rh_handover_record *rh_handover_records(const rh_handover *h, int *n)
{
    *n = 0;
    return h ? (*n = (int)h->sites.len, h->sites.items) : NULL;
}

void rh_handover_free(rh_handover *h)
{
    if (!h)
        return;
    rh_vec_free(&h->sites);
    free(h->site_of_obj);
    free(h->routine);
    free(h->seen);
    free(h->cls_site);
    free(h->cls);
    free(h->joined);
    free(h);
}
