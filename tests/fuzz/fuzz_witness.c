/* fuzz_witness.c - witness files as `racehunt replay` reads them
 * (report_json.c, witness_check.c). */
#include "fuzz_util.h"
#include "result/witness_file.h"
#include "util/util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_file("w.json", data, size);
    char err[RH_ERR_MAX];
    rh_witness *w = rh_witness_load(path, err);
    if (w)
        rh_witness_free(w);
    return 0;
}
