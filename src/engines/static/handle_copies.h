/* handle_copies.h - cells that hold only copies of a counted thread's
 * handle, so a join through them counts (spawn_count.c).
 *
 * A create wrapper often creates into a local and copies the handle into
 * the record it returns: `pthread_t t; pthread_create(&t, ...); h =
 * wrap(t);` with `wrap` storing its parameter into `h->th`; the caller
 * later joins `h->th`.  The counted join needs the joined cell to hold a
 * handle of the thread (lockset.h's spawn cells: cells only the thread's
 * create writes).  A cell also qualifies when every write that may reach
 * it stores a handle value of thread c: a load from one of c's spawn
 * cells, or a parameter of a function called only directly, every call
 * passing such a value (through a few calls).  Any other write that may
 * overlap the cell (a store of something else, a memcpy, a create of
 * another thread, a write at an unknown offset of its object) keeps it
 * out.  Joining one instance through two cells that hold its handle is
 * joining it twice, undefined, so the count stays right.
 *
 * Contract: rh_ls_handle_copies runs after the spawn cells are known
 * (thread_handles.c) and adds the copy cells to ls->spawn_cells.
 */
#ifndef RH_STATIC_HANDLE_COPIES_H
#define RH_STATIC_HANDLE_COPIES_H

#include "lockset.h"

void rh_ls_handle_copies(rh_ls *ls);

#endif
