/* fuzz_rsp.c - response files (cmdline.c, @FILE as gcc reads it) and the
 * classification of the words they hold (flags.c). */
#include "fuzz_util.h"
#include "frontend/flags.h"
#include "util/util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_file("args.rsp", data, size);
    char **argv = NULL;
    int argc = 0;
    rh_argv_push(&argv, &argc, "cc");
    rh_argv_push(&argv, &argc, "@args.rsp");
    rh_argv_push(&argv, &argc, "main.c");
    char **read = NULL, err[RH_ERR_MAX];
    int nread = 0;
    rh_expand_response_files(fuzz_workdir(), &argv, &argc, &read, &nread, err);
    rh_argv_free(read, nread);
    for (int i = 1, n = 1; i < argc; i += n > 0 ? n : 1)
        rh_flag_classify(argv, argc, i, &n);
    rh_argv_free(argv, argc);
    return 0;
}
