/* input.c - bounded, non-blocking reading of side inputs (see input.h). */
#include "input.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* Opens path for reading without blocking (a FIFO with no writer, a
 * terminal) and checks it is a regular file of bounded size; returns the
 * descriptor or -1 with err set. */
static int open_regular(const char *path, const char *what, struct stat *sb, char *err)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    if (fd < 0)
        return rh_fail(err, "%s: cannot read the %s: %s", path, what, strerror(errno));
    if (fstat(fd, sb) != 0) {
        rh_fail(err, "%s: cannot read the %s: %s", path, what, strerror(errno));
    } else if (!S_ISREG(sb->st_mode)) {
        rh_fail(err, "%s: the %s is not a regular file (%s)", path, what,
                S_ISDIR(sb->st_mode) ? "a directory" : S_ISFIFO(sb->st_mode) ? "a FIFO"
                : S_ISCHR(sb->st_mode) || S_ISBLK(sb->st_mode) ? "a device" : "a special file");
    } else if ((unsigned long long)sb->st_size > RH_INPUT_MAX) {
        rh_fail(err, "%s: the %s is larger than %zu MiB", path, what, RH_INPUT_MAX >> 20);
    } else {
        return fd;
    }
    close(fd);
    return -1;
}

int rh_input_check_file(const char *path, const char *what, char *err)
{
    struct stat sb;
    int fd = open_regular(path, what, &sb, err);
    if (fd < 0)
        return -1;
    close(fd);
    return 0;
}

char *rh_input_read_file(const char *path, const char *what, size_t *len, char *err)
{
    struct stat sb;
    int fd = open_regular(path, what, &sb, err);
    if (fd < 0)
        return NULL;
    /* the size may change while we read: never past the bound */
    size_t cap = (size_t)sb.st_size + 1, n = 0;
    char *buf = rh_xmalloc(cap + 1);
    for (;;) {
        if (n == cap) {
            if (cap > RH_INPUT_MAX)
                break;
            cap = cap * 2 > RH_INPUT_MAX + 1 ? RH_INPUT_MAX + 1 : cap * 2;
            buf = rh_xrealloc(buf, cap + 1);
        }
        ssize_t got = read(fd, buf + n, cap - n);
        if (got < 0 && errno == EINTR)
            continue;
        if (got < 0) {
            rh_fail(err, "%s: cannot read the %s: %s", path, what, strerror(errno));
            close(fd);
            free(buf);
            return NULL;
        }
        if (got == 0)
            break;
        n += (size_t)got;
    }
    close(fd);
    if (n > RH_INPUT_MAX) {
        rh_fail(err, "%s: the %s is larger than %zu MiB", path, what, RH_INPUT_MAX >> 20);
        free(buf);
        return NULL;
    }
    buf[n] = '\0';
    if (len)
        *len = n;
    return buf;
}

json_t *rh_input_read_json(const char *path, const char *what, char *err)
{
    size_t len;
    char *text = rh_input_read_file(path, what, &len, err);
    if (!text)
        return NULL;
    json_error_t jerr;
    json_t *j = json_loadb(text, len, 0, &jerr);
    free(text);
    if (!j)
        rh_fail(err, "%s:%d: cannot read the %s: %s", path, jerr.line, what, jerr.text);
    return j;
}

char *rh_input_read_text(const char *path, const char *what, char *err)
{
    size_t len;
    char *text = rh_input_read_file(path, what, &len, err);
    if (!text || strlen(text) == len)
        return text;
    int line = 1;
    for (const char *p = text; *p; p++)
        line += *p == '\n';
    rh_fail(err, "%s:%d: the %s holds a NUL byte", path, line, what);
    free(text);
    return NULL;
}
