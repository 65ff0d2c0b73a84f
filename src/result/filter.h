/* filter.h - deciding which races a report shows: every race gets its
 * fingerprint, and races the user declared benign (annotation, then
 * --suppressions) or already knows (--baseline) are marked hidden with
 * the reason.  Hidden races stay in the result: summaries count them and
 * JSON and SARIF list them as suppressed.
 *
 * Contract: returns 0, or -1 with err set when the suppressions file or
 * the baseline cannot be read.  Adds a note per suppression rule that hid
 * races.  rh_filter_check only reads the files, so a bad one is an error
 * before the analysis starts.
 */
#ifndef RH_FILTER_H
#define RH_FILTER_H

#include "util/options.h"
#include "race.h"

int rh_filter_result(rh_result *res, const rh_options *o, char *err);
int rh_filter_check(const rh_options *o, char *err);

#endif
