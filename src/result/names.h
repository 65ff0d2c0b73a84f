/* names.h - source names for what the engines describe with LLVM's names.
 *
 * Engines describe memory with the names LLVM gives it ("global '.str.142'",
 * "local 'x.addr' of f", "global 'main.count'", function "f.1"); users know
 * their program's names ("a string literal", "parameter 'x' of f", "static
 * 'count' of main", "f").  Every race passes through rh_names_clean_race on
 * its way into a result (race.c), so no internal name reaches a report.
 *
 * Contract: rh_names_clean returns a new string (the caller frees it);
 * descriptions without internal names come back unchanged, so cleaning is
 * idempotent.  rh_names_source_name returns the source variable a cleaned
 * description names ("counter", "count"), or NULL, in a new string.
 * rh_names_is_program_global is 1 when a cleaned description names a
 * variable of static storage the program defines ("global 'counter'",
 * "static 'count' of main"), 0 for everything else: the stack, the heap,
 * memory behind a pointer, and the library's hidden state ("global 'libc:
 * strtok's static buffer'").
 */
#ifndef RH_NAMES_H
#define RH_NAMES_H

#include "race.h"

char *rh_names_clean(const char *desc);
void rh_names_clean_race(rh_race *r);
char *rh_names_source_name(const char *desc);
int rh_names_is_program_global(const char *desc);

#endif
