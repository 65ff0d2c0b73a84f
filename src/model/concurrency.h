/* concurrency.h - the concurrency model: one table that says what each
 * external function means to a race detector (doc/design.md, Concurrency model).
 *
 * Contract: every engine learns the meaning of a call only through
 * rh_conc_lookup; nothing else in racehunt compares function names.  Entries
 * name the argument positions that hold the synchronisation object, the
 * function pointer of a thread, byte counts and so on, so engines handle a
 * new function by reading its row, not by new code.
 */
#ifndef RH_CONCURRENCY_H
#define RH_CONCURRENCY_H

typedef enum rh_op {
    RH_OP_NONE = 0,
    /* threads */
    RH_OP_THREAD_CREATE, /* obj: handle out-pointer, fn: start routine, obj2: its argument */
    RH_OP_THREAD_JOIN,   /* obj: handle (by value) */
    RH_OP_THREAD_EXIT,
    RH_OP_THREAD_DETACH,
    RH_OP_THREAD_SELF,
    /* locks: mutexes, rwlocks and spinlocks alike; flags give mode and try/timed */
    RH_OP_LOCK_INIT,
    RH_OP_LOCK_DESTROY,
    RH_OP_LOCK,          /* obj: the lock */
    RH_OP_UNLOCK,        /* obj: the lock */
    /* other synchronisation */
    RH_OP_COND_WAIT,     /* obj: condition variable, obj2: mutex */
    RH_OP_COND_SIGNAL,
    RH_OP_COND_BROADCAST,
    RH_OP_BARRIER_INIT,  /* obj: barrier, size: participant count argument */
    RH_OP_BARRIER_WAIT,
    RH_OP_SEM_INIT,      /* obj: semaphore, size: initial value argument */
    RH_OP_SEM_WAIT,
    RH_OP_SEM_POST,
    RH_OP_ONCE,          /* obj: once control, fn: init routine */
    RH_OP_ATOMIC_BEGIN,  /* __VERIFIER_atomic_begin */
    RH_OP_ATOMIC_END,
    RH_OP_ATOMIC_CALL,   /* call of a __VERIFIER_atomic_* function: runs atomically */
    RH_OP_FENCE,
    RH_OP_SEM_OPEN,      /* named semaphore: returns it; size: initial value argument */
    RH_OP_HB_RELEASE,    /* annotation: everything before happens before a later HB_ACQUIRE of obj */
    RH_OP_HB_ACQUIRE,    /* annotation: obj: the address both sides name */
    RH_OP_UNMODELLED,    /* may synchronise in a way no engine models (pthread_cancel, futex,
                          * syscall, ...): static and bmc give up, the dynamic engine names it
                          * and reports no race it may order as observed */
    RH_OP_FORK,          /* fork: the child is another process, not a thread */
    RH_OP_BENIGN,        /* annotation: races on [obj, obj+size) are benign (size -1: one byte);
                          * engines report them as suppressed, never drop them silently */
    RH_OP_IGNORE_BEGIN,  /* annotation: the calling thread's reads (RH_F_OBJ_READ) and/or writes
                          * (RH_F_OBJ_WRITE) until the matching IGNORE_END are not checked */
    RH_OP_IGNORE_END,
    RH_OP_FORGET,        /* annotation: [obj, obj+size) is new memory, its earlier accesses
                          * are forgotten (size -1: the heap block at obj).  RH_F_OBJ_WRITE:
                          * it also ends benign ranges inside it (checking enabled again) */
    RH_OP_TSD,           /* thread-specific data (pthread_key_*, tss_*): obj: the key, obj2: a value
                          * stored, fn: a destructor run at thread exit.  The value a get returns
                          * is the one its own thread stored; only the runtime sees it */
    /* verification intrinsics */
    RH_OP_NONDET,        /* __VERIFIER_nondet_*: returns an arbitrary value */
    RH_OP_ASSUME,        /* obj: the condition */
    RH_OP_ERROR,         /* reach_error, abort, __assert_fail: path ends */
    RH_OP_EXIT,          /* exit: the whole process ends */
    /* memory */
    RH_OP_ALLOC,         /* malloc-like; size: byte count argument */
    RH_OP_CALLOC,        /* obj: count argument, size: element size argument */
    RH_OP_REALLOC,       /* obj: old block, size: new size */
    RH_OP_FREE,          /* obj: block (also an access: a write of the whole block) */
    RH_OP_MEMORY,        /* reads/writes its pointer arguments: see RH_F_OBJ_* */
    /* calls that matter to no engine */
    RH_OP_PURE,          /* known library function: no memory effect racehunt tracks */
    RH_OP_IGNORE,        /* debug and lifetime intrinsics */
    RH_OP__COUNT
} rh_op;

/* flags */
#define RH_F_TRY 0x01        /* may fail: success when the result equals `success` */
#define RH_F_TIMED 0x02      /* may time out: like TRY */
#define RH_F_SHARED 0x04     /* read (shared) mode of a rwlock */
#define RH_F_OBJ_READ 0x08   /* RH_OP_MEMORY: reads obj */
#define RH_F_OBJ_WRITE 0x10  /* RH_OP_MEMORY: writes obj */
#define RH_F_OBJ2_READ 0x20  /* RH_OP_MEMORY: reads obj2 */
#define RH_F_PREFIX 0x40     /* name is a prefix */
#define RH_F_DEFINED 0x80    /* also applies when the program defines the function */
#define RH_F_FORMAT 0x100    /* RH_OP_MEMORY: obj2 is a printf format; its %s arguments are read */
#define RH_F_SCAN 0x200      /* RH_OP_MEMORY: obj2 is a scanf format; the arguments its conversions
                              * assign are written (rh_model_scan_sizes) */
#define RH_F_DEADLINE 0x40000 /* TIMED: the last argument is the absolute deadline (a
                              * struct timespec *), which the dynamic engine's runtime
                              * replaces to time the call out */
#define RH_F_CANCEL 0x2000000 /* thread cancellation and cleanup machinery: `success` holds the
                              * rh_cancel_kind (the op stays what the other engines need:
                              * UNMODELLED, or PURE for pthread_setcancelstate) */
#define RH_F_ANNOT 0x20000    /* LOCK/UNLOCK: a ThreadSanitizer mutex annotation (__tsan_mutex_*):
                              * obj2 is its flags argument, whose bits say a failed try or read mode */

#define RH_F_ANNOUNCED 0x1000000 /* LOCK/SEM_WAIT: announced by an annotation after the program's own
                              * lock or semaphore let it through (Helgrind's requests): bmc takes it
                              * as a try, so a wrong or recursive announcement loses no execution */
#define RH_F_ISW 0x80000    /* LOCK with RH_F_ANNOT: obj2 is an is_w argument (AnnotateRWLockAcquired):
                              * zero means read mode; there are no failed tries */
/* What an RH_F_CANCEL row does (its `success` field). */
typedef enum rh_cancel_kind {
    RH_CANCEL_SEND = 1,   /* pthread_cancel: obj is the target thread */
    RH_CANCEL_TEST,       /* pthread_testcancel */
    RH_CANCEL_STATE,      /* pthread_setcancelstate(state, &old): arguments 0 and 1 */
    RH_CANCEL_TYPE,       /* pthread_setcanceltype(type, &old): arguments 0 and 1 */
    RH_CANCEL_SETJMP,     /* __sigsetjmp: glibc's pthread_cleanup_push saves its buffer (obj) */
    RH_CANCEL_REGISTER,   /* __pthread_register_cancel(obj): the cleanup region begins */
    RH_CANCEL_UNREGISTER, /* __pthread_unregister_cancel(obj): it ends */
    RH_CANCEL_UNWIND,     /* __pthread_unwind_next: the next handler of a cancelled thread */
} rh_cancel_kind;

/* Cancellation points (POSIX 2.9.5.2, and glibc's variants): a deferred
 * cancellation pending for the calling thread is acted on there. */
typedef enum rh_cancel_point {
    RH_CP_NONE = 0,
    RH_CP_MANDATORY, /* "shall occur": pthread_join, sleep, read, ... */
    RH_CP_OPTIONAL,  /* "may occur": printf, fflush, ... (glibc's stdio writes) */
} rh_cancel_point;

/* Whether the external function `name` is a cancellation point. */
rh_cancel_point rh_conc_cancel_point(const char *name);

/* __tsan_mutex_* flag bits (compiler-rt's tsan_interface.h). */
#define RH_TSAN_MUTEX_READ_LOCK (1u << 3)
#define RH_TSAN_MUTEX_TRY_LOCK_FAILED (1u << 5)

/* glibc's answer to a lock whose owner died holding a robust mutex: the
 * caller owns the lock (pthread_mutex_lock(3)). */
#define RH_EOWNERDEAD 130

/* Library specification rows (libspec.h, README "Library specification"): */
#define RH_F_CALLBACK 0x400        /* fn: user code the library calls in the caller's thread before
                                    * returning (qsort's comparator) */
#define RH_F_REGISTER 0x800        /* fn: user code the library keeps and calls later, in another
                                    * context (atexit, signal handlers, key destructors) */
#define RH_F_RET_NEW 0x1000        /* returns a new object (strdup, fopen, opendir) */
#define RH_F_STATE_WRITE 0x2000    /* writes the hidden library state named by `state` */
#define RH_F_STATE_READ 0x4000     /* reads it */
#define RH_F_STATE_LOCKED 0x8000   /* glibc serialises that state inside: a race by POSIX, which
                                    * no execution on glibc shows, so it is never "observed" */
#define RH_F_STATE_TLS 0x4000000   /* glibc keeps that state per thread (a __thread buffer): calls
                                    * in two threads touch two objects, so they never race on it */
#define RH_F_KEEPS 0x10000         /* keeps pointer argument obj2 for later library accesses (setvbuf) */
#define RH_F_NOTIFY 0x800000       /* fn: a struct sigevent; with SIGEV_THREAD the library runs the
                                    * function stored in it in a thread of its own (timer_create) */
#define RH_F_SIGNAL 0x400000       /* UNMODELLED: sends or waits for a signal (raise, kill, sigwait):
                                    * orders nothing an engine that runs every registered handler as
                                    * a thread of its own must know (static); its memory effects are
                                    * its library specification row's (sigwait writes the number) */

/* Lock classes, for naming locks in reports. */
typedef enum rh_lock_class { RH_LOCK_NONE, RH_LOCK_MUTEX, RH_LOCK_RWLOCK, RH_LOCK_SPIN } rh_lock_class;

typedef struct rh_conc_entry {
    const char *name;
    rh_op op;
    unsigned flags;
    rh_lock_class lock_class;
    signed char obj, obj2, fn, size; /* argument positions, -1 when none */
    int success;                     /* result meaning success for TRY/TIMED */
} rh_conc_entry;

/* A table: the built-in one, optionally extended by a user --model file. */
typedef struct rh_conc_table {
    rh_conc_entry *user; /* user entries, looked up first */
    struct rh_conc_row { /* where each user entry comes from */
        int line;        /* in the --model file */
        unsigned keys;   /* the argument keys the line gives (bit k: obj, obj2, fn, size) */
    } *user_row;
    const char *user_file;
    int nuser;
    int strict;          /* --strict: unknown functions are not assumed anything */
    int svcomp;          /* --svcomp: no races on library state, which is not program memory */
} rh_conc_table;

/* Finds the entry for a called function.  `defined` says whether the program
 * has a body for it (built-in entries describe library functions, so they do
 * not apply to program definitions unless flagged RH_F_DEFINED).  Returns
 * NULL for a function the model does not know. */
const rh_conc_entry *rh_conc_lookup(const rh_conc_table *t, const char *name, int defined);

/* Whether an external function the table does not know may synchronise
 * threads by its name (pthread_*, sem_*, thrd_*, mtx_*, cnd_*, futex,
 * syscall, signals, non-local jumps, sanitizer annotations, libatomic
 * calls, or a word such as lock, wait or sem in it): the dynamic engine
 * does not confirm a race such a call may order, and no engine analyses
 * such a function by the undefined-function assumption. */
int rh_conc_may_sync(const char *name);

/* Whether the entry is a C11 <threads.h> lock or condition call, whose
 * failures answer thrd_busy/thrd_timedout rather than an errno value. */
int rh_conc_c11(const rh_conc_entry *e);

/* Whether the call gives the library a function of the program to run
 * later in another context (argument e->fn): a handler (signal, sigaction,
 * atexit) or a thread-specific data destructor (pthread_key_create). */
int rh_conc_registers(const rh_conc_entry *e);

/* The rh_cancel_kind of a cancellation row (RH_F_CANCEL), 0 for any other
 * entry or NULL. */
int rh_conc_cancel_kind(const rh_conc_entry *e);

/* The op's name as used in --dump-model and in --model files ("lock", ...). */
const char *rh_conc_op_name(rh_op op);

/* model_file.c: reads a --model file (format in README.md, "Concurrency
 * model file"): unknown operations, keys and flags, a key given twice, an
 * argument position that is not a number from 0 to 126 and a FUNCTION
 * that is no C name are errors.  Returns 0, or -1 with err naming the
 * file and line. */
int rh_conc_load_file(rh_conc_table *t, const char *path, char *err);
/* Checks the argument positions of the user entries that apply to the
 * function `name` of nparams parameters against them, once the program is
 * known.  Returns 0, or -1 with err naming the file and line. */
int rh_conc_check_arity(const rh_conc_table *t, const char *name, unsigned nparams, char *err);
void rh_conc_free(rh_conc_table *t);

#endif
