/* fingerprint.h - a race's identity across edits, for --baseline and
 * SARIF's partialFingerprints ("racehuntRace/v1").
 *
 * A fingerprint hashes, for each of the two accesses, its kind (read or
 * write), its function, its file's base name, the text of its source
 * line with whitespace and comments removed, and where in that text its
 * column falls (which of the line's accesses it is); the two are sorted, so the
 * order the engine lists them in does not matter.  Line and column
 * numbers are left out, so edits elsewhere that move the racy lines keep
 * the fingerprint; editing the racy line itself makes a new race.  The
 * object is left out too: engines describe one location differently (a
 * static "global 'x'" is a dynamic "memory at 0x..."), and the line text
 * already names what is accessed.
 *
 * Contract: 16 lowercase hex digits in a new string.  Where the source is
 * not readable the line number stands in for its text.
 */
#ifndef RH_FINGERPRINT_H
#define RH_FINGERPRINT_H

#include "race.h"
#include "util/srclines.h"

#define RH_FINGERPRINT_KEY "racehuntRace/v1"

char *rh_fingerprint_race(const rh_race *r, rh_srclines *src);
/* Sets the fingerprint of every race that has none yet. */
void rh_fingerprint_result(rh_result *res, rh_srclines *src);

#endif
