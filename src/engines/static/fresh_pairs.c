/* fresh_pairs.c - accesses through the address an allocation returned in
 * their own frame (see fresh_pairs.h).
 */
#include "fresh_pairs.h"
#include "owned.h"

#include <stdlib.h>

struct rh_fresh {
    LLVMValueRef *root; /* per access: its fresh allocation, or NULL */
    int n;
};

/* The fresh allocation v is made from by GEPs and pointer casts, or NULL. */
static LLVMValueRef fresh_root(rh_static *s, LLVMValueRef v)
{
    for (int depth = 0; v && depth < 64; depth++) {
        if (LLVMIsAGetElementPtrInst(v) || LLVMIsABitCastInst(v) || LLVMIsAAddrSpaceCastInst(v)) {
            v = LLVMGetOperand(v, 0);
            continue;
        }
        if (LLVMIsAAllocaInst(v) || (LLVMIsACallInst(v) && rh_owned_fresh_site(s, v)))
            return v;
        return NULL;
    }
    return NULL;
}

rh_fresh *rh_fresh_new(rh_static *s)
{
    rh_fresh *f = rh_xcalloc(1, sizeof *f);
    f->n = s->p->naccesses;
    f->root = rh_xcalloc((size_t)f->n + 1, sizeof *f->root);
    int found = 0;
    for (int a = 0; a < f->n; a++) {
        const rh_access *ac = &s->p->accesses[a];
        f->root[a] = ac->ptr ? fresh_root(s, ac->ptr) : NULL;
        found += f->root[a] != NULL;
    }
    rh_result_stat(s->res, "static.fresh_accesses", found);
    return f;
}

int rh_fresh_apart(const rh_fresh *f, int a1, int a2)
{
    if (!f || a1 < 0 || a2 < 0 || a1 >= f->n || a2 >= f->n)
        return 0;
    return f->root[a1] && f->root[a1] == f->root[a2];
}

void rh_fresh_free(rh_fresh *f)
{
    if (!f)
        return;
    free(f->root);
    free(f);
}
