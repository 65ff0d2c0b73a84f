/* fuzz_optfile.c - the option file .racehunt (cli_env.c), read as a run
 * reads it: from the working directory, before the command line. */
#include "fuzz_util.h"
#include "cli/cli.h"
#include "util/util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_file(".racehunt", data, size);
    char *argv[] = {"racehunt", "prog.c", NULL};
    rh_options o;
    char err[RH_ERR_MAX];
    rh_cli_parse(2, argv, &o, err);
    rh_cli_free(&o);
    return 0;
}
