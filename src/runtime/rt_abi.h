/* rt_abi.h - the calling convention between instrumented programs and the
 * racehunt runtime (libracehunt_rt.a), shared by the instrumenter
 * (src/engines/dynamic/dyn_instrument.c) and the runtime (src/runtime/).
 *
 * Contract.  The instrumenter inserts, and the runtime defines:
 *   void  __rh_access(void *p, uint64_t size, uint32_t flags, uint32_t loc, uint64_t value)
 *         before every load, store, atomic and memory-library call;
 *   void  __rh_access_r1, _r2, _r4, _r8 (flags RH_RT_READ, value 0) and
 *         __rh_access_w1, _w2, _w4, _w8 (flags RH_RT_WRITE | RH_RT_VALUE):
 *         __rh_access for a plain load or store of that many bytes, with
 *         the same arguments, so that the runtime's hot path is specialised
 *         to a known size and kind; every hook whose name begins with
 *         __rh_access (rh_rt_access_hook) takes its location as argument 3;
 *   void  __rh_enter(uint32_t loc) / void __rh_leave(void)
 *         around calls of functions with bodies (the shadow call stack);
 *   void  __rh_sync_pre(uint32_t op, uint32_t flags, void *obj, void *obj2, uint64_t n, uint32_t loc)
 *   void  __rh_sync_post(uint32_t op, uint32_t flags, void *obj, void *obj2, uint64_t ret, uint32_t loc)
 *         around calls the concurrency table names (op is an rh_op); the
 *         pre hook is a scheduling point that returns only when the call
 *         can complete without blocking;
 *   void *__rh_sync_timed(uint32_t op, uint32_t flags, void *obj, void *obj2, uint64_t n,
 *                         uint32_t loc, void *deadline)
 *         the pre hook of a timed wait whose last argument is its deadline
 *         (RH_F_DEADLINE): returns the deadline the call is to use, its own
 *         or, when the runtime times the wait out, one long past (the real
 *         call then answers its timeout at once);
 *   void *__rh_thread_prepare(void *fn, void *arg, uint32_t c11, uint32_t loc)
 *   void *__rh_thread_start(void *box)      passed to the real create call
 *   void  __rh_thread_created(void *box, uint64_t ret, uint64_t ok)
 *   int   __rh_cond_wait(void *cond, void *mutex, uint32_t flags, uint32_t loc)
 *   int   __rh_barrier_wait(void *barrier, uint32_t loc)
 *         replacing calls that would block a real thread;
 *   void  __rh_unmodelled(uint32_t loc)
 *         before a call that may synchronise in a way the runtime does not
 *         model (rh_conc_may_sync, RH_OP_UNMODELLED, some inline asm): a
 *         race it may order is written as held back, not as a race;
 *         loc may carry RH_UNMOD_CANCEL_POINT (a cancellation point or a
 *         change of the cancellation type: it orders nothing until some
 *         thread of the run has called pthread_cancel) or
 *         RH_UNMOD_CANCEL_SEND (pthread_cancel itself);
 *   void  __rh_client_request(void *req, uint32_t loc)
 *         before a Valgrind client request (req: its request block);
 *   int64_t __rh_nondet(uint32_t bits, uint32_t loc)  replacing __VERIFIER_nondet_*;
 *   void  __rh_assume(uint64_t cond, uint32_t loc)    replacing __VERIFIER_assume;
 *   __rh_clock_time, __rh_clock_times, __rh_clock_clock, __rh_clock_gettime,
 *   __rh_clock_gettimeofday: replacing direct calls of time, times, clock,
 *         clock_gettime and gettimeofday, with their signatures (rt_clock.c:
 *         the clock's answers are inputs a witness carries);
 *   void  __rh_undefined(const char *name)  the body of a function left out of the build
 *         (dyn_undefined.c): ends the run.
 * loc is an index into the location table the engine writes next to the
 * binary (0 = unknown).  The runtime reads its settings from RH_RT_*
 * environment variables and writes its findings to RH_RT_OUT (rt_out.c
 * documents the line format).
 */
#ifndef RH_RT_ABI_H
#define RH_RT_ABI_H

#include <stdint.h>
#include <string.h>

/* Whether a function of this name is __rh_access or one of its forms. */
static inline int rh_rt_access_hook(const char *name)
{
    return strncmp(name, "__rh_access", 11) == 0;
}

/* flags on __rh_unmodelled's loc (see above) */
#define RH_UNMOD_CANCEL_POINT 0x80000000u
#define RH_UNMOD_CANCEL_SEND 0x40000000u

/* __rh_access flags */
#define RH_RT_READ 0x01
#define RH_RT_WRITE 0x02
#define RH_RT_ATOMIC 0x04
#define RH_RT_ACQUIRE 0x08  /* atomic with acquire semantics (or stronger) */
#define RH_RT_RELEASE 0x10  /* atomic with release semantics (or stronger) */
#define RH_RT_VALUE 0x20    /* `value` holds the stored value */
#define RH_RT_STRLEN 0x40   /* size unknown: the string at p, with its NUL */
#define RH_RT_UPTO 0x80     /* a search's read: `value`, when not 0, is the last byte it read */
#define RH_RT_MUTEX 0x100000 /* __rh_sync_*: the lock is a pthread or C11 mutex */
#define RH_RT_C11 0x200000   /* __rh_cond_wait: a C11 cnd_* call, which answers thrd_* codes */

/* One event as the runtime records it in binary when RH_RT_EVENTS names a
 * file (rt_out.c): the fields of rt_out.c's E line, fixed-size, in the
 * host's byte order (the engine reads what its own build wrote).  Writing
 * and reading a text line per access cost more than the run itself. */
typedef struct rh_rt_event {
    int32_t tid;
    uint32_t loc;
    char what[12];           /* the E line's WHAT, NUL-padded */
    int32_t step;
    uint64_t addr, size;
    int64_t value, aux;
} rh_rt_event;

/* __rh_sync_* flags: the concurrency table's RH_F_* bits pass through,
 * with RH_RT_MUTEX added when the lock is a mutex (robust ones are let go
 * when their owner ends);
 * a fence instruction is __rh_sync_post(RH_OP_FENCE, RH_RT_ACQUIRE and/or
 * RH_RT_RELEASE, NULL, NULL, 0, loc). */

#endif
