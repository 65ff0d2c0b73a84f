/* concurrency.c - the built-in concurrency model table and --model files.
 *
 * Rows are matched in order, so exact names come before the prefixes that
 * would also match them.  The rest of the C library is in libspec_*.c,
 * looked up after these rows.  Argument positions are 0-based; -1 means none.
 */
#include "concurrency.h"
#include "annotations.h"
#include "libspec.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define M RH_LOCK_MUTEX
#define RW RH_LOCK_RWLOCK
#define SP RH_LOCK_SPIN
#define N RH_LOCK_NONE
#define RD RH_F_OBJ_READ
#define WR RH_F_OBJ_WRITE
#define RD2 RH_F_OBJ2_READ
#define PFX RH_F_PREFIX
#define FMT RH_F_FORMAT
#define SCN RH_F_SCAN
#define TD (RH_F_TIMED | RH_F_DEADLINE)
#define CNL RH_F_CANCEL

/* Every flag its own bit, none of them the runtime's (rt_abi.h: RH_RT_MUTEX
 * 0x100000 and RH_RT_C11 0x200000 ride on the same word): branches that add
 * flags side by side must not reuse one (RH_F_ANNOUNCED and RH_F_SIGNAL
 * once did).  A new flag goes into both lists. */
#define RH_ALL_FLAGS_SUM (RH_F_TRY + RH_F_TIMED + RH_F_SHARED + RH_F_OBJ_READ + RH_F_OBJ_WRITE + RH_F_OBJ2_READ + \
    RH_F_PREFIX + RH_F_DEFINED + RH_F_FORMAT + RH_F_SCAN + RH_F_DEADLINE + RH_F_ANNOT + \
    RH_F_ANNOUNCED + RH_F_ISW + RH_F_CALLBACK + RH_F_REGISTER + RH_F_RET_NEW + RH_F_STATE_WRITE \
    + RH_F_STATE_READ + RH_F_STATE_LOCKED + RH_F_STATE_TLS + RH_F_KEEPS + RH_F_NOTIFY + RH_F_SIGNAL + RH_F_CANCEL)
#define RH_ALL_FLAGS_OR (RH_F_TRY | RH_F_TIMED | RH_F_SHARED | RH_F_OBJ_READ | RH_F_OBJ_WRITE | RH_F_OBJ2_READ | \
    RH_F_PREFIX | RH_F_DEFINED | RH_F_FORMAT | RH_F_SCAN | RH_F_DEADLINE | RH_F_ANNOT | \
    RH_F_ANNOUNCED | RH_F_ISW | RH_F_CALLBACK | RH_F_REGISTER | RH_F_RET_NEW | RH_F_STATE_WRITE \
    | RH_F_STATE_READ | RH_F_STATE_LOCKED | RH_F_STATE_TLS | RH_F_KEEPS | RH_F_NOTIFY | RH_F_SIGNAL | RH_F_CANCEL)
_Static_assert(RH_ALL_FLAGS_SUM == RH_ALL_FLAGS_OR, "two RH_F_* flags share a bit");
_Static_assert((RH_ALL_FLAGS_OR & 0x300000u) == 0, "an RH_F_* flag uses a bit of rt_abi.h's RH_RT_*");

static const rh_conc_entry builtin[] = {
    /* name                     op                     flags              class obj obj2 fn size ok */
    {"pthread_create",          RH_OP_THREAD_CREATE,   0,                 N,  0,  3,  2, -1, 0},
    {"pthread_join",            RH_OP_THREAD_JOIN,     0,                 N,  0, -1, -1, -1, 0},
    {"pthread_exit",            RH_OP_THREAD_EXIT,     0,                 N, -1, -1, -1, -1, 0},
    {"pthread_detach",          RH_OP_THREAD_DETACH,   0,                 N,  0, -1, -1, -1, 0},
    {"pthread_self",            RH_OP_THREAD_SELF,     0,                 N, -1, -1, -1, -1, 0},
    {"pthread_mutex_init",      RH_OP_LOCK_INIT,       0,                 M,  0, -1, -1, -1, 0},
    {"pthread_mutex_destroy",   RH_OP_LOCK_DESTROY,    0,                 M,  0, -1, -1, -1, 0},
    {"pthread_mutex_lock",      RH_OP_LOCK,            0,                 M,  0, -1, -1, -1, 0},
    {"pthread_mutex_trylock",   RH_OP_LOCK,            RH_F_TRY,          M,  0, -1, -1, -1, 0},
    {"pthread_mutex_timedlock", RH_OP_LOCK,            TD,                M,  0, -1, -1, -1, 0},
    {"pthread_mutex_unlock",    RH_OP_UNLOCK,          0,                 M,  0, -1, -1, -1, 0},
    {"pthread_rwlock_init",     RH_OP_LOCK_INIT,       0,                 RW, 0, -1, -1, -1, 0},
    {"pthread_rwlock_destroy",  RH_OP_LOCK_DESTROY,    0,                 RW, 0, -1, -1, -1, 0},
    {"pthread_rwlock_rdlock",   RH_OP_LOCK,            RH_F_SHARED,       RW, 0, -1, -1, -1, 0},
    {"pthread_rwlock_tryrdlock",RH_OP_LOCK,            RH_F_SHARED | RH_F_TRY, RW, 0, -1, -1, -1, 0},
    {"pthread_rwlock_timedrdlock", RH_OP_LOCK,         RH_F_SHARED | TD, RW, 0, -1, -1, -1, 0},
    {"pthread_rwlock_wrlock",   RH_OP_LOCK,            0,                 RW, 0, -1, -1, -1, 0},
    {"pthread_rwlock_trywrlock",RH_OP_LOCK,            RH_F_TRY,          RW, 0, -1, -1, -1, 0},
    {"pthread_rwlock_timedwrlock", RH_OP_LOCK,         TD,                RW, 0, -1, -1, -1, 0},
    {"pthread_rwlock_unlock",   RH_OP_UNLOCK,          0,                 RW, 0, -1, -1, -1, 0},
    {"pthread_spin_init",       RH_OP_LOCK_INIT,       0,                 SP, 0, -1, -1, -1, 0},
    {"pthread_spin_destroy",    RH_OP_LOCK_DESTROY,    0,                 SP, 0, -1, -1, -1, 0},
    {"pthread_spin_lock",       RH_OP_LOCK,            0,                 SP, 0, -1, -1, -1, 0},
    {"pthread_spin_trylock",    RH_OP_LOCK,            RH_F_TRY,          SP, 0, -1, -1, -1, 0},
    {"pthread_spin_unlock",     RH_OP_UNLOCK,          0,                 SP, 0, -1, -1, -1, 0},
    {"pthread_cond_wait",       RH_OP_COND_WAIT,       0,                 N,  0,  1, -1, -1, 0},
    {"pthread_cond_timedwait",  RH_OP_COND_WAIT,       RH_F_TIMED,        N,  0,  1, -1, -1, 0},
    {"pthread_cond_signal",     RH_OP_COND_SIGNAL,     0,                 N,  0, -1, -1, -1, 0},
    {"pthread_cond_broadcast",  RH_OP_COND_BROADCAST,  0,                 N,  0, -1, -1, -1, 0},
    {"pthread_barrier_init",    RH_OP_BARRIER_INIT,    0,                 N,  0, -1, -1,  2, 0},
    {"pthread_barrier_wait",    RH_OP_BARRIER_WAIT,    0,                 N,  0, -1, -1, -1, 0},
    {"pthread_once",            RH_OP_ONCE,            0,                 N,  0, -1,  1, -1, 0},
    {"sem_init",                RH_OP_SEM_INIT,        0,                 N,  0, -1, -1,  2, 0},
    {"sem_wait",                RH_OP_SEM_WAIT,        0,                 N,  0, -1, -1, -1, 0},
    {"sem_trywait",             RH_OP_SEM_WAIT,        RH_F_TRY,          N,  0, -1, -1, -1, 0},
    {"sem_timedwait",           RH_OP_SEM_WAIT,        TD,                N,  0, -1, -1, -1, 0},
    {"sem_post",                RH_OP_SEM_POST,        0,                 N,  0, -1, -1, -1, 0},
    /* joins that may fail join only when they return 0 (a loop until
     * success is a join); waits with a clock are the timed ones */
    {"pthread_tryjoin_np",      RH_OP_THREAD_JOIN,     RH_F_TRY,          N,  0, -1, -1, -1, 0},
    {"pthread_timedjoin_np",    RH_OP_THREAD_JOIN,     TD,                N,  0, -1, -1, -1, 0},
    {"pthread_clockjoin_np",    RH_OP_THREAD_JOIN,     TD,                N,  0, -1, -1, -1, 0},
    {"pthread_mutex_clocklock", RH_OP_LOCK,            TD,                M,  0, -1, -1, -1, 0},
    {"pthread_rwlock_clockrdlock", RH_OP_LOCK,         RH_F_SHARED | TD, RW, 0, -1, -1, -1, 0},
    {"pthread_rwlock_clockwrlock", RH_OP_LOCK,         TD,                RW, 0, -1, -1, -1, 0},
    {"pthread_cond_clockwait",  RH_OP_COND_WAIT,       RH_F_TIMED,        N,  0,  1, -1, -1, 0},
    {"sem_clockwait",           RH_OP_SEM_WAIT,        TD,                N,  0, -1, -1, -1, 0},
    {"sem_open",                RH_OP_SEM_OPEN,        0,                 N, -1,  3, -1,  3, 0},
    {"sem_getvalue",            RH_OP_MEMORY,          WR,                N,  1, -1, -1, -1, 0},
    {"sem_close",               RH_OP_PURE,            0,                 N, -1, -1, -1, -1, 0},
    {"sem_unlink",              RH_OP_MEMORY,          RD,                N,  0, -1, -1, -1, 0},
    {"pthread_mutex_consistent", RH_OP_PURE,           0,                 N, -1, -1, -1, -1, 0},
    {"pthread_mutex_consistent_np", RH_OP_PURE,        0,                 N, -1, -1, -1, -1, 0},
    /* annotations written for ThreadSanitizer (tsan_interface.h): custom
     * mutexes announced around their lock and unlock.  They apply to the
     * program's own (empty) definitions too.  The Annotate* functions of
     * dynamic_annotations.h and Helgrind's requests are in annotations.c */
    {"__tsan_release",          RH_OP_HB_RELEASE,      RH_F_DEFINED,      N,  0, -1, -1, -1, 0},
    {"__tsan_acquire",          RH_OP_HB_ACQUIRE,      RH_F_DEFINED,      N,  0, -1, -1, -1, 0},
    {"__tsan_mutex_post_lock",  RH_OP_LOCK,            RH_F_TRY | RH_F_ANNOT | RH_F_DEFINED, M, 0, 1, -1, -1, 0},
    {"__tsan_mutex_pre_unlock", RH_OP_UNLOCK,          RH_F_ANNOT | RH_F_DEFINED, M,  0,  1, -1, -1, 0},
    {"__tsan_mutex_create",     RH_OP_PURE,            RH_F_DEFINED,      N, -1, -1, -1, -1, 0},
    {"__tsan_mutex_destroy",    RH_OP_PURE,            RH_F_DEFINED,      N, -1, -1, -1, -1, 0},
    {"__tsan_mutex_pre_lock",   RH_OP_PURE,            RH_F_DEFINED,      N, -1, -1, -1, -1, 0},
    {"__tsan_mutex_post_unlock", RH_OP_PURE,           RH_F_DEFINED,      N, -1, -1, -1, -1, 0},
    {"__tsan_mutex_pre_signal", RH_OP_PURE,            RH_F_DEFINED,      N, -1, -1, -1, -1, 0},
    {"__tsan_mutex_post_signal", RH_OP_PURE,           RH_F_DEFINED,      N, -1, -1, -1, -1, 0},
    {"__tsan_mutex_pre_divert", RH_OP_PURE,            RH_F_DEFINED,      N, -1, -1, -1, -1, 0},
    {"__tsan_mutex_post_divert", RH_OP_PURE,           RH_F_DEFINED,      N, -1, -1, -1, -1, 0},
    /* what may synchronise (or end a thread, or run a handler) in ways no
     * engine models: never silently assumed harmless */
    {"pthread_cancel",          RH_OP_UNMODELLED,      CNL,               N,  0, -1, -1, -1, RH_CANCEL_SEND},
    {"pthread_testcancel",      RH_OP_UNMODELLED,      CNL,               N, -1, -1, -1, -1, RH_CANCEL_TEST},
    {"pthread_setcanceltype",   RH_OP_UNMODELLED,      CNL,               N, -1, -1, -1, -1, RH_CANCEL_TYPE},
    {"pthread_kill",            RH_OP_UNMODELLED,      RH_F_SIGNAL,       N, -1, -1, -1, -1, 0},
    {"pthread_sigqueue",        RH_OP_UNMODELLED,      RH_F_SIGNAL,       N, -1, -1, -1, -1, 0},
    {"pthread_cleanup_push",    RH_OP_UNMODELLED,      0,                 N, -1, -1, -1, -1, 0},
    {"__pthread_register_cancel", RH_OP_UNMODELLED,    CNL,               N,  0, -1, -1, -1, RH_CANCEL_REGISTER},
    {"__pthread_unregister_cancel", RH_OP_UNMODELLED,  CNL,               N,  0, -1, -1, -1, RH_CANCEL_UNREGISTER},
    {"__pthread_unwind_next",   RH_OP_UNMODELLED,      CNL,               N,  0, -1, -1, -1, RH_CANCEL_UNWIND},
    {"__sigsetjmp",             RH_OP_UNMODELLED,      CNL,               N,  0, -1, -1, -1, RH_CANCEL_SETJMP},
    /* System V semaphores: P and V operations, and semctl's SETVAL/SETALL release waiters */
    {"semop",                   RH_OP_UNMODELLED,      0,                 N, -1, -1, -1, -1, 0},
    {"semtimedop",              RH_OP_UNMODELLED,      0,                 N, -1, -1, -1, -1, 0},
    {"semctl",                  RH_OP_UNMODELLED,      0,                 N, -1, -1, -1, -1, 0},
    {"syscall",                 RH_OP_UNMODELLED,      0,                 N, -1, -1, -1, -1, 0},
    {"raise",                   RH_OP_UNMODELLED,      RH_F_SIGNAL,       N, -1, -1, -1, -1, 0},
    {"kill",                    RH_OP_UNMODELLED,      RH_F_SIGNAL,       N, -1, -1, -1, -1, 0},
    {"sigqueue",                RH_OP_UNMODELLED,      RH_F_SIGNAL,       N, -1, -1, -1, -1, 0},
    {"alarm",                   RH_OP_UNMODELLED,      RH_F_SIGNAL,       N, -1, -1, -1, -1, 0},
    {"setitimer",               RH_OP_UNMODELLED,      RH_F_SIGNAL,       N, -1, -1, -1, -1, 0},
    {"sigwait",                 RH_OP_UNMODELLED,      RH_F_SIGNAL,       N, -1, -1, -1, -1, 0},
    {"sigsuspend",              RH_OP_UNMODELLED,      RH_F_SIGNAL,       N, -1, -1, -1, -1, 0},
    {"pause",                   RH_OP_UNMODELLED,      RH_F_SIGNAL,       N, -1, -1, -1, -1, 0},
    /* asynchronous I/O: the library writes the buffer later, from a thread of its own */
    {"aio_read",                RH_OP_UNMODELLED,      0,                 N, -1, -1, -1, -1, 0},
    {"aio_write",               RH_OP_UNMODELLED,      0,                 N, -1, -1, -1, -1, 0},
    {"aio_fsync",               RH_OP_UNMODELLED,      0,                 N, -1, -1, -1, -1, 0},
    {"lio_listio",              RH_OP_UNMODELLED,      0,                 N, -1, -1, -1, -1, 0},
    {"aio_read64",              RH_OP_UNMODELLED,      0,                 N, -1, -1, -1, -1, 0},
    {"aio_write64",             RH_OP_UNMODELLED,      0,                 N, -1, -1, -1, -1, 0},
    {"getaddrinfo_a",           RH_OP_UNMODELLED,      0,                 N, -1, -1, -1, -1, 0},
    {"fork",                    RH_OP_FORK,            0,                 N, -1, -1, -1, -1, 0},
    {"vfork",                   RH_OP_UNMODELLED,      0,                 N, -1, -1, -1, -1, 0},
    {"thrd_create",             RH_OP_THREAD_CREATE,   0,                 N,  0,  2,  1, -1, 0},
    {"thrd_join",               RH_OP_THREAD_JOIN,     0,                 N,  0, -1, -1, -1, 0},
    {"thrd_exit",               RH_OP_THREAD_EXIT,     0,                 N, -1, -1, -1, -1, 0},
    {"thrd_detach",             RH_OP_THREAD_DETACH,   0,                 N,  0, -1, -1, -1, 0},
    {"thrd_current",            RH_OP_THREAD_SELF,     0,                 N, -1, -1, -1, -1, 0},
    {"mtx_init",                RH_OP_LOCK_INIT,       0,                 M,  0, -1, -1, -1, 0},
    {"mtx_destroy",             RH_OP_LOCK_DESTROY,    0,                 M,  0, -1, -1, -1, 0},
    {"mtx_lock",                RH_OP_LOCK,            0,                 M,  0, -1, -1, -1, 0},
    {"mtx_trylock",             RH_OP_LOCK,            RH_F_TRY,          M,  0, -1, -1, -1, 0},
    {"mtx_timedlock",           RH_OP_LOCK,            TD,                M,  0, -1, -1, -1, 0},
    {"mtx_unlock",              RH_OP_UNLOCK,          0,                 M,  0, -1, -1, -1, 0},
    {"cnd_wait",                RH_OP_COND_WAIT,       0,                 N,  0,  1, -1, -1, 0},
    {"cnd_timedwait",           RH_OP_COND_WAIT,       RH_F_TIMED,        N,  0,  1, -1, -1, 0},
    {"cnd_signal",              RH_OP_COND_SIGNAL,     0,                 N,  0, -1, -1, -1, 0},
    {"cnd_broadcast",           RH_OP_COND_BROADCAST,  0,                 N,  0, -1, -1, -1, 0},
    {"call_once",               RH_OP_ONCE,            0,                 N,  0, -1,  1, -1, 0},
    {"__VERIFIER_atomic_begin", RH_OP_ATOMIC_BEGIN,    0,                 N, -1, -1, -1, -1, 0},
    {"__VERIFIER_atomic_end",   RH_OP_ATOMIC_END,      0,                 N, -1, -1, -1, -1, 0},
    {"__VERIFIER_atomic_",      RH_OP_ATOMIC_CALL,     PFX | RH_F_DEFINED, N, -1, -1, -1, -1, 0},
    {"__VERIFIER_nondet_",      RH_OP_NONDET,          PFX,               N, -1, -1, -1, -1, 0},
    {"__VERIFIER_assume",       RH_OP_ASSUME,          0,                 N,  0, -1, -1, -1, 0},
    {"__VERIFIER_error",        RH_OP_ERROR,           0,                 N, -1, -1, -1, -1, 0},
    {"reach_error",             RH_OP_ERROR,           RH_F_DEFINED,      N, -1, -1, -1, -1, 0},
    {"abort",                   RH_OP_ERROR,           0,                 N, -1, -1, -1, -1, 0},
    {"__assert_fail",           RH_OP_ERROR,           0,                 N, -1, -1, -1, -1, 0},
    {"__assert_perror_fail",    RH_OP_ERROR,           0,                 N, -1, -1, -1, -1, 0},
    {"llvm.trap",               RH_OP_ERROR,           0,                 N, -1, -1, -1, -1, 0},
    {"exit",                    RH_OP_EXIT,            0,                 N, -1, -1, -1, -1, 0},
    {"_exit",                   RH_OP_EXIT,            0,                 N, -1, -1, -1, -1, 0},
    {"_Exit",                   RH_OP_EXIT,            0,                 N, -1, -1, -1, -1, 0},
    {"malloc",                  RH_OP_ALLOC,           0,                 N, -1, -1, -1,  0, 0},
    {"aligned_alloc",           RH_OP_ALLOC,           0,                 N, -1, -1, -1,  1, 0},
    {"calloc",                  RH_OP_CALLOC,          0,                 N,  0, -1, -1,  1, 0},
    {"realloc",                 RH_OP_REALLOC,         0,                 N,  0, -1, -1,  1, 0},
    {"free",                    RH_OP_FREE,            0,                 N,  0, -1, -1, -1, 0},
    /* GLib's allocator (g_new and g_new0 expand to these): the C library's
     * malloc, calloc, realloc and free underneath since GLib 2.46, so one
     * block per call, malloc_usable_size and free apply.  Not g_slice_*:
     * before 2.76 its blocks come from slabs of GLib's own. */
    {"g_malloc",                RH_OP_ALLOC,           0,                 N, -1, -1, -1,  0, 0},
    {"g_malloc0",               RH_OP_ALLOC,           0,                 N, -1, -1, -1,  0, 0},
    {"g_try_malloc",            RH_OP_ALLOC,           0,                 N, -1, -1, -1,  0, 0},
    {"g_try_malloc0",           RH_OP_ALLOC,           0,                 N, -1, -1, -1,  0, 0},
    {"g_malloc_n",              RH_OP_CALLOC,          0,                 N,  0, -1, -1,  1, 0},
    {"g_malloc0_n",             RH_OP_CALLOC,          0,                 N,  0, -1, -1,  1, 0},
    {"g_try_malloc_n",          RH_OP_CALLOC,          0,                 N,  0, -1, -1,  1, 0},
    {"g_try_malloc0_n",         RH_OP_CALLOC,          0,                 N,  0, -1, -1,  1, 0},
    {"g_realloc",               RH_OP_REALLOC,         0,                 N,  0, -1, -1,  1, 0},
    {"g_try_realloc",           RH_OP_REALLOC,         0,                 N,  0, -1, -1,  1, 0},
    {"g_free",                  RH_OP_FREE,            0,                 N,  0, -1, -1, -1, 0},
    {"memcpy",                  RH_OP_MEMORY,          WR | RD2,          N,  0,  1, -1,  2, 0},
    {"memmove",                 RH_OP_MEMORY,          WR | RD2,          N,  0,  1, -1,  2, 0},
    {"llvm.memcpy.",            RH_OP_MEMORY,          WR | RD2 | PFX,    N,  0,  1, -1,  2, 0},
    {"llvm.memmove.",           RH_OP_MEMORY,          WR | RD2 | PFX,    N,  0,  1, -1,  2, 0},
    {"llvm.memset.",            RH_OP_MEMORY,          WR | PFX,          N,  0, -1, -1,  2, 0},
    {"memset",                  RH_OP_MEMORY,          WR,                N,  0, -1, -1,  2, 0},
    {"bzero",                   RH_OP_MEMORY,          WR,                N,  0, -1, -1,  1, 0},
    {"memcmp",                  RH_OP_MEMORY,          RD | RD2,          N,  0,  1, -1,  2, 0},
    {"strcpy",                  RH_OP_MEMORY,          WR | RD2,          N,  0,  1, -1, -1, 0},
    {"strncpy",                 RH_OP_MEMORY,          WR | RD2,          N,  0,  1, -1,  2, 0},
    {"strcat",                  RH_OP_MEMORY,          RD | WR | RD2,     N,  0,  1, -1, -1, 0},
    {"strncat",                 RH_OP_MEMORY,          RD | WR | RD2,     N,  0,  1, -1, -1, 0},
    {"strlen",                  RH_OP_MEMORY,          RD,                N,  0, -1, -1, -1, 0},
    {"strcmp",                  RH_OP_MEMORY,          RD | RD2,          N,  0,  1, -1, -1, 0},
    {"strncmp",                 RH_OP_MEMORY,          RD | RD2,          N,  0,  1, -1,  2, 0},
    {"strchr",                  RH_OP_MEMORY,          RD,                N,  0, -1, -1, -1, 0},
    {"sprintf",                 RH_OP_MEMORY,          WR | FMT,          N,  0,  1, -1, -1, 0},
    {"snprintf",                RH_OP_MEMORY,          WR | FMT,          N,  0,  2, -1,  1, 0},
    {"printf",                  RH_OP_MEMORY,          FMT,               N, -1,  0, -1, -1, 0},
    {"fprintf",                 RH_OP_MEMORY,          FMT,               N, -1,  1, -1, -1, 0},
    {"scanf",                   RH_OP_MEMORY,          SCN,               N, -1,  0, -1, -1, 0},
    {"__isoc99_scanf",          RH_OP_MEMORY,          SCN,               N, -1,  0, -1, -1, 0},
    {"fscanf",                  RH_OP_MEMORY,          SCN,               N, -1,  1, -1, -1, 0},
    {"__isoc99_fscanf",         RH_OP_MEMORY,          SCN,               N, -1,  1, -1, -1, 0},
    {"sscanf",                  RH_OP_MEMORY,          RD | SCN,          N,  0,  1, -1, -1, 0},
    {"__isoc99_sscanf",         RH_OP_MEMORY,          RD | SCN,          N,  0,  1, -1, -1, 0},
    {"puts",                    RH_OP_MEMORY,          RD,                N,  0, -1, -1, -1, 0},
    {"fputs",                   RH_OP_MEMORY,          RD,                N,  0, -1, -1, -1, 0},
    {"atoi",                    RH_OP_MEMORY,          RD,                N,  0, -1, -1, -1, 0},
    {"atol",                    RH_OP_MEMORY,          RD,                N,  0, -1, -1, -1, 0},
    {"time",                    RH_OP_MEMORY,          WR,                N,  0, -1, -1, -1, 0},
    {"pthread_attr_",           RH_OP_PURE,            PFX,               N, -1, -1, -1, -1, 0},
    {"pthread_mutexattr_",      RH_OP_PURE,            PFX,               N, -1, -1, -1, -1, 0},
    {"pthread_rwlockattr_",     RH_OP_PURE,            PFX,               N, -1, -1, -1, -1, 0},
    {"pthread_condattr_",       RH_OP_PURE,            PFX,               N, -1, -1, -1, -1, 0},
    {"pthread_barrierattr_",    RH_OP_PURE,            PFX,               N, -1, -1, -1, -1, 0},
    {"pthread_cond_init",       RH_OP_PURE,            0,                 N, -1, -1, -1, -1, 0},
    {"pthread_cond_destroy",    RH_OP_PURE,            0,                 N, -1, -1, -1, -1, 0},
    {"pthread_barrier_destroy", RH_OP_PURE,            0,                 N, -1, -1, -1, -1, 0},
    {"pthread_equal",           RH_OP_PURE,            0,                 N, -1, -1, -1, -1, 0},
    {"pthread_setcancelstate",  RH_OP_PURE,            CNL,               N, -1, -1, -1, -1, RH_CANCEL_STATE},
    {"pthread_key_create",      RH_OP_TSD,             0,                 N,  0, -1,  1, -1, 0},
    {"pthread_getspecific",     RH_OP_TSD,             0,                 N,  0, -1, -1, -1, 0},
    {"pthread_setspecific",     RH_OP_TSD,             0,                 N,  0,  1, -1, -1, 0},
    {"pthread_yield",           RH_OP_PURE,            0,                 N, -1, -1, -1, -1, 0},
    {"sem_destroy",             RH_OP_PURE,            0,                 N, -1, -1, -1, -1, 0},
    {"cnd_init",                RH_OP_PURE,            0,                 N, -1, -1, -1, -1, 0},
    {"cnd_destroy",             RH_OP_PURE,            0,                 N, -1, -1, -1, -1, 0},
    {"pthread_key_delete",      RH_OP_PURE,            0,                 N, -1, -1, -1, -1, 0},
    {"tss_create",              RH_OP_TSD,             0,                 N,  0, -1,  1, -1, 0},
    {"tss_get",                 RH_OP_TSD,             0,                 N,  0, -1, -1, -1, 0},
    {"tss_set",                 RH_OP_TSD,             0,                 N,  0,  1, -1, -1, 0},
    {"tss_delete",              RH_OP_PURE,            0,                 N, -1, -1, -1, -1, 0},
    {"thrd_yield",              RH_OP_PURE,            0,                 N, -1, -1, -1, -1, 0},
    {"thrd_sleep",              RH_OP_PURE,            0,                 N, -1, -1, -1, -1, 0},
    {"sched_yield",             RH_OP_PURE,            0,                 N, -1, -1, -1, -1, 0},
    {"sleep",                   RH_OP_PURE,            0,                 N, -1, -1, -1, -1, 0},
    {"usleep",                  RH_OP_PURE,            0,                 N, -1, -1, -1, -1, 0},
    {"nanosleep",               RH_OP_PURE,            0,                 N, -1, -1, -1, -1, 0},
    {"putchar",                 RH_OP_PURE,            0,                 N, -1, -1, -1, -1, 0},
    {"fflush",                  RH_OP_PURE,            0,                 N, -1, -1, -1, -1, 0},
    {"perror",                  RH_OP_PURE,            0,                 N, -1, -1, -1, -1, 0},
    {"abs",                     RH_OP_PURE,            0,                 N, -1, -1, -1, -1, 0},
    {"labs",                    RH_OP_PURE,            0,                 N, -1, -1, -1, -1, 0},
    {"llabs",                   RH_OP_PURE,            0,                 N, -1, -1, -1, -1, 0},
    {"ffs",                     RH_OP_PURE,            0,                 N, -1, -1, -1, -1, 0},
    {"ffsl",                    RH_OP_PURE,            0,                 N, -1, -1, -1, -1, 0},
    {"ffsll",                   RH_OP_PURE,            0,                 N, -1, -1, -1, -1, 0},
    {"getpid",                  RH_OP_PURE,            0,                 N, -1, -1, -1, -1, 0},
    {"__errno_location",        RH_OP_PURE,            0,                 N, -1, -1, -1, -1, 0},
    {"llvm.",                   RH_OP_IGNORE,          PFX,               N, -1, -1, -1, -1, 0},
};

static const char *const op_names[RH_OP__COUNT] = {
    [RH_OP_NONE] = "none",
    [RH_OP_THREAD_CREATE] = "create",
    [RH_OP_THREAD_JOIN] = "join",
    [RH_OP_THREAD_EXIT] = "thread-exit",
    [RH_OP_THREAD_DETACH] = "detach",
    [RH_OP_THREAD_SELF] = "self",
    [RH_OP_LOCK_INIT] = "lock-init",
    [RH_OP_LOCK_DESTROY] = "lock-destroy",
    [RH_OP_LOCK] = "lock",
    [RH_OP_UNLOCK] = "unlock",
    [RH_OP_COND_WAIT] = "cond-wait",
    [RH_OP_COND_SIGNAL] = "cond-signal",
    [RH_OP_COND_BROADCAST] = "cond-broadcast",
    [RH_OP_BARRIER_INIT] = "barrier-init",
    [RH_OP_BARRIER_WAIT] = "barrier-wait",
    [RH_OP_SEM_INIT] = "sem-init",
    [RH_OP_SEM_WAIT] = "sem-wait",
    [RH_OP_SEM_POST] = "sem-post",
    [RH_OP_ONCE] = "once",
    [RH_OP_ATOMIC_BEGIN] = "atomic-begin",
    [RH_OP_ATOMIC_END] = "atomic-end",
    [RH_OP_ATOMIC_CALL] = "atomic-call",
    [RH_OP_FENCE] = "fence",
    [RH_OP_SEM_OPEN] = "sem-open",
    [RH_OP_HB_RELEASE] = "hb-release",
    [RH_OP_HB_ACQUIRE] = "hb-acquire",
    [RH_OP_UNMODELLED] = "unmodelled",
    [RH_OP_FORK] = "fork",
    [RH_OP_BENIGN] = "benign",
    [RH_OP_IGNORE_BEGIN] = "ignore-begin",
    [RH_OP_IGNORE_END] = "ignore-end",
    [RH_OP_FORGET] = "forget",
    [RH_OP_TSD] = "tsd",
    [RH_OP_NONDET] = "nondet",
    [RH_OP_ASSUME] = "assume",
    [RH_OP_ERROR] = "error",
    [RH_OP_EXIT] = "exit",
    [RH_OP_ALLOC] = "alloc",
    [RH_OP_CALLOC] = "calloc",
    [RH_OP_REALLOC] = "realloc",
    [RH_OP_FREE] = "free",
    [RH_OP_MEMORY] = "memory",
    [RH_OP_PURE] = "pure",
    [RH_OP_IGNORE] = "ignore",
};

const char *rh_conc_op_name(rh_op op)
{
    return (unsigned)op < RH_OP__COUNT && op_names[op] ? op_names[op] : "?";
}

static int entry_matches(const rh_conc_entry *e, const char *name, int defined)
{
    if (defined && !(e->flags & RH_F_DEFINED))
        return 0;
    if (e->flags & RH_F_PREFIX)
        return strncmp(name, e->name, strlen(e->name)) == 0;
    return strcmp(name, e->name) == 0;
}

const rh_conc_entry *rh_conc_lookup(const rh_conc_table *t, const char *name, int defined)
{
    if (!name)
        return NULL;
    for (int i = 0; t && i < t->nuser; i++)
        if (entry_matches(&t->user[i], name, 1))
            return &t->user[i];
    for (size_t i = 0; i < sizeof builtin / sizeof builtin[0]; i++)
        if (entry_matches(&builtin[i], name, defined))
            return &builtin[i];
    const rh_conc_entry *a = rh_annot_lookup(name); /* ThreadSanitizer's and Helgrind's annotations */
    if (a)
        return a;
    return defined ? NULL : rh_libspec_lookup(name); /* the library specification */
}

/* Names of external functions that may synchronise threads, end one, jump
 * or run code asynchronously although the table does not know them: a
 * prefix of the name (thread, synchronisation, signal, non-local jump and
 * context interfaces), or a word of it (words split at '_', digits and
 * lower-to-upper case changes, so a library's queue_wait_locked or
 * uvMutexLock counts and clock_gettime does not).  The dynamic engine does
 * not confirm a race such a call may order, and the other engines never
 * analyse such a function by the undefined-function assumption. */
static const char *const sync_prefixes[] = {
    "pthread_", "sem_", "thrd_", "mtx_", "cnd_", "tss_", "call_once", "__tsan", "__sanitizer_",
    "Annotate", "ANNOTATE", "VALGRIND", "__atomic", "__sync", "atomic_", "__c11_", "omp_", "GOMP_",
    "__kmpc", "futex", "syscall", "__VERIFIER", "clone", "fork", "vfork", "setjmp", "_setjmp",
    "sigsetjmp", "__sigsetjmp", "longjmp", "siglongjmp", "sig", "raise", "kill", "__cxa_", "dlsym",
    "dlopen", "__builtin", "__libc_", "__pthread", "__sched", "sched_", "makecontext",
    "swapcontext", "getcontext", "setcontext", "__asan", "__msan", "__ubsan",
};
static const char *const sync_words[] = {
    "lock", "unlock", "trylock", "locked", "spinlock", "rwlock", "mutex", "cond", "condvar", "barrier",
    "atomic", "wait", "join", "once", "fence", "spin", "futex", "notify", "wake", "wakeup", "sem",
    "semaphore", "acquire", "release",
};

static int is_sync_word(const char *w, size_t n)
{
    char low[16];
    if (n == 0 || n >= sizeof low)
        return 0;
    for (size_t i = 0; i < n; i++)
        low[i] = (char)(w[i] >= 'A' && w[i] <= 'Z' ? w[i] - 'A' + 'a' : w[i]);
    low[n] = '\0';
    for (size_t i = 0; i < sizeof sync_words / sizeof sync_words[0]; i++)
        if (strcmp(low, sync_words[i]) == 0)
            return 1;
    return 0;
}

static int is_letter(char c)
{
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
}

/* Cancellation points: POSIX.1-2017 2.9.5.2 lists the functions where a
 * pending deferred cancellation shall be acted on and those where it may
 * be; glibc's variants (64-bit file offsets, clock waits, C11 threads,
 * which it builds on the pthread calls) follow their originals. */
static const char *const cancel_mandatory[] = {
    "accept", "accept4", "aio_suspend", "clock_nanosleep", "close", "connect", "creat", "creat64",
    "fcntl", "fcntl64", "fdatasync", "fsync", "getmsg", "getpmsg", "lockf", "lockf64", "mq_receive",
    "mq_send", "mq_timedreceive", "mq_timedsend", "msgrcv", "msgsnd", "msync", "nanosleep", "open",
    "open64", "openat", "openat64", "pause", "poll", "ppoll", "pread", "pread64", "preadv",
    "pselect", "pthread_cond_clockwait", "pthread_cond_timedwait", "pthread_cond_wait",
    "pthread_join", "pthread_timedjoin_np", "pthread_clockjoin_np", "pthread_testcancel",
    "putmsg", "putpmsg", "pwrite", "pwrite64", "pwritev", "read", "readv", "recv", "recvfrom",
    "recvmsg", "select", "sem_clockwait", "sem_timedwait", "sem_wait", "send", "sendmsg", "sendto",
    "sigpause", "sigsuspend", "sigtimedwait", "sigwait", "sigwaitinfo", "sleep", "system",
    "tcdrain", "usleep", "wait", "wait3", "wait4", "waitid", "waitpid", "write", "writev",
    "epoll_wait", "epoll_pwait", "thrd_join", "thrd_sleep", "cnd_wait", "cnd_timedwait",
};
static const char *const cancel_optional[] = {
    "access", "asctime", "catclose", "catgets", "catopen", "chmod", "chown", "closedir",
    "closelog", "ctermid", "ctime", "dbm_close", "dbm_delete", "dbm_fetch", "dbm_nextkey",
    "dbm_open", "dbm_store", "dlclose", "dlopen", "dprintf", "endgrent", "endhostent",
    "endnetent", "endprotoent", "endpwent", "endservent", "endutxent", "faccessat", "fchmod",
    "fchmodat", "fchown", "fchownat", "fclose", "fcntl", "fflush", "fgetc", "fgetpos", "fgets",
    "fgetwc", "fgetws", "fmtmsg", "fopen", "fopen64", "fpathconf", "fprintf", "fputc", "fputs",
    "fputwc", "fputws", "fread", "freopen", "fscanf", "__isoc99_fscanf", "fseek", "fseeko",
    "fsetpos", "fstat", "fstatat", "ftell", "ftello", "futimens", "fwprintf", "fwrite", "fwscanf",
    "getaddrinfo", "getc", "getc_unlocked", "getchar", "getchar_unlocked", "getcwd", "getdate",
    "getdelim", "getgrent", "getgrgid", "getgrgid_r", "getgrnam", "getgrnam_r", "gethostent",
    "gethostid", "gethostname", "getline", "getlogin", "getlogin_r", "getnameinfo", "getnetbyaddr",
    "getnetbyname", "getnetent", "getopt", "getprotobyname", "getprotobynumber", "getprotoent",
    "getpwent", "getpwnam", "getpwnam_r", "getpwuid", "getpwuid_r", "getservbyname",
    "getservbyport", "getservent", "getutxent", "getutxid", "getutxline", "getwc", "getwchar",
    "glob", "iconv_close", "iconv_open", "ioctl", "link", "linkat", "lio_listio", "localtime",
    "localtime_r", "lockf", "lseek", "lstat", "mkdir", "mkdirat", "mkdtemp", "mkfifo",
    "mkfifoat", "mknod", "mknodat", "mkstemp", "mktime", "nftw", "opendir", "openlog", "pathconf",
    "pclose", "perror", "popen", "posix_fadvise", "posix_fallocate", "posix_madvise",
    "posix_openpt", "posix_spawn", "posix_spawnp", "posix_trace_clear", "posix_typed_mem_open",
    "printf", "psiginfo", "psignal", "pthread_rwlock_rdlock", "pthread_rwlock_timedrdlock",
    "pthread_rwlock_timedwrlock", "pthread_rwlock_wrlock", "putc", "putc_unlocked", "putchar",
    "putchar_unlocked", "puts", "pututxline", "putwc", "putwchar", "readdir", "readdir_r",
    "readlink", "readlinkat", "remove", "rename", "renameat", "rewind", "rewinddir", "scandir",
    "scanf", "__isoc99_scanf", "seekdir", "semop", "setgrent", "sethostent", "setnetent",
    "setprotoent", "setpwent", "setservent", "setutxent", "sigpause", "stat", "strerror",
    "strerror_r", "strftime", "symlink", "symlinkat", "sync", "syslog", "tmpfile", "tmpnam",
    "ttyname", "ttyname_r", "tzset", "ungetc", "ungetwc", "unlink", "unlinkat", "utime",
    "utimensat", "utimes", "vdprintf", "vfprintf", "vfwprintf", "vprintf", "vwprintf",
    "wcsftime", "wordexp", "wprintf", "wscanf",
};

static int listed(const char *const *list, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(list[i], name) == 0)
            return 1;
    return 0;
}

rh_cancel_point rh_conc_cancel_point(const char *name)
{
    if (!name)
        return RH_CP_NONE;
    if (listed(cancel_mandatory, sizeof cancel_mandatory / sizeof *cancel_mandatory, name))
        return RH_CP_MANDATORY;
    if (listed(cancel_optional, sizeof cancel_optional / sizeof *cancel_optional, name))
        return RH_CP_OPTIONAL;
    return RH_CP_NONE;
}

int rh_conc_c11(const rh_conc_entry *e)
{
    return e && (strncmp(e->name, "mtx_", 4) == 0 || strncmp(e->name, "cnd_", 4) == 0);
}

int rh_conc_cancel_kind(const rh_conc_entry *e)
{
    return e && (e->flags & RH_F_CANCEL) ? e->success : 0;
}

int rh_conc_registers(const rh_conc_entry *e)
{
    return e && e->fn >= 0 && ((e->flags & RH_F_REGISTER) || e->op == RH_OP_TSD);
}

int rh_conc_may_sync(const char *name)
{
    if (!name)
        return 0;
    for (size_t i = 0; i < sizeof sync_prefixes / sizeof sync_prefixes[0]; i++)
        if (strncmp(name, sync_prefixes[i], strlen(sync_prefixes[i])) == 0)
            return 1;
    for (const char *w = name; *w;) {
        if (!is_letter(*w)) {
            w++;
            continue;
        }
        const char *e = w + 1;
        while (is_letter(*e) && !(*e >= 'A' && *e <= 'Z' && e[-1] >= 'a' && e[-1] <= 'z'))
            e++;
        if (is_sync_word(w, (size_t)(e - w)))
            return 1;
        w = e;
    }
    return 0;
}

void rh_conc_free(rh_conc_table *t)
{
    for (int i = 0; i < t->nuser; i++)
        free((char *)t->user[i].name);
    free(t->user);
    free(t->user_row);
    t->user = NULL;
    t->user_row = NULL;
    t->nuser = 0;
}
