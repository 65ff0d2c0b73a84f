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
