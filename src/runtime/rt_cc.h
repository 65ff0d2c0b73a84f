/* rt_cc.h - the runtime on its own: programs built by `racehunt cc` and
 * started without racehunt (rt_cc.c says how they report).
 *
 * Contract.  Each unit racehunt cc compiles registers its location table
 * from a constructor, before any of its code runs:
 *   void __rh_cc_register(const char *table, uint32_t n, uint32_t *base)
 * table holds n lines "FILE\tLINE\tCOL\tFUNC\tCALLEE\n" (line i: local id i;
 * CALLEE: the function of an unmodelled call, else empty), then an empty
 * line and the names of the functions the unit defines, one a line; and
 * *base is set so that base + i is the global id of local id i > 0 (the
 * unit's hooks add it; id 0 stays "unknown").  rt_out.c calls rt_cc_init
 * when RH_RT_OUT is unset (before the scheduler reads its settings),
 * rt_cc_started after, and rt_cc_end at the end of the run, which writes
 * the report and may end the process with the configured exit code.
 */
#ifndef RH_RT_CC_H
#define RH_RT_CC_H

#include <stdint.h>

void __rh_cc_register(const char *table, uint32_t n, uint32_t *base);
/* Replaces __rh_unmodelled in such units: passes the call on to it
 * unless a unit of the program defines the callee. */
void __rh_cc_unmodelled(uint32_t loc);
/* Around a call that may block in the kernel: the thread is off the
 * schedule from begin to end (rt_sched_leave/rejoin). */
void __rh_cc_block_begin(uint32_t loc);
void __rh_cc_block_end(void);
void rt_cc_init(void);
void rt_cc_started(void);
void rt_cc_end(const char *reason, const char *detail);

#endif
