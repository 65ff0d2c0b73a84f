/* bmc_annot.c - annotations that make races suppressed or forget accesses
 * (model/annotations.c) in the bounded program.
 *
 * A benign-race annotation (AnnotateBenignRaceSized, VALGRIND_HG_DISABLE_
 * CHECKING) is a marker position holding its byte range: the race monitor
 * (bmc_sched.c) reports no race whose two accesses both touch a range whose
 * marker the path reaches, so bmc never shows a benign race as a race.  A
 * new-memory annotation (AnnotateNewMemory, VALGRIND_HG_CLEAN_MEMORY) is a
 * marker too: no race whose two accesses touch its range while it runs
 * between them (after the first in its context, or before the second in
 * its) is reported, as ThreadSanitizer forgets the first access there.
 * Those races are real, and bmc does not report them suppressed, so both
 * give up the proof.  Ignore regions depend on the thread's state at each
 * access, which the monitor does not track: the path ends there (no proof,
 * no race through it); the end of an ignore region does nothing, and so
 * does a new-memory annotation of a whole heap block, whose size the
 * encoding does not know (it ends the path).
 */
#include "bmc_walk.h"

void rh_bmc_call_annot(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, const rh_conc_entry *e)
{
    rh_bmc_ctx *c = w->c;
    unsigned nargs = (unsigned)LLVMGetNumArgOperands(call);
    if (e->op == RH_OP_IGNORE_END) {
        rh_bmc_emit(w, st, RH_BMC_P_NOP, call, "ignore end");
        return;
    }
    if (e->op == RH_OP_IGNORE_BEGIN || (e->op == RH_OP_FORGET && e->size < 0)) {
        rh_bmc_unsupported_kill(w, st, call, e->op == RH_OP_FORGET
                                                 ? "a new-memory annotation of a whole heap block"
                                                 : "an ignore-accesses annotation");
        return;
    }
    Z3_ast a = e->obj >= 0 && (unsigned)e->obj < nargs ? rh_bmc_value(w, st, LLVMGetOperand(call, (unsigned)e->obj))
                                                      : NULL;
    Z3_ast n = e->size >= 0 && (unsigned)e->size < nargs
                   ? rh_bmc_value(w, st, LLVMGetOperand(call, (unsigned)e->size)) : NULL;
    if (!a || (e->size >= 0 && !n)) {
        rh_bmc_unsupported_kill(w, st, call, "a benign-race or new-memory annotation on memory it cannot "
                                             "resolve");
        return;
    }
    int benign = e->op == RH_OP_BENIGN;
    rh_bmc_no_proof(c, call, benign ? "a benign-race annotation (the races it covers are real; bmc does "
                                      "not report them)"
                                    : "a new-memory annotation (the races it forgets are real; bmc does "
                                      "not report them)");
    rh_bmc_pos *p = rh_bmc_posp(w, rh_bmc_emit(w, st, RH_BMC_P_NOP, call, benign ? "benign race" : "new memory"));
    p->flags |= benign ? RH_BMC_PF_BENIGN : RH_BMC_PF_FORGET;
    p->addr = rh_bmc_resize(c, a, c->aw, 0);
    p->len = n ? rh_bmc_resize(c, n, c->aw, 0) : Z3_mk_unsigned_int(c->z, 1, rh_bmc_bv_sort(c, c->aw));
}
