/* bmc_region_flow.c - which objects a pointer loaded from memory may point
 * into: the values stored where the load reads, not every object whose
 * address escaped.
 *
 * Why: a list whose nodes all escape made every load of a `next` field an
 * address into every node, and every read through it an ite over all of
 * them (a 30-node list: 230k formula nodes for 230 positions).
 *
 * The rule (flow-insensitive, so it holds for every interleaving): the
 * memory model (bmc_memory.c) answers a read of object o at address x with
 * the bytes the writes into o's list at x left, else o's initial contents;
 * a write goes into the lists of the objects its address may reach.  So a
 * load may return a pointer into object p only if p is named by o's
 * initializer or by the value of a write into o that may touch the bytes
 * read: every write through a symbolic address into o, and the writes
 * through a constant address whose bytes overlap the load's when the load's
 * address is constant too.  A copy writes all its source objects may hold,
 * a join the threads' results, a thread creation its thread number.  The
 * least sets closed under these rules are computed by iteration from empty
 * sets; loads whose address reaches no object (the "no object" region,
 * mem0's every initializer), and pointers no load gave (library results),
 * keep the escaped set.  Large programs, or no fixed point within PASSES,
 * keep the old rule: every loaded pointer may reach every escaped object.
 */
#include "bmc_region.h"
#include "bmc_prefix.h"

#include <stdlib.h>
#include <string.h>

#define PASSES 64             /* passes before the escaped sets are kept */
#define MAX_OBJS 4096         /* objects beyond which it is not tried */
#define MAX_WORK 40000000L    /* bitset words touched, all passes together */

struct rh_bmc_loadrec {
    Z3_ast addr;
    unsigned size;
};

typedef struct cwrite {       /* a write through a constant address */
    uint64_t lo, hi;
    int next;                 /* the object's next such write, or -1 */
} cwrite;

typedef struct flow {
    rh_bmc_ctx *c;
    rh_bmc_regions *g;
    unsigned nw;
    int nobj;
    uint64_t *init;           /* per object: its initializer's objects */
    uint64_t *any;            /* per object: values written through symbolic addresses */
    uint64_t *content, *content2; /* per object: all it may hold, last pass and this */
    uint64_t *lsets2;         /* per load: this pass */
    cwrite *cw;
    uint64_t *cwbits;         /* per constant write: its value's objects */
    int ncw, capcw;
    int *head;                /* per object: its newest constant write */
    int *objs;
    uint64_t *val;            /* scratch */
    int late;                 /* an address reaching no object reads escaped (see below) */
    long work;
} flow;

static uint64_t *row(uint64_t *base, unsigned nw, long i)
{
    return base + (size_t)i * nw;
}

static int unite(uint64_t *d, const uint64_t *s, unsigned nw)
{
    int grew = 0;
    for (unsigned w = 0; w < nw; w++) {
        grew |= (s[w] & ~d[w]) != 0;
        d[w] |= s[w];
    }
    return grew;
}

static void add_value(flow *f, Z3_ast v)
{
    if (v)
        unite(f->val, rh_bmc_region_bits(f->c, f->g, v), f->nw);
}

/* Records a write of f->val at addr (size 0: a range not known). */
static void add_write(flow *f, Z3_ast addr, unsigned size)
{
    int n;
    uint64_t a;
    rh_bmc_objset(f->c, f->g, addr, f->objs, &n);
    f->work += (long)n * f->nw;
    if (n == 1 && size && Z3_get_numeral_uint64(f->c->z, addr, &a)) {
        if (f->ncw == f->capcw) {
            f->capcw = f->capcw ? 2 * f->capcw : 256;
            f->cw = rh_xrealloc(f->cw, (size_t)f->capcw * sizeof *f->cw);
            f->cwbits = rh_xrealloc(f->cwbits, (size_t)f->capcw * f->nw * sizeof *f->cwbits);
        }
        int o = f->objs[0];
        f->cw[f->ncw] = (cwrite){a, a + size, f->head[o]};
        memcpy(row(f->cwbits, f->nw, f->ncw), f->val, f->nw * sizeof *f->val);
        f->head[o] = f->ncw++;
        return;
    }
    for (int k = 0; k < n; k++)
        unite(row(f->any, f->nw, f->objs[k]), f->val, f->nw);
}

/* A copy writes what its source objects may hold (last pass's). */
static void add_copied(flow *f, Z3_ast src)
{
    int n;
    rh_bmc_objset(f->c, f->g, src, f->objs, &n);
    if (n == 0 && f->late)
        unite(f->val, f->g->escaped, f->nw);
    for (int k = 0; k < n; k++)
        unite(f->val, row(f->content, f->nw, f->objs[k]), f->nw);
    f->work += (long)n * f->nw;
}

static void position_writes(flow *f, const rh_bmc_pos *p)
{
    rh_bmc_ctx *c = f->c;
    memset(f->val, 0, f->nw * sizeof *f->val);
    switch (p->kind) {
    case RH_BMC_P_STORE:
        add_value(f, p->val);
        add_write(f, p->addr, p->size);
        break;
    case RH_BMC_P_RMW: case RH_BMC_P_CMPXCHG:
        add_value(f, p->val);
        add_value(f, p->val2);
        add_value(f, p->out);
        add_write(f, p->addr, p->size);
        break;
    case RH_BMC_P_CREATE:
        add_value(f, rh_bmc_bv(c, (uint64_t)p->thread, 8 * p->size));
        add_write(f, p->addr, p->size);
        break;
    case RH_BMC_P_JOIN:
        if (!p->addr2)
            break;
        for (int u = 1; u < c->nthreads; u++)
            add_value(f, c->threads[u].retval);
        add_write(f, p->addr2, 0);
        break;
    case RH_BMC_P_SET:
        add_value(f, p->val);
        add_write(f, p->addr, 0);
        break;
    case RH_BMC_P_COPY:
        add_copied(f, p->addr2);
        add_write(f, p->addr, 0);
        break;
    default: /* the rest writes synchronisation words only */
        break;
    }
}

/* The objects load r may return, into out. */
static void load_set(flow *f, int r, uint64_t *out)
{
    const struct rh_bmc_loadrec *l = &f->g->loads[r];
    int n;
    rh_bmc_objset(f->c, f->g, l->addr, f->objs, &n);
    memset(out, 0, f->nw * sizeof *out);
    if (n == 0 && f->late)
        unite(out, f->g->escaped, f->nw);
    /* a constant address, or one of a few (a pointer that may be null) */
    uint64_t at[RH_BMC_VALUESET_MAX];
    int nat = rh_bmc_value_set(f->c, l->addr, at);
    for (int k = 0; k < n; k++) {
        int o = f->objs[k];
        if (nat <= 0) {
            unite(out, row(f->content2, f->nw, o), f->nw);
            continue;
        }
        int prefixed = 0; /* main's prefix wrote o: the values at these addresses */
        for (int j = 0; j < nat; j++)
            prefixed |= rh_bmc_prefix_refs_at(f->c, o, at[j], l->size, out);
        if (!prefixed)
            unite(out, row(f->init, f->nw, o), f->nw);
        unite(out, row(f->any, f->nw, o), f->nw);
        for (int w = f->head[o]; w >= 0; w = f->cw[w].next, f->work += f->nw)
            for (int j = 0; j < nat; j++)
                if (f->cw[w].lo < at[j] + l->size && at[j] < f->cw[w].hi)
                    unite(out, row(f->cwbits, f->nw, w), f->nw);
    }
    f->work += (long)(n + 1) * f->nw;
}

/* One application of the rules to last pass's sets; 1 if a set grew. */
static int pass(flow *f)
{
    rh_bmc_ctx *c = f->c;
    rh_bmc_regions *g = f->g;
    unsigned nw = f->nw;
    rh_bmc_regions_forget(g);
    memset(f->any, 0, (size_t)f->nobj * nw * sizeof *f->any);
    for (int o = 0; o < f->nobj; o++)
        f->head[o] = -1;
    f->ncw = 0;
    for (int t = 0; t < c->nthreads; t++)
        for (int i = 0; i < c->threads[t].npos; i++)
            if (!rh_bmc_is_false(c, c->threads[t].pos[i].guard))
                position_writes(f, &c->threads[t].pos[i]);
    memcpy(f->content2, f->init, (size_t)f->nobj * nw * sizeof *f->init);
    for (int o = 0; o < f->nobj; o++) {
        unite(row(f->content2, nw, o), row(f->any, nw, o), nw);
        for (int w = f->head[o]; w >= 0; w = f->cw[w].next)
            unite(row(f->content2, nw, o), row(f->cwbits, nw, w), nw);
    }
    f->work += (long)(f->nobj + f->ncw) * nw;
    for (int r = 0; r < g->nloads; r++)
        load_set(f, r, row(f->lsets2, nw, r));
    int grew = 0;
    for (int o = 0; o < f->nobj; o++)
        grew |= unite(row(f->content, nw, o), row(f->content2, nw, o), nw);
    for (int r = 0; r < g->nloads; r++)
        grew |= unite(row(g->lsets, nw, r), row(f->lsets2, nw, r), nw);
    return grew;
}

static void add_load(rh_bmc_ctx *c, rh_bmc_regions *g, Z3_ast var, Z3_ast addr, unsigned size)
{
    if (!var || !addr || !rh_map_get_ptr(&c->ptrvars, var, 0))
        return;
    if (rh_map_get_ptr(&g->loadrec, var, 0)) { /* one variable, two loads: keep escaped */
        rh_map_put_ptr(&g->loadrec, var, -1);
        return;
    }
    if (g->nloads % 256 == 0)
        g->loads = rh_xrealloc(g->loads, ((size_t)g->nloads + 256) * sizeof *g->loads);
    g->loads[g->nloads] = (struct rh_bmc_loadrec){addr, size};
    rh_map_put_ptr(&g->loadrec, var, ++g->nloads);
}

/* Loads of the program's own load and atomic instructions; other pointers
 * read from memory (the library's) keep the escaped set. */
static void collect_loads(rh_bmc_ctx *c, rh_bmc_regions *g)
{
    for (int t = 0; t < c->nthreads; t++)
        for (int i = 0; i < c->threads[t].npos; i++) {
            rh_bmc_pos *p = &c->threads[t].pos[i];
            if (!p->inst)
                continue;
            if (p->kind == RH_BMC_P_LOAD && LLVMIsALoadInst(p->inst))
                add_load(c, g, p->val, p->addr, p->size);
            else if ((p->kind == RH_BMC_P_RMW && LLVMIsAAtomicRMWInst(p->inst)) ||
                     (p->kind == RH_BMC_P_CMPXCHG && LLVMIsAAtomicCmpXchgInst(p->inst)))
                add_load(c, g, p->out, p->addr, p->size);
        }
}

static int init_sets(flow *f)
{
    rh_bmc_ctx *c = f->c;
    for (LLVMValueRef gv = LLVMGetFirstGlobal(c->prog->mod); gv; gv = LLVMGetNextGlobal(gv)) {
        long o = rh_map_get_ptr(&c->objmap, gv, -1);
        if (LLVMIsDeclaration(gv) || o < 0 || o >= f->nobj)
            continue;
        if (!rh_bmc_init_refs(c, row(f->init, f->nw, o), LLVMGetInitializer(gv), 0))
            return 0;
    }
    for (int o = 0; o < f->nobj; o++) /* main's prefix left these contents */
        rh_bmc_prefix_refs(c, o, row(f->init, f->nw, o));
    return 1;
}

void rh_bmc_regions_flow(rh_bmc_ctx *c, rh_bmc_regions *g)
{
    g->flow = 0;
    if (g->nobj > MAX_OBJS)
        return;
    collect_loads(c, g);
    flow f = {.c = c, .g = g, .nw = g->nwords, .nobj = g->nobj};
    size_t per = (size_t)f.nobj * f.nw * sizeof(uint64_t);
    f.init = rh_xcalloc(1, per + 1);
    f.any = rh_xcalloc(1, per + 1);
    f.content = rh_xcalloc(1, per + 1);
    f.content2 = rh_xcalloc(1, per + 1);
    f.lsets2 = rh_xcalloc((size_t)g->nloads + 1, f.nw * sizeof(uint64_t));
    g->lsets = rh_xcalloc((size_t)g->nloads + 1, f.nw * sizeof(uint64_t));
    f.head = rh_xcalloc((size_t)f.nobj + 1, sizeof *f.head);
    f.objs = rh_xcalloc((size_t)f.nobj + 1, sizeof *f.objs);
    f.val = rh_xcalloc(f.nw, sizeof *f.val);
    int ok = init_sets(&f), passes = 0;
    g->flow = 1;
    /* An address that reaches no object yet may be a pointer loaded
     * through another whose set is still empty: giving it the escaped set
     * at once (a list's second link, read through the first) left every
     * load of a chain with every node.  So the rule for addresses that
     * reach no object applies once the other rules are done, and the
     * passes go on from there (sets only grow, so every rule holds at the
     * end). */
    for (f.late = 0; f.late < 2 && ok; f.late++)
        while (ok && pass(&f))
            ok = ++passes < PASSES && f.work < MAX_WORK;
    g->flow = ok;
    rh_bmc_regions_forget(g);
    free(f.init);
    free(f.any);
    free(f.content);
    free(f.content2);
    free(f.lsets2);
    free(f.cw);
    free(f.cwbits);
    free(f.head);
    free(f.objs);
    free(f.val);
}
