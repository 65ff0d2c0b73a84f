/* srclines.h - the source lines races point to, each file read once, for
 * fingerprints (the text of an access line) and in-source annotations.
 *
 * Contract: rh_srclines_get returns line `line` (1-based) of `file`
 * without its line end, valid until rh_srclines_free, or NULL when the
 * file cannot be read or is shorter.  Files are read as they are on disk
 * now, named as the report names them (relative to the current directory).
 *
 * Only inputs of the analysed program are read (inputs.h): any other file
 * "cannot be read".  Names in a report
 * come from the program's debug information, which a `#line 1 "/etc/passwd"`
 * directive or a crafted --from-report JSON sets to anything; the front end
 * allows the files clang actually opened (the units and the headers in
 * clang's dependency list), a re-rendered report the sources named on the
 * command line.
 */
#ifndef RH_SRCLINES_H
#define RH_SRCLINES_H

#include <stddef.h>

typedef struct rh_srclines rh_srclines;

rh_srclines *rh_srclines_new(void);
const char *rh_srclines_get(rh_srclines *s, const char *file, unsigned line, size_t *len);
void rh_srclines_free(rh_srclines *s);


#endif
