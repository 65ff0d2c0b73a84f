/* inputs.h - the files of the analysed program, as the front end found
 * them: the units it compiled and every file clang opened for them (their
 * headers).  Reports quote source text only from these (srclines.h), and
 * witnesses record the units' content hashes so that a replay refuses a
 * program that changed (result/witness_check.c).
 *
 * Contract: one list per process, filled before any report is written;
 * files are kept by real path (a path that does not exist is not added),
 * so a name in a report matches however it is spelled.
 */
#ifndef RH_INPUTS_H
#define RH_INPUTS_H

/* Adds `path` (relative to dir when not absolute and dir is not NULL,
 * else to the current directory); unit: a file compiled, not a header. */
void rh_inputs_add(const char *path, const char *dir, int unit);
/* Whether `path` (relative to the current directory) is an input. */
int rh_inputs_has(const char *path);
/* The units, by real path, in the order added. */
int rh_inputs_nunits(void);
const char *rh_inputs_unit(int i);
/* SHA-256 of unit i's content (64 hex digits), read once; NULL when it
 * cannot be read. */
const char *rh_inputs_unit_sha256(int i);

#endif
