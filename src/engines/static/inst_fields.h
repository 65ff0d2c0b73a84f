/* inst_fields.h - blocks a counted record thread's instance reaches
 * through a pointer field of its own argument block (instance_args.h):
 * `struct arg { int id; struct data *d; }`, main allocating the argument
 * and the data block in each round, `a->d = d`, the thread working on
 * `a->d->...`.
 *
 * Instance k's parameter holds its argument block B_k; when that block is
 * its own (rh_ia_own_arg_block: one instance, instances one after the
 * other, or a fresh block per round), and one store S is the only write
 * (frees aside) that may reach field F of any such block, then the value
 * instance k loads from B_k.F was stored by an execution of S.  When S
 * stores (casts and constant GEPs of) the value of a fresh allocation D of
 * its own function, and no path leads from S back to S without passing D,
 * every execution of S stores a block no other execution stores: two
 * instances loading through F from two distinct argument blocks get two
 * distinct blocks, so their accesses through the loaded values never
 * meet.  Both accesses must go through loads whose one store is the same
 * S (two stores could store one D into two argument blocks).  The value
 * may also come in through a parameter of a function every call of which
 * passes such a loaded value (3 calls deep).
 *
 * The cell may also be an element `arr[id]` of any array, id the
 * instance's own counter (inst_elems.h): instances read distinct
 * elements, and when S is the only write to arr (frees aside, no create
 * handle in it), the same holds.  When S stores into `arr[i]` of the
 * create loop's round, dominated by D and dominating the call, main's
 * accesses through D's value that cannot run after the call before D runs
 * again touch the round's block before its instance starts (or another
 * instance's block).
 *
 * Contract: pure; rh_if_one_instance says whether accesses a1 and a2 of
 * the record's thread are made through such loads (then two instances
 * never touch the same bytes with them); "no" whenever in doubt.
 */
#ifndef RH_STATIC_INST_FIELDS_H
#define RH_STATIC_INST_FIELDS_H

#include "instance_args.h"

int rh_if_one_instance(rh_static *s, const rh_ia *ia, int a1, int a2);
/* Whether main's access am to the block a round stores into `arr[i]`
 * precedes the thread's access at through `arr[id]` (rule above). */
int rh_if_before_start(rh_static *s, const rh_ia *ia, int am, int at);

#endif
