/* race_pairs.h - data race detection proper (RacerF Section 7): accesses
 * are clustered by abstract object, and every pair in a cluster is checked
 * against the may-race conditions; pairs that pass are checked against the
 * must-race conditions too.
 *
 * May-race: at least one write, not both atomic, overlapping byte ranges of
 * the same shared object, from different threads or two instances of a
 * multi thread, possibly in parallel, and no common lock that one of them
 * holds in write mode.  Accesses to array elements that each thread
 * instance indexes by its own id never race (see own_index.h), nor do
 * two frees (or reallocs) of a block: both of one block would be a double
 * free, undefined; a block freed, allocated again and freed is ordered by
 * the allocator.
 *
 * Contract: rh_static_race_pairs adds one rh_race per pair of source
 * locations (must-races win over may-races of the same pair) to s->res and
 * counts them in s->nmay / s->nmust.
 */
#ifndef RH_STATIC_RACE_PAIRS_H
#define RH_STATIC_RACE_PAIRS_H

#include "static_ctx.h"

void rh_static_race_pairs(rh_static *s);

#endif
