/* fuzz_report.c - JSON reports read back by --from-report (result_parse.c),
 * then written in the text, JSON and SARIF formats as a run would. */
#include "fuzz_util.h"
#include "report/report.h"
#include "result/result_json.h"
#include "util/util.h"

#include <jansson.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    json_error_t jerr;
    json_t *j = json_loadb((const char *)data, size, 0, &jerr);
    if (!j)
        return 0;
    rh_result res;
    char err[RH_ERR_MAX];
    int rc = rh_result_from_json(j, &res, err);
    json_decref(j);
    if (rc)
        return 0;
    static FILE *sink;
    if (!sink)
        sink = fopen("/dev/null", "w");
    rh_options o;
    memset(&o, 0, sizeof o);
    o.engine = "auto";
    for (int f = RH_FORMAT_TEXT; f <= RH_FORMAT_SARIF; f++) {
        o.format = (rh_format)f;
        rh_report_write(&res, &o, sink, err);
    }
    rh_result_free(&res);
    return 0;
}
