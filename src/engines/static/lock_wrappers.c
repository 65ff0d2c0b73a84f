/* lock_wrappers.c - symbolic locks a callee leaves held, bound to the
 * caller's arguments (see lock_wrappers.h).
 */
#include "lock_wrappers.h"
#include "sym_locks.h"

/* The index of parameter v of fn, or -1. */
static int param_index(LLVMValueRef fn, LLVMValueRef v)
{
    if (!LLVMIsAArgument(v) || LLVMGetParamParent(v) != fn)
        return -1;
    for (unsigned i = 0; i < LLVMCountParams(fn); i++)
        if (LLVMGetParam(fn, i) == v)
            return (int)i;
    return -1;
}

void rh_lw_bind_sym(rh_ls *ls, LLVMValueRef call, LLVMValueRef callee, rh_sset *sym)
{
    if (!sym->n)
        return;
    rh_sset out = {0};
    unsigned nargs = (unsigned)LLVMGetNumArgOperands(call);
    for (uint32_t i = 0; i < sym->n; i++) {
        uint64_t e = sym->v[i];
        int nidx;
        LLVMValueRef root = rh_sym_base_root(ls, (int)(e >> 33), &nidx);
        int k = nidx == 0 ? param_index(callee, root) : -1;
        rh_sym_addr a;
        if (k < 0 || (unsigned)k >= nargs || !rh_sym_decompose(ls, LLVMGetOperand(call, (unsigned)k), &a))
            continue;
        int64_t off = a.off + (int32_t)(uint32_t)(e >> 1);
        if (off >= 0 && off < INT32_MAX)
            rh_sset_add(&out, (uint64_t)a.base << 33 | (uint64_t)off << 1 | (e & 1));
    }
    rh_sset_copy(sym, &out);
    rh_sset_free(&out);
}
