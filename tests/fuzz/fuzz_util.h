/* fuzz_util.h - what every fuzz target shares: the bytes libFuzzer gives
 * written to a file the parser under test opens by name, in a private
 * temporary directory that is the process's working directory (so option
 * files and relative paths of the input stay inside it).
 *
 * Why files: racehunt's parsers read their inputs by path (the file is the
 * user's interface), so the target calls the same entry point a run does.
 */
#ifndef RH_FUZZ_UTIL_H
#define RH_FUZZ_UTIL_H

#include <fcntl.h>
#include <ftw.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char fuzz_dir[64];

static int fuzz_rm(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb, (void)flag, (void)ftw;
    remove(path);
    return 0;
}

static void fuzz_cleanup(void)
{
    if (fuzz_dir[0])
        nftw(fuzz_dir, fuzz_rm, 8, FTW_DEPTH | FTW_PHYS);
}

/* The private directory (made on first use, removed at exit). */
static const char *fuzz_workdir(void)
{
    if (!fuzz_dir[0]) {
        snprintf(fuzz_dir, sizeof fuzz_dir, "/tmp/rh-fuzz-XXXXXX");
        if (!mkdtemp(fuzz_dir) || chdir(fuzz_dir) != 0)
            abort();
        unsetenv("RACEHUNT_OPTIONS");
        atexit(fuzz_cleanup);
    }
    return fuzz_dir;
}

/* Writes data to NAME in the private directory; returns its path. */
static const char *fuzz_file(const char *name, const uint8_t *data, size_t size)
{
    static char path[256];
    snprintf(path, sizeof path, "%s/%s", fuzz_workdir(), name);
    int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (fd < 0 || (size && write(fd, data, size) != (ssize_t)size))
        abort();
    close(fd);
    return path;
}

#endif
