/* report.c - the dispatch over output formats, and writing a report where
 * -o says.
 */
#include "report.h"
#include "util/outfile.h"
#include "util/util.h"

int rh_report_write(const rh_result *res, const rh_options *o, FILE *out, char *err)
{
    switch (o->format) {
    case RH_FORMAT_TEXT: rh_report_text(res, o, out); return 0;
    case RH_FORMAT_JSON: rh_report_json(res, o, out); return 0;
    case RH_FORMAT_SARIF: rh_report_sarif(res, o, out); return 0;
    case RH_FORMAT_HTML: rh_report_html(res, o, out); return 0;
    default: return rh_fail(err, "this output format is not available yet");
    }
}

int rh_report_save(const rh_result *res, const rh_options *o, char *err)
{
    rh_outfile out;
    if (rh_outfile_open(&out, o->output, "report", err))
        return -1;
    if (rh_report_write(res, o, out.f, err)) {
        rh_outfile_abort(&out);
        return -1;
    }
    return rh_outfile_commit(&out, err);
}
