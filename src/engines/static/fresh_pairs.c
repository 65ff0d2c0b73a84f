/* fresh_pairs.c - accesses through the address an allocation returned in
 * their own frame (see fresh_pairs.h).
 */
#include "fresh_pairs.h"
#include "owned.h"
#include "cfg.h"

#include <stdlib.h>
#include <string.h>

struct rh_fresh {
    LLVMValueRef *root;     /* per access: its fresh allocation, or NULL */
    unsigned char *unpub;   /* per access: made before its block can leave the frame */
    int n;
};

/* Library allocators (declared, not defined by the program) that return a
 * block no live block shares, or NULL, beyond malloc and calloc
 * (rh_owned_fresh_site): the string duplicators and glib's allocators,
 * which abort rather than return what another call returned. */
static const char *const library_fresh[] = {
    "strdup", "strndup", "wcsdup", "g_malloc", "g_malloc0", "g_malloc_n", "g_malloc0_n", "g_try_malloc",
    "g_try_malloc0", "g_try_malloc_n", "g_try_malloc0_n", "g_strdup", "g_strndup", "g_memdup", "g_memdup2",
};

static int library_fresh_call(LLVMValueRef call)
{
    LLVMValueRef c = LLVMGetCalledValue(call);
    if (!c || !LLVMIsAFunction(c) || !LLVMIsDeclaration(c))
        return 0;
    size_t len;
    const char *name = LLVMGetValueName2(c, &len);
    for (size_t i = 0; i < sizeof library_fresh / sizeof *library_fresh; i++)
        if (!strcmp(name, library_fresh[i]))
            return 1;
    return 0;
}

static int called_is(LLVMValueRef call, const char *prefix)
{
    LLVMValueRef c = LLVMGetCalledValue(call);
    size_t len;
    return c && LLVMIsAFunction(c) && !strncmp(LLVMGetValueName2(c, &len), prefix, strlen(prefix));
}

static LLVMValueRef strip(LLVMValueRef v)
{
    for (int depth = 0; v && depth < 64; depth++) {
        if (!LLVMIsAGetElementPtrInst(v) && !LLVMIsABitCastInst(v) && !LLVMIsAAddrSpaceCastInst(v))
            return v;
        v = LLVMGetOperand(v, 0);
    }
    return NULL;
}

/* Whether v (stripped) is a fresh allocation, or a phi or select whose
 * every incoming value is one or such a phi or select again (`p = n == 1 ?
 * g_malloc0(1) : g_malloc0_n(n, size)`; a loop's phi of itself): then v is
 * a block some fresh allocation returned in this frame.  `path` holds the
 * phis being looked at (a cycle among them brings nothing new). */
static int fresh_value(rh_static *s, LLVMValueRef v, LLVMValueRef *path, int depth)
{
    if (!v)
        return 0;
    if (LLVMIsAAllocaInst(v) || (LLVMIsACallInst(v) && (rh_owned_fresh_site(s, v) || library_fresh_call(v))))
        return 1;
    if (!LLVMIsAPHINode(v) && !LLVMIsASelectInst(v))
        return 0;
    for (int i = 0; i < depth; i++)
        if (path[i] == v)
            return 1;
    if (depth >= 8)
        return 0;
    path[depth] = v;
    if (LLVMIsASelectInst(v))
        return fresh_value(s, strip(LLVMGetOperand(v, 1)), path, depth + 1) &&
               fresh_value(s, strip(LLVMGetOperand(v, 2)), path, depth + 1);
    for (unsigned i = 0; i < LLVMCountIncoming(v); i++)
        if (!fresh_value(s, strip(LLVMGetIncomingValue(v, i)), path, depth + 1))
            return 0;
    return 1;
}

/* The fresh allocation (or phi or select of them, see fresh_value) v is
 * made from by GEPs and pointer casts alone, or NULL. */
static LLVMValueRef direct_root(rh_static *s, LLVMValueRef v)
{
    LLVMValueRef path[8];
    v = strip(v);
    return fresh_value(s, v, path, 0) ? v : NULL;
}

/* The alloca v is made from by constant GEPs and casts, its offset in *off; NULL if none. */
static LLVMValueRef slot_of(rh_static *s, LLVMValueRef v, int64_t *off)
{
    *off = 0;
    for (int depth = 0; v && depth < 64; depth++) {
        int64_t o;
        if (LLVMIsAGetElementPtrInst(v) && rh_pt_gep_offset(&s->pt, v, &o))
            *off += o, v = LLVMGetOperand(v, 0);
        else if (LLVMIsABitCastInst(v) || LLVMIsAAddrSpaceCastInst(v))
            v = LLVMGetOperand(v, 0);
        else
            return LLVMIsAAllocaInst(v) ? v : NULL;
    }
    return NULL;
}

/* Whether every use of v (address off of a local) is a load, a store to
 * it (never of it), a comparison, a constant GEP or cast obeying the same,
 * or a lifetime/debug marker, and every store meeting bytes [k, k + a
 * pointer) stores exactly there a value made from fresh allocation *site
 * (one and the same for all of them).  Then a load of the pointer at k
 * gives the block *site returned in this frame (the local is this frame's
 * and nothing else can write it). */
static int slot_uses(rh_static *s, LLVMValueRef v, int64_t off, int64_t k, LLVMValueRef *site, int depth)
{
    int64_t psz = (int64_t)LLVMPointerSize(s->p->td);
    if (depth > 16)
        return 0;
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        int64_t o;
        if (LLVMIsAGetElementPtrInst(user)) {
            if (LLVMGetOperand(user, 0) != v || !rh_pt_gep_offset(&s->pt, user, &o) ||
                !slot_uses(s, user, off + o, k, site, depth + 1))
                return 0;
        } else if (LLVMIsABitCastInst(user) || LLVMIsAAddrSpaceCastInst(user)) {
            if (!slot_uses(s, user, off, k, site, depth + 1))
                return 0;
        } else if (LLVMIsAStoreInst(user)) {
            LLVMValueRef val = LLVMGetOperand(user, 0);
            if (val == v)
                return 0; /* the local's address leaves */
            int64_t sz = (int64_t)LLVMStoreSizeOfType(s->p->td, LLVMTypeOf(val));
            if (off < k + psz && k < off + sz) {
                LLVMValueRef r = off == k && sz == psz ? direct_root(s, val) : NULL;
                if (!r || LLVMIsAAllocaInst(r) || (*site && *site != r))
                    return 0;
                *site = r;
            }
        } else if (LLVMIsACallInst(user)) {
            if (!called_is(user, "llvm.lifetime.") && !called_is(user, "llvm.dbg."))
                return 0;
        } else if (!LLVMIsALoadInst(user) && !LLVMIsAICmpInst(user)) {
            return 0;
        }
    }
    return 1;
}

/* The fresh allocation v is made from: directly, or through a pointer
 * loaded from a local that only ever holds that allocation's result
 * (`result.list = malloc(n)`, the local struct kept in memory). */
static LLVMValueRef fresh_root(rh_static *s, LLVMValueRef v)
{
    LLVMValueRef r = direct_root(s, v);
    if (r)
        return r;
    while (LLVMIsAGetElementPtrInst(v) || LLVMIsABitCastInst(v) || LLVMIsAAddrSpaceCastInst(v))
        v = LLVMGetOperand(v, 0);
    if (!LLVMIsALoadInst(v) || LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMPointerTypeKind)
        return NULL;
    int64_t k;
    LLVMValueRef slot = slot_of(s, LLVMGetOperand(v, 0), &k), site = NULL;
    if (!slot || !slot_uses(s, slot, 0, k, &site, 0))
        return NULL;
    return site;
}

/* Whether the use of (a value derived from) allocation r in `user` keeps
 * the address in the frame: a load or store through it, a comparison, an
 * intrinsic without effect; a GEP or cast is followed by the caller. */
static int keeps_address(LLVMValueRef user, LLVMValueRef v)
{
    if (LLVMIsALoadInst(user) || LLVMIsAICmpInst(user))
        return 1;
    if (LLVMIsAStoreInst(user))
        return LLVMGetOperand(user, 0) != v; /* the address itself stored: it leaves */
    return LLVMIsACallInst(user) && (called_is(user, "llvm.lifetime.") || called_is(user, "llvm.dbg."));
}

typedef struct esc_ctx {
    LLVMValueRef alloc, access;
    int published;
} esc_ctx;

static int is_access(LLVMValueRef in, void *target)
{
    return in == target;
}

/* Marks c->published when the access may run after a use of v (derived
 * from c->alloc) that lets the address leave the frame, before the
 * allocation runs again. */
static void escapes_before(esc_ctx *c, LLVMValueRef v, int depth)
{
    for (LLVMUseRef u = LLVMGetFirstUse(v); u && !c->published; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if ((LLVMIsAGetElementPtrInst(user) && LLVMGetOperand(user, 0) == v) || LLVMIsABitCastInst(user) ||
            LLVMIsAAddrSpaceCastInst(user)) {
            if (depth >= 16)
                c->published = 1;
            else
                escapes_before(c, user, depth + 1);
        } else if (!keeps_address(user, v) &&
                   (user == c->access || rh_cfg_reaches_before(user, c->alloc, NULL, is_access, c->access))) {
            c->published = 1;
        }
    }
}

/* A call of an allocator of the library specification (malloc, calloc, a
 * call that returns a new object: strdup, fopen), or of a function whose
 * declaration says it is one.  Any other function the program does not
 * define may return memory others see (localtime's static struct,
 * getenv's string, strchr into its argument), and a program's own
 * allocation wrapper may publish the block before returning it
 * (private_allocation decides those). */
static int library_allocation(const rh_program *p, LLVMValueRef v)
{
    LLVMValueRef callee = LLVMIsACallInst(v) ? LLVMGetCalledValue(v) : NULL;
    if (!callee || !LLVMIsAFunction(callee) || !LLVMIsDeclaration(callee))
        return 0;
    const rh_conc_entry *e = rh_model_call_entry(p, v);
    if (e)
        return e->op == RH_OP_ALLOC || e->op == RH_OP_CALLOC || /* not realloc: its argument */
               (e->op == RH_OP_MEMORY && (e->flags & RH_F_RET_NEW));
    /* declared __attribute__((malloc)) (glib's g_malloc0, a project's
     * xmalloc in a header): the declaration promises a pointer no other
     * pointer aliases, which clang marks noalias on the return */
    unsigned noalias = LLVMGetEnumAttributeKindForName("noalias", 7);
    return LLVMGetEnumAttributeAtIndex(callee, LLVMAttributeReturnIndex, noalias) != NULL;
}

static int new_each_run(const rh_program *p, LLVMValueRef r, int depth);

/* Whether every use of v (through GEPs and casts) keeps the address in
 * the frame, returns it, or (only_phi) is phi's incoming value. */
static int only_kept_or_returned(LLVMValueRef v, LLVMValueRef phi, int depth)
{
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if ((LLVMIsAGetElementPtrInst(user) && LLVMGetOperand(user, 0) == v) || LLVMIsABitCastInst(user) ||
            LLVMIsAAddrSpaceCastInst(user)) {
            if (depth >= 16 || !only_kept_or_returned(user, phi, depth + 1))
                return 0;
        } else if (!keeps_address(user, v) && !LLVMIsAReturnInst(user) && user != phi) {
            return 0;
        }
    }
    return 1;
}

/* Whether call v runs a function of the program that only hands back a
 * new block: each of its returns gives (GEPs and casts of) a value new in
 * each run, or null through a phi, and that value is used by nothing but
 * loads and stores through it, null tests and the return (`xmalloc`
 * calling exit on failure): it publishes nothing before returning. */
static int private_allocation(const rh_program *p, LLVMValueRef v, int depth)
{
    LLVMValueRef fn = LLVMIsACallInst(v) ? LLVMGetCalledValue(v) : NULL;
    if (!fn || !LLVMIsAFunction(fn) || LLVMIsDeclaration(fn) || depth > 3 ||
        LLVMGetTypeKind(LLVMTypeOf(v)) != LLVMPointerTypeKind)
        return 0;
    int rets = 0;
    for (LLVMBasicBlockRef b = LLVMGetFirstBasicBlock(fn); b; b = LLVMGetNextBasicBlock(b)) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(b);
        if (!t || !LLVMIsAReturnInst(t))
            continue;
        LLVMValueRef r = LLVMGetNumOperands(t) ? strip(LLVMGetOperand(t, 0)) : NULL;
        if (!r)
            return 0;
        rets++;
        if (LLVMIsAPHINode(r)) { /* `return p;` joining `if (!p) return NULL;` */
            for (unsigned i = 0; i < LLVMCountIncoming(r); i++) {
                LLVMValueRef in = strip(LLVMGetIncomingValue(r, i));
                if (in && LLVMIsAConstantPointerNull(in))
                    continue;
                if (!in || !new_each_run(p, in, depth + 1) || !only_kept_or_returned(in, r, 0))
                    return 0;
            }
            if (!only_kept_or_returned(r, NULL, 0))
                return 0;
        } else if (!new_each_run(p, r, depth + 1) || !only_kept_or_returned(r, NULL, 0)) {
            return 0;
        }
    }
    return rets > 0;
}

/* Whether the block value r names is a new one each time r runs: an
 * alloca, a library allocation, a private allocation wrapper's call, or a
 * phi all of whose incoming values are library allocations used by
 * nothing but that phi and null tests (a phi runs again only after one of
 * them ran again). */
static int new_each_run(const rh_program *p, LLVMValueRef r, int depth)
{
    if (LLVMIsAAllocaInst(r) || library_allocation(p, r) || private_allocation(p, r, depth))
        return 1;
    if (!LLVMIsAPHINode(r))
        return 0;
    for (unsigned i = 0; i < LLVMCountIncoming(r); i++) {
        LLVMValueRef in = LLVMGetIncomingValue(r, i);
        if (!library_allocation(p, in))
            return 0;
        for (LLVMUseRef u = LLVMGetFirstUse(in); u; u = LLVMGetNextUse(u))
            if (LLVMGetUser(u) != r && !LLVMIsAICmpInst(LLVMGetUser(u)))
                return 0;
    }
    return 1;
}

/* Whether access ac, a plain load or store whose address is allocation
 * r's value of its own frame (GEPs and casts), runs before any use that
 * lets r's block leave the frame: no other thread has its address yet. */
static int unpublished(const rh_program *p, const rh_access *ac, LLVMValueRef r)
{
    if (!r || !new_each_run(p, r, 0) || ac->from_call || ac->atomic ||
        !(LLVMIsALoadInst(ac->inst) || LLVMIsAStoreInst(ac->inst)) || strip(ac->ptr) != r ||
        LLVMGetBasicBlockParent(LLVMGetInstructionParent(ac->inst)) != LLVMGetBasicBlockParent(LLVMGetInstructionParent(r)))
        return 0;
    esc_ctx c = {r, ac->inst, 0};
    escapes_before(&c, r, 0);
    return !c.published;
}

rh_fresh *rh_fresh_new(rh_static *s)
{
    rh_fresh *f = rh_xcalloc(1, sizeof *f);
    f->n = s->p->naccesses;
    f->root = rh_xcalloc((size_t)f->n + 1, sizeof *f->root);
    f->unpub = rh_xcalloc((size_t)f->n + 1, 1);
    int found = 0, unpub = 0;
    for (int a = 0; a < f->n; a++) {
        const rh_access *ac = &s->p->accesses[a];
        f->root[a] = ac->ptr ? fresh_root(s, ac->ptr) : NULL;
        found += f->root[a] != NULL;
        unpub += f->unpub[a] = (unsigned char)unpublished(s->p, ac, direct_root(s, ac->ptr ? ac->ptr : NULL));
    }
    rh_result_stat(s->res, "static.fresh_accesses", found);
    rh_result_stat(s->res, "static.unpublished_accesses", unpub);
    return f;
}

int rh_fresh_apart(const rh_fresh *f, int a1, int a2)
{
    if (!f || a1 < 0 || a2 < 0 || a1 >= f->n || a2 >= f->n)
        return 0;
    return (f->root[a1] && f->root[a2]) || f->unpub[a1] || f->unpub[a2];
}

void rh_fresh_free(rh_fresh *f)
{
    if (!f)
        return;
    free(f->root);
    free(f->unpub);
    free(f);
}
