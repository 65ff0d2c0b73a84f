/* cleanup_guard.c - who runs the cleanup of cleanup.h: the signal handlers
 * of racehunt's processes and the janitor process.
 *
 * Why a janitor: a signal handler may call only async-signal-safe
 * functions (removing a directory tree is not one: a handler that
 * interrupted malloc and then called opendir would deadlock), and SIGKILL
 * runs no handler at all.  A separate process that is not interrupted
 * does the removing, whenever racehunt asks or dies.
 *
 * Protocol on a socket pair (socket, not pipe: a write to a dead janitor
 * must fail, not raise SIGPIPE): racehunt sends 'q' when it ends (normal
 * exit, or a signal), the janitor sweeps, answers 'd' and exits.  End of
 * file - every racehunt process gone without a word, as after SIGKILL -
 * also makes it sweep and exit.
 */
#include "cleanup.h"
#include "cleanup_registry.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#define RH_ACK_WAIT_MS 3000 /* longest wait for the janitor's answer */

static const int guarded[] = {SIGTERM, SIGINT, SIGHUP};

/* Per-process state, set once by rh_cleanup_install in the main process
 * and inherited by every fork (which then is not `root`). */
static pid_t root = -1, janitor = -1;
static int link_fd = -1; /* racehunt's end of the socket pair */

int rh_cleanup_installed(void)
{
    return root > 0;
}

/* The janitor's life: no terminal signals, no inherited descriptors (a
 * caller reading racehunt's stdout to its end must not wait for it). */
static void janitor_main(int fd)
{
    /* a name of its own: `killall -9 racehunt` must leave it to clean up */
    prctl(PR_SET_NAME, "rh-janitor");
    setpgid(0, 0);
    for (size_t i = 0; i < sizeof guarded / sizeof guarded[0]; i++)
        signal(guarded[i], SIG_IGN);
    signal(SIGQUIT, SIG_IGN);
    int devnull = open("/dev/null", O_RDWR);
    for (int k = 0; k < 3 && devnull >= 0; k++)
        dup2(devnull, k);
    int keep = fcntl(fd, F_DUPFD, 3);
    if (keep < 0)
        _exit(1);
    for (int other = 3; other < keep; other++)
        close(other);
    close_range((unsigned)keep + 1, ~0U, 0);
    char c;
    ssize_t n;
    while ((n = read(keep, &c, 1)) < 0 && errno == EINTR)
        ;
    rh_cleanup_sweep(RH_SWEEP_ALL, 0);
    if (n == 1)
        send(keep, "d", 1, MSG_NOSIGNAL);
    _exit(0);
}

/* Asks the janitor to sweep and waits for its answer, reaping racehunt's
 * own killed children meanwhile (their zombies would keep their groups
 * alive).  Async-signal-safe.  0 when the janitor answered. */
static int janitor_request(char what)
{
    if (link_fd < 0 || send(link_fd, &what, 1, MSG_NOSIGNAL) != 1)
        return -1;
    for (int waited = 0; waited < RH_ACK_WAIT_MS; waited += 10) {
        while (waitpid(-1, NULL, WNOHANG) > 0)
            ;
        struct pollfd p = {link_fd, POLLIN, 0};
        char c;
        if (poll(&p, 1, 10) > 0)
            return read(link_fd, &c, 1) == 1 ? 0 : -1;
    }
    return -1;
}

/* The janitor sweeps what is left and quits; we reap it, so that it is
 * gone when racehunt is.  Async-signal-safe. */
static void janitor_finish(void)
{
    if (janitor > 0 && janitor_request('q') == 0)
        while (waitpid(janitor, NULL, 0) < 0 && errno == EINTR)
            ;
    janitor = -1;
}

static void on_signal(int sig)
{
    int saved = errno;
    if (getpid() == root) {
        rh_cleanup_kill_groups(0); /* at once: the janitor may take a moment */
        janitor_finish();
    } else {
        rh_cleanup_kill_groups(getpid());
    }
    /* die of the signal itself, so our parent sees what happened */
    errno = saved;
    rh_die_of_signal(sig);
}

/* Normal exit of the main process (a normal run leaves nothing to sweep). */
static void at_exit(void)
{
    if (getpid() == root)
        janitor_finish();
}

static void start_janitor(void)
{
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
        return;
    pid_t pid = fork();
    if (pid == 0) {
        close(sv[0]);
        janitor_main(sv[1]);
    }
    close(sv[1]);
    if (pid < 0) {
        close(sv[0]);
        return;
    }
    janitor = pid;
    link_fd = sv[0];
}

void rh_cleanup_install(void)
{
    if (root > 0 || rh_cleanup_map() != 0)
        return;
    root = getpid();
    /* Orphans of killed stages come back to racehunt rather than to init,
     * which may be slow to reap them: the sweeps reap them, so a killed
     * group is gone when they say so. */
    prctl(PR_SET_CHILD_SUBREAPER, 1);
    start_janitor();
    atexit(at_exit);
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_signal;
    sigfillset(&sa.sa_mask);
    for (size_t i = 0; i < sizeof guarded / sizeof guarded[0]; i++)
        if (sigaction(guarded[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
            sigaction(guarded[i], &sa, NULL);
}
