/* outfile.c - checked, atomic writing of racehunt's outputs (see outfile.h). */
#include "outfile.h"
#include "cleanup.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int rh_outfile_same_file(const char *a, const char *b)
{
    struct stat sa, sb;
    return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
           sa.st_ino == sb.st_ino;
}

/* The file a rename must replace: a symbolic link's target, else path. */
static char *destination(const char *path)
{
    struct stat sb;
    char *real = lstat(path, &sb) == 0 && S_ISLNK(sb.st_mode) ? realpath(path, NULL) : NULL;
    return real ? real : rh_xstrdup(path);
}

/* Writes in place: a device, FIFO or socket cannot be renamed over. */
static int open_in_place(rh_outfile *out, int flags, char *err)
{
    int fd = open(out->dest, O_WRONLY | O_NOCTTY | O_CLOEXEC | flags, 0666);
    if (fd < 0 || !(out->f = fdopen(fd, "w"))) {
        rh_fail(err, "%s: cannot write the %s: %s", out->dest, out->what, strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    return 0;
}

int rh_outfile_open(rh_outfile *out, const char *path, const char *what, char *err)
{
    memset(out, 0, sizeof *out);
    out->what = what;
    if (!path) {
        out->f = stdout;
        return 0;
    }
    out->dest = destination(path);
    struct stat sb;
    int exists = stat(out->dest, &sb) == 0;
    if (exists && S_ISDIR(sb.st_mode)) {
        rh_fail(err, "%s: cannot write the %s: it is a directory", out->dest, what);
        return free(out->dest), out->dest = NULL, -1;
    }
    if (exists && !S_ISREG(sb.st_mode)) {
        if (open_in_place(out, 0, err) == 0)
            return 0;
        return free(out->dest), out->dest = NULL, -1;
    }
    const char *slash = strrchr(out->dest, '/');
    out->tmp = slash ? rh_xasprintf("%.*s/.%s.rh-XXXXXX", (int)(slash - out->dest), out->dest,
                                    slash + 1)
                     : rh_xasprintf(".%s.rh-XXXXXX", out->dest);
    int fd = mkstemp(out->tmp);
    if (fd >= 0)
        rh_cleanup_add_dir(out->tmp);
    mode_t mask = umask(0);
    umask(mask);
    if (fd < 0 || fchmod(fd, exists ? sb.st_mode & 07777 : 0666 & ~mask) != 0 ||
        !(out->f = fdopen(fd, "w"))) {
        rh_fail(err, "%s: cannot write the %s: %s", out->dest, what, strerror(errno));
        if (fd >= 0)
            close(fd);
        rh_outfile_abort(out);
        return -1;
    }
    return 0;
}

int rh_outfile_open_private(rh_outfile *out, const char *path, const char *what, char *err)
{
    memset(out, 0, sizeof *out);
    out->what = what;
    out->dest = rh_xstrdup(path);
    if (open_in_place(out, O_CREAT | O_TRUNC, err) == 0)
        return 0;
    free(out->dest);
    out->dest = NULL;
    return -1;
}

void rh_outfile_abort(rh_outfile *out)
{
    if (out->f && out->f != stdout)
        fclose(out->f);
    if (out->tmp) {
        unlink(out->tmp);
        rh_cleanup_remove_dir(out->tmp);
    }
    free(out->tmp);
    free(out->dest);
    memset(out, 0, sizeof *out);
}

int rh_outfile_commit(rh_outfile *out, char *err)
{
    if (out->f == stdout)
        return fflush(stdout) == 0 && !ferror(stdout)
                   ? 0 : rh_fail(err, "cannot write the %s to standard output: %s", out->what,
                                 strerror(errno ? errno : EIO));
    errno = 0;
    int bad = fflush(out->f) != 0 || ferror(out->f);
    /* a device or FIFO cannot be synced: only a regular file must be */
    bad = bad || (out->tmp && fsync(fileno(out->f)) != 0);
    int saved = errno;
    bad = fclose(out->f) != 0 || bad;
    out->f = NULL;
    if (!bad && out->tmp && rename(out->tmp, out->dest) != 0)
        bad = 1, saved = errno;
    if (bad) {
        rh_fail(err, "%s: cannot write the %s: %s", out->dest, out->what,
                strerror(saved ? saved : errno ? errno : EIO));
        rh_outfile_abort(out);
        return -1;
    }
    if (out->tmp)
        rh_cleanup_remove_dir(out->tmp);
    free(out->tmp);
    free(out->dest);
    memset(out, 0, sizeof *out);
    return 0;
}

int rh_outfile_close_stdout(char *err)
{
    errno = 0;
    int bad = fflush(stdout) != 0 || ferror(stdout);
    int saved = errno;
    /* a standard output closed from the start (>&-) that nothing was
     * written to fails only its close: nothing was lost */
    bad = (fclose(stdout) != 0 && errno != EBADF) || bad;
    if (bad)
        return rh_fail(err, "cannot write to standard output: %s",
                       strerror(saved ? saved : errno ? errno : EIO));
    return 0;
}

void rh_outfile_hold_std_fds(void)
{
    for (int fd = 0; fd <= 2; fd++)
        if (fcntl(fd, F_GETFD) < 0 && errno == EBADF) {
            /* read-only: a report written to a closed stdout fails as
             * it should, instead of going into the next file opened */
            int got = open("/dev/null", O_RDONLY);
            if (got >= 0 && got != fd) {
                dup2(got, fd);
                close(got);
            }
        }
}
