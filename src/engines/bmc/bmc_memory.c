/* bmc_memory.c - the memory of the bounded program as Z3 arrays split by
 * object (see bmc_memory.h), and the effect of every kind of position on it:
 * reads and writes of any width through symbolic addresses, atomic
 * read-modify-writes, bulk copies and fills (symbolic lengths through an
 * array lambda), and the synchronisation words of locks, semaphores,
 * barriers and once controls, whose blocking is an assumption.
 */
#include "bmc_memory.h"

#include <stdlib.h>
#include <string.h>

#define WRITER 0x80000000u /* lock word of a write-held lock */

static void assume(rh_bmc_mem *m, Z3_ast act, Z3_ast f)
{
    if (!rh_bmc_is_false(m->c, act) && !rh_bmc_is_true(m->c, f))
        Z3_solver_assert(m->c->z, m->s, Z3_mk_implies(m->c->z, act, f));
}

void rh_bmc_mem_init(rh_bmc_ctx *c, Z3_solver s, rh_bmc_mem *m)
{
    memset(m, 0, sizeof *m);
    m->c = c;
    m->s = s;
    m->reg = c->regions;
    m->nobj = c->nobjs;
    m->objs = rh_xcalloc((size_t)m->nobj + 1, sizeof *m->objs);
    m->objs2 = rh_xcalloc((size_t)m->nobj + 1, sizeof *m->objs2);
    rh_bmc_store_init(m);
}

void rh_bmc_mem_free(rh_bmc_mem *m)
{
    rh_bmc_store_free(m);
    free(m->objs);
    free(m->objs2);
    memset(m, 0, sizeof *m);
}

/* Objects addr may fall into; the "no object" region when none. */
static int objects(rh_bmc_mem *m, Z3_ast addr, int *out)
{
    int n;
    rh_bmc_objset(m->c, m->reg, addr, out, &n);
    if (n == 0)
        out[n++] = m->nobj;
    return n;
}

Z3_ast rh_bmc_mem_inside(rh_bmc_mem *m, int o, Z3_ast addr)
{
    rh_bmc_ctx *c = m->c;
    if (o >= m->nobj)
        return rh_bmc_true(c);
    const rh_bmc_object *ob = &c->objs[o];
    uint64_t span = rh_bmc_object_span(c, ob);
    unsigned w = rh_bmc_width(c, addr);
    Z3_ast lo = rh_bmc_bv(c, ob->addr, w);
    Z3_ast f[2] = {Z3_mk_bvuge(c->z, addr, lo),
                   Z3_mk_bvult(c->z, addr, rh_bmc_bv(c, ob->addr + (span ? span : 1), w))};
    return rh_bmc_fold(c, Z3_mk_and(c->z, 2, f));
}

static Z3_ast byte_addr(rh_bmc_ctx *c, Z3_ast addr, unsigned i)
{
    return i ? rh_bmc_fold(c, Z3_mk_bvadd(c->z, addr, rh_bmc_bv(c, i, rh_bmc_width(c, addr)))) : addr;
}

/* bytes little-endian from one object's contents; align: of addr */
static Z3_ast read_obj(rh_bmc_mem *m, int o, Z3_ast addr, unsigned bytes, unsigned align)
{
    Z3_ast v = NULL;
    for (unsigned i = 0; i < bytes; i++) {
        rh_bmc_lane ln = {addr, i, align};
        Z3_ast b = rh_bmc_store_read(m, o, byte_addr(m->c, addr, i), &ln);
        v = v ? Z3_mk_concat(m->c->z, b, v) : b;
    }
    return rh_bmc_fold(m->c, v);
}

/* Bytes [addr, addr + bytes) as the objects addr may reach hold them. */
static Z3_ast read(rh_bmc_mem *m, Z3_ast addr, unsigned bytes, unsigned align, int *objs)
{
    rh_bmc_ctx *c = m->c;
    int n = objects(m, addr, objs);
    Z3_ast v = read_obj(m, objs[n - 1], addr, bytes, align);
    for (int k = n - 2; k >= 0; k--)
        v = rh_bmc_ite(c, rh_bmc_mem_inside(m, objs[k], addr), read_obj(m, objs[k], addr, bytes, align), v);
    return v;
}

static void write_obj(rh_bmc_mem *m, int o, Z3_ast act, Z3_ast addr, Z3_ast val, unsigned bytes,
                      unsigned align)
{
    rh_bmc_ctx *c = m->c;
    val = rh_bmc_resize(c, val, 8 * bytes, 0);
    for (unsigned i = 0; i < bytes; i++) {
        rh_bmc_lane ln = {addr, i, align};
        rh_bmc_store_write(m, o, act, byte_addr(c, addr, i),
                           rh_bmc_fold(c, Z3_mk_extract(c->z, 8 * i + 7, 8 * i, val)), &ln);
    }
}

static void write(rh_bmc_mem *m, Z3_ast act, Z3_ast addr, Z3_ast val, unsigned bytes, unsigned align)
{
    rh_bmc_ctx *c = m->c;
    int n = objects(m, addr, m->objs);
    for (int k = 0; k < n; k++) {
        int o = m->objs[k];
        Z3_ast a = n > 1 ? rh_bmc_and(c, act, rh_bmc_mem_inside(m, o, addr)) : act;
        write_obj(m, o, a, addr, val, bytes, align);
    }
}

static Z3_ast sync_word(rh_bmc_mem *m, Z3_ast obj, unsigned word)
{
    return read_obj(m, m->nobj + 1, rh_bmc_sync_addr(m->c, obj, word), 4, 4);
}

static void set_word(rh_bmc_mem *m, Z3_ast act, Z3_ast obj, unsigned word, Z3_ast v)
{
    write_obj(m, m->nobj + 1, act, rh_bmc_sync_addr(m->c, obj, word), v, 4, 4);
}

static Z3_ast rmw_value(rh_bmc_ctx *c, int op, Z3_ast old, Z3_ast v)
{
    Z3_context z = c->z;
    switch (op) {
    case LLVMAtomicRMWBinOpXchg: return v;
    case LLVMAtomicRMWBinOpAdd: return Z3_mk_bvadd(z, old, v);
    case LLVMAtomicRMWBinOpSub: return Z3_mk_bvsub(z, old, v);
    case LLVMAtomicRMWBinOpAnd: return Z3_mk_bvand(z, old, v);
    case LLVMAtomicRMWBinOpNand: return Z3_mk_bvnot(z, Z3_mk_bvand(z, old, v));
    case LLVMAtomicRMWBinOpOr: return Z3_mk_bvor(z, old, v);
    case LLVMAtomicRMWBinOpXor: return Z3_mk_bvxor(z, old, v);
    case LLVMAtomicRMWBinOpMax: return Z3_mk_ite(z, Z3_mk_bvsgt(z, old, v), old, v);
    case LLVMAtomicRMWBinOpMin: return Z3_mk_ite(z, Z3_mk_bvslt(z, old, v), old, v);
    case LLVMAtomicRMWBinOpUMax: return Z3_mk_ite(z, Z3_mk_bvugt(z, old, v), old, v);
    default: return Z3_mk_ite(z, Z3_mk_bvult(z, old, v), old, v);
    }
}

/* memory[dst, dst + len) = source bytes (copy) or byte b (fill). */
static void bulk(rh_bmc_mem *m, Z3_ast act, rh_bmc_pos *p)
{
    rh_bmc_ctx *c = m->c;
    int nd = objects(m, p->addr, m->objs), ns = p->addr2 ? objects(m, p->addr2, m->objs2) : 0;
    Z3_ast len = rh_bmc_resize(c, p->len, rh_bmc_width(c, p->addr), 0);
    for (int k = 0; k < nd; k++) {
        int o = m->objs[k];
        Z3_ast a = nd > 1 ? rh_bmc_and(c, act, rh_bmc_mem_inside(m, o, p->addr)) : act;
        rh_bmc_store_bulk(m, o, a, p->addr, len, p->addr2, m->objs2, ns, p->val);
    }
}

static void lock_effect(rh_bmc_mem *m, int t, rh_bmc_pos *p, Z3_ast act)
{
    rh_bmc_ctx *c = m->c;
    Z3_context z = c->z;
    Z3_ast w = sync_word(m, p->addr, 0), free, nv;
    Z3_ast writer = rh_bmc_bv(c, WRITER, 32), zero = rh_bmc_bv(c, 0, 32), one = rh_bmc_bv(c, 1, 32);
    int sem = p->kind == RH_BMC_P_SEM_WAIT;
    if (sem) {
        free = Z3_mk_bvsgt(z, w, zero);
        nv = Z3_mk_bvsub(z, w, one);
    } else if (p->flags & RH_BMC_PF_RECURSIVE) {
        rh_bmc_rec_lock(c, t, w, &free, &nv);
    } else if (p->flags & RH_BMC_PF_ERRCHECK) {
        rh_bmc_errchk_lock(c, t, w, (p->flags & RH_BMC_PF_TRY) != 0, &free, &nv);
    } else if (p->flags & RH_BMC_PF_SHARED) {
        free = Z3_mk_bvult(z, w, writer);
        nv = Z3_mk_bvadd(z, w, one);
    } else {
        free = Z3_mk_eq(z, w, zero);
        nv = writer;
    }
    if (p->flags & (RH_BMC_PF_TRY | RH_BMC_PF_TIMED)) {
        Z3_ast ok = free;
        if (p->flags & RH_BMC_PF_TIMED)
            ok = rh_bmc_and(c, ok, rh_bmc_fresh(c, "intime", 0));
        Z3_ast fail = rh_bmc_bv(c, p->fail, 32);
        assume(m, act, Z3_mk_eq(z, p->out, Z3_mk_ite(z, ok, zero, fail)));
        act = rh_bmc_and(c, act, ok);
    } else {
        assume(m, act, free);
    }
    set_word(m, act, p->addr, 0, nv);
}

static void sync_effect(rh_bmc_mem *m, int t, rh_bmc_pos *p, Z3_ast act)
{
    rh_bmc_ctx *c = m->c;
    Z3_context z = c->z;
    Z3_ast w = sync_word(m, p->addr, 0), v, zero = rh_bmc_bv(c, 0, 32), one = rh_bmc_bv(c, 1, 32);
    switch (p->kind) {
    case RH_BMC_P_LOCK: case RH_BMC_P_SEM_WAIT:
        lock_effect(m, t, p, act);
        break;
    case RH_BMC_P_UNLOCK:
        /* a write-held lock becomes free, a read-held one loses a reader */
        v = Z3_mk_ite(z, Z3_mk_eq(z, w, rh_bmc_bv(c, WRITER, 32)), zero,
                      Z3_mk_ite(z, Z3_mk_eq(z, w, zero), w, Z3_mk_bvsub(z, w, one)));
        if (p->flags & (RH_BMC_PF_RECURSIVE | RH_BMC_PF_ERRCHECK))
            v = rh_bmc_rec_unlock(c, t, w, (p->flags & RH_BMC_PF_STRAY) != 0);
        set_word(m, act, p->addr, 0, v);
        break;
    case RH_BMC_P_SEM_POST: set_word(m, act, p->addr, 0, Z3_mk_bvadd(z, w, one)); break;
    case RH_BMC_P_SYNC_SET: set_word(m, act, p->addr, 0, p->val); break;
    case RH_BMC_P_BAR_INIT:
        set_word(m, act, p->addr, 0, zero);
        set_word(m, act, p->addr, 1, p->val);
        break;
    case RH_BMC_P_BAR_ARRIVE:
        assume(m, act, rh_bmc_and(c, Z3_mk_eq(z, p->out, w), Z3_mk_eq(z, p->out2, sync_word(m, p->addr, 1))));
        set_word(m, act, p->addr, 0, Z3_mk_bvadd(z, w, one));
        break;
    case RH_BMC_P_BAR_WAIT: assume(m, act, Z3_mk_bvuge(z, w, p->val)); break;
    case RH_BMC_P_ONCE_TRY:
        assume(m, act, Z3_mk_eq(z, p->out, w));
        set_word(m, rh_bmc_and(c, act, Z3_mk_eq(z, w, zero)), p->addr, 0, one);
        break;
    case RH_BMC_P_ONCE_WAIT: assume(m, act, Z3_mk_eq(z, w, rh_bmc_bv(c, 2, 32))); break;
    default: break;
    }
}

/* pthread_join's out parameter receives the joined thread's result. */
static void join_result(rh_bmc_mem *m, rh_bmc_pos *p, Z3_ast act)
{
    rh_bmc_ctx *c = m->c;
    Z3_ast v = NULL;
    for (int u = 1; u < c->nthreads; u++) {
        Z3_ast rv = c->threads[u].retval;
        if (!rv || (v && rh_bmc_width(c, rv) != rh_bmc_width(c, v)))
            continue;
        Z3_ast is_u = Z3_mk_eq(c->z, p->val, rh_bmc_bv(c, (uint64_t)u, rh_bmc_width(c, p->val)));
        v = v ? Z3_mk_ite(c->z, is_u, rv, v) : rv;
    }
    if (v && rh_bmc_width(c, v) % 8 == 0)
        write(m, act, p->addr2, v, rh_bmc_width(c, v) / 8, 1);
}

void rh_bmc_mem_effect(rh_bmc_mem *m, int t, int i, Z3_ast act)
{
    rh_bmc_ctx *c = m->c;
    Z3_context z = c->z;
    rh_bmc_pos *p = &c->threads[t].pos[i];
    Z3_ast v;
    switch (p->kind) {
    case RH_BMC_P_LOAD:
        assume(m, act, Z3_mk_eq(z, p->val, read(m, p->addr, p->size, p->align, m->objs)));
        break;
    case RH_BMC_P_STORE:
        write(m, act, p->addr, p->val, p->size, p->align);
        break;
    case RH_BMC_P_RMW: case RH_BMC_P_CMPXCHG:
        assume(m, act, Z3_mk_eq(z, p->out, read(m, p->addr, p->size, p->align, m->objs)));
        v = p->kind == RH_BMC_P_RMW ? rmw_value(c, p->rmw_op, p->out, p->val)
                                    : Z3_mk_ite(z, Z3_mk_eq(z, p->out, p->val), p->val2, p->out);
        write(m, act, p->addr, v, p->size, p->align);
        break;
    case RH_BMC_P_COPY: case RH_BMC_P_SET:
        bulk(m, act, p);
        break;
    case RH_BMC_P_CREATE:
        write(m, act, p->addr, rh_bmc_bv(c, (uint64_t)p->thread, 8 * p->size), p->size, 1);
        break;
    case RH_BMC_P_JOIN:
        if (p->addr2)
            join_result(m, p, act);
        break;
    default:
        sync_effect(m, t, p, act);
        break;
    }
}
