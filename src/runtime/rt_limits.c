/* rt_limits.c - racehunt's caps on the program under test: live threads,
 * processes it forks, and the size of the files it writes (the engine sets
 * the rlimit; here its signal becomes a clean end of the run).
 *
 * Why end the run rather than fail the call: a program that meets EAGAIN
 * from pthread_create or fork seldom handles it (it joins a handle that was
 * never set, or waits for a child that never came), so the runs after it
 * would report crashes and deadlocks racehunt caused.  Ending the run keeps
 * every race it saw real - they happened in the prefix that did run - and
 * the report says which cap was reached (END limit SENTENCE).
 *
 * Also here: the report's descriptor survives a program that closes every
 * descriptor (close, close_range), as a daemon does when it detaches.
 */
#include "rt.h"

#include <dlfcn.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

/* Forks made by the whole process tree of this run, in memory shared by
 * every process of it (mapped before the first fork). */
static unsigned long *forks_made;

void rt_limit_reached(const char *what)
{
    char detail[160];
    snprintf(detail, sizeof detail, "the program reached racehunt's cap of %s", what);
    rt_out_end("limit", detail);
    _exit(0);
}

/* A stub of a function left out of the build was called (dyn_undefined.c): the program
 * cannot go on as it would with the real function, so the run ends here,
 * as at a cap (END undefined NAME). */
void __rh_undefined(const char *name)
{
    rt_out_end("undefined", name);
    _exit(0);
}

/* Called before each thread creation. */
void rt_limit_threads(void)
{
    if (rt.max_live > 0 && rt.live >= rt.max_live) {
        char what[64];
        snprintf(what, sizeof what, "%d live threads", rt.max_live);
        rt_limit_reached(what);
    }
}

/* The child of a fork has only the forking thread: the others cannot run
 * in it, and its events do not belong to the serialised run's trace. */
static void become_forked_child(void)
{
    rt.out = NULL;
    rt.max_trace = 0;
    for (int i = 0; i < rt.nth; i++)
        if (rt.th[i] != rt_me && !rt.th[i]->done) {
            rt.th[i]->done = 1;
            rt_refold(rt.th[i]);
            rt.live--;
        }
    rt.dirty = 1;
}

/* Counts the fork in the run's shared counter; 1 when it is over the cap. */
static int over_process_cap(long cap)
{
    if (cap <= 0)
        return 0;
    if (!forks_made) {
        void *m = mmap(NULL, sizeof *forks_made, PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS,
                       -1, 0);
        forks_made = m == MAP_FAILED ? NULL : m;
    }
    return forks_made && __atomic_add_fetch(forks_made, 1, __ATOMIC_SEQ_CST) > (unsigned long)cap;
}

pid_t fork(void)
{
    static pid_t (*real_fork)(void);
    if (!real_fork)
        real_fork = (pid_t(*)(void))dlsym(RTLD_NEXT, "fork");
    const char *v = getenv("RH_RT_MAX_PROCS");
    long cap = v ? atol(v) : 0;
    if (over_process_cap(cap)) {
        char what[64];
        snprintf(what, sizeof what, "%ld processes", cap);
        rt_limit_reached(what);
    }
    rt_out_flush(); /* or the child would write the parent's buffered lines again */
    pid_t pid = real_fork ? real_fork() : -1;
    if (pid == 0)
        become_forked_child();
    return pid;
}

static void on_file_too_big(int sig)
{
    (void)sig;
    struct rlimit rl;
    char what[64] = "file size";
    if (getrlimit(RLIMIT_FSIZE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
        snprintf(what, sizeof what, "%llu MiB per file", (unsigned long long)rl.rlim_cur >> 20);
    rt_limit_reached(what);
}

__attribute__((constructor)) static void rt_limits_init(void)
{
    struct rlimit rl;
    if (getrlimit(RLIMIT_FSIZE, &rl) == 0 && rl.rlim_cur != RLIM_INFINITY)
        signal(SIGXFSZ, on_file_too_big);
}

/* A program that detaches as a daemon closes every descriptor it did not
 * open, the runtime's report file among them, and the run would go
 * unreported.  The report's descriptor stays open: closing it "succeeds"
 * and leaves it alone (the program never wrote to it, so nothing changes
 * for the program but one descriptor number it cannot reuse). */
static int is_report_fd(int fd)
{
    return rt.out && fd >= 0 && fd == fileno(rt.out);
}

int close(int fd)
{
    static int (*real_close)(int);
    if (!real_close)
        real_close = (int (*)(int))dlsym(RTLD_NEXT, "close");
    if (is_report_fd(fd))
        return 0;
    return real_close ? real_close(fd) : -1;
}

int close_range(unsigned first, unsigned last, int flags)
{
    static int (*real_close_range)(unsigned, unsigned, int);
    if (!real_close_range)
        real_close_range = (int (*)(unsigned, unsigned, int))dlsym(RTLD_NEXT, "close_range");
    int keep = rt.out ? fileno(rt.out) : -1;
    if (!real_close_range)
        return -1;
    if (keep < 0 || (unsigned)keep < first || (unsigned)keep > last)
        return real_close_range(first, last, flags);
    int rc = 0;
    if ((unsigned)keep > first)
        rc |= real_close_range(first, (unsigned)keep - 1, flags);
    if ((unsigned)keep < last)
        rc |= real_close_range((unsigned)keep + 1, last, flags);
    return rc;
}
