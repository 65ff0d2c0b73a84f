/* annotations.c - benign-race and ignore annotations for the static
 * engine (annotations.h states when they suppress a race). */
#include "annotations.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>

typedef struct benign {
    uint32_t obj;
    int64_t lo, hi;
    int sync; /* the annotation call in the model's syncs */
} benign;

struct rh_static_annot {
    benign *v;
    int n;
};

static char *reason(const rh_sync *y)
{
    return rh_xasprintf("%s at %s:%u", y->entry->name, y->loc.file, y->loc.line);
}

/* The range one benign annotation names, or 0 when it is not pinned down. */
static int pin(rh_static *s, const rh_sync *y, benign *out)
{
    const rh_conc_entry *e = y->entry;
    unsigned nargs = (unsigned)LLVMGetNumArgOperands(y->inst);
    if (e->obj < 0 || (unsigned)e->obj >= nargs || (e->size >= 0 && (unsigned)e->size >= nargs))
        return 0;
    LLVMValueRef size = e->size >= 0 ? LLVMGetOperand(y->inst, (unsigned)e->size) : NULL;
    if (size && !LLVMIsAConstantInt(size))
        return 0;
    const rh_sset *pts = rh_pt_of(&s->pt, LLVMGetOperand(y->inst, (unsigned)e->obj));
    if (pts->n != 1)
        return 0;
    uint32_t o = rh_pt_loc_obj(pts->v[0]);
    int32_t off = rh_pt_loc_off(pts->v[0]);
    /* one object for one piece of memory: a global (a heap or stack
     * object stands for every block its site makes) */
    if (off == RH_PT_ANY || s->pt.objs[o].kind != RH_PT_GLOBAL)
        return 0;
    uint64_t n = size ? LLVMConstIntGetZExtValue(size) : 1; /* AnnotateBenignRace: one byte */
    *out = (benign){o, off, off + (int64_t)(n ? n : 1), 0};
    return 1;
}

rh_static_annot *rh_static_annot_build(rh_static *s)
{
    rh_static_annot *an = rh_xcalloc(1, sizeof *an);
    for (int i = 0; i < s->p->nsyncs; i++) {
        const rh_sync *y = &s->p->syncs[i];
        if (!y->entry || y->entry->op != RH_OP_BENIGN)
            continue;
        benign b;
        if (!pin(s, y, &b)) {
            char *why = reason(y);
            rh_result_note(s->res, "static: the benign-race annotation %s names memory it cannot pin "
                                   "down (one global at a known offset, a constant size): races there "
                                   "are reported, not suppressed", why);
            free(why);
            continue;
        }
        b.sync = i;
        an->v = rh_xrealloc(an->v, (size_t)(an->n + 1) * sizeof *an->v);
        an->v[an->n++] = b;
    }
    return an;
}

void rh_static_annot_free(rh_static_annot *an)
{
    if (an)
        free(an->v);
    free(an);
}

/* The benign range [lo, hi) of object o meets, or -1: as in
 * ThreadSanitizer (FindRace in tsan_interface_ann.cpp), a race is benign
 * when its bytes overlap the range, so AnnotateBenignRace's one byte at a
 * variable's address covers races on the variable. */
static int covering(const rh_static_annot *an, uint32_t o, int64_t lo, int64_t hi)
{
    for (int i = 0; i < an->n; i++)
        if (an->v[i].obj == o && an->v[i].lo < hi && lo < an->v[i].hi)
            return i;
    return -1;
}

/* The benign range that every byte range the two accesses may both touch
 * meets (every target at a known offset, of a known size), or -1. */
static int benign_pair(rh_static *s, const rh_static_annot *an, int a1, int a2)
{
    const rh_access *x = &s->p->accesses[a1], *y = &s->p->accesses[a2];
    if (!an->n || !x->size || !y->size)
        return -1;
    const rh_sset *px = rh_pt_of(&s->pt, x->ptr), *py = rh_pt_of(&s->pt, y->ptr);
    int found = -1;
    for (uint32_t i = 0; i < px->n; i++)
        for (uint32_t j = 0; j < py->n; j++) {
            uint32_t o = rh_pt_loc_obj(px->v[i]);
            int32_t ox = rh_pt_loc_off(px->v[i]), oy = rh_pt_loc_off(py->v[j]);
            if (rh_pt_loc_obj(py->v[j]) != o)
                continue;
            if (ox == RH_PT_ANY || oy == RH_PT_ANY)
                return -1;
            int64_t lo = ox > oy ? ox : oy, hx = ox + (int64_t)x->size, hy = oy + (int64_t)y->size;
            int64_t hi = hx < hy ? hx : hy;
            if (lo >= hi)
                continue; /* these two targets do not meet */
            int k = covering(an, o, lo, hi);
            if (k < 0)
                return -1;
            found = found < 0 ? k : found;
        }
    return found;
}

/* Whether the call may end an ignore region or run code that does: an
 * annotation's end, or any call but a pure or benign one. */
static int breaks_region(rh_static *s, LLVMValueRef call, unsigned kind)
{
    const rh_conc_entry *e = rh_model_call_entry(s->p, call);
    if (!e)
        return 1;
    if (e->op == RH_OP_IGNORE_END)
        return (e->flags & kind) != 0;
    return e->op != RH_OP_PURE && e->op != RH_OP_IGNORE && e->op != RH_OP_BENIGN &&
           e->op != RH_OP_IGNORE_BEGIN && e->op != RH_OP_FORGET;
}

/* The ignore-begin call whose region holds access a, or NULL: walking back
 * from it through blocks with one predecessor, a begin of its kind comes
 * before any end of that kind or other call. */
static LLVMValueRef ignore_region(rh_static *s, int a)
{
    const rh_access *acc = &s->p->accesses[a];
    unsigned kind = acc->kind == RH_ACC_READ ? RH_F_OBJ_READ
                  : acc->kind == RH_ACC_WRITE ? RH_F_OBJ_WRITE : RH_F_OBJ_READ | RH_F_OBJ_WRITE;
    if (acc->from_call)
        return NULL; /* a library call: the walk would start at the call itself */
    LLVMValueRef in = acc->inst;
    for (int steps = 0; steps < 4096; steps++) {
        LLVMValueRef prev = LLVMGetPreviousInstruction(in);
        if (!prev) {
            LLVMBasicBlockRef b = LLVMGetInstructionParent(in), pred = NULL;
            LLVMValueRef f = LLVMGetBasicBlockParent(b);
            int npred = 0;
            for (LLVMBasicBlockRef c = LLVMGetFirstBasicBlock(f); c && npred < 2; c = LLVMGetNextBasicBlock(c)) {
                LLVMValueRef t = LLVMGetBasicBlockTerminator(c);
                for (unsigned k = 0; t && k < LLVMGetNumSuccessors(t); k++)
                    if (LLVMGetSuccessor(t, k) == b)
                        npred++, pred = c;
            }
            if (npred != 1 || pred == b)
                return NULL;
            in = LLVMGetBasicBlockTerminator(pred);
            continue;
        }
        in = prev;
        if (!LLVMIsACallInst(in))
            continue;
        const rh_conc_entry *e = rh_model_call_entry(s->p, in);
        if (e && e->op == RH_OP_IGNORE_BEGIN && (e->flags & kind) == kind)
            return in;
        if (breaks_region(s, in, kind))
            return NULL;
    }
    return NULL;
}

static const rh_sync *sync_of(rh_static *s, LLVMValueRef call)
{
    for (int i = 0; i < s->p->nsyncs; i++)
        if (s->p->syncs[i].inst == call)
            return &s->p->syncs[i];
    return NULL;
}

void rh_static_annot_label(rh_static *s, const rh_static_annot *an, int a1, int a2, rh_race *r)
{
    int k = benign_pair(s, an, a1, a2);
    const rh_sync *y = k >= 0 ? &s->p->syncs[an->v[k].sync] : NULL;
    for (int i = 0; i < 2 && !y; i++) {
        LLVMValueRef begin = ignore_region(s, i ? a2 : a1);
        y = begin ? sync_of(s, begin) : NULL;
    }
    if (!y)
        return;
    r->hidden = RH_HID_ANNOTATION;
    r->hidden_by = reason(y);
}
