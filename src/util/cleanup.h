/* cleanup.h - what racehunt must undo if it is interrupted: temporary
 * directories to remove and child process groups to kill.
 *
 * Why: racehunt forks stage processes, runs clang and the program under
 * test, and writes into temporary directories.  Killed or interrupted at
 * any moment (SIGTERM, SIGINT, SIGHUP, even SIGKILL), it must leave no
 * process and no temporary file behind.  Normal code removes what it made;
 * this registry covers the moments when normal code never gets to run.
 *
 * How (cleanup.c, cleanup_guard.c):
 *   - The registry lives in a shared anonymous mapping made by the first
 *     registration (or rh_cleanup_install), so the stage processes forked
 *     later write into the same table the main process and its janitor see.
 *   - The janitor is a small process forked at install time.  It waits on a
 *     socket to the main process: when racehunt is signalled it is asked to
 *     clean up, and when racehunt dies in any way (SIGKILL included) the
 *     socket reaches end of file and it cleans up what is registered: kills
 *     every group, waits for them to go, removes every directory.  It exits
 *     with racehunt (at normal exit racehunt waits for it).
 *   - SIGTERM, SIGINT and SIGHUP in the main process: the janitor cleans up
 *     (racehunt reaps its children meanwhile), then racehunt dies of the
 *     same signal (exit status 128+sig in a shell).  A signal that was
 *     ignored when racehunt started stays ignored.
 *   - In other racehunt processes (stage children) the same signals kill
 *     the groups that process registered; what it leaves is swept when the
 *     main process calls rh_cleanup_remove_child for it, or by the janitor.
 *
 * Contract: every function is cheap (a scan of RH_CLEANUP_SLOTS slots) and
 * never fails the caller: when the registry is full or a path too long,
 * that entry is simply not covered on interruption.  Paths must be
 * absolute or relative to a directory racehunt does not leave.
 */
#ifndef RH_CLEANUP_H
#define RH_CLEANUP_H

#include <sys/types.h>

/* Installs the handlers and starts the janitor; idempotent, and done by the
 * first registration anyway.  Call it early in main() to be explicit. */
void rh_cleanup_install(void);

/* dir (and everything below it) is removed if racehunt is interrupted. */
void rh_cleanup_add_dir(const char *dir);
/* dir is gone or no longer temporary; a path never added is ignored. */
void rh_cleanup_remove_dir(const char *dir);

/* pid leads a process group of its own (rh_die_with_parent, or setpgid):
 * the whole group is killed if racehunt is interrupted. */
void rh_cleanup_add_child(pid_t pid);
/* pid has been reaped (or its group killed): forget it, and sweep what it
 * or any other dead racehunt process registered and left behind (a stage
 * killed at the deadline leaves its program's group and its directories). */
void rh_cleanup_remove_child(pid_t pid);

#endif
