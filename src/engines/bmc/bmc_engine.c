/* bmc_engine.c - placeholder for the bmc engine: it is not implemented
 * yet, so it decides nothing and says so.
 */
#include "../engine.h"

int rh_bmc_run(rh_program *prog, const rh_options *o, double deadline, rh_result *res, char *err)
{
    (void)prog, (void)o, (void)deadline, (void)err;
    res->verdict = RH_UNKNOWN;
    rh_result_note(res, "the bmc engine is not implemented yet");
    return 0;
}
