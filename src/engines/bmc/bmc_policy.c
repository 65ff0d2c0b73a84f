/* bmc_policy.c - runs bmc's encodings in the order bmc_policy.h states:
 * lazy sequentialization for races, then the partial-order encoding for
 * the proof lazy could not give.
 */
#include "bmc_policy.h"
#include "po_encode.h"
#include "util/util.h"

/* engine.h: the bmc engine's entry */
int rh_bmc_run(rh_program *prog, const rh_options *o, rh_budget *budget, rh_result *res, char *err)
{
    if (o->bmc_encoding == RH_BMC_ENC_LAZY)
        return rh_bmc_lazy_run(prog, o, budget, res, err);
    if (o->bmc_encoding == RH_BMC_ENC_PO)
        return rh_po_run(prog, o, budget, res, err);
    double t0 = rh_now();
    rh_budget lazy = *budget;
    lazy.deadline = t0 + (budget->deadline - t0) * RH_BMC_LAZY_SHARE;
    int rc = rh_bmc_lazy_run(prog, o, &lazy, res, err);
    if (rc || res->verdict != RH_UNKNOWN || res->nraces > 0 || rh_cancelled() ||
        rh_now() >= budget->deadline)
        return rc;
    rh_result_note(res, "bmc: lazy sequentialization gave no answer in %.1f s; the partial-order "
                        "encoding (no bound on context switches) ran next", rh_now() - t0);
    return rh_po_run(prog, o, budget, res, err);
}
