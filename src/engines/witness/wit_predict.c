/* wit_predict.c - placeholder until the SMT search lands: no candidate is
 * ever reported without a replay, so finding none is the honest answer. */
#include "witness.h"

int rh_wit_predict(const rh_wit_ctx *c, const rh_dyn_trace *t, rh_race **out)
{
    (void)c, (void)t;
    *out = NULL;
    return 0;
}
