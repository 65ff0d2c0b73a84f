/* dyn_par.h - one publication's group replay (rh_wit_group) run in a
 * child process while the caller runs another (dyn_par.c): two group
 * replays at once on two cores.
 *
 * Contract: dyn_par_start forks a child that replays the group of ws[0..m)
 * (riders rd, as rh_wit_group takes them) with c's deadline, in a
 * directory and network namespace (loopback up) of its own under
 * c->workdir: a server's two replays bind the same ports; dyn_par_finish
 * waits for it (it
 * is killed a second past that deadline, or at once when the stage is
 * cancelled), then sets out[k] to member k's witness (NULL when it got
 * none, the child failed or was killed) and rout[k] to rider k's where
 * rout[k] was NULL, and returns how many members got one, or -1 when the
 * child could not have a network namespace (nothing replayed: the caller
 * replays the group itself, and starts no more children).  Every witness
 * it hands back replayed in the child exactly as rh_wit_group's do.  A
 * failed start (-1) leaves nothing to finish: the caller replays the
 * group itself.
 */
#ifndef RH_DYN_PAR_H
#define RH_DYN_PAR_H

#include "engines/witness/witness.h"

#include <sys/types.h>

typedef struct dyn_par {
    pid_t pid;
    char *dir, *file;
    int m, n;
    double deadline;
} dyn_par;

/* 1 when a core looks idle (the load average over the last minute is
 * half a core below the cores): two replays at once on a machine that is
 * busy anyway would each take twice as long, and a replay killed on its
 * way shows only what it met.  RACEHUNT_WITNESS_PAIRS=always or off
 * decides instead (tests). */
int dyn_par_idle_core(void);
int dyn_par_start(dyn_par *p, const rh_wit_ctx *c, rh_witness *const *ws, int m,
                  const rh_group_riders *rd);
int dyn_par_finish(dyn_par *p, rh_witness **out, rh_witness **rout);

#endif
