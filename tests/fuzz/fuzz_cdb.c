/* fuzz_cdb.c - compilation databases (units.c): the bytes are
 * compile_commands.json in a build directory given as -p; a response file
 * args.rsp beside it holds "-DFROM_RSP -Iinc" for entries that name it. */
#include "fuzz_util.h"
#include "frontend/frontend.h"
#include "util/options.h"
#include "util/util.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static const uint8_t rsp[] = "-DFROM_RSP -Iinc \"quoted arg\"\n";
    fuzz_file("args.rsp", rsp, sizeof rsp - 1);
    fuzz_file("compile_commands.json", data, size);
    rh_options o;
    memset(&o, 0, sizeof o);
    o.build_dir = fuzz_workdir();
    rh_tu_list l;
    char err[RH_ERR_MAX];
    if (rh_frontend_units(&o, &l, err) == 0)
        rh_frontend_units_free(&l);
    return 0;
}
