/* bmc_ops.c - the Z3 value of the IR's pure operations: integer and
 * floating-point arithmetic, comparisons, casts, address arithmetic (GEP)
 * and aggregate field access.  Used for instructions and for constant
 * expressions alike, over operand terms the caller already has.
 *
 * Aggregates (the {old, success} pair of cmpxchg, overflow intrinsics,
 * struct values) are bit-vectors laid out exactly as in memory, so loads
 * and stores of them need no special case.
 */
#include "bmc.h"

#include <string.h>

static Z3_ast binop(rh_bmc_ctx *c, LLVMOpcode op, Z3_ast a, Z3_ast b)
{
    Z3_context z = c->z;
    switch (op) {
    case LLVMAdd: return Z3_mk_bvadd(z, a, b);
    case LLVMSub: return Z3_mk_bvsub(z, a, b);
    case LLVMMul: return Z3_mk_bvmul(z, a, b);
    case LLVMUDiv: return Z3_mk_bvudiv(z, a, b);
    case LLVMSDiv: return Z3_mk_bvsdiv(z, a, b);
    case LLVMURem: return Z3_mk_bvurem(z, a, b);
    case LLVMSRem: return Z3_mk_bvsrem(z, a, b);
    case LLVMShl: return Z3_mk_bvshl(z, a, b);
    case LLVMLShr: return Z3_mk_bvlshr(z, a, b);
    case LLVMAShr: return Z3_mk_bvashr(z, a, b);
    case LLVMAnd: return Z3_mk_bvand(z, a, b);
    case LLVMOr: return Z3_mk_bvor(z, a, b);
    case LLVMXor: return Z3_mk_bvxor(z, a, b);
    default: return NULL;
    }
}

static Z3_ast icmp(rh_bmc_ctx *c, LLVMIntPredicate p, Z3_ast a, Z3_ast b)
{
    Z3_context z = c->z;
    Z3_ast r;
    switch (p) {
    case LLVMIntEQ: r = Z3_mk_eq(z, a, b); break;
    case LLVMIntNE: r = rh_bmc_not(c, rh_bmc_fold(c, Z3_mk_eq(z, a, b))); break; /* folds x != x */
    case LLVMIntUGT: r = Z3_mk_bvugt(z, a, b); break;
    case LLVMIntUGE: r = Z3_mk_bvuge(z, a, b); break;
    case LLVMIntULT: r = Z3_mk_bvult(z, a, b); break;
    case LLVMIntULE: r = Z3_mk_bvule(z, a, b); break;
    case LLVMIntSGT: r = Z3_mk_bvsgt(z, a, b); break;
    case LLVMIntSGE: r = Z3_mk_bvsge(z, a, b); break;
    case LLVMIntSLT: r = Z3_mk_bvslt(z, a, b); break;
    case LLVMIntSLE: r = Z3_mk_bvsle(z, a, b); break;
    default: return NULL;
    }
    return rh_bmc_bool_bv(c, rh_bmc_fold(c, r));
}

/* ---- floating point: values are IEEE bit patterns, operations go through
 * Z3's floating-point theory with round-to-nearest-even, as C does. */

static Z3_sort fp_sort(rh_bmc_ctx *c, unsigned bits)
{
    return bits == 32 ? Z3_mk_fpa_sort_32(c->z) : Z3_mk_fpa_sort_64(c->z);
}

static Z3_ast to_fp(rh_bmc_ctx *c, Z3_ast bits)
{
    return Z3_mk_fpa_to_fp_bv(c->z, bits, fp_sort(c, rh_bmc_width(c, bits)));
}

static Z3_ast from_fp(rh_bmc_ctx *c, Z3_ast fp)
{
    return Z3_mk_fpa_to_ieee_bv(c->z, fp);
}

static int is_fp_type(LLVMTypeRef t)
{
    LLVMTypeKind k = LLVMGetTypeKind(t);
    return k == LLVMFloatTypeKind || k == LLVMDoubleTypeKind;
}

static Z3_ast fcmp(rh_bmc_ctx *c, LLVMRealPredicate p, Z3_ast a, Z3_ast b)
{
    Z3_context z = c->z;
    Z3_ast x = to_fp(c, a), y = to_fp(c, b);
    Z3_ast uno = Z3_mk_or(z, 2, (Z3_ast[]){Z3_mk_fpa_is_nan(z, x), Z3_mk_fpa_is_nan(z, y)});
    Z3_ast r;
    switch (p) {
    case LLVMRealPredicateFalse: r = Z3_mk_false(z); break;
    case LLVMRealPredicateTrue: r = Z3_mk_true(z); break;
    case LLVMRealOEQ: case LLVMRealUEQ: r = Z3_mk_fpa_eq(z, x, y); break;
    case LLVMRealOGT: case LLVMRealUGT: r = Z3_mk_fpa_gt(z, x, y); break;
    case LLVMRealOGE: case LLVMRealUGE: r = Z3_mk_fpa_geq(z, x, y); break;
    case LLVMRealOLT: case LLVMRealULT: r = Z3_mk_fpa_lt(z, x, y); break;
    case LLVMRealOLE: case LLVMRealULE: r = Z3_mk_fpa_leq(z, x, y); break;
    case LLVMRealONE: case LLVMRealUNE: r = Z3_mk_not(z, Z3_mk_fpa_eq(z, x, y)); break;
    case LLVMRealORD: r = Z3_mk_not(z, uno); break;
    case LLVMRealUNO: r = uno; break;
    default: return NULL;
    }
    if (p >= LLVMRealUEQ && p <= LLVMRealUNE && p != LLVMRealUNO)
        r = Z3_mk_or(z, 2, (Z3_ast[]){uno, r});
    else if (p == LLVMRealONE)
        r = Z3_mk_and(z, 2, (Z3_ast[]){Z3_mk_not(z, uno), r});
    return rh_bmc_bool_bv(c, rh_bmc_fold(c, r));
}

static Z3_ast fp_op(rh_bmc_ctx *c, LLVMValueRef v, LLVMOpcode op, Z3_ast *o)
{
    Z3_context z = c->z;
    Z3_ast rm = Z3_mk_fpa_round_nearest_ties_to_even(z);
    LLVMTypeRef to = LLVMTypeOf(v);
    unsigned tb = rh_bmc_type_bits(c, to);
    switch (op) {
    case LLVMFAdd: return from_fp(c, Z3_mk_fpa_add(z, rm, to_fp(c, o[0]), to_fp(c, o[1])));
    case LLVMFSub: return from_fp(c, Z3_mk_fpa_sub(z, rm, to_fp(c, o[0]), to_fp(c, o[1])));
    case LLVMFMul: return from_fp(c, Z3_mk_fpa_mul(z, rm, to_fp(c, o[0]), to_fp(c, o[1])));
    case LLVMFDiv: return from_fp(c, Z3_mk_fpa_div(z, rm, to_fp(c, o[0]), to_fp(c, o[1])));
    case LLVMFNeg: return from_fp(c, Z3_mk_fpa_neg(z, to_fp(c, o[0])));
    case LLVMFCmp: return fcmp(c, LLVMGetFCmpPredicate(v), o[0], o[1]);
    case LLVMSIToFP: return from_fp(c, Z3_mk_fpa_to_fp_signed(z, rm, o[0], fp_sort(c, tb)));
    case LLVMUIToFP: return from_fp(c, Z3_mk_fpa_to_fp_unsigned(z, rm, o[0], fp_sort(c, tb)));
    case LLVMFPToSI:
        return Z3_mk_fpa_to_sbv(z, Z3_mk_fpa_round_toward_zero(z), to_fp(c, o[0]), tb);
    case LLVMFPToUI:
        return Z3_mk_fpa_to_ubv(z, Z3_mk_fpa_round_toward_zero(z), to_fp(c, o[0]), tb);
    case LLVMFPExt: case LLVMFPTrunc:
        return from_fp(c, Z3_mk_fpa_to_fp_float(z, rm, to_fp(c, o[0]), fp_sort(c, tb)));
    default: return NULL;
    }
}

/* Address arithmetic: base plus the byte offset the indices select. */
static Z3_ast gep(rh_bmc_ctx *c, LLVMValueRef v, Z3_ast *ops, unsigned nops)
{
    LLVMTargetDataRef td = c->prog->td;
    LLVMTypeRef ty = LLVMGetGEPSourceElementType(v);
    Z3_ast addr = ops[0];
    for (unsigned k = 1; k < nops; k++) {
        if (k > 1 && LLVMGetTypeKind(ty) == LLVMStructTypeKind) {
            LLVMValueRef iv = LLVMGetOperand(v, k);
            if (!LLVMIsAConstantInt(iv))
                return NULL;
            unsigned field = (unsigned)LLVMConstIntGetZExtValue(iv);
            uint64_t off = LLVMOffsetOfElement(td, ty, field);
            addr = Z3_mk_bvadd(c->z, addr, rh_bmc_bv(c, off, c->aw));
            ty = LLVMStructGetTypeAtIndex(ty, field);
        } else {
            if (k > 1) {
                if (LLVMGetTypeKind(ty) != LLVMArrayTypeKind)
                    return NULL;
                ty = LLVMGetElementType(ty);
            }
            uint64_t size = rh_bmc_type_size(c, ty);
            Z3_ast idx = rh_bmc_resize(c, ops[k], c->aw, 1);
            Z3_ast off = Z3_mk_bvmul(c->z, idx, rh_bmc_bv(c, size, c->aw));
            addr = Z3_mk_bvadd(c->z, addr, rh_bmc_fold(c, off));
        }
        addr = rh_bmc_fold(c, addr);
    }
    return addr;
}

/* Bit offset and width of the field an extractvalue/insertvalue names. */
static int field_bits(rh_bmc_ctx *c, LLVMValueRef v, LLVMTypeRef agg, unsigned *lo,
                      unsigned *bits)
{
    unsigned n = LLVMGetNumIndices(v);
    const unsigned *idx = LLVMGetIndices(v);
    uint64_t off = 0;
    for (unsigned i = 0; i < n; i++) {
        if (LLVMGetTypeKind(agg) == LLVMStructTypeKind) {
            off += LLVMOffsetOfElement(c->prog->td, agg, idx[i]);
            agg = LLVMStructGetTypeAtIndex(agg, idx[i]);
        } else if (LLVMGetTypeKind(agg) == LLVMArrayTypeKind) {
            agg = LLVMGetElementType(agg);
            off += idx[i] * rh_bmc_type_size(c, agg);
        } else {
            return -1;
        }
    }
    *lo = (unsigned)(8 * off);
    *bits = rh_bmc_type_bits(c, agg);
    return *bits ? 0 : -1;
}

static Z3_ast aggregate(rh_bmc_ctx *c, LLVMValueRef v, LLVMOpcode op, Z3_ast *ops)
{
    unsigned lo, bits;
    LLVMTypeRef agg = LLVMTypeOf(LLVMGetOperand(v, 0));
    if (field_bits(c, v, agg, &lo, &bits))
        return NULL;
    unsigned fbits = (unsigned)(8 * ((bits + 7) / 8));
    Z3_ast whole = ops[0];
    unsigned w = rh_bmc_width(c, whole);
    if (lo + fbits > w)
        return NULL;
    if (op == LLVMExtractValue)
        return rh_bmc_resize(c, rh_bmc_fold(c, Z3_mk_extract(c->z, lo + fbits - 1, lo, whole)), bits, 0);
    Z3_ast field = rh_bmc_resize(c, ops[1], fbits, 0);
    Z3_ast r = field;
    if (lo > 0)
        r = Z3_mk_concat(c->z, r, Z3_mk_extract(c->z, lo - 1, 0, whole));
    if (lo + fbits < w)
        r = Z3_mk_concat(c->z, Z3_mk_extract(c->z, w - 1, lo + fbits, whole), r);
    return rh_bmc_fold(c, r);
}

Z3_ast rh_bmc_op(rh_bmc_ctx *c, LLVMValueRef v, LLVMOpcode op, Z3_ast *ops, unsigned nops)
{
    LLVMTypeRef to = LLVMTypeOf(v);
    unsigned tb = rh_bmc_type_bits(c, to);
    Z3_ast r = NULL;
    switch (op) {
    case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMUDiv: case LLVMSDiv: case LLVMURem:
    case LLVMSRem: case LLVMShl: case LLVMLShr: case LLVMAShr: case LLVMAnd: case LLVMOr:
    case LLVMXor:
        if (nops != 2 || rh_bmc_width(c, ops[0]) != rh_bmc_width(c, ops[1]))
            return NULL;
        r = binop(c, op, ops[0], ops[1]);
        break;
    case LLVMICmp:
        if (rh_bmc_width(c, ops[0]) != rh_bmc_width(c, ops[1]))
            return NULL;
        r = icmp(c, LLVMGetICmpPredicate(v), ops[0], ops[1]);
        break;
    case LLVMTrunc: case LLVMZExt: case LLVMPtrToInt: case LLVMIntToPtr:
        r = rh_bmc_resize(c, ops[0], tb, 0);
        break;
    case LLVMSExt:
        r = rh_bmc_resize(c, ops[0], tb, 1);
        break;
    case LLVMBitCast: case LLVMAddrSpaceCast: case LLVMFreeze:
        r = rh_bmc_width(c, ops[0]) == tb ? ops[0] : NULL;
        break;
    case LLVMSelect:
        r = rh_bmc_ite(c, rh_bmc_nonzero(c, ops[0]), ops[1], ops[2]);
        break;
    case LLVMGetElementPtr:
        if (LLVMGetTypeKind(to) != LLVMPointerTypeKind)
            return NULL; /* vector GEP */
        r = gep(c, v, ops, nops);
        break;
    case LLVMExtractValue: case LLVMInsertValue:
        r = aggregate(c, v, op, ops);
        break;
    case LLVMFAdd: case LLVMFSub: case LLVMFMul: case LLVMFDiv: case LLVMFNeg: case LLVMFCmp:
    case LLVMSIToFP: case LLVMUIToFP: case LLVMFPToSI: case LLVMFPToUI: case LLVMFPExt:
    case LLVMFPTrunc: {
        LLVMTypeRef ot = LLVMTypeOf(LLVMGetOperand(v, 0));
        int src_fp = is_fp_type(ot), dst_fp = is_fp_type(to);
        if ((op == LLVMSIToFP || op == LLVMUIToFP) ? !dst_fp : !src_fp)
            return NULL; /* x86_fp80, half, vectors */
        if ((op == LLVMFPExt || op == LLVMFPTrunc) && !dst_fp)
            return NULL;
        r = fp_op(c, v, op, ops);
        break;
    }
    default:
        return NULL;
    }
    return r ? rh_bmc_fold(c, r) : NULL;
}
