/* sample.h - loads one of tests/unit/data's programs through the front end,
 * as the unit tests of the stages after it need: load_sample() returns the
 * file name the program was loaded from (the caller frees it after
 * rh_model_free(), as the program refers to it), or NULL, with the front
 * end's error on stderr and a failed CHECK, when it would not load.
 */
#ifndef RH_UNIT_SAMPLE_H
#define RH_UNIT_SAMPLE_H

#include "check.h"
#include "frontend/frontend.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>

static char *load_sample(const char *dir, const char *name, const char *engine, int ilp32,
                         rh_program *p)
{
    char *file = rh_xasprintf("%s/unit/data/%s", dir, name);
    const char *files[] = {file};
    rh_options o = {0};
    o.engine = engine;
    o.files = files;
    o.nfiles = 1;
    o.ilp32 = ilp32;
    char err[RH_ERR_MAX];
    int rc = rh_frontend_load(&o, NULL, p, err);
    CHECK(rc == 0);
    if (rc) {
        fprintf(stderr, "%s\n", err);
        free(file);
        return NULL;
    }
    return file;
}

#endif
