/* fuzz_cli.c - the command line (cli.c): the bytes are the arguments, one
 * per NUL-separated word, after "racehunt". */
#include "fuzz_util.h"
#include "cli/cli.h"
#include "util/util.h"

#define MAX_WORDS 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fuzz_workdir(); /* no .racehunt there: the command line alone */
    char *copy = malloc(size + 1);
    memcpy(copy, data, size);
    copy[size] = '\0';
    char *argv[MAX_WORDS + 2] = {"racehunt"};
    int argc = 1;
    for (size_t at = 0; at <= size && argc <= MAX_WORDS; at += strlen(copy + at) + 1)
        argv[argc++] = copy + at;
    rh_options o;
    char err[RH_ERR_MAX];
    rh_cli_parse(argc, argv, &o, err);
    rh_cli_free(&o);
    free(copy);
    return 0;
}
