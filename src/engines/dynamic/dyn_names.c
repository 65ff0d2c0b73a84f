/* dyn_names.c - what an instrumented access touches, in the words of the
 * source, for the steps of a witness ("write field at byte 24 of '*acc'",
 * "read an element of 'table'"): a step that says only "read memory" does
 * not tell the reader which variable the interleaving is about.
 *
 * Read off the address's LLVM expression at instrumentation time: the
 * variable a pointer was loaded from, the field offset of a constant GEP,
 * "an element of" for a variable index.  The front end keeps clang's value
 * names; a parameter's stack slot "p.addr" is the parameter p.  Anything
 * else (a call's result, a phi) is not named.
 */
#include "dyn.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>

#define RH_NAME_DEPTH 4

/* The C name of a global or a local's stack slot, or NULL. */
static char *var_name(LLVMValueRef v)
{
    if (!LLVMIsAGlobalVariable(v) && !LLVMIsAAllocaInst(v))
        return NULL;
    size_t n;
    const char *s = LLVMGetValueName2(v, &n);
    if (n > 5 && memcmp(s + n - 5, ".addr", 5) == 0)
        n -= 5;
    if (!n || (s[0] >= '0' && s[0] <= '9') || memchr(s, '.', n))
        return NULL; /* a temporary, a string literal, a static local "f.x" */
    return rh_xasprintf("%.*s", (int)n, s);
}

/* Byte offset of a GEP with constant indices, -1 when an index varies. */
static long long gep_offset(LLVMTargetDataRef td, LLVMValueRef gep)
{
    unsigned n = (unsigned)LLVMGetNumOperands(gep);
    LLVMTypeRef ty = LLVMGetGEPSourceElementType(gep);
    long long off = 0;
    for (unsigned i = 1; i < n; i++) {
        LLVMValueRef idx = LLVMGetOperand(gep, i);
        if (!LLVMIsAConstantInt(idx))
            return -1;
        long long k = LLVMConstIntGetSExtValue(idx);
        if (i == 1) {
            off += k * (long long)LLVMABISizeOfType(td, ty);
        } else if (LLVMGetTypeKind(ty) == LLVMStructTypeKind) {
            off += (long long)LLVMOffsetOfElement(td, ty, (unsigned)k);
            ty = LLVMStructGetTypeAtIndex(ty, (unsigned)k);
        } else if (LLVMGetTypeKind(ty) == LLVMArrayTypeKind || LLVMGetTypeKind(ty) == LLVMVectorTypeKind) {
            ty = LLVMGetElementType(ty);
            off += k * (long long)LLVMABISizeOfType(td, ty);
        } else {
            return -1;
        }
    }
    return off;
}

/* The memory ptr points to as C text without quotes ("x", "*p"), or NULL. */
static char *pointee(LLVMTargetDataRef td, LLVMValueRef ptr, int depth)
{
    if (!ptr || depth > RH_NAME_DEPTH)
        return NULL;
    char *v = var_name(ptr);
    if (v)
        return v;
    if (LLVMIsAArgument(ptr) || (LLVMIsAInstruction(ptr) && !LLVMIsALoadInst(ptr) &&
                                 !LLVMIsABitCastInst(ptr))) {
        size_t n; /* a pointer held in a register: a parameter, or a local promoted to one */
        const char *s = LLVMGetValueName2(ptr, &n);
        if (n && !memchr(s, '.', n) && !(s[0] >= '0' && s[0] <= '9') && !LLVMIsAGetElementPtrInst(ptr))
            return rh_xasprintf("*%.*s", (int)n, s);
    }
    if (LLVMIsALoadInst(ptr)) { /* a pointer read from a variable: *p */
        char *p = pointee(td, LLVMGetOperand(ptr, 0), depth + 1);
        char *s = p ? rh_xasprintf("*%s", p) : NULL;
        free(p);
        return s;
    }
    if (LLVMIsABitCastInst(ptr) || (LLVMIsAConstantExpr(ptr) && LLVMGetConstOpcode(ptr) == LLVMBitCast))
        return pointee(td, LLVMGetOperand(ptr, 0), depth + 1);
    return NULL;
}

/* 'acc->balance' or 'g.outd': a field of a variable's structure, or of
 * the one a variable points to, by its debug-information name; NULL. */
static char *field_access(LLVMTargetDataRef td, LLVMValueRef gep)
{
    long long off = gep_offset(td, gep);
    LLVMValueRef base = LLVMGetOperand(gep, 0);
    while (LLVMIsABitCastInst(base))
        base = LLVMGetOperand(base, 0);
    int through = LLVMIsALoadInst(base) != NULL;
    LLVMValueRef var = through ? LLVMGetOperand(base, 0) : base;
    char *vname = var_name(var);
    char *field = off >= 0 && vname ? rh_dyn_field_name(var, through, off) : NULL;
    char *s = field ? rh_xasprintf("'%s%s%s'", vname, through ? "->" : ".", field) : NULL;
    free(vname);
    free(field);
    return s;
}

char *rh_dyn_access_name(LLVMTargetDataRef td, LLVMValueRef ptr)
{
    int gep = ptr && (LLVMIsAGetElementPtrInst(ptr) ||
                      (LLVMIsAConstantExpr(ptr) && LLVMGetConstOpcode(ptr) == LLVMGetElementPtr));
    char *field = gep ? field_access(td, ptr) : NULL;
    if (field)
        return field;
    char *base = pointee(td, gep ? LLVMGetOperand(ptr, 0) : ptr, 0);
    if (!base)
        return NULL;
    long long off = gep ? gep_offset(td, ptr) : 0;
    char *s = off < 0   ? rh_xasprintf("an element of '%s'", base)
              : off == 0 ? rh_xasprintf("'%s'", base)
                         : rh_xasprintf("byte %lld of '%s'", off, base);
    free(base);
    return s;
}
