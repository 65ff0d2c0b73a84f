/* proc_contain.h - how the proc module keeps a program's descendants
 * where it can kill them (proc_contain.c); internal to src/util/proc*.c,
 * callers see only rh_proc_containment in proc.h.
 */
#ifndef RH_PROC_CONTAIN_H
#define RH_PROC_CONTAIN_H

#include <sys/types.h>

typedef enum rh_contain_kind { RH_CONTAIN_PIDNS, RH_CONTAIN_GROUP } rh_contain_kind;

/* Which mechanism this process uses, found once (a probe in a throwaway
 * child) and inherited by later forks.  RACEHUNT_CONTAIN=group forces the
 * fallback.  *why, when asked, says why the namespace is not used. */
rh_contain_kind rh_contain_mode(const char **why);

/* In the forked child, just before it execs the program: with a PID
 * namespace this process becomes the relay and never returns (it exits
 * as the program did); it returns in the program's own process, pid 2 of
 * the namespace.  Without one it returns at once. */
void rh_contain_enter(void);

/* unshare(CLONE_NEWUSER | flags), this process's user and group mapped to
 * themselves (files keep their owners), setgroups denied.  0 on success;
 * -1 (errno set) when the kernel refuses. */
int rh_contain_userns(int flags);

#define RH_CONTAIN_MAX_CHILDREN 1024
/* Fills out with the pids of this process's children; returns how many. */
int rh_contain_children(pid_t *out, int max);
/* Kills every child of this process not in before (orphans reparented to
 * this subreaper) and, generation by generation, what they started;
 * returns how many processes it killed. */
int rh_contain_sweep(const pid_t *before, int nbefore);

#endif
