/* settled_ptrs.c - locks named through a settled global pointer (see
 * settled_ptrs.h): the keys threads hold, and the check that the global
 * is written only by main while it runs alone. */
#include "settled_ptrs.h"
#include "sym_locks.h"

#define KEY_TAG ((uint64_t)3 << 62)
#define KEY_OFF_LIMIT (1u << 21)

void rh_sp_held(rh_ls *ls, const rh_ls_state *s, rh_sset *out)
{
    if (ls->cur_thread == 0)
        return; /* main may hold a value loaded before a write */
    for (uint32_t i = 0; i < s->sym.n; i++) {
        uint64_t e = s->sym.v[i];
        int nidx = 0;
        LLVMValueRef root = rh_sym_base_root(ls, (int)(e >> 33), &nidx);
        uint32_t loff = (uint32_t)(e >> 1);
        if (nidx || !root || !LLVMIsALoadInst(root) || loff >= KEY_OFF_LIMIT)
            continue;
        LLVMValueRef g = LLVMGetOperand(root, 0);
        if (!LLVMIsAGlobalVariable(g))
            continue;
        rh_sym_base gb = {.root = g};
        int id = rh_sym_intern(ls, &gb);
        if (id >= 0 && (uint64_t)id < ((uint64_t)1 << 40))
            rh_sset_add(out, KEY_TAG | (uint64_t)id << 22 | (uint64_t)loff << 1 | (e & 1));
    }
}

int rh_sp_is_key(uint64_t key)
{
    return (key & KEY_TAG) == KEY_TAG;
}

/* Whether store st is made only by main while no other thread may run. */
static int write_alone(const rh_ls *ls, LLVMValueRef st)
{
    long a = rh_map_get_ptr(&ls->acc_of_inst, st, -1);
    if (a < 0 || a >= ls->p->naccesses || ls->p->accesses[a].inst != st)
        return 0;
    const rh_ls_access *r = &ls->acc[a];
    return r->seen && r->active.n == 0 && r->threads.n == 1 && r->threads.v[0] == 0;
}

/* Whether use u of address v (a global or an out-parameter) only reads or
 * writes through it, the writes made alone; depth bounds the parameters
 * followed. */
static int use_settled(const rh_ls *ls, LLVMValueRef v, LLVMValueRef u, int depth)
{
    if (LLVMIsALoadInst(u))
        return LLVMGetOperand(u, 0) == v;
    if (LLVMIsAStoreInst(u))
        return LLVMGetOperand(u, 1) == v && LLVMGetOperand(u, 0) != v && write_alone(ls, u);
    if (!LLVMIsACallInst(u) || depth > 0)
        return 0;
    LLVMValueRef f = LLVMGetCalledValue(u);
    unsigned nargs = (unsigned)LLVMGetNumArgOperands(u);
    if (!f || !LLVMIsAFunction(f) || LLVMIsDeclaration(f) || LLVMIsFunctionVarArg(LLVMGlobalGetValueType(f)) ||
        nargs != LLVMCountParams(f))
        return 0;
    for (unsigned i = 0; i < nargs; i++) {
        if (LLVMGetOperand(u, i) != v)
            continue;
        LLVMValueRef prm = LLVMGetParam(f, i);
        for (LLVMUseRef pu = LLVMGetFirstUse(prm); pu; pu = LLVMGetNextUse(pu))
            if (!use_settled(ls, prm, LLVMGetUser(pu), depth + 1))
                return 0;
    }
    return 1;
}

int rh_sp_key_settled(const rh_ls *ls, uint64_t key)
{
    if (!rh_sp_is_key(key))
        return 0;
    int nidx = 0;
    LLVMValueRef g = rh_sym_base_root(ls, (int)((key & ~KEY_TAG) >> 22), &nidx);
    if (!g || nidx || !LLVMIsAGlobalVariable(g) || LLVMIsDeclaration(g) || LLVMIsThreadLocal(g))
        return 0;
    for (LLVMUseRef u = LLVMGetFirstUse(g); u; u = LLVMGetNextUse(u))
        if (!use_settled(ls, g, LLVMGetUser(u), 0))
            return 0;
    return 1;
}

int rh_sp_protects(const rh_ls *ls, const rh_sset *k1, const rh_sset *k2)
{
    for (uint32_t i = 0; i < k1->n; i++)
        if (rh_sp_is_key(k1->v[i]) && rh_sym_key_shared(k1->v[i], k2) &&
            rh_sp_key_settled(ls, k1->v[i] & ~(uint64_t)1))
            return 1;
    return 0;
}
