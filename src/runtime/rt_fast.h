/* rt_fast.h - the hot path of an instrumented access, inlined into the
 * runtime's entry points (rt_hooks.c), as KCSAN and ThreadSanitizer keep
 * theirs in one header: the scheduling point at which the token holder
 * keeps the token, and the count of an event nobody records.  Everything
 * else - a choice, a change point, a cut-off, a recorded event - is the
 * out-of-line slow path (rt_point in rt_sched.c, rt_out_record in rt_out.c),
 * and the fast path decides exactly what the slow path would.
 */
#ifndef RH_RT_FAST_H
#define RH_RT_FAST_H

#include "rt.h"

#define RT_SPIN_LIMIT 3000 /* steps in a row after which a thread is deemed spinning */
#define RT_QUANTUM 10000   /* points in a row one thread may run while another could */

/* Whether t, the token holder at an access, keeps the token without a
 * choice: nothing that could change who is enabled happened since it was
 * chosen, it is not spinning, and its strategy's quantum is not over
 * (PCT: a change point, checked by the caller, also ends it). */
static inline int rt_keeps_token(const rt_thread *t)
{
    if (rt.dirty || t->pend != RT_P_RUN || t->run_len > RT_SPIN_LIMIT)
        return 0;
    if (rt.strategy == RT_PCT)
        return t->slice < RT_QUANTUM;
    return rt.strategy == RT_RANDOM && t->slice < t->quantum;
}

/* Whether PCT's choice number `choice` is one of its change points. */
static inline int rt_change_at(unsigned long choice)
{
    for (int i = 0; i < rt.nchange; i++)
        if (rt.change[i] == choice)
            return 1;
    return 0;
}

/* rt_point when t keeps the token: 1 when done, 0 when the slow path
 * (rt_point) must run, which then does all of the point's bookkeeping. */
static inline int rt_point_fast(rt_thread *t, uint32_t loc)
{
    if (t->stepped || rt_time_up || (rt.max_steps && rt.steps >= rt.max_steps) ||
        !rt_keeps_token(t))
        return 0;
    int choice = rt.strategy == RT_PCT && rt.others_enabled;
    if (choice && rt_change_at(rt.choices + 1))
        return 0;
    rt.steps++;
    rt.at_choice = choice;
    rt.choices += (unsigned long)choice;
    t->run_len++;
    t->slice++;
    t->timed = 0;
    t->stepped = 1;
    t->step_loc = loc;
    return 1;
}

/* One event: written when the run records events, counted always. */
static inline void rt_out_event(rt_thread *t, const char *what, uint32_t loc, uintptr_t addr,
                                uint64_t size, uint64_t value, long aux)
{
    if (rt.out && rt.events < rt.max_trace)
        rt_out_record(t, what, loc, addr, size, value, aux);
    t->stepped = 0;
    rt.events++;
}

#endif
