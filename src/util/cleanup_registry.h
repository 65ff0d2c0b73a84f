/* cleanup_registry.h - the table behind cleanup.h, shared by cleanup.c (the
 * table and its sweeps) and cleanup_guard.c (signal handlers, janitor).
 *
 * Why a header of its own: the table is an implementation detail of the
 * cleanup module, but two files need it, and the guard's signal handler
 * may only use the async-signal-safe part (rh_cleanup_kill_groups).
 */
#ifndef RH_CLEANUP_REGISTRY_H
#define RH_CLEANUP_REGISTRY_H

#include <sys/types.h>

#define RH_CLEANUP_SLOTS 64
#define RH_CLEANUP_PATH 4096

enum { RH_SLOT_FREE, RH_SLOT_WRITING, RH_SLOT_DIR, RH_SLOT_GROUP };

/* One registered thing.  state is read and written atomically: a slot is
 * claimed (FREE -> WRITING), filled, then published as DIR or GROUP, so a
 * process reading the table never sees half an entry. */
typedef struct rh_cleanup_slot {
    int state;
    pid_t owner;                /* the process that registered it */
    pid_t group;                /* RH_SLOT_GROUP: process group id */
    char path[RH_CLEANUP_PATH]; /* RH_SLOT_DIR */
} rh_cleanup_slot;

/* The shared table, or NULL before rh_cleanup_map(). */
rh_cleanup_slot *rh_cleanup_table(void);
/* Maps the table (once); 0 on success. */
int rh_cleanup_map(void);

/* Sends SIGKILL to every registered group (owner 0) or to those `owner`
 * registered.  Async-signal-safe. */
void rh_cleanup_kill_groups(pid_t owner);

/* Which slots a sweep takes: all, or those of one owner and of owners
 * that no longer exist. */
typedef enum rh_sweep_scope { RH_SWEEP_ALL, RH_SWEEP_LEFT_BY } rh_sweep_scope;

/* Kills the groups in scope, waits (at most about a second) for them to be
 * gone, removes the directories in scope and frees their slots.  Not for
 * signal handlers (it removes directories with nftw). */
void rh_cleanup_sweep(rh_sweep_scope scope, pid_t owner);

/* Whether a janitor was started (cleanup_guard.c); rh_cleanup_add_* start
 * one on first use. */
int rh_cleanup_installed(void);

#endif
