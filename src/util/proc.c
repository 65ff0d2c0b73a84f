/* proc.c - fork/exec with captured output, a time limit and group kill;
 * a program under test is contained by proc_contain.c. */
#include "proc.h"
#include "cleanup.h"
#include "proc_contain.h"
#include "sandbox.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* What is kept of a stream: a program under test that prints in an
 * endless loop must not fill racehunt's memory (the rest is read and
 * dropped, so the child never blocks on a full pipe). */
#define CAPTURE_MAX ((size_t)16 << 20)

typedef struct capture {
    int fd;
    char *buf;
    size_t len, cap;
} capture;

static void capture_read(capture *c)
{
    char tmp[4096];
    ssize_t n = read(c->fd, tmp, sizeof tmp);
    if (n <= 0) {
        close(c->fd);
        c->fd = -1;
        return;
    }
    if (c->len + (size_t)n > CAPTURE_MAX)
        return;
    if (c->len + (size_t)n + 1 > c->cap) {
        c->cap = (c->len + (size_t)n + 1) * 2;
        c->buf = rh_xrealloc(c->buf, c->cap);
    }
    memcpy(c->buf + c->len, tmp, (size_t)n);
    c->len += (size_t)n;
    c->buf[c->len] = '\0';
}

void rh_die_with_parent(pid_t parent)
{
    setpgid(0, 0);
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    if (getppid() != parent) /* it died before the line above */
        _exit(127);
}

/* Lowers one limit to cap (soft and hard: the program cannot raise it
 * back), never above what racehunt itself was given. */
static void lower_limit(int resource, unsigned long long cap)
{
    struct rlimit rl;
    if (getrlimit(resource, &rl) != 0)
        return;
    if (rl.rlim_max == RLIM_INFINITY || rl.rlim_max > cap)
        rl.rlim_max = (rlim_t)cap;
    if (rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur > rl.rlim_max)
        rl.rlim_cur = rl.rlim_max;
    setrlimit(resource, &rl);
}

unsigned long long rh_proc_memory_share(unsigned percent)
{
    long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGE_SIZE);
    return pages > 0 && page > 0 ? (unsigned long long)pages * (unsigned long long)page / 100 * percent : 0;
}

unsigned long long rh_proc_resident(pid_t pid)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%d/statm", (int)pid);
    FILE *f = fopen(path, "r");
    unsigned long long size = 0, resident = 0;
    int ok = f && fscanf(f, "%llu %llu", &size, &resident) == 2;
    if (f)
        fclose(f);
    long page = sysconf(_SC_PAGE_SIZE);
    return ok && page > 0 ? resident * (unsigned long long)page : 0;
}

static void apply_caps(const rh_proc_caps *caps)
{
    if (!caps)
        return;
    if (caps->data_bytes)
        lower_limit(RLIMIT_DATA, caps->data_bytes);
    if (caps->file_bytes)
        lower_limit(RLIMIT_FSIZE, caps->file_bytes);
    if (caps->no_core)
        lower_limit(RLIMIT_CORE, 0);
}

static void child_exec(char *const argv[], char *const env_extra[], int out_fd, int err_fd,
                       pid_t parent, const rh_proc_caps *caps)
{
    /* The process that runs us may itself be killed (a portfolio stage
     * past its deadline); the program under test must not outlive it. */
    rh_die_with_parent(parent);
    int inherit = caps && caps->inherit_stdio;
    /* a terminal stays racehunt's: the child leads a background process
     * group, which a read from the terminal would stop (SIGTTIN) */
    if (!inherit || caps->stdin_path || isatty(0)) {
        int in = open(caps && caps->stdin_path ? caps->stdin_path : "/dev/null", O_RDONLY);
        if (in < 0)
            in = open("/dev/null", O_RDONLY);
        if (in >= 0)
            dup2(in, 0);
    }
    if (!inherit) {
        dup2(out_fd, 1);
        dup2(err_fd, 2);
    }
    for (int i = 0; env_extra && env_extra[i]; i++)
        putenv(env_extra[i]);
    if (caps) /* a program racehunt did not write: keep its descendants in reach */
        rh_contain_enter();
    char why[256];
    if (caps && caps->sandbox_keep && rh_sandbox_enter(caps->sandbox_keep, why, sizeof why) != 0) {
        dprintf(2, "racehunt: the run cannot be sandboxed: %s\n", why);
        _exit(126);
    }
    /* last: a sanitizer build of racehunt cannot allocate under the caps
     * (its allocator reserves far more address space than they allow) */
    apply_caps(caps);
    execvp(argv[0], argv);
    dprintf(2, "cannot run %s: %s\n", argv[0], strerror(errno));
    _exit(127);
}

/* Pumps both pipes until they close, the deadline passes or the stage is
 * cancelled (SIGTERM interrupts the poll): 1 means stop the child. */
static int pump(capture *out, capture *errc, double deadline)
{
    while (out->fd >= 0 || errc->fd >= 0) {
        if (rh_cancelled())
            return 1;
        struct pollfd p[2] = {{out->fd, POLLIN, 0}, {errc->fd, POLLIN, 0}};
        int wait_ms = -1;
        if (deadline > 0) {
            double left = deadline - rh_now();
            if (left <= 0)
                return 1;
            wait_ms = (int)(left * 1000) + 1;
        }
        int r = poll(p, 2, wait_ms);
        if (r < 0 && errno != EINTR)
            return 0;
        if (r > 0 && p[0].revents)
            capture_read(out);
        if (r > 0 && p[1].revents)
            capture_read(errc);
    }
    return 0;
}

/* Waits for pid until the deadline passes or the stage is cancelled: 1
 * means stop the child.  For a child whose output is not piped to us
 * (inherit_stdio), where the pipes close at once and cannot time it. */
static int wait_until(pid_t pid, double deadline, int *st)
{
    for (;;) {
        pid_t r = waitpid(pid, st, WNOHANG);
        if (r == pid || (r < 0 && errno != EINTR))
            return 0;
        if (rh_cancelled() || (deadline > 0 && rh_now() >= deadline))
            return 1;
        usleep(2000);
    }
}

/* Members of the killed group whose parent in it died first are orphans,
 * reparented to us (a subreaper, below) instead of to init, which may be
 * slow to reap them (a fork-happy program leaves hundreds a run): reap
 * them until the group is gone, for at most about 200 ms. */
static void reap_group(pid_t group)
{
    for (int tries = 0; tries < 200; tries++) {
        while (waitpid(-group, NULL, WNOHANG) > 0)
            ;
        if (kill(-group, 0) != 0 && errno == ESRCH)
            return;
        usleep(1000);
    }
}

int rh_proc_run(char *const argv[], char *const env_extra[], double timeout,
                rh_proc_result *res, char *err)
{
    return rh_proc_run_capped(argv, env_extra, timeout, NULL, res, err);
}

int rh_proc_run_capped(char *const argv[], char *const env_extra[], double timeout,
                       const rh_proc_caps *caps, rh_proc_result *res, char *err)
{
    int po[2], pe[2];
    memset(res, 0, sizeof *res);
    if (pipe2(po, O_CLOEXEC) || pipe2(pe, O_CLOEXEC))
        return rh_fail(err, "cannot create a pipe: %s", strerror(errno));
    prctl(PR_SET_CHILD_SUBREAPER, 1); /* the program's orphans come back to us (reap_group) */
    /* Without a namespace, a descendant that left the group comes back to
     * us as an orphan: what is a child of ours now is not one. */
    pid_t before[RH_CONTAIN_MAX_CHILDREN];
    int nbefore = -1;
    if (caps && rh_contain_mode(NULL) == RH_CONTAIN_GROUP) {
        rh_cleanup_install(); /* its janitor is no orphan */
        nbefore = rh_contain_children(before, RH_CONTAIN_MAX_CHILDREN);
    }
    pid_t self = getpid(), pid = fork();
    if (pid < 0)
        return rh_fail(err, "cannot fork: %s", strerror(errno));
    if (pid == 0)
        child_exec(argv, env_extra, po[1], pe[1], self, caps);
    setpgid(pid, pid);
    rh_cleanup_add_child(pid);
    close(po[1]);
    close(pe[1]);
    capture out = {po[0], rh_xcalloc(1, 1), 0, 1}, errc = {pe[0], rh_xcalloc(1, 1), 0, 1};
    double deadline = timeout > 0 ? rh_now() + timeout : 0;
    int st = 0, reaped = 0;
    if (pump(&out, &errc, deadline) ||
        (caps && caps->inherit_stdio && (reaped = 1) && wait_until(pid, deadline, &st))) {
        res->timed_out = 1;
        reaped = 0;
        kill(-pid, SIGKILL);
        kill(pid, SIGKILL);
    }
    while (!reaped && waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    kill(-pid, SIGKILL); /* grandchildren left by the child */
    reap_group(pid);
    if (nbefore >= 0)
        rh_contain_sweep(before, nbefore);
    rh_cleanup_remove_child(pid);
    if (out.fd >= 0)
        close(out.fd);
    if (errc.fd >= 0)
        close(errc.fd);
    res->exited = WIFEXITED(st);
    res->status = WIFEXITED(st) ? WEXITSTATUS(st) : WIFSIGNALED(st) ? WTERMSIG(st) : 0;
    res->out = out.buf;
    res->errout = errc.buf;
    return 0;
}

void rh_proc_result_free(rh_proc_result *res)
{
    free(res->out);
    free(res->errout);
    res->out = res->errout = NULL;
}

const char *rh_proc_containment(const char **why)
{
    return rh_contain_mode(why) == RH_CONTAIN_PIDNS ? "pid-namespace" : "process-group";
}

struct rh_proc_snapshot {
    int n;
    pid_t pid[RH_CONTAIN_MAX_CHILDREN];
};

rh_proc_snapshot *rh_proc_snapshot_take(void)
{
    if (rh_contain_mode(NULL) != RH_CONTAIN_GROUP)
        return NULL;
    rh_cleanup_install(); /* its janitor is no orphan */
    rh_proc_snapshot *snap = rh_xcalloc(1, sizeof *snap);
    snap->n = rh_contain_children(snap->pid, RH_CONTAIN_MAX_CHILDREN);
    return snap;
}

void rh_proc_snapshot_sweep(rh_proc_snapshot *snap)
{
    if (!snap)
        return;
    rh_contain_sweep(snap->pid, snap->n);
    free(snap);
}

char *rh_proc_which(const char *name)
{
    if (strchr(name, '/'))
        return access(name, X_OK) == 0 ? rh_xstrdup(name) : NULL;
    const char *path = getenv("PATH");
    if (!path)
        path = "/usr/bin:/bin";
    char *copy = rh_xstrdup(path), *save = NULL;
    for (char *dir = strtok_r(copy, ":", &save); dir; dir = strtok_r(NULL, ":", &save)) {
        char *full = rh_xasprintf("%s/%s", dir, name);
        struct stat sb;
        if (stat(full, &sb) == 0 && S_ISREG(sb.st_mode) && access(full, X_OK) == 0) {
            free(copy);
            return full;
        }
        free(full);
    }
    free(copy);
    return NULL;
}
