/* cli_env.h - options that come from outside the command line: the file
 * .racehunt in the current directory, then the environment variable
 * RACEHUNT_OPTIONS; the command line comes last and so wins.
 *
 * Both hold options separated by white space, without quoting; .racehunt
 * may have `#` comments to the end of a line.  A word written as TSan
 * writes its options (`exitcode=0`, `suppressions=race.supp`) is taken as
 * the long option (`--exitcode=0`).
 *
 * Contract: rh_cli_env_load fills the sources that exist (in the order
 * they apply) and returns 0, or -1 with err naming the source when one
 * cannot be read.  The words stay valid until rh_cli_env_free.
 */
#ifndef RH_CLI_ENV_H
#define RH_CLI_ENV_H

#define RH_CONFIG_FILE ".racehunt"
#define RH_OPTIONS_ENV "RACEHUNT_OPTIONS"

typedef struct rh_cli_source {
    const char *origin; /* ".racehunt" or "RACEHUNT_OPTIONS", for messages */
    char **words;
    int nwords;
} rh_cli_source;

typedef struct rh_cli_env {
    rh_cli_source src[2];
    int nsrc;
} rh_cli_env;

int rh_cli_env_load(rh_cli_env *env, char *err);
void rh_cli_env_free(rh_cli_env *env);

#endif
