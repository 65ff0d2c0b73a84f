/* escape.h - escape analysis of the static engine (RacerF Section 7).
 *
 * An object is shared when another thread may reach it: globals (except
 * thread-local ones) and memory external code returned are shared (not the
 * stand-in for a variadic function's arguments: a frame's), and so
 * is everything reachable from them or from a thread's start argument
 * through pointers stored in memory.  Locals and heap objects that are
 * never reachable that way stay private to the thread instance that made
 * them and never race.
 *
 * Contract: returns an array (per points-to object, caller frees) of flags.
 */
#ifndef RH_STATIC_ESCAPE_H
#define RH_STATIC_ESCAPE_H

#include "thread_graph.h"

unsigned char *rh_escape_shared(rh_pt *pt, const rh_tg *g);

#endif
