/* bmc_expr.c - Z3 term helpers for the bmc engine: Boolean and bit-vector
 * builders that fold constants (so loops with concrete bounds unroll
 * exactly and dead paths vanish while the program is being bounded),
 * byte-addressed memory reads and writes, and resizing.
 */
#include "bmc.h"
#include "util/util.h"

#include <stdio.h>
#include <string.h>

Z3_sort rh_bmc_bv_sort(rh_bmc_ctx *c, unsigned bits)
{
    return Z3_mk_bv_sort(c->z, bits);
}

Z3_ast rh_bmc_bv(rh_bmc_ctx *c, uint64_t v, unsigned bits)
{
    if (bits < 64)
        v &= (UINT64_C(1) << bits) - 1;
    if (bits <= 64)
        return Z3_mk_unsigned_int64(c->z, v, rh_bmc_bv_sort(c, bits));
    /* wider than 64 bits: zero-extend the low word */
    Z3_ast lo = Z3_mk_unsigned_int64(c->z, v, rh_bmc_bv_sort(c, 64));
    return Z3_mk_zero_ext(c->z, bits - 64, lo);
}

Z3_ast rh_bmc_true(rh_bmc_ctx *c)
{
    return Z3_mk_true(c->z);
}

Z3_ast rh_bmc_false(rh_bmc_ctx *c)
{
    return Z3_mk_false(c->z);
}

int rh_bmc_is_false(rh_bmc_ctx *c, Z3_ast b)
{
    return Z3_get_bool_value(c->z, b) == Z3_L_FALSE;
}

int rh_bmc_is_true(rh_bmc_ctx *c, Z3_ast b)
{
    return Z3_get_bool_value(c->z, b) == Z3_L_TRUE;
}

/* a AND b (absorbing Z3_L_FALSE) or a OR b (Z3_L_TRUE) when a constant
 * operand or equal operands decide it without a new term; else NULL. */
static Z3_ast decided(rh_bmc_ctx *c, Z3_ast a, Z3_ast b, Z3_lbool absorbing)
{
    Z3_lbool va = Z3_get_bool_value(c->z, a), vb = Z3_get_bool_value(c->z, b);
    Z3_lbool neutral = absorbing == Z3_L_FALSE ? Z3_L_TRUE : Z3_L_FALSE;
    if (va == absorbing || vb == neutral)
        return a;
    if (vb == absorbing || va == neutral)
        return b;
    return Z3_is_eq_ast(c->z, a, b) ? a : NULL;
}

Z3_ast rh_bmc_and(rh_bmc_ctx *c, Z3_ast a, Z3_ast b)
{
    Z3_ast d = decided(c, a, b, Z3_L_FALSE);
    if (d)
        return d;
    Z3_ast args[2] = {a, b};
    return Z3_mk_and(c->z, 2, args);
}

/* The operands of e when it is (and l r) or (not x) (r NULL), else 0. */
static int split(rh_bmc_ctx *c, Z3_ast e, Z3_decl_kind kind, Z3_ast *l, Z3_ast *r)
{
    if (Z3_get_ast_kind(c->z, e) != Z3_APP_AST)
        return 0;
    Z3_app app = Z3_to_app(c->z, e);
    unsigned n = kind == Z3_OP_AND ? 2 : 1;
    if (Z3_get_decl_kind(c->z, Z3_get_app_decl(c->z, app)) != kind || Z3_get_app_num_args(c->z, app) != n)
        return 0;
    *l = Z3_get_app_arg(c->z, app, 0);
    if (r)
        *r = n == 2 ? Z3_get_app_arg(c->z, app, 1) : NULL;
    return 1;
}

static int complementary(rh_bmc_ctx *c, Z3_ast x, Z3_ast y)
{
    Z3_ast n;
    return (split(c, x, Z3_OP_NOT, &n, NULL) && Z3_is_eq_ast(c->z, n, y)) ||
           (split(c, y, Z3_OP_NOT, &n, NULL) && Z3_is_eq_ast(c->z, n, x));
}

/* Path guards meet again where branches join: (p & x) | (p & !x) is p, and
 * (p & x) | p is p.  Without this the guards of a program's later
 * positions grow with every if-else before them. */
Z3_ast rh_bmc_or(rh_bmc_ctx *c, Z3_ast a, Z3_ast b)
{
    Z3_ast d = decided(c, a, b, Z3_L_TRUE);
    if (d)
        return d;
    Z3_ast pa, xa, pb, xb;
    int ha = split(c, a, Z3_OP_AND, &pa, &xa), hb = split(c, b, Z3_OP_AND, &pb, &xb);
    if (ha && hb && Z3_is_eq_ast(c->z, pa, pb) && complementary(c, xa, xb))
        return pa;
    if (ha && Z3_is_eq_ast(c->z, pa, b))
        return b;
    if (hb && Z3_is_eq_ast(c->z, pb, a))
        return a;
    Z3_ast args[2] = {a, b};
    return Z3_mk_or(c->z, 2, args);
}

Z3_ast rh_bmc_not(rh_bmc_ctx *c, Z3_ast a)
{
    if (rh_bmc_is_true(c, a))
        return rh_bmc_false(c);
    if (rh_bmc_is_false(c, a))
        return rh_bmc_true(c);
    return Z3_mk_not(c->z, a);
}

Z3_ast rh_bmc_ite(rh_bmc_ctx *c, Z3_ast g, Z3_ast a, Z3_ast b)
{
    if (rh_bmc_is_true(c, g) || Z3_is_eq_ast(c->z, a, b))
        return a;
    if (rh_bmc_is_false(c, g))
        return b;
    return Z3_mk_ite(c->z, g, a, b);
}

/* A leaf is "constant" when it is a numeral or a Boolean constant. */
static int is_const_leaf(rh_bmc_ctx *c, Z3_ast e)
{
    return Z3_is_numeral_ast(c->z, e) || Z3_get_bool_value(c->z, e) != Z3_L_UNDEF;
}

Z3_ast rh_bmc_fold(rh_bmc_ctx *c, Z3_ast e)
{
    if (Z3_get_ast_kind(c->z, e) != Z3_APP_AST || is_const_leaf(c, e))
        return e;
    Z3_app app = Z3_to_app(c->z, e);
    unsigned n = Z3_get_app_num_args(c->z, app);
    for (unsigned i = 0; i < n; i++)
        if (!is_const_leaf(c, Z3_get_app_arg(c->z, app, i)))
            return e;
    return Z3_simplify(c->z, e);
}

Z3_ast rh_bmc_fresh(rh_bmc_ctx *c, const char *prefix, unsigned bits)
{
    char name[96];
    snprintf(name, sizeof name, "%s!%d", prefix, c->fresh++);
    Z3_symbol s = Z3_mk_string_symbol(c->z, name);
    return Z3_mk_const(c->z, s, bits ? rh_bmc_bv_sort(c, bits) : Z3_mk_bool_sort(c->z));
}

unsigned rh_bmc_width(rh_bmc_ctx *c, Z3_ast bv)
{
    return Z3_get_bv_sort_size(c->z, Z3_get_sort(c->z, bv));
}

Z3_ast rh_bmc_resize(rh_bmc_ctx *c, Z3_ast bv, unsigned bits, int sign)
{
    unsigned w = rh_bmc_width(c, bv);
    if (w == bits)
        return bv;
    if (w > bits)
        return rh_bmc_fold(c, Z3_mk_extract(c->z, bits - 1, 0, bv));
    return rh_bmc_fold(c, sign ? Z3_mk_sign_ext(c->z, bits - w, bv)
                               : Z3_mk_zero_ext(c->z, bits - w, bv));
}

Z3_ast rh_bmc_nonzero(rh_bmc_ctx *c, Z3_ast bv)
{
    if (Z3_get_ast_kind(c->z, bv) == Z3_APP_AST) {
        /* (ite g 1 0) != 0 is g: comparisons and Booleans come back as bv1 */
        Z3_app app = Z3_to_app(c->z, bv);
        Z3_func_decl d = Z3_get_app_decl(c->z, app);
        if (Z3_get_decl_kind(c->z, d) == Z3_OP_ITE) {
            Z3_ast t = Z3_get_app_arg(c->z, app, 1), f = Z3_get_app_arg(c->z, app, 2);
            uint64_t tv, fv;
            if (Z3_is_numeral_ast(c->z, t) && Z3_is_numeral_ast(c->z, f) &&
                Z3_get_numeral_uint64(c->z, t, &tv) && Z3_get_numeral_uint64(c->z, f, &fv) &&
                tv != 0 && fv == 0)
                return Z3_get_app_arg(c->z, app, 0);
        }
    }
    Z3_ast eq = rh_bmc_fold(c, Z3_mk_eq(c->z, bv, rh_bmc_bv(c, 0, rh_bmc_width(c, bv))));
    return rh_bmc_not(c, eq);
}

Z3_ast rh_bmc_bool_bv(rh_bmc_ctx *c, Z3_ast b)
{
    return rh_bmc_ite(c, b, rh_bmc_bv(c, 1, 1), rh_bmc_bv(c, 0, 1));
}

unsigned rh_bmc_type_bits(rh_bmc_ctx *c, LLVMTypeRef t)
{
    switch (LLVMGetTypeKind(t)) {
    case LLVMIntegerTypeKind:
        return LLVMGetIntTypeWidth(t);
    case LLVMPointerTypeKind:
        return c->aw;
    case LLVMFloatTypeKind:
        return 32;
    case LLVMDoubleTypeKind:
        return 64;
    case LLVMStructTypeKind:
    case LLVMArrayTypeKind:
        return (unsigned)(8 * rh_bmc_type_size(c, t));
    default:
        return 0;
    }
}

uint64_t rh_bmc_type_size(rh_bmc_ctx *c, LLVMTypeRef t)
{
    if (!LLVMTypeIsSized(t))
        return 0;
    return LLVMABISizeOfType(c->prog->td, t);
}

Z3_ast rh_bmc_index(rh_bmc_ctx *c, Z3_ast addr)
{
    return rh_bmc_resize(c, addr, c->iw, 0);
}

Z3_ast rh_bmc_mem_load(rh_bmc_ctx *c, Z3_ast mem, Z3_ast addr, unsigned bytes)
{
    Z3_ast v = NULL, x = rh_bmc_index(c, addr);
    for (unsigned i = 0; i < bytes; i++) {
        Z3_ast a = i ? Z3_mk_bvadd(c->z, x, rh_bmc_bv(c, i, c->iw)) : x;
        Z3_ast b = Z3_mk_select(c->z, mem, rh_bmc_fold(c, a));
        v = v ? Z3_mk_concat(c->z, b, v) : b; /* little-endian: later bytes are higher */
    }
    return v;
}

Z3_ast rh_bmc_mem_store(rh_bmc_ctx *c, Z3_ast mem, Z3_ast addr, Z3_ast val, unsigned bytes)
{
    Z3_ast x = rh_bmc_index(c, addr);
    val = rh_bmc_resize(c, val, 8 * bytes, 0);
    for (unsigned i = 0; i < bytes; i++) {
        Z3_ast a = i ? Z3_mk_bvadd(c->z, x, rh_bmc_bv(c, i, c->iw)) : x;
        Z3_ast b = rh_bmc_fold(c, Z3_mk_extract(c->z, 8 * i + 7, 8 * i, val));
        mem = Z3_mk_store(c->z, mem, rh_bmc_fold(c, a), b);
    }
    return mem;
}

Z3_ast rh_bmc_sync_addr(rh_bmc_ctx *c, Z3_ast addr, unsigned word)
{
    /* The top address bit selects a shadow region no program object uses,
     * so lock, semaphore and barrier states live beside the data they name
     * and follow the same versioning across contexts. */
    uint64_t off = (UINT64_C(1) << (c->iw - 1)) + 4 * word;
    return rh_bmc_fold(c, Z3_mk_bvadd(c->z, addr, rh_bmc_bv(c, off, c->aw)));
}

/* A recursive mutex's word: 0 when free, else REC_HELD | owner << 16 |
 * depth; REC_HELD lies below the write-held word of plain locks, above
 * any reader count a bounded program reaches. */
#define REC_HELD 0x40000000u

static Z3_ast rec_owned(rh_bmc_ctx *c, int t, Z3_ast w)
{
    Z3_ast hi = Z3_mk_extract(c->z, 31, 16, w);
    return Z3_mk_eq(c->z, hi, rh_bmc_bv(c, (REC_HELD >> 16) | (unsigned)t, 16));
}

void rh_bmc_rec_lock(rh_bmc_ctx *c, int t, Z3_ast w, Z3_ast *ok, Z3_ast *nv)
{
    Z3_context z = c->z;
    Z3_ast free = Z3_mk_eq(z, w, rh_bmc_bv(c, 0, 32));
    Z3_ast args[2] = {free, rec_owned(c, t, w)};
    *ok = Z3_mk_or(z, 2, args);
    *nv = Z3_mk_ite(z, free, rh_bmc_bv(c, REC_HELD | (unsigned)t << 16 | 1u, 32),
                    Z3_mk_bvadd(z, w, rh_bmc_bv(c, 1, 32)));
}

void rh_bmc_errchk_lock(rh_bmc_ctx *c, int t, Z3_ast w, int try, Z3_ast *ok, Z3_ast *nv)
{
    Z3_context z = c->z;
    Z3_ast free = Z3_mk_eq(z, w, rh_bmc_bv(c, 0, 32));
    Z3_ast args[2] = {free, rec_owned(c, t, w)};
    *ok = try ? free : Z3_mk_or(z, 2, args);
    *nv = Z3_mk_ite(z, free, rh_bmc_bv(c, REC_HELD | (unsigned)t << 16 | 1u, 32), w);
}

Z3_ast rh_bmc_rec_unlock(rh_bmc_ctx *c, int t, Z3_ast w, int stray)
{
    /* only the owner's unlock counts (others get EPERM); the last one frees */
    Z3_context z = c->z;
    Z3_ast last = Z3_mk_eq(z, Z3_mk_extract(z, 15, 0, w), rh_bmc_bv(c, 1, 16));
    Z3_ast dec = Z3_mk_ite(z, last, rh_bmc_bv(c, 0, 32), Z3_mk_bvsub(z, w, rh_bmc_bv(c, 1, 32)));
    return Z3_mk_ite(z, rec_owned(c, t, w), dec, stray ? rh_bmc_bv(c, 0, 32) : w);
}

/* Marks the bounded program inexact (no proof) and keeps the first such
 * note, naming what and where, with the consequence. */
static void inexact(rh_bmc_ctx *c, LLVMValueRef inst, const char *what, const char *so)
{
    c->inexact = 1;
    if (c->note[0])
        return;
    if (inst && LLVMIsAInstruction(inst)) {
        rh_srcloc l = rh_model_inst_loc(c->prog, inst);
        snprintf(c->note, sizeof c->note, "%s at %s:%u (%s)", what, l.file, l.line, so);
    } else {
        snprintf(c->note, sizeof c->note, "%s (%s)", what, so);
    }
}

void rh_bmc_unsupported(rh_bmc_ctx *c, LLVMValueRef inst, const char *what)
{
    inexact(c, inst, what, "executions reaching it are not explored");
}

void rh_bmc_no_proof(rh_bmc_ctx *c, LLVMValueRef inst, const char *what)
{
    inexact(c, inst, what, "no proof of race freedom");
}
