/* fuzz_model.c - --model files (concurrency.c), then a look-up of every
 * name they define. */
#include "fuzz_util.h"
#include "model/concurrency.h"
#include "util/util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_file("locks.model", data, size);
    rh_conc_table t = {0};
    char err[RH_ERR_MAX];
    if (rh_conc_load_file(&t, path, err) == 0)
        for (int i = 0; i < t.nuser; i++)
            rh_conc_lookup(&t, t.user[i].name, 1);
    rh_conc_free(&t);
    return 0;
}
