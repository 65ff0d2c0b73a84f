/* suppress.h - races the user has declared benign: a suppressions file in
 * ThreadSanitizer's syntax (--suppressions=FILE) and annotations in the
 * source (a comment holding racehunt:benign).
 *
 * The file: one rule a line, `TYPE:PATTERN`; `#` starts a comment line;
 * blank lines are skipped.  `race:` matches a race when PATTERN matches a
 * function name, a file name (of either access or any frame of their
 * stacks) or the source name of the variable raced on; `race_top:` looks
 * at the two accessing functions and files only.  PATTERN matches as in
 * ThreadSanitizer: anywhere in the name, `*` for any text, `^` and `$`
 * anchoring it to the start and end.  TSan's other types (thread, mutex,
 * signal, deadlock, called_from_lib) are accepted and match nothing:
 * racehunt reports no such problems, and it analyses source, not the
 * libraries a program calls.
 *
 * The annotation: `racehunt:benign` (or `racehunt-ignore`) in a comment on
 * the line of either access, or alone in a comment on the line above it.
 *
 * Contract: rh_supp_load returns 0, or -1 with "FILE:LINE: what is wrong"
 * in err.  Match functions return the rule's or annotation's description
 * in a new string, or NULL.
 */
#ifndef RH_SUPPRESS_H
#define RH_SUPPRESS_H

#include "race.h"
#include "util/srclines.h"

typedef struct rh_supp_rule {
    int top_only;     /* race_top: */
    int inert;        /* a type racehunt accepts but has nothing to match with */
    char *pattern;
    char *text;       /* "race:counter (supp.txt:3)" */
    int hits;
} rh_supp_rule;

typedef struct rh_suppressions {
    rh_supp_rule *rules;
    int nrules;
} rh_suppressions;

int rh_supp_load(rh_suppressions *s, const char *path, char *err);
void rh_supp_free(rh_suppressions *s);
char *rh_supp_match(rh_suppressions *s, const rh_race *r);
char *rh_supp_annotated(const rh_race *r, rh_srclines *src);
/* TSan's pattern match (exposed for the unit test). */
int rh_supp_pattern_match(const char *pattern, const char *name);

#endif
