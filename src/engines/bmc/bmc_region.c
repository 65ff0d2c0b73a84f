/* bmc_region.c - which objects an address term may point into, so memory
 * can be split into one array per object.
 *
 * Why: with one byte array for all memory, Z3 has to consider every pair of
 * (read address, write address) in the program, and even tiny programs with
 * pointers stored in memory take seconds.  Every allocation in the bounded
 * program has a constant address, so the objects an address can fall into
 * follow from the address term itself: a numeral names its object, ite and
 * arithmetic unite their operands' objects, a pointer loaded from memory
 * can point to what was written where it reads (bmc_region_flow.c), and a
 * pointer returned by a library call to any object whose address was ever
 * stored in memory or in an initializer (the escaped objects).  Reads
 * and writes then only meet the writes of their own objects.
 */
#include "bmc_region.h"
#include "bmc_prefix.h"

#include <stdlib.h>
#include <string.h>

static void *key_of(rh_bmc_ctx *c, Z3_ast a)
{
    return (void *)(uintptr_t)(Z3_get_ast_id(c->z, a) + 1);
}

static uint64_t *set_at(rh_bmc_regions *g, long i)
{
    return &g->sets[(size_t)i * g->nwords];
}

static long new_set(rh_bmc_regions *g)
{
    if (g->nsets == g->cap) {
        g->cap = g->cap ? 2 * g->cap : 64;
        g->sets = rh_xrealloc(g->sets, (size_t)g->cap * g->nwords * sizeof *g->sets);
    }
    memset(set_at(g, g->nsets), 0, g->nwords * sizeof *g->sets);
    return g->nsets++;
}

static void add_obj(rh_bmc_regions *g, long s, int o)
{
    set_at(g, s)[o / 64] |= UINT64_C(1) << (o % 64);
}

static void unite(rh_bmc_regions *g, long dst, const uint64_t *src)
{
    uint64_t *d = set_at(g, dst);
    for (unsigned w = 0; w < g->nwords; w++)
        d[w] |= src[w];
}

/* The object a concrete address lies in (functions hold no data), or -1. */
static int object_of(rh_bmc_ctx *c, uint64_t addr)
{
    const rh_bmc_object *o = rh_bmc_object_at(c, addr);
    if (!o || o->kind == RH_BMC_O_FUNCTION)
        return -1;
    return (int)(o - c->objs);
}

static long compute(rh_bmc_ctx *c, rh_bmc_regions *g, Z3_ast a, int depth)
{
    void *k = key_of(c, a);
    long s = rh_map_get_ptr(&g->memo, k, -1);
    if (s >= 0)
        return s;
    s = new_set(g);
    uint64_t v;
    if (Z3_get_ast_kind(c->z, a) == Z3_NUMERAL_AST) {
        int o = Z3_get_numeral_uint64(c->z, a, &v) ? object_of(c, v) : -1;
        if (o >= 0)
            add_obj(g, s, o);
    } else if (rh_map_get_ptr(&c->ptrvars, a, 0)) {
        long r = g->flow ? rh_map_get_ptr(&g->loadrec, a, 0) : 0;
        g->uses_escaped |= r <= 0;
        unite(g, s, r > 0 ? &g->lsets[(size_t)(r - 1) * g->nwords] : g->escaped);
    } else if (Z3_get_ast_kind(c->z, a) == Z3_APP_AST && depth < 200) {
        Z3_app app = Z3_to_app(c->z, a);
        unsigned n = Z3_get_app_num_args(c->z, app);
        for (unsigned i = 0; i < n; i++) {
            Z3_ast arg = Z3_get_app_arg(c->z, app, i);
            Z3_sort_kind sk = Z3_get_sort_kind(c->z, Z3_get_sort(c->z, arg));
            if (sk != Z3_BV_SORT) /* conditions of ite, ... */
                continue;
            long t = compute(c, g, arg, depth + 1);
            unite(g, s, set_at(g, t)); /* sets may have moved */
        }
    } else {
        unite(g, s, g->escaped);
    }
    rh_map_put_ptr(&g->memo, k, s);
    return s;
}

void rh_bmc_objset(rh_bmc_ctx *c, rh_bmc_regions *g, Z3_ast addr, int *out, int *n)
{
    long s = compute(c, g, addr, 0);
    *n = 0;
    const uint64_t *bits = set_at(g, s);
    for (int o = 0; o < g->nobj; o++)
        if (bits[o / 64] >> (o % 64) & 1)
            out[(*n)++] = o;
}

const uint64_t *rh_bmc_region_bits(rh_bmc_ctx *c, rh_bmc_regions *g, Z3_ast a)
{
    return set_at(g, compute(c, g, a, 0));
}

void rh_bmc_regions_forget(rh_bmc_regions *g)
{
    rh_map_free(&g->memo);
    g->nsets = 0;
}

/* Objects whose address an initializer holds escape too; into bits.
 * Returns 0 when the initializer was too deep or wide to follow whole. */
int rh_bmc_init_refs(rh_bmc_ctx *c, uint64_t *bits, LLVMValueRef k, int depth)
{
    if (!k)
        return 1;
    if (depth > 8)
        return 0;
    if (LLVMIsAGlobalValue(k)) {
        long i = rh_map_get_ptr(&c->objmap, k, -1);
        if (i >= 0 && c->objs[i].kind != RH_BMC_O_FUNCTION)
            bits[i / 64] |= UINT64_C(1) << (i % 64);
        return 1;
    }
    if (LLVMIsAConstantDataSequential(k) || !LLVMIsAConstant(k))
        return 1;
    int n = LLVMGetNumOperands(k), whole = n <= 4096;
    for (int i = 0; i < n && i < 4096; i++)
        whole &= rh_bmc_init_refs(c, bits, LLVMGetOperand(k, (unsigned)i), depth + 1);
    return whole;
}

static void escape_value(rh_bmc_ctx *c, rh_bmc_regions *g, Z3_ast v)
{
    if (!v)
        return;
    long s = compute(c, g, v, 0);
    const uint64_t *bits = set_at(g, s);
    for (unsigned w = 0; w < g->nwords; w++)
        g->escaped[w] |= bits[w];
}

int rh_bmc_regions_init(rh_bmc_ctx *c, rh_bmc_regions *g)
{
    memset(g, 0, sizeof *g);
    g->nobj = c->nobjs;
    g->nwords = (unsigned)(c->nobjs / 64 + 1);
    g->escaped = rh_xcalloc(g->nwords, sizeof *g->escaped);
    for (LLVMValueRef gv = LLVMGetFirstGlobal(c->prog->mod); gv; gv = LLVMGetNextGlobal(gv))
        if (!LLVMIsDeclaration(gv))
            rh_bmc_init_refs(c, g->escaped, LLVMGetInitializer(gv), 0);
    for (int o = 0; o < g->nobj; o++) /* main's prefix left these contents */
        rh_bmc_prefix_refs(c, o, g->escaped);
    /* Stored values first, with loaded pointers counted as pointing nowhere:
     * storing a loaded pointer only re-stores an object that already
     * escaped, so this is the fixed point. */
    for (int t = 0; t < c->nthreads; t++)
        for (int i = 0; i < c->threads[t].npos; i++) {
            rh_bmc_pos *p = &c->threads[t].pos[i];
            if (p->kind == RH_BMC_P_STORE || p->kind == RH_BMC_P_RMW || p->kind == RH_BMC_P_CMPXCHG) {
                escape_value(c, g, p->val);
                escape_value(c, g, p->val2);
            }
        }
    for (int t = 1; t < c->nthreads; t++)
        escape_value(c, g, c->threads[t].retval);
    /* the memo holds sets computed with an incomplete escaped set: drop it */
    rh_map_free(&g->memo);
    g->nsets = 0;
    rh_bmc_regions_flow(c, g);
    g->uses_escaped = 0;
    return 0;
}

void rh_bmc_regions_free(rh_bmc_regions *g)
{
    rh_map_free(&g->memo);
    rh_map_free(&g->loadrec);
    free(g->loads);
    free(g->lsets);
    free(g->sets);
    free(g->escaped);
    memset(g, 0, sizeof *g);
}

/* Which thread touches each object: -1 none yet, -2 several. */
static void touch(rh_bmc_ctx *c, rh_bmc_regions *g, Z3_ast addr, int t, int *owner, int *objs)
{
    int n;
    if (!addr)
        return;
    rh_bmc_objset(c, g, addr, objs, &n);
    for (int k = 0; k < n; k++)
        owner[objs[k]] = owner[objs[k]] == -1 || owner[objs[k]] == t ? t : -2;
}

static int is_access(const rh_bmc_pos *p)
{
    return p->kind == RH_BMC_P_LOAD || p->kind == RH_BMC_P_STORE || p->kind == RH_BMC_P_RMW ||
           p->kind == RH_BMC_P_CMPXCHG;
}

/* An access only its own thread can make to an object orders nothing and
 * races with nothing, so no context needs to end right after it (a switch
 * there is the same as one just before it) and the race monitor looks
 * through it.  With -O0 code most positions are such accesses to locals
 * whose address is taken. */
void rh_bmc_mark_local(rh_bmc_ctx *c)
{
    rh_bmc_regions *g = c->regions;
    int *owner = rh_xmalloc(((size_t)c->nobjs + 1) * sizeof *owner);
    int *objs = rh_xmalloc(((size_t)c->nobjs + 1) * sizeof *objs);
    for (int o = 0; o < c->nobjs; o++)
        owner[o] = -1;
    for (int t = 0; t < c->nthreads; t++)
        for (int i = 0; i < c->threads[t].npos; i++) {
            rh_bmc_pos *p = &c->threads[t].pos[i];
            if (rh_bmc_is_false(c, p->guard))
                continue;
            touch(c, g, p->addr, t, owner, objs);
            touch(c, g, p->addr2, t, owner, objs);
        }
    for (int t = 0; t < c->nthreads; t++)
        for (int i = 0; i < c->threads[t].npos; i++) {
            rh_bmc_pos *p = &c->threads[t].pos[i];
            int n, mine = is_access(p) && p->addr;
            if (mine) {
                rh_bmc_objset(c, g, p->addr, objs, &n);
                mine = n > 0;
                for (int k = 0; k < n && mine; k++)
                    mine = owner[objs[k]] == t;
            }
            if (mine)
                p->flags = (p->flags | RH_BMC_PF_LOCAL) & ~RH_BMC_PF_RACE;
        }
    free(owner);
    free(objs);
}
