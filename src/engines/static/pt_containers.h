/* pt_containers.h - the points-to constraints of container functions
 * (GLib's lists and hash tables; libspec.h's rh_container_op), for the
 * points-to analysis's constraint builder (points_to.c; internal to it).
 *
 * A container keeps the pointers it is given and hands them back later.
 * As an unknown function such a call returned a pointer anywhere into
 * every argument: a list node taken back out pointed into the data, the
 * list and every block ever appended, and what was loaded from it (the
 * data) into all of those: one blob the program's heap objects ran
 * together in.  The rules (each over-approximates what the library does):
 *   - LIST_ADD (list, data): a list node object per call site, whose
 *     offset-0 cell (`node->data`) holds data and whose link cells (8, 16:
 *     next, prev) hold the call's node and the list's nodes; the list's
 *     nodes' link cells get the new node; the result is the new node or
 *     one of the list's;
 *   - LIST_WALK (list, ...): a node of the list, found by following link
 *     cells from the argument as far as they go (or NULL);
 *   - LIST_DATA (list, ...): the data cell of such a node;
 *   - MAP_PUT (map, key[, value]): key and value stored into the map's
 *     object (the cells a pointer to it names); MAP_GET loads them back;
 *     MAP_GET_OUT stores what it loads into its third and fourth
 *     arguments' targets.
 * Sound: every pointer the library hands back is one it was given (or
 * one of its own list nodes), and each is in the result's set.
 */
#ifndef RH_STATIC_PT_CONTAINERS_H
#define RH_STATIC_PT_CONTAINERS_H

#include "points_to.h"
#include "model/libspec.h"

/* The constraints of a call of a CONT row in function fi; 1 when the row
 * is a container's (and the call is wired), else 0. */
int rh_pt_container_call(rh_pt *pt, LLVMValueRef call, const rh_libspec_row *row, int fi);
/* The parameters of function callee (a model index) that the container
 * call calls back (a CONTCB row); 1 when wired, else 0. */
int rh_pt_container_callback(rh_pt *pt, LLVMValueRef call, const rh_libspec_row *row, int callee);

#endif
