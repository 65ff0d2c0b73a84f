/* stable_cells.c - loads of cells no write changes after them (see
 * stable_cells.h). */
#include "stable_cells.h"
#include "points_to.h"

#include <string.h>

#include <stdlib.h>

/* The points-to solution of the run, when the engine has one: a root whose
 * address escapes is then judged by every write the program makes. */
struct rh_stable {
    rh_pt *pt;
    const rh_program *p;
    rh_map known; /* load -> 1 stable, 2 not: each scans every access once */
};

rh_stable *rh_stable_new(rh_pt *pt, const rh_program *p)
{
    rh_stable *st = calloc(1, sizeof *st);
    if (st)
        st->pt = pt, st->p = p;
    return st;
}

void rh_stable_free(rh_stable *st)
{
    if (!st)
        return;
    rh_map_free(&st->known);
    free(st);
}

/* Whether address p is a chain of constant-index GEPs and casts from a
 * local or global root (*root). */
static int const_address(LLVMValueRef p, LLVMValueRef *root)
{
    for (int d = 0; d < 16; d++) {
        if (LLVMIsAAllocaInst(p) || LLVMIsAGlobalVariable(p))
            return *root = p, 1;
        if (LLVMIsAGetElementPtrInst(p) || (LLVMIsAConstantExpr(p) && LLVMGetConstOpcode(p) == LLVMGetElementPtr)) {
            for (int i = 1; i < LLVMGetNumOperands(p); i++)
                if (!LLVMIsAConstantInt(LLVMGetOperand(p, (unsigned)i)))
                    return 0;
        } else if (!LLVMIsABitCastInst(p) && !LLVMIsAAddrSpaceCastInst(p)) {
            return 0;
        }
        p = LLVMGetOperand(p, 0);
    }
    return 0;
}

static int is_intrinsic(LLVMValueRef call, const char *prefix)
{
    LLVMValueRef f = LLVMGetCalledValue(call);
    size_t len;
    const char *name = f && LLVMIsAFunction(f) ? LLVMGetValueName2(f, &len) : NULL;
    return name && strncmp(name, prefix, strlen(prefix)) == 0;
}

typedef struct walk {
    LLVMValueRef load;  /* the load asked about */
    LLVMValueRef fn;    /* its function */
    LLVMTargetDataRef td;
    uint64_t lo, hi;    /* the bytes of the root the load reads */
    int ok;
    int escaped;        /* the address is stored or passed to a call */
} walk;

#define WHOLE UINT64_MAX

/* Where a pointer derived from the root may point: exactly at byte off
 * (off WHOLE: unknown), within bytes [lo, hi) of the root. */
typedef struct span {
    uint64_t off, lo, hi;
} span;

static int is_gep(LLVMValueRef v)
{
    return LLVMIsAGetElementPtrInst(v) || (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMGetElementPtr);
}

/* The span of GEP g applied to a pointer of span in.  A GEP whose first
 * index is 0 steps inside the object its source type describes: into a
 * struct field (whose bytes an in-bounds access never leaves) or an array
 * element; any other pointer arithmetic may reach the whole root (a
 * container_of walks back from a field). */
static span gep_span(const walk *w, LLVMValueRef g, span in)
{
    span out = {WHOLE, 0, WHOLE};
    LLVMTypeRef t = LLVMGetGEPSourceElementType(g);
    LLVMValueRef first = LLVMGetOperand(g, 1);
    int n = LLVMGetNumOperands(g);
    if (!LLVMTypeIsSized(t) || !LLVMIsAConstantInt(first))
        return out;
    int64_t i0 = LLVMConstIntGetSExtValue(first);
    if (i0 != 0) { /* plain pointer arithmetic: exact only on a whole root */
        if (n == 2 && in.off != WHOLE && in.lo == 0 && in.hi == WHOLE)
            out.off = in.off + (uint64_t)(i0 * (int64_t)LLVMABISizeOfType(w->td, t));
        return out;
    }
    out = in;
    for (int i = 2; i < n && out.off != WHOLE; i++) {
        LLVMValueRef x = LLVMGetOperand(g, (unsigned)i);
        uint64_t lo, hi;
        if (LLVMGetTypeKind(t) == LLVMStructTypeKind) {
            if (!LLVMIsAConstantInt(x) || LLVMConstIntGetZExtValue(x) >= LLVMCountStructElementTypes(t))
                return (span){WHOLE, 0, WHOLE};
            unsigned k = (unsigned)LLVMConstIntGetZExtValue(x);
            out.off += LLVMOffsetOfElement(w->td, t, k);
            t = LLVMStructGetTypeAtIndex(t, k);
            if (!LLVMTypeIsSized(t))
                return (span){WHOLE, 0, WHOLE};
            lo = out.off, hi = out.off + LLVMABISizeOfType(w->td, t); /* the field's bytes */
        } else if (LLVMGetTypeKind(t) == LLVMArrayTypeKind) {
            lo = out.off, hi = out.off + LLVMABISizeOfType(w->td, t); /* the array's bytes */
            t = LLVMGetElementType(t);
            if (LLVMIsAConstantInt(x))
                out.off += LLVMConstIntGetZExtValue(x) * LLVMABISizeOfType(w->td, t);
            else
                out.off = WHOLE; /* somewhere in the array */
        } else {
            return (span){WHOLE, 0, WHOLE};
        }
        out.lo = lo > out.lo ? lo : out.lo, out.hi = hi < out.hi ? hi : out.hi;
    }
    return out;
}

/* A write of size bytes (0: unknown) through a pointer of span sp: it
 * counts when it may reach the load's bytes, and then must lie in the
 * load's function with no path from the load to it. */
static void write_at(walk *w, LLVMValueRef in, span sp, uint64_t size)
{
    uint64_t lo = sp.lo, hi = sp.hi;
    if (sp.off != WHOLE && size)
        lo = sp.off, hi = sp.off + size;
    if (hi <= w->lo || w->hi <= lo)
        return; /* other bytes */
    if (LLVMGetBasicBlockParent(LLVMGetInstructionParent(in)) != w->fn || rh_cfg_may_follow(w->load, in))
        w->ok = 0;
}

/* Checks every use of address v (derived from the root), depth-bounded. */
static void uses_of(walk *w, LLVMValueRef v, span sp, int depth)
{
    for (LLVMUseRef u = LLVMGetFirstUse(v); u && w->ok; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (depth > 12) {
            w->ok = 0;
        } else if (LLVMIsALoadInst(user)) {
            continue;
        } else if (LLVMIsAStoreInst(user)) {
            if (LLVMGetOperand(user, 0) == v)
                w->escaped = 1; /* the address escapes into memory */
            else
                write_at(w, user, sp, LLVMABISizeOfType(w->td, LLVMTypeOf(LLVMGetOperand(user, 0))));
        } else if (is_gep(user)) {
            if (LLVMGetOperand(user, 0) != v)
                w->ok = 0; /* used as an index */
            else
                uses_of(w, user, gep_span(w, user, sp), depth + 1);
        } else if (LLVMIsABitCastInst(user) || LLVMIsAAddrSpaceCastInst(user) ||
                   (LLVMIsAConstantExpr(user) && LLVMGetConstOpcode(user) == LLVMBitCast)) {
            uses_of(w, user, sp, depth + 1);
        } else if (LLVMIsACallInst(user) && is_intrinsic(user, "llvm.lifetime.")) {
            continue;
        } else if (LLVMIsACallInst(user) && is_intrinsic(user, "llvm.memcpy") &&
                   LLVMGetOperand(user, 0) != v && LLVMGetOperand(user, 2) != v) {
            continue; /* copied from */
        } else if (LLVMIsACallInst(user) && (is_intrinsic(user, "llvm.memcpy") || is_intrinsic(user, "llvm.memset")) &&
                   LLVMGetOperand(user, 0) == v && LLVMGetOperand(user, 1) != v && LLVMGetOperand(user, 2) != v) {
            LLVMValueRef len = LLVMGetOperand(user, 2);
            write_at(w, user, sp, LLVMIsAConstantInt(len) ? LLVMConstIntGetZExtValue(len) : 0);
        } else if (LLVMIsACallInst(user) && LLVMGetCalledValue(user) != v) {
            w->escaped = 1; /* passed to a call */
        } else {
            w->ok = 0; /* compared, turned into an integer */
        }
    }
}

/* The span of a constant address from its root (const_address holds). */
static span cell_span(const walk *w, LLVMValueRef p)
{
    if (LLVMIsAAllocaInst(p) || LLVMIsAGlobalVariable(p))
        return (span){0, 0, WHOLE};
    span in = cell_span(w, LLVMGetOperand(p, 0));
    return is_gep(p) ? gep_span(w, p, in) : in;
}

/* Whether main's address is taken nowhere, so main runs once. */
static int main_once(LLVMValueRef fn)
{
    size_t len;
    const char *name = LLVMGetValueName2(fn, &len);
    return len == 4 && strcmp(name, "main") == 0 && !LLVMGetFirstUse(fn);
}

/* Whether a global has a store or a memory intrinsic among its uses
 * (written at all). */
static int has_writes(LLVMValueRef v, int depth)
{
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsALoadInst(user))
            continue;
        if (depth > 12 || LLVMIsAStoreInst(user) || LLVMIsACallInst(user) || has_writes(user, depth + 1))
            return 1;
    }
    return 0;
}

/* For a root whose address escapes: every write access of the program
 * that may touch the load's bytes, by the points-to sets, lies in the
 * load's function with no path from the load to it, and that function is
 * main, run once (an escaped local of a function run twice at once could
 * be written by the other run's code). */
static int escaped_writes_precede(rh_stable *st, walk *w, LLVMValueRef root)
{
    long obj = st && st->pt ? rh_map_get_ptr(&st->pt->obj_of_site, root, -1) : -1;
    if (obj < 0 || !main_once(w->fn))
        return 0;
    long known = rh_map_get_ptr(&st->known, w->load, 0);
    if (known)
        return known == 1;
    for (int a = 0; a < st->p->naccesses && w->ok; a++) {
        const rh_access *ac = &st->p->accesses[a];
        if (ac->kind == RH_ACC_READ)
            continue;
        const rh_sset *t = rh_pt_of(st->pt, ac->ptr);
        for (uint32_t i = 0; i < t->n && w->ok; i++)
            if (rh_pt_loc_obj(t->v[i]) == (uint32_t)obj &&
                rh_pt_bytes_meet(rh_pt_loc_off(t->v[i]), ac->size, (int64_t)w->lo, (int64_t)w->hi) &&
                (LLVMGetBasicBlockParent(LLVMGetInstructionParent(ac->inst)) != w->fn ||
                 rh_cfg_may_follow(w->load, ac->inst)))
                w->ok = 0;
    }
    rh_map_put_ptr(&st->known, w->load, w->ok ? 1 : 2);
    return w->ok;
}

int rh_stable_load(rh_stable *st, LLVMValueRef v)
{
    LLVMValueRef root;
    if (!v || !LLVMIsALoadInst(v) || LLVMGetVolatile(v) || LLVMGetOrdering(v) != LLVMAtomicOrderingNotAtomic ||
        !const_address(LLVMGetOperand(v, 0), &root))
        return 0;
    walk w = {v, LLVMGetBasicBlockParent(LLVMGetInstructionParent(v)), NULL, 0, 0, 1, 0};
    w.td = LLVMGetModuleDataLayout(LLVMGetGlobalParent(w.fn));
    span at = cell_span(&w, LLVMGetOperand(v, 0));
    if (at.off == WHOLE)
        return 0;
    w.lo = at.off, w.hi = at.off + LLVMABISizeOfType(w.td, LLVMTypeOf(v));
    if (LLVMIsAGlobalVariable(root)) {
        if (LLVMIsDeclaration(root) || LLVMIsThreadLocal(root))
            return 0;
        if (has_writes(root, 0) && !main_once(w.fn))
            return 0;
    }
    uses_of(&w, root, (span){0, 0, WHOLE}, 0);
    return w.ok && (!w.escaped || escaped_writes_precede(st, &w, root));
}

/* Whether addresses p and q are the same constant address of one root. */
static int same_address(LLVMValueRef p, LLVMValueRef q, int depth)
{
    if (p == q)
        return 1;
    if (depth > 16 || !LLVMIsAGetElementPtrInst(p) || !LLVMIsAGetElementPtrInst(q) ||
        LLVMGetGEPSourceElementType(p) != LLVMGetGEPSourceElementType(q) ||
        LLVMGetNumOperands(p) != LLVMGetNumOperands(q))
        return 0;
    for (int i = 1; i < LLVMGetNumOperands(p); i++)
        if (LLVMGetOperand(p, (unsigned)i) != LLVMGetOperand(q, (unsigned)i))
            return 0; /* constants are uniqued: equal values are one object */
    return same_address(LLVMGetOperand(p, 0), LLVMGetOperand(q, 0), depth + 1);
}

int rh_stable_same(rh_stable *st, LLVMValueRef a, LLVMValueRef b)
{
    return rh_stable_load(st, a) && rh_stable_load(st, b) && LLVMTypeOf(a) == LLVMTypeOf(b) &&
           LLVMGetBasicBlockParent(LLVMGetInstructionParent(a)) == LLVMGetBasicBlockParent(LLVMGetInstructionParent(b)) &&
           same_address(LLVMGetOperand(a, 0), LLVMGetOperand(b, 0), 0);
}
