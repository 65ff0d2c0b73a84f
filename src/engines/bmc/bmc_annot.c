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
 * Ignore regions (AnnotateIgnoreReadsBegin/End, ...) are marker positions
 * too: an access made while more begins than ends of its kind ran before
 * it in its thread is never one of a reported race.  Those races are real,
 * and bmc does not report them suppressed, so these annotations give up the
 * proof.  A new-memory annotation of a whole heap block, whose size the
 * encoding does not know, ends the path (no proof, no race through it).
 */
#include "bmc_walk.h"

void rh_bmc_call_annot(rh_bmc_walk *w, rh_bmc_state *st, LLVMValueRef call, const rh_conc_entry *e)
{
    rh_bmc_ctx *c = w->c;
    unsigned nargs = (unsigned)LLVMGetNumArgOperands(call);
    if (e->op == RH_OP_IGNORE_BEGIN || e->op == RH_OP_IGNORE_END) {
        int end = e->op == RH_OP_IGNORE_END;
        if (!end)
            rh_bmc_no_proof(c, call, "an ignore-accesses annotation (the races it hides are real; bmc does "
                                     "not report them)");
        rh_bmc_pos *p = rh_bmc_posp(w, rh_bmc_emit(w, st, RH_BMC_P_NOP, call, end ? "ignore end" : "ignore begin"));
        p->flags |= (e->flags & RH_F_OBJ_READ ? RH_BMC_PF_IGN_R : 0) | (e->flags & RH_F_OBJ_WRITE ? RH_BMC_PF_IGN_W : 0) |
                    (end ? RH_BMC_PF_IGN_END : 0);
        return;
    }
    if (e->op == RH_OP_FORGET && e->size < 0) {
        rh_bmc_unsupported_kill(w, st, call, "a new-memory annotation of a whole heap block");
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
