/* baseline.h - the races of an earlier report (--baseline=REPORT), so a
 * run reports only the races that are new since.
 *
 * The earlier report is racehunt's JSON (each race's "fingerprint") or its
 * SARIF (each result's partialFingerprints["racehuntRace/v1"]).  A JSON
 * race without a fingerprint (a report from before fingerprints) gets one
 * from the source as it is now.
 *
 * Contract: rh_baseline_load returns 0, or -1 with err naming the file and
 * the problem.  Races the earlier report itself hid count as known too.
 */
#ifndef RH_BASELINE_H
#define RH_BASELINE_H

#include "util/srclines.h"

typedef struct rh_baseline {
    char **fps;  /* sorted */
    int n;
} rh_baseline;

int rh_baseline_load(rh_baseline *b, const char *path, rh_srclines *src, char *err);
int rh_baseline_has(const rh_baseline *b, const char *fingerprint);
void rh_baseline_free(rh_baseline *b);

#endif
