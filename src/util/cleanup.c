/* cleanup.c - the registry of temporary directories and child process
 * groups (cleanup.h), and the sweep that kills and removes what it holds.
 *
 * Why shared memory and atomics: the table is written by the main process
 * and by the stage processes it forks, and read by the janitor after any of
 * them may have died mid-way; a mapping made before those forks is the one
 * memory they all share, and a per-slot state word keeps entries whole.
 * This is racehunt's one piece of global mutable state outside the runtime:
 * a signal handler has nowhere else to find it.
 */
#include "cleanup.h"
#include "cleanup_registry.h"

#include <errno.h>
#include <ftw.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define RH_SWEEP_WAIT_MS 1000 /* how long a sweep waits for killed groups to go */

static rh_cleanup_slot *table;

rh_cleanup_slot *rh_cleanup_table(void)
{
    return table;
}

int rh_cleanup_map(void)
{
    if (table)
        return 0;
    void *m = mmap(NULL, sizeof(rh_cleanup_slot) * RH_CLEANUP_SLOTS, PROT_READ | PROT_WRITE,
                   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (m == MAP_FAILED)
        return -1;
    table = m;
    return 0;
}

static int slot_state(const rh_cleanup_slot *s)
{
    return __atomic_load_n(&s->state, __ATOMIC_ACQUIRE);
}

/* A registration interrupted by our own handler would be half written:
 * the three signals wait while the table changes. */
static void hold_signals(sigset_t *old)
{
    sigset_t set;
    sigemptyset(&set);
    sigaddset(&set, SIGTERM);
    sigaddset(&set, SIGINT);
    sigaddset(&set, SIGHUP);
    sigprocmask(SIG_BLOCK, &set, old);
}

static void add(int kind, pid_t group, const char *path)
{
    if (!rh_cleanup_installed())
        rh_cleanup_install();
    if (!table || (path && strlen(path) >= RH_CLEANUP_PATH))
        return;
    sigset_t old;
    hold_signals(&old);
    for (int i = 0; i < RH_CLEANUP_SLOTS; i++) {
        rh_cleanup_slot *s = &table[i];
        int expect = RH_SLOT_FREE;
        if (!__atomic_compare_exchange_n(&s->state, &expect, RH_SLOT_WRITING, 0, __ATOMIC_ACQ_REL,
                                         __ATOMIC_RELAXED))
            continue;
        s->owner = getpid();
        s->group = group;
        snprintf(s->path, sizeof s->path, "%s", path ? path : "");
        __atomic_store_n(&s->state, kind, __ATOMIC_RELEASE);
        break;
    }
    sigprocmask(SIG_SETMASK, &old, NULL);
}

static void release(rh_cleanup_slot *s)
{
    __atomic_store_n(&s->state, RH_SLOT_FREE, __ATOMIC_RELEASE);
}

void rh_cleanup_add_dir(const char *dir)
{
    if (dir)
        add(RH_SLOT_DIR, 0, dir);
}

void rh_cleanup_add_child(pid_t pid)
{
    if (pid > 0)
        add(RH_SLOT_GROUP, pid, NULL);
}

/* Takes a published slot of `kind` for the caller alone (a sweep in
 * another process may be after the same slot); 1 when it got it. */
static int claim(rh_cleanup_slot *s, int kind)
{
    int expect = kind;
    return __atomic_compare_exchange_n(&s->state, &expect, RH_SLOT_WRITING, 0, __ATOMIC_ACQ_REL,
                                       __ATOMIC_RELAXED);
}

void rh_cleanup_remove_dir(const char *dir)
{
    if (!table || !dir)
        return;
    sigset_t old;
    hold_signals(&old);
    for (int i = 0; i < RH_CLEANUP_SLOTS; i++)
        if (slot_state(&table[i]) == RH_SLOT_DIR && strcmp(table[i].path, dir) == 0 &&
            claim(&table[i], RH_SLOT_DIR)) {
            release(&table[i]);
            break;
        }
    sigprocmask(SIG_SETMASK, &old, NULL);
}

void rh_cleanup_remove_child(pid_t pid)
{
    if (!table || pid <= 0)
        return;
    sigset_t old;
    hold_signals(&old);
    for (int i = 0; i < RH_CLEANUP_SLOTS; i++)
        if (slot_state(&table[i]) == RH_SLOT_GROUP && table[i].group == pid &&
            claim(&table[i], RH_SLOT_GROUP)) {
            release(&table[i]);
            break;
        }
    sigprocmask(SIG_SETMASK, &old, NULL);
    rh_cleanup_sweep(RH_SWEEP_LEFT_BY, pid);
}

void rh_cleanup_kill_groups(pid_t owner)
{
    for (int i = 0; table && i < RH_CLEANUP_SLOTS; i++)
        if (slot_state(&table[i]) == RH_SLOT_GROUP && (!owner || table[i].owner == owner))
            kill(-table[i].group, SIGKILL);
}

static int in_scope(const rh_cleanup_slot *s, rh_sweep_scope scope, pid_t owner)
{
    if (scope == RH_SWEEP_ALL)
        return 1;
    return s->owner == owner || (kill(s->owner, 0) != 0 && errno == ESRCH);
}

/* Waits until no process of the group is left; our own children in it are
 * reaped (a zombie still counts as a member).  0 when it is gone. */
static int wait_group_gone(pid_t group, double until)
{
    struct timespec tick = {0, 5 * 1000 * 1000}, now;
    for (;;) {
        while (waitpid(-group, NULL, WNOHANG) > 0)
            ;
        if (kill(-group, 0) != 0 && errno == ESRCH)
            return 0;
        clock_gettime(CLOCK_MONOTONIC, &now);
        if ((double)now.tv_sec + (double)now.tv_nsec * 1e-9 >= until)
            return -1;
        nanosleep(&tick, NULL);
    }
}

static int remove_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb, (void)flag, (void)ftw;
    remove(path);
    return 0;
}

void rh_cleanup_sweep(rh_sweep_scope scope, pid_t owner)
{
    if (!table)
        return;
    int taken[RH_CLEANUP_SLOTS] = {0}; /* the kind of each slot this sweep claimed */
    for (int i = 0; i < RH_CLEANUP_SLOTS; i++) {
        int st = slot_state(&table[i]);
        if ((st == RH_SLOT_DIR || st == RH_SLOT_GROUP) && in_scope(&table[i], scope, owner) &&
            claim(&table[i], st))
            taken[i] = st;
        if (taken[i] == RH_SLOT_GROUP)
            kill(-table[i].group, SIGKILL);
    }
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    double until = (double)now.tv_sec + (double)now.tv_nsec * 1e-9 + RH_SWEEP_WAIT_MS / 1000.0;
    /* killed processes may still be writing into the directories */
    for (int i = 0; i < RH_CLEANUP_SLOTS; i++)
        if (taken[i] == RH_SLOT_GROUP) {
            wait_group_gone(table[i].group, until);
            release(&table[i]);
        }
    for (int i = 0; i < RH_CLEANUP_SLOTS; i++)
        if (taken[i] == RH_SLOT_DIR) {
            nftw(table[i].path, remove_entry, 16, FTW_DEPTH | FTW_PHYS);
            release(&table[i]);
        }
}
