/* proc.h - running a child program (clang, an instrumented binary) with a
 * time limit, capturing what it writes.
 *
 * Contract: rh_proc_run never leaves a child behind: on timeout the child's
 * whole process group is killed and reaped, and while it runs the group is
 * registered with cleanup.h, so an interrupted racehunt kills it too.  A
 * program run with caps (the program under test) is contained further:
 * its descendants end with it even when they leave the group (setsid), in
 * a PID namespace where one can be made, else by killing the orphans the
 * group leaves (proc_contain.c).
 */
#ifndef RH_PROC_H
#define RH_PROC_H

#include <sys/types.h>

typedef struct rh_proc_result {
    int exited;      /* 1 when the child exited normally */
    int status;      /* exit code when exited, else the terminating signal */
    int timed_out;   /* 1 when it was killed for exceeding the limit */
    char *out;       /* captured stdout (NUL-terminated, may be empty), owned */
    char *errout;    /* captured stderr, owned */
} rh_proc_result;

/* Runs argv[0] (searched in PATH) with argv, stdin from /dev/null.  timeout
 * <= 0 means no limit.  env_extra, if not NULL, is a NULL-terminated list of
 * "NAME=VALUE" strings added to the environment.  Returns 0 when the child
 * was started (whatever its outcome), -1 with err filled otherwise. */
int rh_proc_run(char *const argv[], char *const env_extra[], double timeout,
                rh_proc_result *res, char *err);

/* Resource caps for a program racehunt runs but did not write (the
 * program under test), set in the child before exec; never raised above
 * racehunt's own limits.  A field of 0 leaves that limit alone. */
typedef struct rh_proc_caps {
    unsigned long long data_bytes; /* RLIMIT_DATA: heap and private writable mappings */
    unsigned long long file_bytes; /* RLIMIT_FSIZE: largest file it may write */
    int no_core;                   /* RLIMIT_CORE 0: a crash leaves no core file */
    const char *stdin_path;        /* standard input, NULL for /dev/null (or inherited) */
    int inherit_stdio;             /* the child keeps racehunt's standard input (unless
                                      stdin_path, or a terminal: /dev/null), output and
                                      error: nothing is captured, the time limit still
                                      holds (racehunt run) */
    const char *sandbox_keep;      /* not NULL: the program runs in a sandbox (sandbox.h)
                                      where only this directory is writable; a sandbox
                                      that cannot be made ends the child (exit 126) */
} rh_proc_caps;

/* rh_proc_run with caps (NULL: none). */
int rh_proc_run_capped(char *const argv[], char *const env_extra[], double timeout,
                       const rh_proc_caps *caps, rh_proc_result *res, char *err);
void rh_proc_result_free(rh_proc_result *res);

/* percent of this machine's physical memory, in bytes (0 when unknown). */
unsigned long long rh_proc_memory_share(unsigned percent);
/* The resident memory of process pid in bytes, 0 when it cannot be read. */
unsigned long long rh_proc_resident(pid_t pid);

/* In a freshly forked child of `parent` (its getpid() before the fork):
 * die (SIGKILL) when the parent dies, even by SIGKILL, and lead a process
 * group of its own so that the parent can kill the child and everything it
 * started with kill(-pid, ...). */
void rh_die_with_parent(pid_t parent);

/* The containment of programs run with caps: "pid-namespace", or
 * "process-group" (the fallback; *why, if asked, says why). */
const char *rh_proc_containment(const char **why);

/* With the process-group fallback, a program's descendant that left its
 * group is reparented to the nearest racehunt process when the process
 * that ran the program dies (racehunt's processes are subreapers).  A
 * process that starts such processes (the portfolio's stages) takes a
 * snapshot of its children first and, once they are reaped, kills every
 * child of its own that is not in it.  NULL, and nothing to do, with a
 * PID namespace. */
typedef struct rh_proc_snapshot rh_proc_snapshot;
rh_proc_snapshot *rh_proc_snapshot_take(void);
/* Kills the orphans (and what they started) and frees snap. */
void rh_proc_snapshot_sweep(rh_proc_snapshot *snap);

/* Finds an executable in PATH; returns an owned path or NULL. */
char *rh_proc_which(const char *name);

#endif
