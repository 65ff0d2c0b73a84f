/* set_flags.c - flags that, once set, stay set (see set_flags.h): finding
 * them and their tests, the dataflow hooks, and the optimistic assumptions
 * (inherited at a create, carried by a semaphore) checked after each run.
 */
#include "set_flags.h"
#include "loc_model.h"
#include "sem_order.h"
#include "static_ctx.h"
#include "util/hashmap.h"

#include <stdlib.h>
#include <string.h>

#define MAX_FLAGS 64
#define ALL (~(uint64_t)0)

typedef struct flag {
    uint32_t obj;
    int32_t off;
    uint64_t size;
    int tested, poisoned, all_odd;
    int zero_init; /* the global starts zero (a zero initialiser) */
    int others;    /* a thread other than main may write it */
} flag;

struct rh_sf {
    int main_ok;        /* thread 0 is main, run once */
    flag fl[MAX_FLAGS];
    int n;
    rh_map setter;      /* store that surely sets a flag -> flag id */
    rh_map writes;      /* write instruction -> mask of the tested globals it may touch */
    rh_map test;        /* branch -> flag id << 8 | 8 compared with a non-zero constant | 4 set flag
                         * | its "flag is zero" edge << 1 | read through a trunc to i1 */
    int nthreads;
    unsigned char *inheritable; /* per thread: started by a real create */
    uint64_t *inherit, *inherit_seen;
    unsigned char *visited;
    rh_map carry, carry_seen; /* semaphore object -> flag mask (absent: all) */
    uint64_t any, any_seen;   /* posts on a semaphore not known */
};

static LLVMValueRef strip_ext(LLVMValueRef v)
{
    while (LLVMIsAInstruction(v) &&
           (LLVMGetInstructionOpcode(v) == LLVMZExt || LLVMGetInstructionOpcode(v) == LLVMSExt))
        v = LLVMGetOperand(v, 0);
    return v;
}

/* The one global location an address denotes exactly, or 0. */
static int exact_global(rh_pt *pt, LLVMValueRef addr, uint32_t *obj, int32_t *off)
{
    const rh_sset *t = rh_pt_of(pt, addr);
    if (t->n != 1 || rh_pt_loc_off(t->v[0]) == RH_PT_ANY)
        return 0;
    *obj = rh_pt_loc_obj(t->v[0]), *off = rh_pt_loc_off(t->v[0]);
    const rh_pt_object *o = &pt->objs[*obj];
    return o->kind == RH_PT_GLOBAL && !o->thread_local_ && o->site && LLVMIsAGlobalVariable(o->site);
}

static int flag_of(rh_sf *sf, uint32_t obj, int32_t off, uint64_t size, int add)
{
    for (int i = 0; i < sf->n; i++)
        if (sf->fl[i].obj == obj && sf->fl[i].off == off && sf->fl[i].size == size)
            return i;
    if (!add || sf->n == MAX_FLAGS)
        return -1;
    flag f = {obj, off, size, 0, 0, 1, 0, 0};
    sf->fl[sf->n] = f;
    return sf->n++;
}

/* The load a branch condition tests, the edge taken when it is zero,
 * whether the test reads only its lowest bit (a trunc to i1) and whether
 * it compares with a non-zero constant (then the other edge is not "the
 * load was non-zero", only "it was not zero"). */
static LLVMValueRef tested_load(LLVMValueRef term, unsigned *zero_edge, int *low_bit, int *k_nonzero)
{
    LLVMValueRef c = LLVMGetCondition(term);
    unsigned neg = 0;
    while (LLVMIsAInstruction(c) && LLVMGetInstructionOpcode(c) == LLVMXor &&
           LLVMIsAConstantInt(LLVMGetOperand(c, 1)) && LLVMConstIntGetZExtValue(LLVMGetOperand(c, 1)) == 1 &&
           LLVMGetIntTypeWidth(LLVMTypeOf(c)) == 1)
        c = LLVMGetOperand(c, 0), neg ^= 1;
    if (!LLVMIsAInstruction(c))
        return NULL;
    LLVMValueRef x;
    unsigned zero_true; /* 1 when the condition is true for a zero flag */
    if (LLVMGetInstructionOpcode(c) == LLVMTrunc) {
        x = LLVMGetOperand(c, 0), zero_true = 0, *low_bit = 1, *k_nonzero = 0;
    } else if (LLVMGetInstructionOpcode(c) == LLVMICmp) {
        LLVMIntPredicate pr = LLVMGetICmpPredicate(c);
        LLVMValueRef k = LLVMGetOperand(c, 1);
        if ((pr != LLVMIntEQ && pr != LLVMIntNE) || !LLVMIsAConstantInt(k))
            return NULL;
        *k_nonzero = LLVMConstIntGetZExtValue(k) != 0; /* zero == k is false then */
        x = strip_ext(LLVMGetOperand(c, 0)), zero_true = (pr == LLVMIntEQ) ^ *k_nonzero, *low_bit = 0;
        if (LLVMIsAInstruction(x) && LLVMGetInstructionOpcode(x) == LLVMTrunc) /* `(int)b == 1` of a _Bool */
            x = strip_ext(LLVMGetOperand(x, 0)), *low_bit = 1;
    } else {
        return NULL;
    }
    if (!LLVMIsALoadInst(x) || LLVMGetInstructionParent(x) != LLVMGetInstructionParent(term))
        return NULL;
    for (LLVMValueRef i = LLVMGetNextInstruction(x); i && i != term; i = LLVMGetNextInstruction(i))
        if (LLVMIsAStoreInst(i) || LLVMIsACallInst(i) || LLVMIsAAtomicRMWInst(i) || LLVMIsAAtomicCmpXchgInst(i) ||
            LLVMIsAFenceInst(i))
            return NULL; /* the state at the branch must be the state at the load */
    /* successor 0 is taken when the condition is true */
    *zero_edge = (zero_true ^ neg) ? 0 : 1;
    return x;
}

static uint64_t access_size(const rh_program *p, const rh_map *acc_of, LLVMValueRef inst)
{
    long a = rh_map_get_ptr(acc_of, inst, -1);
    return a < 0 ? 0 : p->accesses[a].size;
}

static void find_tests(rh_sf *sf, rh_program *p, rh_pt *pt, const rh_map *acc_of)
{
    for (int f = 0; f < p->nfuncs; f++)
        for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(p->funcs[f].fn); b; b = LLVMGetNextBasicBlock(b)) {
            LLVMValueRef term = LLVMGetBasicBlockTerminator(b), load;
            unsigned zero_edge;
            int low_bit, k_nonzero;
            uint32_t obj;
            int32_t off;
            if (!term || LLVMGetInstructionOpcode(term) != LLVMBr || !LLVMIsConditional(term) ||
                !(load = tested_load(term, &zero_edge, &low_bit, &k_nonzero)) || !exact_global(pt, LLVMGetOperand(load, 0), &obj, &off))
                continue;
            uint64_t size = access_size(p, acc_of, load);
            int id = size ? flag_of(sf, obj, off, size, 1) : -1;
            if (id < 0)
                continue;
            sf->fl[id].tested = 1;
            LLVMValueRef init = LLVMGetInitializer(pt->objs[obj].site);
            sf->fl[id].zero_init = init && LLVMIsNull(init) && !LLVMIsExternallyInitialized(pt->objs[obj].site);
            rh_map_put_ptr(&sf->test, term, (long)id << 8 | (long)k_nonzero << 3 | (long)zero_edge << 1 | low_bit);
        }
}

/* The parameter a local holds when it is its spill slot (unoptimised
 * code): the alloca's one store, in the entry block before any load of
 * it, stores the parameter, and every other use is a load. */
static LLVMValueRef spilled_param(LLVMValueRef load)
{
    LLVMValueRef slot = LLVMGetOperand(load, 0), param = NULL, store = NULL;
    if (!LLVMIsAAllocaInst(slot))
        return NULL;
    for (LLVMUseRef u = LLVMGetFirstUse(slot); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsALoadInst(user))
            continue;
        if (!LLVMIsAStoreInst(user) || store || LLVMGetOperand(user, 1) != slot ||
            !LLVMIsAArgument(LLVMGetOperand(user, 0)))
            return NULL;
        store = user, param = LLVMGetOperand(user, 0);
    }
    if (!store || LLVMGetInstructionParent(store) != LLVMGetInstructionParent(slot))
        return NULL;
    for (LLVMValueRef i = LLVMGetFirstInstruction(LLVMGetInstructionParent(store)); i != store;
         i = LLVMGetNextInstruction(i))
        if (LLVMIsALoadInst(i) && LLVMGetOperand(i, 0) == slot)
            return NULL;
    return param;
}

/* v through zext and sext (non-zero stays non-zero), a trunc to i1 (then
 * its operand must be odd: *need_odd) and a parameter's spill slot. */
static LLVMValueRef source_value(LLVMValueRef v, int *need_odd)
{
    for (;;) {
        v = strip_ext(v);
        if (LLVMIsAInstruction(v) && LLVMGetInstructionOpcode(v) == LLVMTrunc &&
            LLVMGetIntTypeWidth(LLVMTypeOf(v)) == 1)
            v = LLVMGetOperand(v, 0), *need_odd = 1;
        else if (LLVMIsALoadInst(v) && spilled_param(v))
            v = spilled_param(v);
        else
            return v;
    }
}

/* Whether k passes: non-zero (odd when a trunc to i1 reads it); *odd is
 * cleared when it is even. */
static int nonzero_const(LLVMValueRef k, int need_odd, int *odd)
{
    if (!LLVMIsAConstantInt(k))
        return 0;
    uint64_t x = LLVMConstIntGetZExtValue(k);
    if (!(x & 1))
        *odd = 0;
    return need_odd ? (x & 1) : x != 0;
}

/* Whether v is a non-zero constant, or a parameter every call passes one
 * in; *odd is cleared when one such value is even. */
static int nonzero_value(LLVMValueRef v, int *odd)
{
    int need_odd = 0;
    v = source_value(v, &need_odd);
    if (LLVMIsAConstantInt(v))
        return nonzero_const(v, need_odd, odd);
    if (!LLVMIsAArgument(v))
        return 0;
    LLVMValueRef fn = LLVMGetParamParent(v);
    unsigned idx = 0;
    for (LLVMValueRef q = LLVMGetFirstParam(fn); q && q != v; q = LLVMGetNextParam(q))
        idx++;
    for (LLVMUseRef u = LLVMGetFirstUse(fn); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef call = LLVMGetUser(u);
        if (!LLVMIsACallInst(call) || LLVMGetCalledValue(call) != fn || idx >= LLVMGetNumArgOperands(call))
            return 0; /* its address is taken: calls we cannot see */
        for (unsigned k = 0; k < LLVMGetNumArgOperands(call); k++)
            if (LLVMGetOperand(call, k) == fn)
                return 0;
        int arg_odd = need_odd;
        if (!nonzero_const(source_value(LLVMGetOperand(call, idx), &arg_odd), arg_odd, odd))
            return 0;
    }
    return 1;
}

/* Every write that may touch a flag's bytes must store a non-zero value
 * into exactly them; a store whose address is exactly the flag sets it. */
static void check_writes(rh_sf *sf, rh_static *st)
{
    rh_program *p = st->p;
    rh_pt *pt = &st->pt;
    for (int a = 0; a < p->naccesses; a++) {
        const rh_access *ac = &p->accesses[a];
        if (!(ac->kind & RH_ACC_WRITE))
            continue;
        const rh_sset *t = rh_pt_of(pt, ac->ptr);
        int store = LLVMIsAStoreInst(ac->inst) && !ac->from_call && ac->kind == RH_ACC_WRITE;
        for (uint32_t i = 0; i < t->n; i++) {
            uint32_t obj = rh_pt_loc_obj(t->v[i]);
            int32_t off = rh_pt_loc_off(t->v[i]);
            for (int f = 0; f < sf->n; f++) {
                flag *fl = &sf->fl[f];
                if (fl->obj != obj)
                    continue;
                int64_t lo = 0, hi = (int64_t)pt->objs[obj].size;
                if (off != RH_PT_ANY && ac->size)
                    lo = off, hi = (int64_t)off + (int64_t)ac->size;
                else if (!hi)
                    hi = INT64_MAX;
                rh_loc_range(st, a, obj, off, &lo, &hi);
                if (hi <= fl->off || (int64_t)fl->off + (int64_t)fl->size <= lo)
                    continue; /* other bytes of the object */
                for (int th = 1; th < st->tg.nthreads && !fl->others; th++)
                    fl->others = ac->func < 0 || st->tg.threads[th].reach[ac->func];
                rh_map_put_ptr(&sf->writes, ac->inst,
                               (long)((uint64_t)rh_map_get_ptr(&sf->writes, ac->inst, 0) | (uint64_t)1 << f));
                int odd = 1;
                if (store && off == fl->off && ac->size == fl->size &&
                    nonzero_value(LLVMGetOperand(ac->inst, 0), &odd)) {
                    fl->all_odd &= odd;
                    if (t->n == 1)
                        rh_map_put_ptr(&sf->setter, ac->inst, f);
                } else {
                    fl->poisoned = 1;
                }
            }
        }
    }
}

/* Drops the tests of flags that are not set flags (or need odd values). */
static int keep_tests(rh_sf *sf, rh_program *p)
{
    int kept = 0;
    rh_map test = {0};
    for (int f = 0; f < p->nfuncs; f++)
        for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(p->funcs[f].fn); b; b = LLVMGetNextBasicBlock(b)) {
            LLVMValueRef term = LLVMGetBasicBlockTerminator(b);
            long v = term ? rh_map_get_ptr(&sf->test, term, -1) : -1;
            if (v < 0)
                continue;
            const flag *fl = &sf->fl[v >> 8];
            int set_ok = !fl->poisoned && !(v & 8) && (!(v & 1) || fl->all_odd);
            if (!set_ok && !fl->zero_init)
                continue;
            v = set_ok ? v | 4 : v & ~4L;
            rh_map_put_ptr(&test, term, v);
            kept++;
        }
    rh_map_free(&sf->test);
    sf->test = test;
    rh_map setter = {0}; /* only set flags are worth a fact in the state */
    size_t pos = 0;
    uint64_t inst;
    long f;
    while (rh_map_next(&sf->setter, &pos, &inst, &f))
        if (!sf->fl[f].poisoned)
            rh_map_put(&setter, inst, f);
    rh_map_free(&sf->setter);
    sf->setter = setter;
    return kept;
}

rh_sf *rh_sf_find(rh_static *st)
{
    rh_program *p = st->p;
    rh_pt *pt = &st->pt;
    const rh_tg *tg = &st->tg;
    if (pt->untracked) /* an address it lost may write a flag */
        return NULL;
    rh_sf *sf = rh_xcalloc(1, sizeof *sf);
    rh_map acc_of = {0};
    for (int a = p->naccesses - 1; a >= 0; a--)
        rh_map_put_ptr(&acc_of, p->accesses[a].inst, a);
    find_tests(sf, p, pt, &acc_of);
    rh_map_free(&acc_of);
    if (sf->n)
        check_writes(sf, st);
    if (!sf->n || !keep_tests(sf, p)) {
        rh_sf_free(sf);
        return NULL;
    }
    sf->nthreads = tg->nthreads;
    sf->main_ok = tg->nthreads > 0 && !tg->threads[0].multi && tg->threads[0].func >= 0 &&
                  !strcmp(p->funcs[tg->threads[0].func].name, "main");
    sf->inheritable = rh_xcalloc((size_t)tg->nthreads + 1, 1);
    sf->inherit = rh_xcalloc((size_t)tg->nthreads + 1, sizeof *sf->inherit);
    sf->inherit_seen = rh_xcalloc((size_t)tg->nthreads + 1, sizeof *sf->inherit_seen);
    sf->visited = rh_xcalloc((size_t)tg->nthreads + 1, 1);
    for (int t = 1; t < tg->nthreads; t++) {
        const rh_conc_entry *e = tg->threads[t].create ? rh_model_call_entry(p, tg->threads[t].create) : NULL;
        sf->inheritable[t] = e && e->op == RH_OP_THREAD_CREATE && !rh_conc_registers(e) &&
                             !tg->threads[t].async && !rh_tg_unknown_origin(tg, t);
        sf->inherit[t] = sf->inheritable[t] ? ALL : 0;
    }
    sf->any = ALL;
    return sf;
}

void rh_sf_free(rh_sf *sf)
{
    if (!sf)
        return;
    rh_map_free(&sf->setter), rh_map_free(&sf->test);
    rh_map_free(&sf->carry), rh_map_free(&sf->carry_seen);
    free(sf->inheritable), free(sf->inherit), free(sf->inherit_seen), free(sf->visited);
    free(sf);
}

int rh_sf_count(const rh_sf *sf)
{
    int n = 0;
    for (int i = 0; sf && i < sf->n; i++)
        n += sf->fl[i].tested && !sf->fl[i].poisoned;
    return n;
}

void rh_sf_begin_run(rh_sf *sf)
{
    if (!sf)
        return;
    for (int t = 0; t < sf->nthreads; t++)
        sf->inherit_seen[t] = ALL, sf->visited[t] = 0;
    rh_map_free(&sf->carry_seen);
    sf->any_seen = ALL;
}

static void add_mask(rh_sset *s, uint64_t m, int n)
{
    for (int i = 0; i < n; i++)
        if (m >> i & 1)
            rh_sset_add(s, (uint64_t)i);
}

static uint64_t mask_of(const rh_sset *s)
{
    uint64_t m = 0;
    for (uint32_t i = 0; i < s->n; i++)
        if (s->v[i] < MAX_FLAGS)
            m |= (uint64_t)1 << s->v[i];
    return m;
}

void rh_sf_thread_entry(const rh_sf *sf, int t, rh_ls_state *entry)
{
    if (sf && t > 0 && t < sf->nthreads)
        add_mask(&entry->flags, sf->inherit[t], sf->n);
}

void rh_sf_main_entry(const rh_sf *sf, rh_ls_state *entry)
{
    for (int i = 0; sf && sf->main_ok && i < sf->n; i++)
        if (sf->fl[i].zero_init)
            rh_sset_add(&entry->unset, (uint64_t)i);
}

void rh_sf_store(const rh_sf *sf, LLVMValueRef inst, rh_ls_state *s)
{
    if (!sf)
        return;
    uint64_t w = s->unset.n ? (uint64_t)rh_map_get_ptr(&sf->writes, inst, 0) : 0;
    for (int i = 0; i < MAX_FLAGS && (w >> i); i++)
        if (w >> i & 1)
            rh_sset_remove(&s->unset, (uint64_t)i);
    long f = rh_map_get_ptr(&sf->setter, inst, -1);
    if (f >= 0)
        rh_sset_add(&s->flags, (uint64_t)f);
}

void rh_sf_creating(const rh_sf *sf, rh_ls_state *s)
{
    for (int i = 0; sf && i < sf->n && s->unset.n; i++)
        if (sf->fl[i].others)
            rh_sset_remove(&s->unset, (uint64_t)i);
}

void rh_sf_created(rh_sf *sf, int c, const rh_ls_state *s)
{
    if (!sf || c <= 0 || c >= sf->nthreads)
        return;
    sf->visited[c] = 1;
    sf->inherit_seen[c] &= mask_of(&s->flags);
}

static uint64_t get_mask(const rh_map *m, uint32_t o)
{
    return (uint64_t)rh_map_get(m, o, (long)ALL);
}

void rh_sf_sem(rh_sf *sf, rh_pt *pt, const struct rh_semord *so, LLVMValueRef call, const rh_conc_entry *e,
               rh_ls_state *s)
{
    if (!sf || !so || (e->op != RH_OP_SEM_WAIT && e->op != RH_OP_SEM_POST) || e->obj < 0 ||
        e->obj >= (int)LLVMGetNumArgOperands(call))
        return;
    if (e->op == RH_OP_SEM_WAIT) { /* rule 3: what every free post carried */
        for (uint32_t i = 0; i < s->sem_waited.n; i++) {
            uint32_t o = (uint32_t)s->sem_waited.v[i];
            if (o != RH_SEMORD_ANY && rh_semord_starts_zero(so, o))
                add_mask(&s->flags, get_mask(&sf->carry, o) & sf->any, sf->n);
        }
        return;
    }
    const rh_sset *t = rh_pt_of(pt, LLVMGetOperand(call, (unsigned)e->obj));
    uint64_t m = mask_of(&s->flags);
    if (t->n == 0)
        sf->any_seen &= m;
    for (uint32_t i = 0; i < t->n; i++) {
        uint32_t o = rh_pt_loc_obj(t->v[i]);
        if (!rh_sset_has(&s->sem_waited, o))
            rh_map_put(&sf->carry_seen, o, (long)(get_mask(&sf->carry_seen, o) & m));
    }
}

int rh_sf_edge_dead(const rh_sf *sf, LLVMValueRef term, unsigned succ, const rh_ls_state *s)
{
    long v = sf ? rh_map_get_ptr(&sf->test, term, -1) : -1;
    if (v < 0)
        return 0;
    unsigned zero_edge = (unsigned)(v >> 1 & 1);
    if (succ == zero_edge) /* read as zero: not once set */
        return (v & 4) && rh_sset_has(&s->flags, (uint64_t)(v >> 8));
    return rh_sset_has(&s->unset, (uint64_t)(v >> 8)); /* read as non-zero: not while still zero */
}

int rh_sf_end_run(rh_sf *sf)
{
    if (!sf)
        return 0;
    int fell = 0;
    for (int t = 1; t < sf->nthreads; t++) {
        /* a create no run visited: the thread may start where we did not look */
        uint64_t m = sf->inherit[t] & (sf->visited[t] ? sf->inherit_seen[t] : 0);
        fell |= m != sf->inherit[t];
        sf->inherit[t] = m;
    }
    size_t pos = 0;
    uint64_t o;
    long seen;
    while (rh_map_next(&sf->carry_seen, &pos, &o, &seen)) {
        uint64_t m = get_mask(&sf->carry, (uint32_t)o) & (uint64_t)seen;
        fell |= m != get_mask(&sf->carry, (uint32_t)o);
        rh_map_put(&sf->carry, o, (long)m);
    }
    uint64_t any = sf->any & sf->any_seen;
    fell |= any != sf->any;
    sf->any = any;
    return fell;
}
