/* bmc_process.c - fork and waiting for children in the bounded program.
 *
 * Races are between threads of one process, and a forked child is another
 * process with a copy of the memory and one thread, the caller.  So an
 * execution of the bounded program follows one process: at each fork it
 * continues, by a free choice, either as the parent (fork returns a fresh
 * positive pid, or -1 when it fails) or as the child (fork returns 0).
 * Continuing as the child, every thread that existed at the fork never runs
 * again (bmc_sched.c: a position marks the fork, and their contexts after
 * it are empty), so a join of one of them blocks unless it had already
 * ended, as in glibc; threads the child creates afterwards run normally.
 * What the threads did before the fork is the child's past, copied with
 * the memory, and what the parent does afterwards never meets the child's
 * accesses.  Memory shared between the processes (mmap, shmat) is not
 * encoded at all: those calls end the path with a note (call_library).
 *
 * wait and waitpid return any result from -1 up (a child's pid, 0 under
 * WNOHANG, or an error) and write an arbitrary status when they return a
 * pid: a child's end orders nothing among the parent's threads.
 */
#include "bmc_walk.h"
#include "util/util.h"

#include <string.h>

void rh_bmc_call_fork(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call)
{
    rh_bmc_ctx *c = w->c;
    Z3_ast child = rh_bmc_fresh(c, "forkchild", 0), failed = rh_bmc_fresh(c, "forkfailed", 0);
    Z3_ast pid = rh_bmc_fresh(c, "pid", 32), g = st->guard;
    st->guard = rh_bmc_and(c, g, child);
    if (!rh_bmc_is_false(c, st->guard)) {
        int i = rh_bmc_emit(w, st, RH_BMC_P_NOP, call, "fork: the child goes on");
        c->forks = rh_xrealloc(c->forks, (size_t)(c->nforks + 1) * sizeof *c->forks);
        c->forks[c->nforks++] = (rh_bmc_fork){w->thread, i};
    }
    st->guard = rh_bmc_and(c, g, rh_bmc_and(c, rh_bmc_not(c, child), rh_bmc_not(c, failed)));
    int i = rh_bmc_emit(w, st, RH_BMC_P_ASSUME, call, "fork: a child's pid");
    rh_bmc_posp(w, i)->cond = Z3_mk_bvsgt(c->z, pid, rh_bmc_bv(c, 0, 32));
    st->guard = g;
    unsigned bits = rh_bmc_type_bits(c, LLVMTypeOf(call));
    Z3_ast r = rh_bmc_ite(c, child, rh_bmc_bv(c, 0, 32), rh_bmc_ite(c, failed, rh_bmc_bv(c, (uint64_t)-1, 32), pid));
    if (bits)
        rh_bmc_state_set(st, call, rh_bmc_resize(c, r, bits, 1));
}

/* The waits for a child, by the position of their status pointer (data:
 * the library specification says only that they write it). */
static const struct {
    const char *name;
    unsigned status;
} waits[] = {
    {"wait", 0},
    {"waitpid", 1},
};

int rh_bmc_call_wait(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, const rh_conc_entry *e)
{
    rh_bmc_ctx *c = w->c;
    int k = -1;
    for (int i = 0; i < (int)(sizeof waits / sizeof waits[0]); i++)
        if (strcmp(e->name, waits[i].name) == 0)
            k = i;
    if (k < 0 || waits[k].status >= LLVMGetNumArgOperands(call) || rh_bmc_type_bits(c, LLVMTypeOf(call)) != 32)
        return 0;
    Z3_ast r = rh_bmc_fresh(c, "waited", 32);
    int i = rh_bmc_emit(w, st, RH_BMC_P_ASSUME, call, "wait: a result");
    rh_bmc_posp(w, i)->cond = Z3_mk_bvsge(c->z, r, rh_bmc_bv(c, (uint64_t)-1, 32));
    LLVMValueRef sp = LLVMGetOperand(call, waits[k].status);
    Z3_ast s = rh_bmc_value(w, st, sp);
    if (!s) {
        rh_bmc_unsupported_kill(w, st, call, "a wait for a child with an unknown status pointer");
        return 1;
    }
    if (!rh_model_null(sp)) {
        Z3_ast g = st->guard;
        st->guard = rh_bmc_and(c, g, rh_bmc_and(c, rh_bmc_nonzero(c, s),
                                                Z3_mk_bvsgt(c->z, r, rh_bmc_bv(c, 0, 32))));
        rh_bmc_pos *p = rh_bmc_posp(w, rh_bmc_emit(w, st, RH_BMC_P_STORE, call, "write"));
        p->addr = rh_bmc_resize(c, s, c->aw, 0);
        p->size = 4;
        p->len = rh_bmc_bv(c, 4, c->aw);
        p->val = rh_bmc_fresh(c, "status", 32);
        p->flags |= RH_BMC_PF_RACE;
        st->guard = g;
    }
    rh_bmc_state_set(st, call, r);
    return 1;
}
