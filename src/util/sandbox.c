/* sandbox.c - a mount namespace in which the program under test cannot
 * change the user's files (sandbox.h).
 *
 * Order matters, because a bind or overlay clones the mount it is made
 * from: racehunt's directory is bound onto itself first (a mount of its
 * own, left writable) and the scratch tmpfs mounted in it; then every
 * mount that was there before is made read-only; then /tmp and the working
 * directory are covered by overlays whose lower layers are the read-only
 * originals, reached through descriptors opened before, and racehunt's
 * directory is bound again on top (an overlay may have covered it).
 */
#include "sandbox.h"
#include "proc_contain.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define SBX_LAYERS ".sandbox"      /* the scratch tmpfs, inside keep */
#define SBX_SIZE "size=1g,mode=0700"

static int fail(char *why, size_t n, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, n, fmt, ap);
    va_end(ap);
    return -1;
}

/* path is dir or below it */
static int within(const char *path, const char *dir)
{
    size_t n = strlen(dir);
    if (n == 1 && dir[0] == '/')
        return 1;
    return strncmp(path, dir, n) == 0 && (path[n] == '\0' || path[n] == '/');
}

/* A mount point as /proc/self/mountinfo writes it: octal escapes. */
static void unescape(char *s)
{
    char *o = s;
    for (; *s; s++)
        if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' && s[2] && s[3]) {
            *o++ = (char)((s[1] - '0') * 64 + (s[2] - '0') * 8 + (s[3] - '0'));
            s += 3;
        } else {
            *o++ = *s;
        }
    *o = '\0';
}

/* The per-mount flags a remount must repeat: in a user namespace the
 * kernel refuses to clear the ones it locked. */
static unsigned long kept_flags(const char *opts)
{
    static const struct { const char *name; unsigned long flag; } table[] = {
        {"nosuid", MS_NOSUID},   {"nodev", MS_NODEV},           {"noexec", MS_NOEXEC},
        {"noatime", MS_NOATIME}, {"nodiratime", MS_NODIRATIME}, {"relatime", MS_RELATIME},
        {"strictatime", MS_STRICTATIME},
    };
    unsigned long f = 0;
    char buf[256];
    snprintf(buf, sizeof buf, "%s", opts);
    for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save))
        for (size_t i = 0; i < sizeof table / sizeof table[0]; i++)
            if (strcmp(t, table[i].name) == 0)
                f |= table[i].flag;
    return f;
}

/* Every mount but those at or below keep becomes read-only.  Kernel
 * interfaces (/proc, /sys) are best effort; any other refusal fails. */
static int remount_readonly(const char *keep, char *why, size_t n)
{
    char err[RH_ERR_MAX];
    char *text = rh_read_file("/proc/self/mountinfo", NULL, err);
    if (!text)
        return fail(why, n, "cannot read /proc/self/mountinfo: %s", err);
    int rc = 0;
    for (char *save = NULL, *line = strtok_r(text, "\n", &save); line && rc == 0;
         line = strtok_r(NULL, "\n", &save)) {
        char mp[4096], opts[256];
        if (sscanf(line, "%*s %*s %*s %*s %4095s %255s", mp, opts) != 2)
            continue;
        unescape(mp);
        if (within(mp, keep) || (strncmp(opts, "ro", 2) == 0 && (opts[2] == ',' || !opts[2])))
            continue;
        if (mount(NULL, mp, NULL, MS_BIND | MS_REMOUNT | MS_RDONLY | kept_flags(opts), NULL) == 0)
            continue;
        if (errno != ENOENT && !within(mp, "/proc") && !within(mp, "/sys"))
            rc = fail(why, n, "cannot make %s read-only: %s", mp, strerror(errno));
    }
    free(text);
    return rc;
}

/* An overlay at dir whose lower layer is lower_fd (the original directory)
 * and whose upper and work directories are NAME-up, NAME-work in the
 * scratch tmpfs layers_fd.  0 when mounted. */
static int overlay(const char *dir, int lower_fd, int layers_fd, const char *name)
{
    char up[64], work[64], opts[256];
    snprintf(up, sizeof up, "%s-up", name);
    snprintf(work, sizeof work, "%s-work", name);
    if (mkdirat(layers_fd, up, 0755) != 0 || mkdirat(layers_fd, work, 0700) != 0)
        return -1;
    snprintf(opts, sizeof opts, "lowerdir=/proc/self/fd/%d,upperdir=/proc/self/fd/%d/%s,"
                                "workdir=/proc/self/fd/%d/%s",
             lower_fd, layers_fd, up, layers_fd, work);
    return mount("overlay", dir, "overlay", MS_NOSUID, opts);
}

static int open_dir(const char *path)
{
    return open(path, O_PATH | O_DIRECTORY | O_CLOEXEC);
}

/* Steps 1-2 of the order above: a namespace of our own, racehunt's
 * directory a writable mount with the scratch tmpfs in it. */
static int prepare(const char *keep, int *keep_fd, int *layers_fd, char *why, size_t n)
{
    if (unshare(CLONE_NEWNS) != 0 && rh_contain_userns(CLONE_NEWNS) != 0)
        return fail(why, n, "no mount namespace can be made here: %s", strerror(errno));
    if (mount(NULL, "/", NULL, MS_REC | MS_PRIVATE, NULL) != 0)
        return fail(why, n, "cannot make the mounts private: %s", strerror(errno));
    if (mount(keep, keep, NULL, MS_BIND | MS_REC, NULL) != 0)
        return fail(why, n, "cannot bind %s: %s", keep, strerror(errno));
    char layers[4200];
    snprintf(layers, sizeof layers, "%s/" SBX_LAYERS, keep);
    if (mkdir(layers, 0700) != 0 && errno != EEXIST)
        return fail(why, n, "cannot make %s: %s", layers, strerror(errno));
    if (mount("tmpfs", layers, "tmpfs", MS_NOSUID | MS_NODEV, SBX_SIZE) != 0)
        return fail(why, n, "cannot mount a tmpfs: %s", strerror(errno));
    *keep_fd = open_dir(keep);
    *layers_fd = open(layers, O_DIRECTORY | O_CLOEXEC);
    if (*keep_fd < 0 || *layers_fd < 0)
        return fail(why, n, "cannot open %s: %s", layers, strerror(errno));
    return 0;
}

int rh_sandbox_enter(const char *keep_path, char *why, size_t n)
{
    char keep[4096], cwd[4096];
    if (!realpath(keep_path, keep) || !getcwd(cwd, sizeof cwd))
        return fail(why, n, "cannot resolve %s or the working directory: %s", keep_path,
                    strerror(errno));
    int keep_fd = -1, layers_fd = -1;
    if (prepare(keep, &keep_fd, &layers_fd, why, n) != 0)
        return -1;
    int tmp_fd = open_dir("/tmp"), cwd_fd = open_dir(".");
    if (cwd_fd < 0)
        return fail(why, n, "cannot open the working directory: %s", strerror(errno));
    if (remount_readonly(keep, why, n) != 0)
        return -1;
    int tmp_over = !within("/tmp", keep) && tmp_fd >= 0 &&
                   overlay("/tmp", tmp_fd, layers_fd, "tmp") == 0;
    /* "/" itself stays read-only: the program still reads what it needs */
    if (strcmp(cwd, "/") != 0 && !within(cwd, keep) && !(tmp_over && within(cwd, "/tmp")))
        overlay(cwd, cwd_fd, layers_fd, "cwd");
    /* an overlay above keep hides its writable mount: bind it again */
    char self[64];
    snprintf(self, sizeof self, "/proc/self/fd/%d", keep_fd);
    if (mount(self, keep, NULL, MS_BIND | MS_REC, NULL) != 0)
        return fail(why, n, "cannot bind %s again: %s", keep, strerror(errno));
    mount("tmpfs", "/dev/shm", "tmpfs", MS_NOSUID | MS_NODEV, "size=256m,mode=1777");
    if (chdir(cwd) != 0 && fchdir(cwd_fd) != 0)
        return fail(why, n, "cannot enter the working directory: %s", strerror(errno));
    close(keep_fd), close(layers_fd), close(cwd_fd);
    if (tmp_fd >= 0)
        close(tmp_fd);
    return 0;
}

static int probed = -1;
static char probe_why[256];

/* The whole sandbox, made in a throwaway child. */
static int probe(void)
{
    const char *base = getenv("TMPDIR");
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/racehunt-sandbox-XXXXXX", base && *base ? base : "/tmp");
    if (!mkdtemp(dir)) {
        snprintf(probe_why, sizeof probe_why, "cannot make a directory: %s", strerror(errno));
        return -1;
    }
    int pipefd[2];
    if (pipe2(pipefd, O_CLOEXEC) != 0) {
        rmdir(dir);
        return -1;
    }
    pid_t pid = fork();
    if (pid == 0) {
        close(pipefd[0]);
        char why[256];
        int rc = rh_sandbox_enter(dir, why, sizeof why);
        if (rc != 0) {
            ssize_t w = write(pipefd[1], why, strlen(why));
            (void)w;
        }
        _exit(rc == 0 ? 0 : 1);
    }
    close(pipefd[1]);
    int st = 1;
    ssize_t got = pid > 0 ? read(pipefd[0], probe_why, sizeof probe_why - 1) : -1;
    probe_why[got > 0 ? got : 0] = '\0';
    close(pipefd[0]);
    while (pid > 0 && waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    char layers[4200];
    snprintf(layers, sizeof layers, "%s/" SBX_LAYERS, dir);
    rmdir(layers);
    rmdir(dir);
    int ok = pid > 0 && WIFEXITED(st) && WEXITSTATUS(st) == 0;
    if (!ok && !probe_why[0])
        snprintf(probe_why, sizeof probe_why, "the probe failed");
    return ok ? 0 : -1;
}

int rh_sandbox_available(const char **why)
{
    if (probed < 0) {
        const char *off = getenv("RACEHUNT_SANDBOX");
        if (off && strcmp(off, "off") == 0) {
            probed = 0;
            snprintf(probe_why, sizeof probe_why, "RACEHUNT_SANDBOX=off");
        } else {
            probed = probe() == 0;
        }
    }
    if (why)
        *why = probed ? "" : probe_why;
    return probed;
}
