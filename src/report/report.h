/* report.h - writing a result in the formats users read: text (laid out
 * like ThreadSanitizer's reports), JSON (schema "racehunt-report",
 * version 2, documented in README.md), SARIF and HTML, every one with the
 * races grouped per memory location (group.h).  Witness files have their own JSON
 * schema ("racehunt-witness", version 1) shared by every engine.
 *
 * Contract: writers only read the result; they never look at engines.
 */
#ifndef RH_REPORT_H
#define RH_REPORT_H

#include <jansson.h>
#include <stdio.h>

#include "../options.h"
#include "race.h"

#define RH_VERSION_STRING "0.1.0"
#define RH_WITNESS_SCHEMA_VERSION 1

void rh_report_text(const rh_result *res, const rh_options *o, FILE *out);
void rh_report_json(const rh_result *res, const rh_options *o, FILE *out);
void rh_report_sarif(const rh_result *res, const rh_options *o, FILE *out);
void rh_report_html(const rh_result *res, const rh_options *o, FILE *out);

/* The JSON form of a result (the report schema), and back: used to pass
 * results between processes of the portfolio.  from_json returns 0, or -1
 * with err set when the text is not a racehunt report. */
json_t *rh_result_to_json(const rh_result *res, int with_may);
int rh_result_from_json(json_t *j, rh_result *res, char *err);

/* Writes the result in the format the options ask for.  Returns 0 or -1
 * with err set (e.g. a format not built in yet). */
int rh_report_write(const rh_result *res, const rh_options *o, FILE *out, char *err);

/* Writes the report where -o says (standard output without it): a file
 * is replaced whole or not at all (util/outfile.h).  Returns 0, or -1
 * with err set when it could not be written. */
int rh_report_save(const rh_result *res, const rh_options *o, char *err);

/* Writes s with the characters HTML and XML reserve escaped. */
void rh_report_escape_xml(FILE *out, const char *s);
/* s (a name or string from the analysed program) with control characters,
 * DEL, C1 controls and the backslash written as C escapes (\n, \x1b), so it
 * prints as one line and sends the terminal nothing; owned, NULL for NULL. */
char *rh_report_escape_text(const char *s);

json_t *rh_witness_to_json(const rh_witness *w);
/* Parses a witness; returns NULL with err set when malformed. */
rh_witness *rh_witness_from_json(json_t *j, char *err);
int rh_witness_save(const rh_witness *w, const char *path, char *err);
/* Loads a witness file for replay: checked strictly by rh_witness_check
 * (schema, version, steps, threads, lines, race record) first. */
rh_witness *rh_witness_load(const char *path, char *err);
/* After the front end built a loaded witness's program: the units it
 * built are the ones the witness records, with the same SHA-256 (inputs.h).
 * 0 when they are, 1 when the witness records none (an older witness),
 * -1 with err naming the file otherwise. */
int rh_witness_check_sources(const rh_witness *w, char *err);
/* Returns 0 when j is a well-formed witness, or -1 with err naming what
 * is wrong. */
int rh_witness_check(json_t *j, char *err);

/* An SV-COMP GraphML violation witness for no-data-race of `program`
 * (the first race's schedule, or the minimal witness without one). */
int rh_svcomp_witness_save(const rh_result *res, const char *program, int ilp32, const char *path,
                           char *err);

#endif
