/* param_locks.c - the caller's concrete locks as symbolic locks on the
 * callee's pointer parameters (see param_locks.h).
 */
#include "param_locks.h"
#include "sym_locks.h"

/* Adds "param + (lock - target)" for every held lock in target's object. */
static void bind_param(rh_ls *ls, LLVMValueRef param, uint64_t target, rh_ls_state *in)
{
    int32_t toff = rh_pt_loc_off(target);
    rh_sym_addr a;
    int have_base = 0;
    for (uint32_t i = 0; i < in->must.n; i++) {
        uint32_t id = (uint32_t)(in->must.v[i] / 2);
        if (id == RH_LS_ATOMIC || ls->lock_class[id] == RH_LOCK_NONE ||
            rh_pt_loc_obj(ls->lock_loc[id]) != rh_pt_loc_obj(target) || rh_pt_loc_off(ls->lock_loc[id]) == RH_PT_ANY)
            continue;
        if (!have_base && !(have_base = rh_sym_decompose(ls, param, &a)))
            return;
        int64_t off = a.off + (int64_t)rh_pt_loc_off(ls->lock_loc[id]) - toff;
        if (off >= 0 && off < INT32_MAX)
            rh_sset_add(&in->sym, (uint64_t)a.base << 33 | (uint64_t)off << 1 | (in->must.v[i] & 1));
    }
}

/* Adds "param + (o - a.off)" for every symbolic lock the caller holds at
 * offset o from the base the argument decomposes into (base + a.off). */
static void bind_sym(rh_ls *ls, LLVMValueRef param, LLVMValueRef arg, const rh_sset *held, rh_ls_state *in)
{
    rh_sym_addr a, p;
    if (!held->n || !rh_sym_decompose(ls, arg, &a) || !rh_sym_decompose(ls, param, &p))
        return;
    for (uint32_t i = 0; i < held->n; i++) {
        uint64_t e = held->v[i];
        int64_t off = p.off + (int64_t)(int32_t)(uint32_t)(e >> 1) - a.off;
        if ((int)(e >> 33) == a.base && off >= 0 && off < INT32_MAX)
            rh_sset_add(&in->sym, (uint64_t)p.base << 33 | (uint64_t)off << 1 | (e & 1));
    }
}

void rh_pl_bind_entry(rh_ls *ls, LLVMValueRef call, LLVMValueRef callee, const rh_ls_state *caller,
                      rh_ls_state *in)
{
    if ((!in->must.n && !caller->sym.n) || !LLVMIsAFunction(callee))
        return;
    unsigned nargs = (unsigned)LLVMGetNumArgOperands(call), nparams = LLVMCountParams(callee);
    for (unsigned k = 0; k < nargs && k < nparams; k++) {
        LLVMValueRef arg = LLVMGetOperand(call, k);
        if (LLVMGetTypeKind(LLVMTypeOf(arg)) != LLVMPointerTypeKind)
            continue;
        const rh_sset *pts = rh_pt_of(ls->pt, arg);
        if (pts->n == 1 && rh_pt_loc_off(pts->v[0]) != RH_PT_ANY)
            bind_param(ls, LLVMGetParam(callee, k), pts->v[0], in);
        bind_sym(ls, LLVMGetParam(callee, k), arg, &caller->sym, in);
    }
}
