/* pt_edges.h - control-flow edges no execution takes, for the points-to
 * analysis's constraint builder (points_to.c; internal to it).
 *
 * A branch on a condition that is a constant, or a comparison of two
 * integer constants (`if (sizeof(struct req) == 1)` in GLib's g_new0
 * expansion, once the program model has put the constants in SSA form),
 * takes one edge only, and blocks reached only through edges not taken
 * never run.  A phi then gets nothing from an edge not taken: the block
 * of g_new0's dead `g_malloc0(n)` branch allocated a one-byte object
 * every request pointer pointed to besides the real one, so no access
 * through it had one target.  Sound: the edge is taken by no execution.
 * The blocks themselves are still scanned (what they do is never read
 * from them but through memory, which keeps it).
 */
#ifndef RH_STATIC_PT_EDGES_H
#define RH_STATIC_PT_EDGES_H

#include "points_to.h"

/* Whether some execution may take the edge from block `from` to block
 * `to` (`to` one of from's successors): from may run, and its branch may
 * go to `to`. */
int rh_pt_edge_taken(rh_pt *pt, LLVMBasicBlockRef from, LLVMBasicBlockRef to);

#endif
