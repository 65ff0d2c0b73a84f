/* report.h - writing a result in the formats users read: text (laid out
 * like ThreadSanitizer's reports), JSON (result/result_json.h, documented
 * in doc/report.md), SARIF, HTML and the SV-COMP GraphML witness, every one
 * with the races grouped per memory location (result/group.h), and the
 * dispatch between them (report.c).
 *
 * Contract: writers only read the result; they never look at engines, and
 * nothing below the command line includes this header.
 */
#ifndef RH_REPORT_H
#define RH_REPORT_H

#include <stdio.h>

#include "util/options.h"
#include "result/race.h"

#define RH_VERSION_STRING "0.1.0"

void rh_report_text(const rh_result *res, const rh_options *o, FILE *out);
void rh_report_json(const rh_result *res, const rh_options *o, FILE *out);
void rh_report_sarif(const rh_result *res, const rh_options *o, FILE *out);
void rh_report_html(const rh_result *res, const rh_options *o, FILE *out);

/* Writes the result in the format the options ask for.  Returns 0 or -1
 * with err set (e.g. a format not built in yet). */
int rh_report_write(const rh_result *res, const rh_options *o, FILE *out, char *err);

/* Writes the report where -o says (standard output without it): a file
 * is replaced whole or not at all (util/outfile.h).  Returns 0, or -1
 * with err set when it could not be written. */
int rh_report_save(const rh_result *res, const rh_options *o, char *err);

/* Writes s with the characters HTML and XML reserve escaped. */
void rh_report_escape_xml(FILE *out, const char *s);
/* An SV-COMP GraphML violation witness for no-data-race of `program`
 * (the first race's schedule, or the minimal witness without one). */
int rh_svcomp_witness_save(const rh_result *res, const char *program, int ilp32, const char *path,
                           char *err);

#endif
