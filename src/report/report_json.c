/* report_json.c - the JSON report: the result's document
 * (result/result_json.h) written indented.
 */
#include "report.h"
#include "result/result_json.h"

void rh_report_json(const rh_result *res, const rh_options *o, FILE *out)
{
    json_t *j = rh_result_to_json(res, o->may);
    json_dumpf(j, out, JSON_INDENT(2));
    fputc('\n', out);
    json_decref(j);
}
