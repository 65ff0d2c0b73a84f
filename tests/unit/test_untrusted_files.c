/* test_untrusted_files.c - unit tests of the two modules every side input
 * and every output goes through: util/input.h (bounded regular files,
 * never a FIFO or a device) and util/outfile.h (a file replaced whole or
 * not at all, failed writes reported, identity of paths). */
#include "check.h"
#include "util/input.h"
#include "util/outfile.h"
#include "util/util.h"

#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>


static void write_file(const char *path, const char *text, size_t len)
{
    FILE *f = fopen(path, "wb");
    fwrite(text, 1, len, f);
    fclose(f);
}

static char *slurp(const char *path)
{
    char err[RH_ERR_MAX];
    return rh_input_read_file(path, "file", NULL, err);
}

static void test_inputs(const char *dir)
{
    char err[RH_ERR_MAX];
    size_t len = 0;
    char *reg = rh_xasprintf("%s/in.txt", dir), *fifo = rh_xasprintf("%s/fifo", dir);
    char *big = rh_xasprintf("%s/big", dir), *nul = rh_xasprintf("%s/nul.txt", dir);
    write_file(reg, "a\nb\n", 4);
    char *text = rh_input_read_file(reg, "file", &len, err);
    CHECK(text && len == 4 && strcmp(text, "a\nb\n") == 0);
    free(text);
    CHECK(mkfifo(fifo, 0600) == 0);
    CHECK(!rh_input_read_file(fifo, "model file", NULL, err) && strstr(err, "FIFO") &&
          strstr(err, "model file"));
    CHECK(!rh_input_read_file("/dev/zero", "file", NULL, err) && strstr(err, "device"));
    CHECK(!rh_input_read_file(dir, "file", NULL, err) && strstr(err, "directory"));
    CHECK(rh_input_check_file(fifo, "file", err) == -1 && rh_input_check_file(reg, "file", err) == 0);
    int fd = open(big, O_WRONLY | O_CREAT, 0600);
    CHECK(fd >= 0 && ftruncate(fd, (off_t)RH_INPUT_MAX + 1) == 0); /* sparse: no disk */
    close(fd);
    CHECK(!rh_input_read_file(big, "file", NULL, err) && strstr(err, "64 MiB"));
    write_file(nul, "one\ntw\0o\n", 9);
    CHECK(!rh_input_read_text(nul, "suppressions file", err) && strstr(err, "nul.txt:2:"));
    text = rh_input_read_file(nul, "file", &len, err); /* binary readers still get it */
    CHECK(text && len == 9);
    free(text);
    unlink(reg), unlink(fifo), unlink(big), unlink(nul);
    free(reg), free(fifo), free(big), free(nul);
}

static void test_outputs(const char *dir)
{
    char err[RH_ERR_MAX];
    char *path = rh_xasprintf("%s/report.txt", dir), *link = rh_xasprintf("%s/link.txt", dir);
    write_file(path, "old\n", 4);
    CHECK(symlink("report.txt", link) == 0);
    CHECK(rh_outfile_same_file(path, link) && !rh_outfile_same_file(path, dir));
    rh_outfile out;
    /* abandoned: the old content stays, no temporary file is left */
    CHECK(rh_outfile_open(&out, path, "report", err) == 0);
    fputs("half a rep", out.f);
    rh_outfile_abort(&out);
    char *text = slurp(path);
    CHECK(text && strcmp(text, "old\n") == 0);
    free(text);
    /* committed through the link: the target replaced, the link kept */
    CHECK(rh_outfile_open(&out, link, "report", err) == 0);
    fputs("new\n", out.f);
    CHECK(rh_outfile_commit(&out, err) == 0);
    struct stat sb;
    CHECK(lstat(link, &sb) == 0 && S_ISLNK(sb.st_mode));
    text = slurp(path);
    CHECK(text && strcmp(text, "new\n") == 0);
    free(text);
    /* a failed write is an error, not a silent success */
    CHECK(rh_outfile_open(&out, "/dev/full", "report", err) == 0);
    fputs("x\n", out.f);
    CHECK(rh_outfile_commit(&out, err) == -1 && strstr(err, "/dev/full"));
    CHECK(rh_outfile_open(&out, dir, "report", err) == -1 && strstr(err, "directory"));
    unlink(link), unlink(path);
    free(link), free(path);
}

int main(void)
{
    char tmpl[] = "/tmp/rh-unit-files-XXXXXX";
    const char *dir = mkdtemp(tmpl);
    if (!dir)
        return 2;
    test_inputs(dir);
    test_outputs(dir);
    CHECK(rmdir(dir) == 0); /* empty: no temporary file left behind */
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
