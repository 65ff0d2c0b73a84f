/* check.h - the assertion every unit test counts with: CHECK(cond) records
 * a pass, or a failure with its file, line and condition on stderr; a test's
 * main prints the counts and exits non-zero when anything failed.
 */
#ifndef RH_UNIT_CHECK_H
#define RH_UNIT_CHECK_H

#include <stdio.h>

static int failed, passed;

#define CHECK(cond)                                                                                \
    do {                                                                                           \
        if (cond)                                                                                  \
            passed++;                                                                              \
        else {                                                                                     \
            failed++;                                                                              \
            fprintf(stderr, "FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);                        \
        }                                                                                          \
    } while (0)

#endif
