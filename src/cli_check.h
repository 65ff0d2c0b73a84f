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

#endif
