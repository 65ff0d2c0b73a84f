/* proc_contain.c - keeping every descendant of a program under test where
 * racehunt can kill it (proc.h: containment).
 *
 * Why: a program that forks, calls setsid() and forks again leaves its
 * process group, so killing the group leaves a daemon behind.  Where the
 * kernel allows it the program runs in a PID namespace of its own: a small
 * init (pid 1 of the namespace, racehunt code) starts the program as its
 * child and exits when the program ends or is killed, and the kernel then
 * kills everything else in the namespace.  Where no namespace can be made
 * (a container without the capability, unprivileged user namespaces off)
 * the process group is killed as before, and because racehunt's processes
 * are subreapers, a descendant that left the group is reparented to the
 * process that ran the program once its parent dies: rh_contain_sweep
 * kills those orphans and everything they started.
 *
 * Process tree with a namespace: racehunt (or its stage) -> relay (leads
 * the process group racehunt kills; gives the program's exit status back
 * as its own) -> init (pid 1) -> program.
 */
#include "proc_contain.h"
#include "util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

static int probed = -1; /* rh_contain_kind once known, per process tree */
static char probe_why[160];

int rh_contain_userns(int flags)
{
    uid_t uid = geteuid();
    gid_t gid = getegid();
    if (unshare(CLONE_NEWUSER | flags) != 0)
        return -1;
    /* map ourselves to ourselves, so files keep their owners */
    char map[64];
    static const char *const files[] = {"/proc/self/setgroups", "/proc/self/uid_map",
                                        "/proc/self/gid_map"};
    for (int i = 0; i < 3; i++) {
        int fd = open(files[i], O_WRONLY);
        if (i == 0)
            snprintf(map, sizeof map, "deny");
        else
            snprintf(map, sizeof map, "%u %u 1", i == 1 ? (unsigned)uid : (unsigned)gid,
                     i == 1 ? (unsigned)uid : (unsigned)gid);
        int ok = fd >= 0 && write(fd, map, strlen(map)) == (ssize_t)strlen(map);
        if (fd >= 0)
            close(fd);
        if (!ok && i > 0)
            return -1;
    }
    return 0;
}

/* The namespaces this process may make: a PID namespace as root, a user
 * namespace with it otherwise.  0 on success. */
static int enter_namespace(void)
{
    if (geteuid() == 0 && unshare(CLONE_NEWPID) == 0)
        return 0;
    return rh_contain_userns(CLONE_NEWPID);
}

/* Tries once, in a throwaway child, whether a namespace can be made and
 * its first process is pid 1 there. */
static int probe_namespace(void)
{
    pid_t pid = fork();
    if (pid < 0)
        return -1;
    if (pid == 0) {
        if (enter_namespace() != 0)
            _exit(1);
        pid_t init = fork();
        if (init == 0)
            _exit(getpid() == 1 ? 0 : 1);
        int st = 0;
        while (init > 0 && waitpid(init, &st, 0) < 0 && errno == EINTR)
            ;
        _exit(init > 0 && WIFEXITED(st) ? WEXITSTATUS(st) : 1);
    }
    int st = 0;
    while (waitpid(pid, &st, 0) < 0 && errno == EINTR)
        ;
    return WIFEXITED(st) && WEXITSTATUS(st) == 0 ? 0 : -1;
}

rh_contain_kind rh_contain_mode(const char **why)
{
    if (probed < 0) {
        const char *forced = getenv("RACEHUNT_CONTAIN");
        if (forced && strcmp(forced, "group") == 0) {
            probed = RH_CONTAIN_GROUP;
            snprintf(probe_why, sizeof probe_why, "RACEHUNT_CONTAIN=group");
        } else if (probe_namespace() == 0) {
            probed = RH_CONTAIN_PIDNS;
        } else {
            probed = RH_CONTAIN_GROUP;
            snprintf(probe_why, sizeof probe_why, "no PID namespace can be made here: %s",
                     geteuid() == 0 ? "unshare(CLONE_NEWPID) is refused"
                                    : "unprivileged user namespaces are refused");
        }
    }
    if (why)
        *why = probe_why;
    return (rh_contain_kind)probed;
}

/* pid 1 of the namespace: starts the program, reaps whatever is
 * reparented to it, and when the program ends sends its wait status to the
 * relay and exits, which ends every process left in the namespace. */
static pid_t run_init(int status_fd, int alive_fd)
{
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    struct pollfd p = {alive_fd, POLLIN, 0};
    if (poll(&p, 1, 0) > 0 && (p.revents & POLLHUP)) /* the relay died before prctl */
        _exit(127);
    close(alive_fd);
    pid_t prog = fork();
    if (prog < 0)
        _exit(127);
    if (prog == 0) {
        close(status_fd);
        return 0; /* the caller execs the program */
    }
    for (;;) {
        int st = 0;
        pid_t w = waitpid(-1, &st, 0);
        if (w == prog) {
            ssize_t n = write(status_fd, &st, sizeof st);
            (void)n;
            _exit(0);
        }
        if (w < 0 && errno != EINTR)
            _exit(127);
    }
}

/* The relay ends as the program ended: same exit code, or death by the
 * same signal (with no core file of racehunt's image). */
static void relay_status(pid_t init, int status_fd)
{
    int st = 0, got = 0;
    while (waitpid(init, NULL, 0) < 0 && errno == EINTR)
        ;
    got = read(status_fd, &st, sizeof st) == (ssize_t)sizeof st;
    if (got && WIFEXITED(st))
        _exit(WEXITSTATUS(st));
    int sig = got && WIFSIGNALED(st) ? WTERMSIG(st) : SIGKILL;
    struct rlimit none = {0, 0};
    setrlimit(RLIMIT_CORE, &none);
    rh_die_of_signal(sig);
}

void rh_contain_enter(void)
{
    if (rh_contain_mode(NULL) != RH_CONTAIN_PIDNS)
        return;
    /* racehunt's handlers are still installed in this forked image */
    static const int guarded[] = {SIGTERM, SIGINT, SIGHUP};
    for (int i = 0; i < 3; i++)
        signal(guarded[i], SIG_DFL);
    int status[2], alive[2];
    if (pipe2(status, O_CLOEXEC) != 0)
        return;
    if (pipe2(alive, O_CLOEXEC) != 0 || enter_namespace() != 0) {
        close(status[0]), close(status[1]);
        return; /* run the program here: the group still holds it */
    }
    pid_t init = fork();
    if (init == 0) {
        close(status[0]);
        close(alive[1]);
        run_init(status[1], alive[0]);
        return;
    }
    close(status[1]);
    close(alive[0]);
    if (init < 0)
        _exit(127);
    relay_status(init, status[0]);
}

/* The parent pid of process pid from /proc/PID/stat, -1 if it is gone. */
static pid_t parent_of(const char *pid)
{
    char path[64], buf[512];
    snprintf(path, sizeof path, "/proc/%s/stat", pid);
    int fd = open(path, O_RDONLY);
    if (fd < 0)
        return -1;
    ssize_t n = read(fd, buf, sizeof buf - 1);
    close(fd);
    if (n <= 0)
        return -1;
    buf[n] = '\0';
    char *end = strrchr(buf, ')'); /* the command name may hold anything */
    int ppid;
    return end && sscanf(end + 1, " %*c %d", &ppid) == 1 ? (pid_t)ppid : -1;
}

int rh_contain_children(pid_t *out, int max)
{
    DIR *d = opendir("/proc");
    if (!d)
        return 0;
    pid_t self = getpid();
    int n = 0;
    for (struct dirent *e; (e = readdir(d)) && n < max;)
        if (e->d_name[0] >= '1' && e->d_name[0] <= '9' && parent_of(e->d_name) == self)
            out[n++] = (pid_t)atoi(e->d_name);
    closedir(d);
    return n;
}

static int listed(pid_t pid, const pid_t *set, int n)
{
    for (int i = 0; i < n; i++)
        if (set[i] == pid)
            return 1;
    return 0;
}

int rh_contain_sweep(const pid_t *before, int nbefore)
{
    pid_t now[RH_CONTAIN_MAX_CHILDREN];
    int killed = 0;
    /* each round kills one generation; the next is reparented to us */
    for (int round = 0; round < 1000; round++) {
        int n = rh_contain_children(now, RH_CONTAIN_MAX_CHILDREN), found = 0;
        for (int i = 0; i < n; i++)
            if (!listed(now[i], before, nbefore)) {
                kill(now[i], SIGKILL);
                while (waitpid(now[i], NULL, 0) < 0 && errno == EINTR)
                    ;
                found++;
            }
        if (!found)
            break;
        killed += found;
    }
    return killed;
}
