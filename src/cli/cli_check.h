/* cli_check.h - validation of option values, so that a bad value is one
 * error line and exit code 2 before any work starts (cli.c calls these).
 *
 * Contract: each returns 0, or -1 with one sentence in err naming the
 * option or the path and what is wrong with it.  Nothing is modified:
 * rh_cli_writable leaves an existing file's content alone and removes the
 * file it created to find out.
 */
#ifndef RH_CLI_CHECK_H
#define RH_CLI_CHECK_H

#include "util/options.h"

/* A finite number of seconds > 0 (no nan, inf, sign tricks or suffixes). */
int rh_cli_seconds(const char *opt, const char *arg, double *out, char *err);
/* Decimal digits only, lo <= value <= hi. */
int rh_cli_whole(const char *opt, const char *arg, unsigned long long lo, unsigned long long hi,
                 unsigned long long *out, char *err);
/* auto or an engine of the portfolio's table. */
int rh_cli_engine(const char *name, char *err);
/* A strategy of the dynamic engine a user may ask for. */
int rh_cli_strategy(const char *name, char *err);
/* racehunt will be able to write `path` (what: "report", "witness"). */
int rh_cli_writable(const char *path, const char *what, char *err);

/* Whether a and b name the same file: the same device and inode when
 * both exist, else the same path once the directories are resolved. */
int rh_cli_same_path(const char *a, const char *b);
/* No output (-o, --witness) is a file racehunt reads (sources, option and
 * side inputs, the database, response files after --), and the two
 * outputs are not one file: compared by identity, so ./x.c, x.c and a
 * symbolic link to x.c are the same. */
int rh_cli_outputs(const rh_options *o, char *err);

#endif
