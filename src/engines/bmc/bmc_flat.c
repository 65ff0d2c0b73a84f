/* bmc_flat.c - builds the bounded program: walks each thread instance's
 * start routine block by block in IR order (goto-symex style), merging the
 * states that reach a block, inlining calls, and unwinding back edges
 * --unwind times.  A loop whose exits were all decided by concrete values
 * in an iteration is unwound on (up to the attempt's concrete_loops), so
 * loops with a statically known trip count are unwound fully.  A back edge taken more
 * often becomes an unwinding assumption (a KILL position flagged CUT): the
 * bounded program's executions are then prefixes of real ones.
 */
#include "bmc_walk.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>

typedef struct incoming {
    rh_bmc_state st;
    int pred; /* block index the state comes from, -1 at entry */
} incoming;

typedef RH_VEC(incoming) incoming_vec;

typedef struct fwalk {
    rh_bmc_walk *w;
    LLVMValueRef fn;
    LLVMBasicBlockRef *blocks;
    int n;
    rh_map index;        /* block -> index */
    incoming_vec *pending;  /* per block */
    unsigned *stamp;        /* when each block was last walked */
    int (*live)[4];         /* successors its last walk could go to, -1 none, -2 many */
    unsigned tick;
    rh_bmc_state ret;       /* merged returning paths */
    int nret;
    LLVMValueRef retkey;    /* key under which ret keeps the returned value */
} fwalk;

static int block_index(fwalk *f, LLVMBasicBlockRef b)
{
    return (int)rh_map_get_ptr(&f->index, b, -1);
}

/* Evaluates the phis of block b for every incoming state, then joins them. */
static void join_block(fwalk *f, int b, rh_bmc_state *out)
{
    rh_bmc_ctx *c = f->w->c;
    incoming_vec *in = &f->pending[b];
    LLVMBasicBlockRef bb = f->blocks[b];
    for (size_t j = 0; j < in->len; j++) {
        incoming *inc = &in->items[j];
        Z3_ast vals[64];
        LLVMValueRef phis[64];
        int np = 0;
        for (LLVMValueRef i = LLVMGetFirstInstruction(bb); i && LLVMIsAPHINode(i) && np < 64;
             i = LLVMGetNextInstruction(i)) {
            Z3_ast v = NULL;
            for (unsigned k = 0; inc->pred >= 0 && k < LLVMCountIncoming(i); k++)
                if (LLVMGetIncomingBlock(i, k) == f->blocks[inc->pred]) {
                    v = rh_bmc_value(f->w, &inc->st, LLVMGetIncomingValue(i, k));
                    break;
                }
            if (!v) {
                unsigned bits = rh_bmc_type_bits(c, LLVMTypeOf(i));
                v = rh_bmc_fresh(c, "phi", bits ? bits : 8);
            }
            phis[np] = i;
            vals[np++] = v;
        }
        /* phis read their operands in parallel: set them only afterwards */
        for (int k = 0; k < np; k++)
            rh_bmc_state_set(&inc->st, phis[k], vals[k]);
    }
    *out = in->items[0].st;
    for (size_t j = 1; j < in->len; j++) {
        rh_bmc_state_merge(c, out, &in->items[j].st);
        rh_bmc_state_free(&in->items[j].st);
    }
    in->len = 0;
}

static void push(fwalk *f, int to, int from, rh_bmc_state *st)
{
    incoming inc = {*st, from};
    rh_vec_push(&f->pending[to], inc);
}

/* Whether the loop [s, i] could be left in the iteration that just ended
 * (an exit edge some path of it takes: the trip count is not known), or has
 * no exit at all (an endless loop). */
static int loop_exit_symbolic(fwalk *f, int s, int i)
{
    int has_exit = 0;
    for (int j = s; j <= i; j++) {
        LLVMValueRef t = LLVMGetBasicBlockTerminator(f->blocks[j]);
        int ret = t && LLVMGetInstructionOpcode(t) == LLVMRet;
        has_exit |= ret;
        for (unsigned k = 0; t && k < LLVMGetNumSuccessors(t); k++) {
            int d = block_index(f, LLVMGetSuccessor(t, k));
            has_exit |= d < s || d > i;
        }
        if (f->stamp[j] < f->stamp[s])
            continue; /* not walked in this iteration */
        if (ret)
            return 1;
        for (int k = 0; k < 4 && f->live[j][k] != -1; k++)
            if (f->live[j][k] == -2 || f->live[j][k] < s || f->live[j][k] > i)
                return 1;
    }
    return !has_exit;
}

/* Follows one edge i -> s under guard g: forward edges wait at their
 * target, back edges are unwound or cut.  Returns the block to go back to,
 * or -1.  Consumes *st. */
static int take_edge(fwalk *f, int i, int s, Z3_ast g, rh_bmc_state *st, LLVMValueRef term)
{
    rh_bmc_ctx *c = f->w->c;
    st->guard = g;
    if (s > i) {
        push(f, s, i, st);
        return -1;
    }
    rh_bmc_loop *l = NULL;
    for (int k = 0; k < st->nloops; k++)
        if (st->loops[k].from == i && st->loops[k].to == s)
            l = &st->loops[k];
    if (!l) {
        st->loops = rh_xrealloc(st->loops, (size_t)(st->nloops + 1) * sizeof *st->loops);
        l = &st->loops[st->nloops++];
        l->from = i, l->to = s, l->count = 0;
    }
    int concrete = l->count >= (int)c->unwind && !loop_exit_symbolic(f, s, i);
    if (l->count < (int)c->unwind || (concrete && l->count < (int)c->concrete_loops)) {
        l->count++;
        /* inner loops start counting afresh in every iteration of this one */
        for (int k = 0; k < st->nloops; k++)
            if (st->loops[k].from < i && st->loops[k].to > s)
                st->loops[k].count = 0;
        push(f, s, i, st);
        return s;
    }
    c->ncuts_concrete += concrete && !rh_bmc_is_false(c, st->guard);
    rh_bmc_kill(f->w, st, term, RH_BMC_PF_CUT, "loop unwinding bound");
    rh_bmc_state_free(st);
    return -1;
}

static void do_return(fwalk *f, rh_bmc_state *st, LLVMValueRef term)
{
    rh_bmc_ctx *c = f->w->c;
    if (LLVMGetNumOperands(term) > 0) {
        Z3_ast v = rh_bmc_value(f->w, st, LLVMGetOperand(term, 0));
        rh_bmc_state_set(st, f->retkey, v ? v : rh_bmc_fresh(c, "ret", 8));
    }
    /* keep only what the caller needs: guard, atomic depth, return value */
    rh_bmc_state r;
    rh_bmc_state_init(&r, st->guard);
    r.atomic = st->atomic;
    Z3_ast v = rh_bmc_state_get(st, f->retkey);
    if (v)
        rh_bmc_state_set(&r, f->retkey, v);
    rh_bmc_state_free(st);
    if (f->nret++ == 0)
        f->ret = r;
    else {
        rh_bmc_state_merge(c, &f->ret, &r);
        rh_bmc_state_free(&r);
    }
}

/* The terminator of block i: returns the block to jump back to, or -1. */
static int terminate(fwalk *f, int i, rh_bmc_state *st)
{
    rh_bmc_ctx *c = f->w->c;
    LLVMValueRef t = LLVMGetBasicBlockTerminator(f->blocks[i]);
    LLVMOpcode op = t ? LLVMGetInstructionOpcode(t) : LLVMUnreachable;
    for (int k = 0; k < 4; k++)
        f->live[i][k] = -1;
    if (op == LLVMRet) {
        do_return(f, st, t);
        return -1;
    }
    if (op == LLVMUnreachable) {
        rh_bmc_kill(f->w, st, t, 0, "unreachable code");
        rh_bmc_state_free(st);
        return -1;
    }
    if (op != LLVMBr && op != LLVMSwitch) {
        rh_bmc_unsupported_kill(f->w, st, t, "an unsupported terminator instruction");
        rh_bmc_state_free(st);
        return -1;
    }
    unsigned ns = LLVMGetNumSuccessors(t);
    Z3_ast conds[256];
    if (ns > 256) {
        rh_bmc_unsupported_kill(f->w, st, t, "a switch with more than 256 cases");
        rh_bmc_state_free(st);
        return -1;
    }
    if (op == LLVMBr && ns == 1) {
        conds[0] = rh_bmc_true(c);
    } else if (op == LLVMBr) {
        Z3_ast v = rh_bmc_value(f->w, st, LLVMGetCondition(t));
        conds[0] = v ? rh_bmc_nonzero(c, v) : rh_bmc_fresh(c, "br", 0);
        conds[1] = rh_bmc_not(c, conds[0]);
    } else {
        /* switch: operands are cond, default, (value, dest)*; successor k>=1 is case k */
        Z3_ast v = rh_bmc_value(f->w, st, LLVMGetOperand(t, 0));
        Z3_ast none = rh_bmc_true(c);
        for (unsigned k = 1; k < ns; k++) {
            Z3_ast cv = rh_bmc_value(f->w, st, LLVMGetOperand(t, 2 * k));
            conds[k] = v && cv ? rh_bmc_fold(c, Z3_mk_eq(c->z, v, cv)) : rh_bmc_fresh(c, "sw", 0);
            none = rh_bmc_and(c, none, rh_bmc_not(c, conds[k]));
        }
        conds[0] = none;
    }
    /* Every live successor is recorded before any edge is taken: a back
     * edge asks whether this iteration could leave the loop, and the exit
     * may be a later successor of this very branch (do-while latches). */
    int back = -1, nlive = 0, succ[256];
    for (unsigned k = 0; k < ns; k++) {
        conds[k] = rh_bmc_and(c, st->guard, conds[k]);
        succ[k] = rh_bmc_is_false(c, conds[k]) ? -1 : block_index(f, LLVMGetSuccessor(t, k));
        if (succ[k] >= 0 && nlive < 4)
            f->live[i][nlive++] = succ[k];
        else if (succ[k] >= 0)
            f->live[i][0] = -2;
    }
    for (unsigned k = 0; k < ns; k++) {
        if (succ[k] < 0)
            continue;
        rh_bmc_state copy;
        rh_bmc_state_copy(&copy, st);
        int j = take_edge(f, i, succ[k], conds[k], &copy, t);
        if (j >= 0 && (back < 0 || j < back))
            back = j;
    }
    rh_bmc_state_free(st);
    return back;
}

static int walk_block(fwalk *f, int i, rh_bmc_state *st)
{
    rh_bmc_ctx *c = f->w->c;
    f->stamp[i] = ++f->tick;
    for (int k = 0; k < 4; k++) /* until its terminator says otherwise, no way out */
        f->live[i][k] = -1;
    for (LLVMValueRef in = LLVMGetFirstInstruction(f->blocks[i]); in;
         in = LLVMGetNextInstruction(in)) {
        if (LLVMIsAPHINode(in))
            continue;
        if (LLVMIsATerminatorInst(in))
            break;
        if (rh_bmc_is_false(c, st->guard))
            break;
        if (rh_bmc_exec(f->w, st, in))
            return -1;
    }
    return 0;
}

static void fwalk_free(fwalk *f)
{
    for (int i = 0; i < f->n; i++) {
        for (size_t j = 0; j < f->pending[i].len; j++)
            rh_bmc_state_free(&f->pending[i].items[j].st);
        rh_vec_free(&f->pending[i]);
    }
    free(f->pending);
    free(f->blocks);
    free(f->stamp);
    free(f->live);
    rh_map_free(&f->index);
}

static int walk_body(fwalk *f, rh_bmc_state *entry)
{
    rh_bmc_ctx *c = f->w->c;
    push(f, 0, -1, entry);
    int i = 0, rc = 0;
    while (i < f->n && rc == 0) {
        if (f->pending[i].len == 0) {
            i++;
            continue;
        }
        if (rh_now() > c->deadline || rh_cancelled() || c->npositions > RH_BMC_MAX_POSITIONS)
            return -1;
        rh_bmc_state st;
        join_block(f, i, &st);
        if (rh_bmc_is_false(c, st.guard)) {
            rh_bmc_state_free(&st);
            i++;
            continue;
        }
        rc = walk_block(f, i, &st);
        if (rc) {
            rh_bmc_state_free(&st);
            break;
        }
        if (rh_bmc_is_false(c, st.guard)) {
            rh_bmc_state_free(&st);
            i++;
            continue;
        }
        int back = terminate(f, i, &st);
        i = back >= 0 ? back : i + 1;
    }
    return rc;
}

int rh_bmc_inline(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef fn, Z3_ast *args,
                  unsigned nargs, Z3_ast *ret)
{
    rh_bmc_ctx *c = w->c;
    fwalk f;
    memset(&f, 0, sizeof f);
    f.w = w;
    f.fn = fn;
    f.n = (int)LLVMCountBasicBlocks(fn);
    f.blocks = rh_xcalloc((size_t)f.n, sizeof *f.blocks);
    LLVMGetBasicBlocks(fn, f.blocks);
    for (int i = 0; i < f.n; i++)
        rh_map_put_ptr(&f.index, f.blocks[i], i);
    f.pending = rh_xcalloc((size_t)f.n, sizeof *f.pending);
    f.stamp = rh_xcalloc((size_t)f.n, sizeof *f.stamp);
    f.live = rh_xcalloc((size_t)f.n, sizeof *f.live);
    f.retkey = fn; /* a function is never an SSA value of its own body */

    rh_bmc_frame frame = {fn, w->frame};
    w->frame = &frame;
    rh_bmc_state entry;
    rh_bmc_state_init(&entry, st->guard);
    entry.atomic = st->atomic;
    unsigned np = LLVMCountParams(fn);
    for (unsigned k = 0; k < np; k++) {
        LLVMValueRef p = LLVMGetParam(fn, k);
        unsigned bits = rh_bmc_type_bits(c, LLVMTypeOf(p));
        Z3_ast v = k < nargs && args[k] ? args[k] : rh_bmc_fresh(c, "arg", bits ? bits : 8);
        rh_bmc_state_set(&entry, p, bits && rh_bmc_width(c, v) != bits ? rh_bmc_resize(c, v, bits, 0) : v);
    }
    int rc = walk_body(&f, &entry);
    w->frame = frame.up;
    if (rc == 0 && f.nret) {
        st->guard = f.ret.guard;
        st->atomic = f.ret.atomic;
        *ret = rh_bmc_state_get(&f.ret, f.retkey);
    } else {
        st->guard = rh_bmc_false(c);
        *ret = NULL;
    }
    if (f.nret)
        rh_bmc_state_free(&f.ret);
    fwalk_free(&f);
    return rc;
}

/* An instance beyond the thread cap: created, never run.  Its first
 * position is a cut (the run may not go past it) and its end unreachable,
 * so a join on it blocks: every execution of the bounded program is still
 * a prefix of a real one, where the instance simply was not scheduled yet. */
static void idle_thread(rh_bmc_ctx *c, int t)
{
    rh_bmc_walk w;
    memset(&w, 0, sizeof w);
    w.c = c;
    w.thread = t;
    rh_bmc_state st;
    rh_bmc_state_init(&st, rh_bmc_true(c));
    rh_bmc_kill(&w, &st, NULL, RH_BMC_PF_CUT, "thread instance not run (thread bound)");
    rh_bmc_thread *th = &c->threads[t];
    th->end_pos = rh_bmc_emit(&w, &st, RH_BMC_P_NOP, NULL, "end");
    th = &c->threads[t];
    th->pos[th->end_pos].flags |= RH_BMC_PF_END;
    rh_bmc_state_free(&st);
}

/* Walks thread instance t from its start routine to its END marker. */
static int walk_thread(rh_bmc_ctx *c, int t)
{
    if (c->threads[t].idle) {
        idle_thread(c, t);
        return 0;
    }
    rh_bmc_thread *th = &c->threads[t];
    rh_bmc_walk w;
    memset(&w, 0, sizeof w);
    w.c = c;
    w.thread = t;
    w.exit_guard = rh_bmc_false(c);
    rh_bmc_state st;
    rh_bmc_state_init(&st, rh_bmc_true(c));
    LLVMValueRef fn = c->prog->funcs[th->func].fn;
    Z3_ast args[2] = {th->arg, NULL}, ret = NULL;
    if (t == 0 && LLVMCountParams(fn) >= 1) {
        /* main(argc, argv): any argc >= 1, argv a zeroed array */
        unsigned bits = rh_bmc_type_bits(c, LLVMTypeOf(LLVMGetParam(fn, 0)));
        args[0] = c->argc = rh_bmc_fresh(c, "argc", bits);
        args[1] = rh_bmc_bv(c, rh_bmc_alloc(c, RH_BMC_O_HEAP, 64, NULL), c->aw);
    }
    int rc = rh_bmc_inline(&w, &st, fn, args, 2, &ret);
    if (rc == 0)
        rc = rh_bmc_cleanup_finish(&w);
    else
        free(w.cleanup);
    if (rc) {
        free(w.tsd);
        return rc;
    }
    th = &c->threads[t];
    Z3_ast ended = w.exit_guard;
    if (t == 0) {
        /* returning from main ends the process: nothing may follow */
        rh_bmc_kill(&w, &st, NULL, 0, "main returns");
    } else {
        ended = rh_bmc_or(c, ended, st.guard);
    }
    th->retval = ret ? ret : w.exit_val;
    if (ret && w.exit_val && rh_bmc_width(c, ret) == rh_bmc_width(c, w.exit_val))
        th->retval = rh_bmc_ite(c, st.guard, ret, w.exit_val);
    st.guard = ended;
    st.atomic = 0;
    rc = rh_bmc_tsd_exit(&w, &st); /* key destructors run as the thread ends */
    if (rc)
        return rc;
    th = &c->threads[t];
    th->end_pos = rh_bmc_emit(&w, &st, RH_BMC_P_NOP, NULL, "end");
    th = &c->threads[t];
    th->pos[th->end_pos].flags |= RH_BMC_PF_END;
    rh_bmc_state_free(&st);
    return 0;
}

/* Atomic blocks: a run of NOSWITCH positions and the one that closes it. */
static void atomic_blocks(rh_bmc_thread *th)
{
    for (int i = 0; i < th->npos; i++) {
        th->pos[i].blk_start = th->pos[i].blk_end = i;
        if (!(th->pos[i].flags & RH_BMC_PF_NOSWITCH))
            continue;
        int j = i;
        while (j < th->npos - 1 && (th->pos[j].flags & RH_BMC_PF_NOSWITCH))
            j++;
        for (int k = i; k <= j; k++)
            th->pos[k].blk_start = i, th->pos[k].blk_end = j;
        i = j;
    }
}

int rh_bmc_flatten(rh_bmc_ctx *c)
{
    rh_program *p = c->prog;
    if (p->main_func < 0) {
        rh_bmc_unsupported(c, NULL, "a program without main");
        return -1;
    }
    memset(&c->threads[0], 0, sizeof c->threads[0]);
    c->threads[0].func = p->main_func;
    c->threads[0].parent = c->threads[0].create_pos = -1;
    c->nthreads = 1;
    rh_bmc_cancel_init(c);
    for (int t = 0; t < c->nthreads; t++)
        if (walk_thread(c, t))
            return -1;
    for (int t = 0; t < c->nthreads; t++)
        atomic_blocks(&c->threads[t]);
    return 0;
}

void rh_bmc_free_threads(rh_bmc_ctx *c)
{
    free(c->forks);
    c->forks = NULL;
    c->nforks = 0;
    for (int t = 0; t < c->nthreads; t++) {
        free(c->threads[t].pos);
        rh_map_free(&c->threads[t].tls);
    }
    c->nthreads = 0;
}
