/* slot_forward.c - a load that reads back what its function stored into
 * the same cell with nothing in between that may write it (see
 * slot_forward.h): a backward walk from the load over every path.
 */
#include "slot_forward.h"
#include "cfg.h"
#include "util/hashmap.h"

#include <stdlib.h>
#include <string.h>

#define FWD_MAX_BLOCKS 256 /* blocks one walk scans before it gives up */
#define FWD_MAX_DEPTH 8    /* operand nesting compared by same_address */
#define FWD_MAX_PAIRS 4096 /* location pairs one alias test compares */

/* Instructions that compute an address or an index from their operands
 * alone: two of them with equal operands compute the same value. */
static int pure_op(LLVMOpcode op)
{
    switch (op) {
    case LLVMGetElementPtr: case LLVMSExt: case LLVMZExt: case LLVMTrunc: case LLVMBitCast:
    case LLVMAdd: case LLVMSub: case LLVMMul: case LLVMShl:
        return 1;
    default:
        return 0;
    }
}

/* Whether a and b surely denote the same address (or index). */
static int same_address(LLVMValueRef a, LLVMValueRef b, int depth)
{
    if (a == b)
        return 1;
    if (depth > FWD_MAX_DEPTH || !LLVMIsAInstruction(a) || !LLVMIsAInstruction(b))
        return 0;
    LLVMOpcode op = LLVMGetInstructionOpcode(a);
    int n = LLVMGetNumOperands(a);
    if (op != LLVMGetInstructionOpcode(b) || !pure_op(op) || n != LLVMGetNumOperands(b) ||
        LLVMTypeOf(a) != LLVMTypeOf(b))
        return 0;
    if (op == LLVMGetElementPtr && LLVMGetGEPSourceElementType(a) != LLVMGetGEPSourceElementType(b))
        return 0;
    for (int i = 0; i < n; i++)
        if (!same_address(LLVMGetOperand(a, (unsigned)i), LLVMGetOperand(b, (unsigned)i), depth + 1))
            return 0;
    return 1;
}

/* Whether a store through ptr may reach an object of the cell's set. */
static int may_alias_cell(rh_pt *pt, LLVMValueRef ptr, const rh_sset *cell)
{
    const rh_sset *pts = rh_pt_of(pt, ptr);
    if (!pts->n || (uint64_t)pts->n * cell->n > FWD_MAX_PAIRS)
        return 1;
    for (uint32_t i = 0; i < pts->n; i++)
        for (uint32_t j = 0; j < cell->n; j++)
            if (rh_pt_loc_obj(pts->v[i]) == rh_pt_loc_obj(cell->v[j]))
                return 1;
    return 0;
}

/* Calls that neither write memory the program sees nor release: debug
 * and lifetime markers, and the library's malloc and calloc.  An
 * allocation may acquire (a free of another thread synchronises with it),
 * but never releases, so no write of another thread made after the
 * store can be ordered before the load through it: a write the load
 * could read instead still races with the store itself. */
static int inert_call(const rh_pt *pt, LLVMValueRef call)
{
    LLVMValueRef fn = LLVMGetCalledValue(call);
    size_t len;
    const char *name = fn && LLVMIsAFunction(fn) ? LLVMGetValueName2(fn, &len) : NULL;
    if (name && (!strncmp(name, "llvm.dbg.", 9) || !strncmp(name, "llvm.lifetime.", 14)))
        return 1;
    const rh_conc_entry *e = pt->p ? rh_model_call_entry(pt->p, call) : NULL;
    return e && (e->op == RH_OP_ALLOC || e->op == RH_OP_CALLOC);
}

static int plain_access(LLVMValueRef in)
{
    return !LLVMGetVolatile(in) && LLVMGetOrdering(in) == LLVMAtomicOrderingNotAtomic;
}

typedef struct fwd_walk {
    rh_pt *pt;
    LLVMValueRef load, addr;
    const rh_sset *cell;
    LLVMValueRef value; /* what the stores found so far store */
    rh_map seen;        /* blocks scanned from their end */
    rh_map defs;        /* the instructions the load's address is computed from */
    RH_VEC(LLVMBasicBlockRef) work;
} fwd_walk;

/* Records the instructions address v is computed from that are not pure
 * operations (a phi, a load, a call): a walk that meets one has gone back
 * past its definition (a loop's previous iteration, where the same SSA
 * value held another index), and a store found beyond it wrote another
 * cell.  The pure operations recomputed between the store and the load
 * are functions of these. */
static void note_defs(fwd_walk *w, LLVMValueRef v, int depth)
{
    if (!LLVMIsAInstruction(v))
        return;
    if (depth > FWD_MAX_DEPTH || !pure_op(LLVMGetInstructionOpcode(v))) {
        rh_map_put_ptr(&w->defs, v, 1);
        return;
    }
    for (int i = 0; i < LLVMGetNumOperands(v); i++)
        note_defs(w, LLVMGetOperand(v, (unsigned)i), depth + 1);
}

/* One instruction met walking back from the load: 1 the path ends at a
 * forwarding store, 0 go on, -1 the walk fails. */
static int step(fwd_walk *w, LLVMValueRef in)
{
    if (rh_map_get_ptr(&w->defs, in, 0))
        return -1;
    switch (LLVMGetInstructionOpcode(in)) {
    case LLVMStore:
        if (same_address(LLVMGetOperand(in, 1), w->addr, 0)) {
            LLVMValueRef v = LLVMGetOperand(in, 0);
            if (!plain_access(in) || LLVMTypeOf(v) != LLVMTypeOf(w->load) || (w->value && w->value != v))
                return -1;
            w->value = v;
            return 1;
        }
        return may_alias_cell(w->pt, LLVMGetOperand(in, 1), w->cell) ? -1 : 0;
    case LLVMAtomicRMW: case LLVMAtomicCmpXchg: case LLVMFence: case LLVMInvoke: case LLVMCallBr:
        return -1;
    case LLVMCall:
        return inert_call(w->pt, in) ? 0 : -1;
    default:
        return 0;
    }
}

/* Queues the predecessors of b; 0 when it has none (the entry) or one
 * the walk cannot name (an indirect branch's block address). */
static int queue_preds(fwd_walk *w, LLVMBasicBlockRef b)
{
    int n = 0;
    for (LLVMUseRef u = LLVMGetFirstUse(LLVMBasicBlockAsValue(b)); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (!LLVMIsAInstruction(user) || !LLVMIsATerminatorInst(user))
            return 0;
        LLVMBasicBlockRef p = LLVMGetInstructionParent(user);
        n++;
        if (rh_map_get_ptr(&w->seen, p, 0))
            continue;
        if (w->seen.len >= FWD_MAX_BLOCKS)
            return 0;
        rh_map_put_ptr(&w->seen, p, 1);
        rh_vec_push(&w->work, p);
    }
    return n > 0;
}

/* Walks back from `from` (exclusive; NULL: the end of b): 0 when a path
 * fails. */
static int scan(fwd_walk *w, LLVMBasicBlockRef b, LLVMValueRef from)
{
    for (LLVMValueRef in = from ? LLVMGetPreviousInstruction(from) : LLVMGetLastInstruction(b); in;
         in = LLVMGetPreviousInstruction(in)) {
        int r = step(w, in);
        if (r)
            return r > 0;
    }
    return queue_preds(w, b);
}

LLVMValueRef rh_fwd_stored(rh_pt *pt, LLVMValueRef load)
{
    if (!load || !LLVMIsALoadInst(load) || !plain_access(load))
        return NULL;
    fwd_walk w = {.pt = pt, .load = load, .addr = LLVMGetOperand(load, 0)};
    w.cell = rh_pt_of(pt, w.addr);
    if (!w.cell->n)
        return NULL;
    note_defs(&w, w.addr, 0);
    int ok = scan(&w, LLVMGetInstructionParent(load), load);
    while (ok && w.work.len)
        ok = scan(&w, w.work.items[--w.work.len], NULL);
    rh_map_free(&w.seen);
    rh_map_free(&w.defs);
    rh_vec_free(&w.work);
    return ok ? w.value : NULL;
}

static int is_inst(LLVMValueRef in, void *target)
{
    return in == target;
}

LLVMValueRef rh_fwd_current(rh_pt *pt, LLVMValueRef load)
{
    LLVMValueRef v = rh_fwd_stored(pt, load), st = NULL;
    if (!v || !LLVMIsAInstruction(v))
        return v;
    for (LLVMUseRef u = LLVMGetFirstUse(v); u; u = LLVMGetNextUse(u)) {
        LLVMValueRef user = LLVMGetUser(u);
        if (LLVMIsAStoreInst(user) && LLVMGetOperand(user, 0) == v) {
            if (st)
                return NULL;
            st = user;
        }
    }
    if (!st || LLVMGetInstructionParent(st) == NULL ||
        LLVMGetBasicBlockParent(LLVMGetInstructionParent(st)) != LLVMGetBasicBlockParent(LLVMGetInstructionParent(load)) ||
        LLVMGetBasicBlockParent(LLVMGetInstructionParent(v)) != LLVMGetBasicBlockParent(LLVMGetInstructionParent(load)))
        return NULL;
    return rh_cfg_reaches_before(v, st, NULL, is_inst, load) ? NULL : v;
}
