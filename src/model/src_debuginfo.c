/* src_debuginfo.c - the program's debug information as src_names.c reads
 * it, so that a report says 'acc->balance' rather than "byte 40 of '*acc'":
 * the variable a value is (a global, a local's stack slot with its
 * llvm.dbg.declare, or a value in a register with its llvm.dbg.value), its
 * name and type, a pointer type's pointee, and the member of a structure
 * at a byte offset (nested structures followed: a.b.c).  Anything else
 * gives no name, never a wrong one.
 */
#include "src_names.h"
#include "util/debuginfo.h"
#include "util/util.h"

#include <llvm-c/DebugInfo.h>

#include <stdlib.h>
#include <string.h>

#define RH_FIELD_DEPTH 8

/* The value a call of the debug intrinsic `name` (llvm.dbg.declare or
 * llvm.dbg.value) binds to its variable, or NULL for any other
 * instruction. */
static LLVMValueRef dbg_operand(LLVMValueRef i, const char *name)
{
    LLVMValueRef callee = LLVMIsACallInst(i) ? LLVMGetCalledValue(i) : NULL;
    size_t len = 0;
    const char *fn = callee && LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &len) : "";
    if (len != strlen(name) || strcmp(fn, name) != 0)
        return NULL;
    LLVMValueRef wrapped = LLVMGetOperand(i, 0), v = NULL; /* ValueAsMetadata(v) */
    if (LLVMGetMDNodeNumOperands(wrapped) == 1)
        LLVMGetMDNodeOperands(wrapped, &v);
    return v;
}

/* The variable v is: a stack slot's from its dbg.declare call, a value's
 * in a register (a local promoted to one, a parameter) from a dbg.value
 * call.  The calls of one function are read once: accesses are named
 * function by function. */
static struct {
    LLVMValueRef fn;
    LLVMValueRef *vals;
    LLVMMetadataRef *vars;
    size_t n, cap;
} bound_in;

void rh_src_names_forget(void)
{
    free(bound_in.vals);
    free(bound_in.vars);
    memset(&bound_in, 0, sizeof bound_in);
}

static LLVMMetadataRef function_variable(LLVMContextRef ctx, LLVMValueRef v)
{
    LLVMValueRef f = LLVMIsAArgument(v) ? LLVMGetParamParent(v)
                     : LLVMIsAInstruction(v) ? LLVMGetBasicBlockParent(LLVMGetInstructionParent(v))
                                             : NULL;
    if (!f)
        return NULL;
    if (f != bound_in.fn) {
        bound_in.fn = f;
        bound_in.n = 0;
        for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(f); b; b = LLVMGetNextBasicBlock(b))
            for (LLVMValueRef i = LLVMGetFirstInstruction(b); i; i = LLVMGetNextInstruction(i)) {
                LLVMValueRef bound = dbg_operand(i, "llvm.dbg.value");
                if (!bound)
                    bound = dbg_operand(i, "llvm.dbg.declare"); /* a stack slot's variable */
                if (!bound)
                    continue;
                if (bound_in.n == bound_in.cap) {
                    bound_in.cap = bound_in.cap ? 2 * bound_in.cap : 64;
                    bound_in.vals = rh_xrealloc(bound_in.vals, bound_in.cap * sizeof *bound_in.vals);
                    bound_in.vars = rh_xrealloc(bound_in.vars, bound_in.cap * sizeof *bound_in.vars);
                }
                bound_in.vals[bound_in.n] = bound;
                bound_in.vars[bound_in.n++] = LLVMValueAsMetadata(LLVMGetOperand(i, 1));
            }
    }
    /* one value may be several variables' ("void *arg" and "struct s *p = arg"):
     * the one that points to a structure names its fields */
    LLVMMetadataRef first = NULL;
    for (size_t k = 0; k < bound_in.n; k++) {
        if (bound_in.vals[k] != v)
            continue;
        LLVMMetadataRef var = bound_in.vars[k];
        LLVMMetadataRef to = rh_src_pointee_type(ctx, rh_src_debug_var_type(ctx, var));
        if (to && LLVMGetMetadataKind(to) == LLVMDICompositeTypeMetadataKind)
            return var;
        first = first ? first : var;
    }
    return first;
}

LLVMMetadataRef rh_src_debug_var(LLVMValueRef v)
{
    if (!v)
        return NULL;
    LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(v));
    if (LLVMIsAGlobalVariable(v)) {
        size_t n = 0;
        LLVMValueMetadataEntry *md = LLVMGlobalCopyAllMetadata(v, &n);
        LLVMMetadataRef var = NULL;
        for (unsigned i = 0; i < n && !var; i++)
            if (LLVMValueMetadataEntriesGetKind(md, i) == LLVMGetMDKindIDInContext(ctx, "dbg", 3))
                var = LLVMDIGlobalVariableExpressionGetVariable(LLVMValueMetadataEntriesGetMetadata(md, i));
        if (md)
            LLVMDisposeValueMetadataEntries(md);
        return var;
    }
    return LLVMIsAArgument(v) || LLVMIsAInstruction(v) ? function_variable(ctx, v) : NULL;
}

char *rh_src_debug_var_name(LLVMContextRef ctx, LLVMMetadataRef dv)
{
    LLVMMetadataRef name = dv ? rh_di_operand(ctx, dv, 1) : NULL;
    unsigned len = 0;
    const char *s = name ? LLVMGetMDString(LLVMMetadataAsValue(ctx, name), &len) : NULL;
    return s && len ? rh_xasprintf("%.*s", (int)len, s) : NULL;
}

LLVMMetadataRef rh_src_debug_var_type(LLVMContextRef ctx, LLVMMetadataRef dv)
{
    return dv ? rh_di_strip(ctx, rh_di_operand(ctx, dv, 3), NULL, NULL) : NULL;
}

LLVMMetadataRef rh_src_pointee_type(LLVMContextRef ctx, LLVMMetadataRef t)
{
    t = t ? rh_di_strip(ctx, t, NULL, NULL) : NULL;
    if (!t || LLVMGetMetadataKind(t) != LLVMDIDerivedTypeMetadataKind)
        return NULL; /* stripped, a derived type left is a pointer */
    return rh_di_strip(ctx, rh_di_operand(ctx, t, 3), NULL, NULL);
}

/* "balance" or "hdr.len" for byte off of structure type t, or NULL; the
 * innermost member's type in *mtype. */
static char *member_at(LLVMContextRef ctx, LLVMMetadataRef t, long long off, int depth,
                       LLVMMetadataRef *mtype)
{
    t = rh_di_strip(ctx, t, NULL, NULL);
    if (!t || depth > RH_FIELD_DEPTH || LLVMGetMetadataKind(t) != LLVMDICompositeTypeMetadataKind)
        return NULL;
    LLVMMetadataRef elems = rh_di_operand(ctx, t, 4);
    if (!elems)
        return NULL;
    LLVMValueRef ev = LLVMMetadataAsValue(ctx, elems);
    unsigned n = LLVMGetMDNodeNumOperands(ev);
    LLVMValueRef *ops = rh_xcalloc(n + 1, sizeof *ops);
    LLVMGetMDNodeOperands(ev, ops);
    char *name = NULL;
    for (unsigned i = 0; i < n && !name; i++) {
        LLVMMetadataRef m = ops[i] ? LLVMValueAsMetadata(ops[i]) : NULL;
        if (!m || LLVMGetMetadataKind(m) != LLVMDIDerivedTypeMetadataKind)
            continue;
        long long lo = (long long)(LLVMDITypeGetOffsetInBits(m) / 8);
        long long size = (long long)(LLVMDITypeGetSizeInBits(m) / 8);
        size_t len;
        const char *mname = LLVMDITypeGetName(m, &len);
        if (!len || off < lo || off >= lo + (size ? size : 1))
            continue;
        if (len >= 2 && mname[0] == '_' && mname[1] == '_')
            break; /* the implementation's insides (pthread_mutex_t's __data): no name */
        LLVMMetadataRef inner_type = NULL;
        char *inner = member_at(ctx, rh_di_operand(ctx, m, 3), off - lo, depth + 1, &inner_type);
        name = inner ? rh_xasprintf("%.*s.%s", (int)len, mname, inner) : rh_xasprintf("%.*s", (int)len, mname);
        *mtype = inner ? inner_type : rh_di_strip(ctx, rh_di_operand(ctx, m, 3), NULL, NULL);
        free(inner);
    }
    free(ops);
    return name;
}

char *rh_src_member_at(LLVMContextRef ctx, LLVMMetadataRef t, long long off, LLVMMetadataRef *mtype)
{
    LLVMMetadataRef ignored;
    return t ? member_at(ctx, t, off, 0, mtype ? mtype : &ignored) : NULL;
}
