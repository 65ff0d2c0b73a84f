/* bmc_annot.c - annotations that make races suppressed or forget accesses
 * (model/annotations.c) in the bounded program.
 *
 * A benign-race annotation (AnnotateBenignRaceSized, VALGRIND_HG_DISABLE_
 * CHECKING) is a marker position holding its byte range: the race monitor
 * (bmc_sched.c, rh_bmc_benign_excluded) reports no race whose two accesses
 * both touch a range whose marker the path reaches, so bmc never shows a
 * benign race as a race.  Those races are real, though, and bmc does not
 * report them suppressed, so the annotation gives up the proof.  Ignore
 * regions and new-memory annotations depend on the order of the accesses
 * around them, which the monitor does not track: the path ends there (no
 * proof, no race through it).  The end of an ignore region does nothing.
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
    if (e->op != RH_OP_BENIGN) {
        rh_bmc_unsupported_kill(w, st, call, e->op == RH_OP_FORGET
                                                 ? "a new-memory annotation (it forgets earlier accesses)"
                                                 : "an ignore-accesses annotation");
        return;
    }
    Z3_ast a = e->obj >= 0 && (unsigned)e->obj < nargs ? rh_bmc_value(w, st, LLVMGetOperand(call, (unsigned)e->obj))
                                                      : NULL;
    Z3_ast n = e->size >= 0 && (unsigned)e->size < nargs
                   ? rh_bmc_value(w, st, LLVMGetOperand(call, (unsigned)e->size)) : NULL;
    if (!a || (e->size >= 0 && !n)) {
        rh_bmc_unsupported_kill(w, st, call, "a benign-race annotation on memory it cannot resolve");
        return;
    }
    rh_bmc_no_proof(c, call, "a benign-race annotation (the races it covers are real; bmc does not "
                             "report them)");
    rh_bmc_pos *p = rh_bmc_posp(w, rh_bmc_emit(w, st, RH_BMC_P_NOP, call, "benign race"));
    p->flags |= RH_BMC_PF_BENIGN;
    p->addr = rh_bmc_resize(c, a, c->aw, 0);
    p->len = n ? rh_bmc_resize(c, n, c->aw, 0) : Z3_mk_unsigned_int(c->z, 1, rh_bmc_bv_sort(c, c->aw));
}
