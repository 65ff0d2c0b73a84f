/* fuzz_baseline.c - earlier reports given as --baseline (baseline.c):
 * racehunt's JSON or its SARIF. */
#include "fuzz_util.h"
#include "result/baseline.h"
#include "util/util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_file("base.json", data, size);
    rh_srclines *src = rh_srclines_new();
    rh_baseline b = {0};
    char err[RH_ERR_MAX];
    if (rh_baseline_load(&b, path, src, err) == 0) {
        rh_baseline_has(&b, "0123456789abcdef");
        rh_baseline_free(&b);
    }
    rh_srclines_free(src);
    return 0;
}
