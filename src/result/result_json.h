/* result_json.h - a result as a JSON document (the report schema) and
 * back.  The JSON report writes the first; the portfolio passes results
 * between processes with both.
 */
#ifndef RH_RESULT_JSON_H
#define RH_RESULT_JSON_H

#include <jansson.h>

#include "race.h"

#define RH_REPORT_SCHEMA_VERSION 3

/* The report document of res; may-races are listed only with with_may.
 * The caller owns the reference. */
json_t *rh_result_to_json(const rh_result *res, int with_may);
/* Fills res from a report document; returns 0, or -1 with err set when the
 * text is not a racehunt report. */
int rh_result_from_json(json_t *j, rh_result *res, char *err);

#endif
