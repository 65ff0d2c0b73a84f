/* cli_check.c - option values checked before any work starts: numbers that
 * are numbers, engines and strategies that exist, output paths racehunt
 * will be able to write.
 *
 * Why up front: a typo in --timeout or an unwritable -o used to surface
 * only after the whole analysis (or never: --timeout=nan was taken as "no
 * budget"); an error costs one line and no time when it comes first.
 */
#include "cli_check.h"
#include "portfolio/portfolio.h"
#include "cli_env.h"
#include "util/outfile.h"
#include "util/util.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define RH_MAX_TIMEOUT 1e7 /* seconds: about four months */

int rh_cli_seconds(const char *opt, const char *arg, double *out, char *err)
{
    char *end;
    errno = 0;
    double v = strtod(arg, &end);
    if (end == arg || *end || errno || !isfinite(v) || v <= 0 || v > RH_MAX_TIMEOUT)
        return rh_fail(err, "%s needs a positive number of seconds (at most %.0f), not '%s'", opt,
                       RH_MAX_TIMEOUT, arg);
    *out = v;
    return 0;
}

int rh_cli_whole(const char *opt, const char *arg, unsigned long long lo, unsigned long long hi,
                 unsigned long long *out, char *err)
{
    const char *p = arg;
    while (*p >= '0' && *p <= '9')
        p++;
    errno = 0;
    unsigned long long v = p > arg && !*p ? strtoull(arg, NULL, 10) : 0;
    if (p == arg || *p || errno || v < lo || v > hi)
        return rh_fail(err, "%s needs a whole number from %llu to %llu, not '%s'", opt, lo, hi,
                       arg);
    *out = v;
    return 0;
}

int rh_cli_engine(const char *name, char *err)
{
    if (strcmp(name, "auto") == 0 || rh_portfolio_find(name))
        return 0;
    return rh_fail(err, "unknown engine '%s' (expected auto, static, bmc or dynamic)", name);
}

int rh_cli_strategy(const char *name, char *err)
{
    if (strcmp(name, "pct") == 0 || strcmp(name, "random") == 0 || strcmp(name, "fifo") == 0)
        return 0;
    return rh_fail(err, "unknown strategy '%s' (expected pct, random or fifo)", name);
}

/* Opens an existing file for appending (nothing is written, so nothing is
 * clobbered), or creates a new one and removes it again.  Devices, pipes
 * and sockets (-o /dev/stdout) are taken as they are: opening a pipe
 * could block. */
int rh_cli_writable(const char *path, const char *what, char *err)
{
    struct stat sb;
    int fd;
    if (stat(path, &sb) == 0) {
        if (S_ISDIR(sb.st_mode))
            return rh_fail(err, "%s: cannot write the %s: it is a directory", path, what);
        if (!S_ISREG(sb.st_mode))
            return 0;
        fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC);
    } else {
        fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd >= 0)
            unlink(path);
    }
    if (fd < 0)
        return rh_fail(err, "%s: cannot write the %s: %s", path, what, strerror(errno));
    close(fd);
    return 0;
}

/* The canonical name of path, which need not exist: its directory
 * resolved, its last component as given. */
static char *canonical(const char *path)
{
    const char *slash = strrchr(path, '/');
    char *dir = slash ? rh_xasprintf("%.*s", (int)(slash - path), path) : rh_xstrdup(".");
    char *real = realpath(dir[0] ? dir : "/", NULL);
    char *out = real ? rh_xasprintf("%s/%s", real, slash ? slash + 1 : path) : rh_xstrdup(path);
    free(real);
    free(dir);
    return out;
}

int rh_cli_same_path(const char *a, const char *b)
{
    if (rh_outfile_same_file(a, b))
        return 1;
    char *ca = canonical(a), *cb = canonical(b);
    int same = strcmp(ca, cb) == 0;
    free(ca);
    free(cb);
    return same;
}

/* An output that exists and is not a regular file (/dev/null, a FIFO,
 * /dev/stdout) is written in place and replaces nothing: it may be an
 * input too. */
static int replaces_a_file(const char *path)
{
    struct stat sb;
    return stat(path, &sb) != 0 || S_ISREG(sb.st_mode);
}

/* The inputs the options name, for rh_cli_outputs; returns how many. */
static int named_inputs(const rh_options *o, const char **in, int max)
{
    int n = 0;
    const char *single[] = {o->model_file, o->suppressions, o->baseline, o->from_report,
                            o->stdin_file, RH_CONFIG_FILE};
    for (size_t i = 0; i < sizeof single / sizeof single[0] && n < max; i++)
        if (single[i])
            in[n++] = single[i];
    for (int i = 0; i < o->nfiles && n < max; i++)
        in[n++] = o->files[i];
    for (int i = 0; i < o->ncflags && n < max; i++)
        if (o->cflags[i][0] == '@' && o->cflags[i][1])
            in[n++] = o->cflags[i] + 1;
    return n;
}

int rh_cli_outputs(const rh_options *o, char *err)
{
    const char *outs[] = {o->output, o->witness_out};
    const char *whats[] = {"report", "witness"};
    if (o->output && o->witness_out && replaces_a_file(o->output) &&
        rh_cli_same_path(o->output, o->witness_out))
        return rh_fail(err, "%s: the report and the witness cannot be written to the same file",
                       o->output);
    int max = o->nfiles + o->ncflags + 8;
    const char **in = rh_xcalloc((size_t)max, sizeof *in);
    int n = named_inputs(o, in, max), rc = 0;
    char *db = NULL;
    if (o->build_dir) { /* -p DIR or the database itself */
        struct stat sb;
        db = stat(o->build_dir, &sb) == 0 && S_ISDIR(sb.st_mode)
                 ? rh_xasprintf("%s/compile_commands.json", o->build_dir) : rh_xstrdup(o->build_dir);
        in[n++] = db;
    }
    for (int k = 0; rc == 0 && k < 2; k++)
        for (int i = 0; rc == 0 && outs[k] && replaces_a_file(outs[k]) && i < n; i++)
            if (rh_cli_same_path(outs[k], in[i]))
                rc = rh_fail(err, "%s: racehunt reads this file: it will not write the %s over it",
                             outs[k], whats[k]);
    free(db);
    free(in);
    return rc;
}
