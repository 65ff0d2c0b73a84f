/* fuzz_suppress.c - suppressions files (suppress.c), and the pattern
 * matcher on what they hold. */
#include "fuzz_util.h"
#include "result/suppress.h"
#include "util/util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *path = fuzz_file("race.supp", data, size);
    rh_suppressions s = {0};
    char err[RH_ERR_MAX];
    if (rh_supp_load(&s, path, err) == 0)
        for (int i = 0; i < s.nrules; i++) {
            rh_supp_pattern_match(s.rules[i].pattern, "worker_counter");
            rh_supp_pattern_match(s.rules[i].pattern, "src/pool.c");
            rh_supp_pattern_match(s.rules[i].pattern, "");
        }
    rh_supp_free(&s);
    return 0;
}
