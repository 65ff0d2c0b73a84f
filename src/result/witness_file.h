/* witness_file.h - the one reader and writer of witness files (schema
 * "racehunt-witness", version RH_WITNESS_SCHEMA_VERSION) shared by every
 * engine, `racehunt replay` and the reports that embed witnesses.
 *
 * Contract: the reader rh_witness_from_json is lenient (reports written by
 * another racehunt process); a file a user hands to replay goes through
 * rh_witness_load, which checks it strictly first.
 */
#ifndef RH_WITNESS_FILE_H
#define RH_WITNESS_FILE_H

#include <jansson.h>

#include "race.h"

/* Version 2 added a step's "times"; version 1 witnesses (no "times") are
 * still read, and a reader of version 1 refuses a version 2 witness
 * instead of replaying its counted steps once. */
#define RH_WITNESS_SCHEMA_VERSION 3
#define RH_WITNESS_OLDEST_VERSION 1
/* A step's "times" (optional, 2 or more: the step repeated that many times
 * in a row) and the sum over a witness's steps are at most this. */
#define RH_WITNESS_MAX_TIMES 1000000

json_t *rh_witness_to_json(const rh_witness *w);
/* Parses a witness; returns NULL with err set when malformed. */
rh_witness *rh_witness_from_json(json_t *j, char *err);
/* An input named "clock:T:K:W" is word W of the answer to thread T's K-th
 * call of the clock (time, clock_gettime, ...; word 0 the return value,
 * then the fields it writes; src/runtime/rt_clock.c), each field at most 6
 * digits: 0 with the numbers set, -1 when name is not such a name. */
int rh_witness_clock_input(const char *name, int *tid, unsigned *call, unsigned *word);
/* Writes w to path (replaced whole or not at all); 0, or -1 with err set. */
int rh_witness_save(const rh_witness *w, const char *path, char *err);
/* Loads a witness file for replay: checked strictly by rh_witness_check
 * (schema, version, steps, threads, lines, race record) first. */
rh_witness *rh_witness_load(const char *path, char *err);
/* After the front end built a loaded witness's program: the units it
 * built are the ones the witness records, with the same SHA-256
 * (util/inputs.h).  0 when they are, 1 when the witness records none (an
 * older witness), -1 with err naming the file otherwise. */
int rh_witness_check_sources(const rh_witness *w, char *err);
/* Returns 0 when j is a well-formed witness, or -1 with err naming what
 * is wrong. */
int rh_witness_check(json_t *j, char *err);

#endif
