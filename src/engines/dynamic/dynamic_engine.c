/* dynamic_engine.c - placeholder for the dynamic engine: it is not implemented
 * yet, so it decides nothing and says so.
 */
#include "../engine.h"

#include <stdio.h>

int rh_dynamic_run(rh_program *prog, const rh_options *o, double deadline, rh_result *res, char *err)
{
    (void)prog, (void)o, (void)deadline, (void)err;
    res->verdict = RH_UNKNOWN;
    rh_result_note(res, "the dynamic engine is not implemented yet");
    return 0;
}

int rh_dynamic_command(const rh_options *o)
{
    fprintf(stderr, "racehunt: error: 'racehunt %s' needs the dynamic engine, which is not built yet\n",
            o->command);
    return 2;
}
