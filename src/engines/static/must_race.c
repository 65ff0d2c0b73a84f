/* must_race.c - must-race evidence (see must_race.h). */
#include "must_race.h"

rh_must *rh_must_build(rh_static *s)
{
    (void)s;
    return NULL;
}

int rh_must_check(rh_must *m, int a1, int t1, int a2, int t2)
{
    (void)m, (void)a1, (void)t1, (void)a2, (void)t2;
    return 0;
}

void rh_must_free(rh_must *m)
{
    (void)m;
}
