/* cli.h - the command line: parsing into rh_options and the help text.
 *
 * Contract: rh_cli_parse returns 0 and fills o, 1 when it printed --help
 * or --version (exit 0), or -1 with err set (exit 2).  o points into argv
 * and into the words of .racehunt and RACEHUNT_OPTIONS (cli_env.h), which
 * rh_cli_free releases with the rest of o.
 */
#ifndef RH_CLI_H
#define RH_CLI_H

#include "util/options.h"

/* Exit codes (README.md, "Exit codes"). */
enum {
    RH_EXIT_RACE_FREE = 0, /* no race: proved race-free, or nothing to analyse (--dump-model) */
    RH_EXIT_RACES = 1,     /* at least one race reported */
    RH_EXIT_ERROR = 2,     /* bad input, bad usage or an internal failure */
    RH_EXIT_UNKNOWN = 3,   /* no race reported, but race freedom not proved */
};

int rh_cli_parse(int argc, char **argv, rh_options *o, char *err);
void rh_cli_free(rh_options *o);

/* Prints msg as racehunt's one error line on stderr (escaped: names in it
 * come from the project), after what standard output holds; returns
 * RH_EXIT_ERROR. */
int rh_cli_fail(const char *msg);

#endif
