/* model_lib.c - the access records of library calls the library
 * specification describes (libspec.h) and of functions the program
 * declares but nobody defines, which racehunt assumes touch only memory
 * reachable from their pointer arguments (README, "Unknown functions").
 * Hidden library state becomes a named pseudo-object: a global of the
 * module ("libc: strtok's static buffer") every engine sees like any other.
 */
#include "model_lib.h"
#include "libspec.h"

#include <string.h>

#define STATE_BYTES 512 /* a struct tm, a struct dirent, a static string buffer */

LLVMValueRef rh_model_state_global(rh_program *p, const char *state, int per_thread)
{
    char name[160];
    rh_libspec_state_object(state, name, sizeof name);
    LLVMValueRef g = LLVMGetNamedGlobal(p->mod, name);
    if (g)
        return g;
    LLVMTypeRef t = LLVMArrayType(LLVMInt8TypeInContext(p->ctx), STATE_BYTES);
    g = LLVMAddGlobal(p->mod, t, name);
    LLVMSetInitializer(g, LLVMConstNull(t));
    LLVMSetLinkage(g, LLVMInternalLinkage);
    LLVMSetThreadLocal(g, per_thread != 0); /* engines see a __thread object, one per thread */
    return g;
}

const char *rh_model_row_state(const rh_program *p, const rh_conc_entry *e)
{
    const rh_libspec_row *row = rh_libspec_of(e);
    return row && row->state && !p->conc.svcomp ? row->state : NULL;
}

int rh_model_assumed_external(const rh_program *p, LLVMValueRef callee)
{
    size_t len;
    if (!callee || !LLVMIsDeclaration(callee) || p->conc.strict || p->conc.svcomp)
        return 0;
    const char *name = LLVMGetValueName2(callee, &len);
    unsigned rt = LLVMGetEnumAttributeKindForName("returns_twice", 13);
    if (LLVMGetEnumAttributeAtIndex(callee, LLVMAttributeFunctionIndex, rt))
        return 0;
    return !rh_conc_lookup(&p->conc, name, 0) && !rh_conc_may_sync(name);
}

static int is_pointer(LLVMValueRef v)
{
    return LLVMGetTypeKind(LLVMTypeOf(v)) == LLVMPointerTypeKind && !rh_model_null(v);
}

static uint64_t const_arg(LLVMValueRef call, int k, int *ok)
{
    LLVMValueRef a = k >= 0 && k < (int)LLVMGetNumArgOperands(call) ? LLVMGetOperand(call, (unsigned)k) : NULL;
    *ok = a && LLVMIsAConstantInt(a);
    return *ok ? LLVMConstIntGetZExtValue(a) : 0;
}

/* Bytes of one effect: a constant, or an argument (size_value), or 0 (the
 * whole object: strings, return values, products of variables). */
static void effect_size(LLVMValueRef call, const rh_effect *ef, rh_lib_access *out)
{
    int ok, ok2;
    uint64_t a = const_arg(call, ef->a, &ok), b = const_arg(call, ef->b, &ok2);
    switch (ef->size) {
    case RH_SZ_CONST: out->size = ef->n; break;
    case RH_SZ_ARG:
        out->size = a;
        if (!ok && ef->a < (int)LLVMGetNumArgOperands(call) &&
            LLVMGetTypeKind(LLVMTypeOf(LLVMGetOperand(call, (unsigned)ef->a))) == LLVMIntegerTypeKind)
            out->size_value = LLVMGetOperand(call, (unsigned)ef->a);
        break;
    case RH_SZ_PRODUCT: out->size = ok && ok2 ? a * b : 0; break;
    default: break;
    }
}

static int push(rh_lib_access *out, int n, int max, rh_lib_access a)
{
    if (n < max)
        out[n++] = a;
    return n;
}

static int spec_accesses(const rh_program *p, LLVMValueRef call, const rh_conc_entry *e,
                         rh_lib_access *out, int max)
{
    rh_effect ef[RH_MAX_EFFECTS];
    int nef = rh_libspec_effects(e, ef), n = 0, nargs = (int)LLVMGetNumArgOperands(call);
    for (int i = 0; i < nef; i++)
        for (int k = ef[i].arg; k < nargs && (k == ef[i].arg || ef[i].rest); k++) {
            LLVMValueRef ptr = LLVMGetOperand(call, (unsigned)k);
            if (!is_pointer(ptr))
                continue;
            rh_lib_access a = {ptr, RH_ACC_READ, 0, NULL, 0};
            effect_size(call, &ef[i], &a);
            if (ef[i].read)
                n = push(out, n, max, a);
            a.kind = RH_ACC_WRITE;
            if (ef[i].write)
                n = push(out, n, max, a);
        }
    (void)p;
    return n;
}

int rh_model_lib_accesses(rh_program *p, LLVMValueRef call, const rh_conc_entry *e,
                          rh_lib_access *out, int max)
{
    int n = 0;
    if (e && rh_libspec_of(e)) {
        n = spec_accesses(p, call, e, out, max);
        const char *state = rh_model_row_state(p, e);
        if (state && (e->flags & (RH_F_STATE_WRITE | RH_F_STATE_READ))) {
            rh_lib_access a = {rh_model_state_global(p, state, (e->flags & RH_F_STATE_TLS) != 0),
                               e->flags & RH_F_STATE_WRITE ? RH_ACC_WRITE : RH_ACC_READ, STATE_BYTES,
                               NULL, 0};
            n = push(out, n, max, a);
        }
        return n;
    }
    if (e || !rh_model_assumed_external(p, rh_model_called_function(call)))
        return 0;
    for (unsigned k = 0; k < LLVMGetNumArgOperands(call); k++) {
        LLVMValueRef ptr = LLVMGetOperand(call, k), base = ptr;
        while (base && LLVMIsAConstantExpr(base) && LLVMGetNumOperands(base) > 0)
            base = LLVMGetOperand(base, 0);
        if (!is_pointer(ptr) || LLVMIsAFunction(base))
            continue;
        int ro = base && LLVMIsAGlobalVariable(base) && LLVMIsGlobalConstant(base);
        rh_lib_access a = {ptr, ro ? RH_ACC_READ : RH_ACC_WRITE, 0, NULL, 1};
        n = push(out, n, max, a);
    }
    return n;
}

int rh_model_lib_writes(rh_program *p, LLVMValueRef call, const rh_conc_entry *e)
{
    rh_lib_access la[RH_MAX_LIB_ACCESSES];
    int n = rh_model_lib_accesses(p, call, e, la, RH_MAX_LIB_ACCESSES);
    if (n == RH_MAX_LIB_ACCESSES)
        return rh_libspec_writes(e); /* some were left out: any write effect counts */
    for (int i = 0; i < n; i++)
        if (la[i].kind == RH_ACC_WRITE)
            return 1;
    return 0;
}
