/* lockset_types.h - the data of the lockset analysis (lockset.h): its
 * state, per-access results and the analysis record.
 *
 * Why a header of its own: the helpers the analysis calls for symbolic
 * locks (sym_locks.h) and path facts (path_facts.h) work on this data, and
 * lockset.c calls them; with the data here and the analysis's functions in
 * lockset.h, they depend on the data only and the modules form no circle.
 * It declares no functions.
 */
#ifndef RH_STATIC_LOCKSET_TYPES_H
#define RH_STATIC_LOCKSET_TYPES_H

#include "thread_graph.h"
#include "util/budget.h"

#define RH_LS_ATOMIC 0 /* lock id of the SV-COMP atomic sections */

/* Lockset elements: lock id * 2 + 1 for write (exclusive) mode. */
static inline uint64_t rh_ls_elem(uint32_t lock, int write)
{
    return (uint64_t)lock * 2 + (write ? 1 : 0);
}

typedef struct rh_sym_base rh_sym_base;

/* An address as base + constant offset (sym_locks.h). */
typedef struct rh_sym_addr {
    int base;         /* interned base */
    LLVMTypeRef type; /* the type the base points to (the element), NULL unknown */
    int64_t off;      /* offset inside it */
    LLVMTypeRef inner; /* the struct the innermost constant GEP steps into, NULL unknown */
    int64_t inner_off; /* the access's offset inside that struct */
} rh_sym_addr;

typedef struct rh_ls_state {
    rh_sset must, may, active;
    rh_sset once_done;  /* once controls whose pthread_once surely returned (must, lock ids) */
    rh_sset twice;      /* counted locks surely held at least twice (must, lock ids) */
    rh_sset history;    /* lock elements this thread surely acquired so far (must) */
    rh_sset held_since; /* (thread << 32 | lock element): the lock is held without a break
                         * since this thread created that thread (must) */
    rh_sset excl, vals, conds;    /* path facts (path_facts.h): must, may, must */
    rh_sset ret_vals, ret_active; /* exit states only: what returns returned, with whom running */
    rh_sset sym;                  /* symbolic locks held (sym_locks.h, must) */
    rh_sset tries;                /* trylock calls whose result still says whether the lock is
                                   * held: no unlock since they ran (must) */
    rh_sset sem_waited, sem_posted; /* semaphore order (sem_order.h): must, may */
    rh_sset flags;                /* set flags surely set (set_flags.h, must) */
    rh_sset unset;                /* tested globals surely still zero (set_flags.h, must) */
    rh_sset flag_seen, flag_stored; /* flag order (flag_order.h): must, may */
    rh_sset unlocked;             /* locations an unlock may have released (may; reset at function
                                   * entry; RH_SYM_ANY_LOC: any; empty: nothing was unlocked),
                                   * sym_locks.h */
    rh_sset spawned;              /* counted instances of multi threads created and not joined
                                   * (spawn_count.c, may) */
    rh_sset handles;              /* reused handle cells and the thread each surely holds,
                                   * group << 32 | thread (thread_handles.c, must) */
    int main_joined;              /* this thread surely joined the main thread (must) */
    int live; /* 0: unreachable */
} rh_ls_state;

/* What one thread's contexts agree on at an access. */
typedef struct rh_ls_per {
    int thread;
    rh_sset must, may, active, once_done, history, held_since;
    rh_sset sym; /* symbolic locks, as deltas from the access (must) */
    rh_sset sem_waited, sem_posted; /* semaphore order (sem_order.h): must, may */
    rh_sset flag_seen, flag_stored; /* flag order (flag_order.h): must, may */
    int main_joined;
} rh_ls_per;

typedef struct rh_ls_access {
    rh_sset must, may, active, threads; /* merged over every thread */
    int seen;
    rh_ls_per *per;                     /* per thread running the access */
    int nper;
} rh_ls_access;

typedef struct rh_ls_summary rh_ls_summary;

typedef struct rh_ls {
    rh_program *p;
    rh_pt *pt;
    rh_tg *tg;
    const rh_cfg *cfg;
    rh_map lock_of_loc;
    uint64_t *lock_loc;     /* per lock id: its location (unused for ATOMIC) */
    rh_lock_class *lock_class;
    int *next_in_obj;       /* per lock id: the next lock id in the same object, -1 */
    LLVMValueRef *lock_arg; /* per lock id: a lock call's address with it as its one target, or NULL */
    rh_map first_in_obj; /* object -> its latest lock id (head of the next_in_obj chain) */
    int nlocks, caplocks;
    rh_sset all_locks;      /* every lock element, both modes */
    rh_sset recursive;      /* lock ids that may be recursive: unlock may leave them held */
    rh_sset counted;        /* lock ids whose lock count is tracked (recursive or deadlocking) */
    int errorcheck;         /* some mutex may be error-checking (its relock fails, returns) */
    rh_map written;         /* objects a plain write (not a pthread call) may touch, when written_done */
    int written_done;
    rh_sset history_locks;  /* lock ids lock histories track (held at some creation) */
    rh_ls_access *acc;      /* per model access */
    rh_map acc_of_inst;  /* instruction -> first model access */
    rh_sset *exit_active;   /* per thread: threads still running when it ends */
    rh_sset *create_active; /* per thread: creator's may-active set at its creation */
    rh_sset *create_may;    /* per thread: creator's may-lockset at its creation */
    rh_sset *create_must;   /* per thread: creator's must-lockset at every visit of its creation */
    unsigned char *create_seen;
    rh_sset *create_history;    /* per thread: creator's lock history at every visit of its creation */
    rh_sset *create_held_since; /* per thread: creator's held_since at every visit of its creation */
    rh_sset *create_broken; /* per thread: lock ids its creator may release while it runs */
    rh_sset *creation;      /* per thread, after the run: its creation lockset (write mode) */
    rh_map *creation_holder; /* per thread: creation lock element -> the thread holding it */
    unsigned char *needs_ctx;
    uint64_t *handle;       /* per thread: strong handle cell its create writes, + 1; 0 none */
    unsigned char *spawn_overlap; /* per thread: created while an instance of it may run, or not
                                   * counted (spawn_count.c) */
    LLVMValueRef *create_iv;        /* per thread: rh_ls_create_loop_iv's answer, once asked */
    unsigned char *create_iv_done;
    int *reuse_cell;        /* per thread: its reused handle cell's group (1-based), 0 none */
    rh_sset *spawn_cells;   /* per thread: the handle cells only its create writes, for counted
                             * joins of a multi thread (spawn_count.c); empty: none */
    uint64_t main_handle;   /* strong cell holding main's pthread_self() and nothing else, + 1; 0 none */
    int *exit_done;
    struct rh_elem_join {   /* a join in a counted loop of each thread its create loop started */
        LLVMValueRef join;  /* the join call, run in every iteration */
        LLVMValueRef iv;    /* the join loop's counter: iteration k joins the thread created in
                             * iteration k of the create loop (same handle array, same range) */
        rh_sset threads;
    } *elem_joins;
    int nelem_joins;
    rh_sset *loop_joins;    /* threads a counted join loop surely joins on exit */
    int nloop_joins;
    rh_map loop_join_of; /* loop header block -> index into loop_joins */
    rh_sym_base *sym_bases; /* interned bases of symbolic locks */
    int nsym_bases, capsym_bases;
    rh_map sym_base_of;
    rh_sym_addr *acc_sym;   /* per model access: its address as base + offset */
    unsigned char *acc_sym_ok; /* 0 not computed, 1 decomposed, 2 not decomposable */
    rh_map fact_vid;     /* call with return-value facts -> its number */
    long nvids;
    rh_ls_summary *sums;
    int nsums, capsums;
    rh_map sum_index;
    int cur_thread;
    struct rh_semlock *semlock; /* semaphores used as locks (sem_locks.h), kept across runs; may be NULL */
    struct rh_semord *semord;   /* semaphore order (sem_order.h), kept across runs; may be NULL */
    struct rh_sf *setflags;     /* set flags (set_flags.h), kept across runs; may be NULL */
    struct rh_spin *spin;       /* spin locks (spin_locks.h), kept across runs; may be NULL */
    struct rh_flagord *flagord; /* flag order (flag_order.h), kept across runs; may be NULL */
    struct rh_reload *reload;   /* reloads of one cell (reload_bases.h); may be NULL */
    struct rh_nn *nonnull;      /* null tests of non-null parameters (nonnull_params.h), kept across
                                   runs; may be NULL */
    rh_budget *budget;
    int timeout;
} rh_ls;

#endif
