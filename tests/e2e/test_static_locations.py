#!/usr/bin/env python3
"""test_static_locations.py - the static engine's memory locations
(src/engines/static/loc_model.h) as --may reports them: a race on a
field of a global struct whose points-to object collapsed is on that
field's bytes; a string literal is never a race location; a location
with thousands of racing pairs is capped on its own and hides no later
location; a race whose every access is a volatile scalar (a stop flag)
says so with "volatile_only", and one with plain accesses does not; a
heap block a thread writes after creating its own child, which polls it
with no lock, is a likely location on exactly the RACE lines (the setup
before the create and the accesses after the join are not), and its
reference-counted look-alike lists nothing likely; the branches
set_flags.h and path_facts.h call dead hide no race of their racy twins
(every RACE line still in a --may pair; nonnull_params.h's null test of a
parameter every call passes a string literal is one of them) and leave their look-alikes with
no pair at all, and so do spin locks made of atomics (spin_locks.h) and
flags that order (flag_order.h); a lock call is an access of its mutex's memory (an unlock
racing with the destroy and the free of its mutex is a --may pair on those
lines, likely when main destroys it with no lock call or join before, and
never likely in the reference-counted look-alike; two lock calls are never a pair, and init before the creates and
destroy and free after the joins pair with nothing); a buffer passed to a
variadic function stays its thread's own (no pair) unless the variadic
function stores it where other threads reach it (the racy twin's pair);
readdir's entry is its stream's (threads with streams of their own: no
pair; one shared stream: the readdir and the entry's read pair); and the
points-to look-alikes have no pair either (an integer index hashed from an
address points nowhere; an allocator called through a function pointer
gives each call its own block; an array field read at a variable index is
one of its elements, not another field, and so is one written at a variable
index of a table too large to split by element; a memmove inside a char
array field copies none of the struct's pointer fields; a string's length
and a pointer difference are numbers, not addresses; what a GLib list or
hash table hands back is what was put in it, not whatever that points to;
a block allocated in a branch on two constants that is never taken is no
pointer's target); and a thread library's
look-alikes (create and join wrappers around a trampoline, lock wrappers on
a heap lock behind a global pointer, threads run one after the other, a heap
block per instance) have no pair while their racy twins keep every RACE
line; nor do the ordering look-alikes (a record stored into an array slot
and reloaded from it before its thread's create is still the record handed
over), nor data elements under the lock of the same index in a parallel
lock array (idx_locks.h), while their twins with a lock of another index
keep every RACE line, nor array elements indexed by a thread id read from
a field of the struct each thread was given (their twins keep every RACE
line); two workers' accesses to the block each allocated itself, through
the allocation's own value or a local struct field only it is stored in,
are no pair, nor are two such accesses from different allocations (two
copies of a create wrapper) or a glib allocator's, while an unknown library
function's block keeps its pairs: fresh_pairs.h)."""
import json
import os
import subprocess
import tempfile
import suite  # noqa: E402
import harness  # noqa: E402

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
PROGS = os.path.join(ROOT, "tests", "programs")
check = suite.Checks("static locations")


def races(rh, path):
    p = subprocess.run([rh, "--engine=static", "--may", "--format=json", path], capture_output=True,
                       text=True, timeout=300)
    doc = json.loads(p.stdout)
    return doc, doc.get("races", [])


def sink_program(path, n):
    """n writers and n readers of one array (n*n pairs on one location),
    then one more racy global declared after it."""
    body = ["/* generated: many pairs on one location, one more racy global after it */",
            "#include <pthread.h>", "int sink[64];", "int late;", "int idx;",
            "void *writer(void *a) {", "    (void)a;"]
    body += ["    sink[(idx + %d) & 63] = %d;" % (i, i) for i in range(n)]
    body += ["    late = 1;", "    return 0;", "}", "void *reader(void *a) {", "    (void)a;", "    int s = 0;"]
    body += ["    s += sink[(idx + %d) & 63];" % i for i in range(n)]
    body += ["    s += late;", "    return (void *)(long)s;", "}",
             "int main(void) {", "    pthread_t a, b;", "    pthread_create(&a, 0, writer, 0);",
             "    pthread_create(&b, 0, reader, 0);", "    pthread_join(a, 0);", "    pthread_join(b, 0);",
             "    return 0;", "}"]
    with open(path, "w") as f:
        f.write("\n".join(body) + "\n")


# Dead-branch rules (set flags, a flag only main writes, known call
# results, relocking a held mutex, a null test of a parameter no call
# passes null): look-alike, racy twin (None: an older one).
DEAD_BRANCH_PAIRS = [
    ("flag_lock_enabled_at_init_norace", "flag_lock_enabled_late_race"),
    ("flag_lock_enabled_before_post_norace", "flag_lock_enabled_after_post_race"),
    ("main_only_flag_still_zero_norace", "worker_sets_flag_race"),
    ("known_result_error_branch_norace", "known_result_error_branch_race"),
    ("relock_on_error_path_norace", "errorcheck_relock_race"),
    ("nonnull_name_unnamed_counter_norace", "nonnull_name_unnamed_counter_race"),
]

# Points-to look-alikes (points_to.h): each has no --may pair at all, and
# its racy twin keeps every RACE line in some pair.
POINTS_TO_PAIRS = [
    ("int_hash_index_norace", "int_hash_index_race"),
    ("alloc_through_pointer_norace", "alloc_through_pointer_race"),
    ("struct_array_slots_norace", "struct_array_slots_race"),
    ("table_field_store_norace", "table_field_store_race"),
    ("memmove_char_field_norace", "memmove_char_field_race"),
    ("integer_from_string_index_norace", "integer_from_string_index_race"),
    ("strtok_r_cursor_norace", "strtok_r_cursor_race"),
    ("glib_list_take_norace", "glib_list_take_race"),
    ("glib_table_lookup_norace", "glib_table_lookup_race"),
    ("dead_alloc_branch_norace", "dead_alloc_branch_race"),
]

# A thread library over pthreads (record_joins.h, instance_args.h): threads
# started through a create wrapper whose trampoline calls the routine
# through a pointer in a heap handle, joined through a join wrapper, heap
# locks behind a global pointer taken through lock wrappers.
THREAD_LIBRARY_PAIRS = [
    ("jobwrap_local_locked_norace", "jobwrap_local_read_before_join_race"),
    ("jobwrap_global_locked_norace", "jobwrap_global_outside_lock_race"),
    ("jobwrap_ctx_lock_norace", "jobwrap_ctx_lock_released_race"),
    ("jobwrap_loop_counter_norace", "jobwrap_loop_counter_early_read_race"),
    ("jobwrap_own_heap_norace", "jobwrap_shared_heap_race"),
    ("jobwrap_serial_norace", "jobwrap_serial_join_late_race"),
    ("jobwrap_serial_loop_norace", "jobwrap_serial_loop_unjoined_race"),
    ("jobwrap_round_left_running_norace", "jobwrap_round_left_running_race"),
    ("jobwrap_two_runners_norace", "jobwrap_two_runners_early_add_race"),
    ("taskcopy_local_locked_norace", "taskcopy_local_unlocked_race"),
    ("taskcopy_serial_own_norace", "taskcopy_serial_shared_race"),
    ("jobwrap_config_after_joins_norace", "jobwrap_config_same_slot_race"),
    ("jobwrap_loop_fresh_block_norace", "jobwrap_loop_shared_block_race"),
    ("jobwrap_rounds_after_pair_norace", "jobwrap_rounds_unjoined_race"),
    ("jobwrap_two_latches_norace", "jobwrap_two_latches_swapped_race"),
    ("settled_guards_norace", "settled_guards_outside_race"),
    ("settled_guards_norace", "settled_guards_replaced_race"),
    ("settled_guards_norace", "settled_guards_worker_replaces_race"),
    ("jobwrap_nested_rounds_norace", "jobwrap_nested_rounds_race"),
    ("nested_callers_chain_norace", "nested_callers_chain_race"),
    ("nested_callers_outparam_norace", "nested_callers_outparam_race"),
    ("nested_callers_via_pointer_norace", "nested_callers_via_pointer_race"),
]
# Racy twins of look-alikes the engine does not prove yet: every RACE line stays in a pair.
THREAD_LIBRARY_RACY = ["jobwrap_config_between_joins_race", "jobwrap_join_loop_short_race",
                       "jobwrap_spawn_read_early_race"]


# Synchronisation made of atomics (spin_locks.h, flag_order.h): each
# race-free program has no --may pair at all, and each racy twin (one
# line changed) keeps every RACE line in some pair.
ATOMICS_PAIRS = [
    ("spin_tas_counter_norace", "spin_tas_release_early_race"),
    ("spin_tas_counter_norace", "spin_relaxed_exchange_race"),
    ("spin_cas_counter_norace", "spin_cas_stray_release_race"),
    ("spin_wrapper_two_locks_norace", "spin_wrapper_unlock_early_race"),
    ("spin_sync_val_cas_norace", "spin_sync_val_cas_wrong_test_race"),
    ("flag_release_acquire_norace", "flag_store_before_data_race"),
    ("flag_release_acquire_norace", "flag_relaxed_load_race"),
    ("flag_release_acquire_norace", "flag_second_writer_race"),
    ("flag_release_acquire_norace", "flag_data_after_release_race"),
    ("flag_relay_norace", "flag_relay_store_early_race"),
    ("flag_locked_condvar_norace", "flag_locked_data_after_unlock_race"),
    ("flag_locked_condvar_norace", "flag_unlocked_store_race"),
]
# Ordering look-alikes (handover.h with slot_forward.h: a record reloaded
# from the array slot it was stored into is still the one handed over).
# Index-keyed locks (idx_locks.h): a lock array guarding a parallel data
# array by the same index value; each racy twin takes a lock of another
# index, or reads past its element.
LOCK_INDEX_PAIRS = [
    ("lockidx_thread_id_norace", "lockidx_thread_id_race"),
    ("lockidx_heap_loop_norace", "lockidx_heap_loop_race"),
    ("lockidx_struct_arrays_norace", "lockidx_struct_arrays_race"),
    ("lockidx_wide_read_norace", "lockidx_wide_read_race"),
    ("mutex_array_per_element_norace", "mutex_array_wrong_index_race"),
]

# Thread ids in a field of the struct each thread is given (own_index.h):
# each racy twin shares an id, passes one element to all, or rewrites the
# id field in the thread.
ID_FIELD_PAIRS = [
    ("idfield_array_norace", "idfield_array_race"),
    ("idfield_rows_norace", "idfield_rows_race"),
    ("idfield_rewritten_norace", "idfield_rewritten_race"),
    ("idfield_heap_norace", "idfield_heap_race"),
]

# Symbolic locks (sym_locks.h, reload_bases.h): a lock taken through a
# pointer field loaded again for the update, and a lock kept over a helper
# that releases another lock of the same struct; each racy twin rewrites
# the field between the two loads, or releases the lock itself.
SYM_LOCK_PAIRS = [
    ("reload_lock_field_norace", "reload_lock_field_race"),
    ("unlock_other_field_norace", "unlock_other_field_race"),
]
# A reload after a release between the two loads is not the first load.
SYM_LOCK_RACY = ["reload_after_release_race"]

ORDER_PAIRS = [
    ("slot_record_array_norace", "slot_record_array_race"),
    ("fresh_request_publish_norace", "fresh_request_publish_race"),
    ("fresh_local_struct_slot_norace", "fresh_local_struct_slot_race"),
    ("prepublish_fill_norace", "prepublish_fill_race"),
]


LIBRARY_FRESH = r"""
#include <pthread.h>
#include <stddef.h>
void *%s(size_t n, size_t size);
struct req { int id; int val; };
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
struct req *table;
void *worker(void *arg) {
    struct req *r = %s(1, sizeof *r);
    r->id = 1;
    r->val = 2;
    pthread_mutex_lock(&m);
    table = r;
    pthread_mutex_unlock(&m);
    return arg;
}
int main(void) {
    pthread_t t1, t2;
    pthread_create(&t1, 0, worker, 0);
    pthread_create(&t2, 0, worker, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    return 0;
}
"""


def harness_line(path, text):
    """The 1-based line of path that holds text."""
    with open(path) as f:
        return next(i for i, line in enumerate(f, 1) if text in line)


# GLib's allocator by its own prototypes (no GLib needed to build the test):
# the block is a heap block of the call site and g_free frees it, so the
# free before the join races with the worker's write and after it does not
GLIB_FREE = r"""
#include <pthread.h>
#include <stddef.h>
void *g_malloc0(unsigned long n);
void g_free(void *p);
struct job { int id; int out; };
void *work(void *arg) {
    struct job *j = arg;
    j->out = j->id * 2;
    return NULL;
}
int main(void) {
    pthread_t t;
    struct job *j = g_malloc0(sizeof *j);
    j->id = 3;
    pthread_create(&t, NULL, work, j);
    %s
    pthread_join(t, NULL);
    %s
    return 0;
}
"""


def may_lines(races_, path):
    """Source lines of path that some --may pair names, either access."""
    base = os.path.basename(path)
    out = set()
    for r in races_:
        for acc in r.get("accesses", []):
            if os.path.basename(acc.get("file", "")) == base:
                out.add(acc.get("line"))
    return out


def main():
    rh = suite.racehunt_arg()

    for kind, norace, race in [("dead branch", *p) for p in DEAD_BRANCH_PAIRS] + \
            [("points-to", *p) for p in POINTS_TO_PAIRS] + \
            [("thread library", *p) for p in THREAD_LIBRARY_PAIRS] + [("atomics", *p) for p in ATOMICS_PAIRS] + \
            [("ordering", *p) for p in ORDER_PAIRS] + [("lock index", *p) for p in LOCK_INDEX_PAIRS] + \
            [("id field", *p) for p in ID_FIELD_PAIRS] + [("symbolic lock", *p) for p in SYM_LOCK_PAIRS]:
        _, rs = races(rh, os.path.join(PROGS, norace + ".c"))
        check("%s: %s has no may-race" % (kind, norace), not rs, [(r["object"], may_lines(rs, norace + ".c"))
                                                                   for r in rs])
        path = os.path.join(PROGS, race + ".c")
        want, _ = harness.annotations(path)
        _, rs = races(rh, path)
        check("%s: %s keeps every RACE line" % (kind, race), want and want <= may_lines(rs, path),
              (sorted(want), sorted(may_lines(rs, path))))

    _, rs = races(rh, os.path.join(PROGS, "collapsed_struct_fields_race.c"))
    check("collapsed struct: the race is on field outd's bytes, named",
          rs and all(r["object"] == "global 'g', field 'outd'" and r["offset"] == [4, 8] for r in rs),
          [(r["object"], r["offset"]) for r in rs])
    _, rs = races(rh, os.path.join(PROGS, "collapsed_struct_fields_norace.c"))
    check("collapsed struct: disjoint fields never pair", not rs, rs)

    _, rs = races(rh, os.path.join(PROGS, "string_literal_readonly_race.c"))
    check("a string literal is no race location", rs and all(r["object"] != "a string literal" for r in rs),
          [r["object"] for r in rs])

    _, rs = races(rh, os.path.join(PROGS, "volatile_stop_flag_race.c"))
    check("volatile stop flag: volatile_only", rs and all(r.get("volatile_only") is True for r in rs), rs)
    _, rs = races(rh, os.path.join(PROGS, "plain_stop_flag_race.c"))
    check("plain stop flag: not volatile_only", rs and not any(r.get("volatile_only") for r in rs), rs)

    path = os.path.join(PROGS, "child_stop_flag_after_create_race.c")
    race, _ = harness.annotations(path)
    _, rs = races(rh, path)
    likely = {a["line"] for r in rs if r.get("status") == "likely" for a in r["accesses"]}
    check("creator's own child: the stop flag is likely, on exactly the RACE lines", likely == race,
          (sorted(likely), sorted(race)))
    _, rs = races(rh, os.path.join(PROGS, "child_refcount_after_create_norace.c"))
    check("creator's own child, reference-counted look-alike: nothing likely",
          rs and not [r for r in rs if r.get("status") == "likely"],
          [(r.get("status"), [a["line"] for a in r["accesses"]]) for r in rs])

    path = os.path.join(PROGS, "mutex_freed_while_unlocking_race.c")
    _, rs = races(rh, path)
    pairs = {tuple(sorted(a["line"] for a in r["accesses"])): [a.get("operation") for a in r["accesses"]]
             for r in rs}
    unlock, destroy, free_ = (harness_line(path, s) for s in ("pthread_mutex_unlock(&p->lock);",
                                                             "pthread_mutex_destroy(&p->lock);", "free(p);"))
    check("mutex memory: the unlock races with the destroy and the free of its mutex",
          tuple(sorted((unlock, destroy))) in pairs and tuple(sorted((unlock, free_))) in pairs, sorted(pairs))
    check("mutex memory: two lock calls are never a pair",
          not [ops for ops in pairs.values() if all(o and o.startswith("pthread_mutex_") for o in ops)
               and not any(o == "pthread_mutex_destroy" for o in ops)], pairs)
    race, _ = harness.annotations(path)
    likely = {a["line"] for r in rs if r.get("status") == "likely" for a in r["accesses"]}
    check("mutex memory: main's destroy and free against the worker's lock calls are likely, on exactly "
          "the RACE lines", likely == race, (sorted(likely), sorted(race)))
    _, rs = races(rh, os.path.join(PROGS, "mutex_refcount_main_last_norace.c"))
    check("mutex memory, reference-counted look-alike (main may drop the last reference): nothing likely",
          rs and not [r for r in rs if r.get("status") == "likely"],
          [(r.get("status"), [a["line"] for a in r["accesses"]]) for r in rs])
    _, rs = races(rh, os.path.join(PROGS, "mutex_destroyed_after_helper_join_norace.c"))
    check("mutex memory, destroyed after a helper's join the analysis does not count: nothing likely",
          rs and not [r for r in rs if r.get("status") == "likely"],
          [(r.get("status"), [a["line"] for a in r["accesses"]]) for r in rs])
    _, rs = races(rh, os.path.join(PROGS, "mutex_freed_after_join_norace.c"))
    check("mutex memory: init before the creates, destroy and free after the joins pair with nothing", not rs,
          [[a["line"] for a in r["accesses"]] for r in rs])
    _, rs = races(rh, os.path.join(PROGS, "varargs_log_private_buffer_norace.c"))
    check("variadic arguments: a buffer only passed through them stays the thread's own", not rs,
          [[a["line"] for a in r["accesses"]] for r in rs])
    path = os.path.join(PROGS, "varargs_log_keeps_buffer_race.c")
    want, _ = harness.annotations(path)
    _, rs = races(rh, path)
    check("variadic arguments: a buffer the variadic function keeps is shared (every RACE line in a pair)",
          want and want <= may_lines(rs, path), (sorted(want), sorted(may_lines(rs, path))))

    _, rs = races(rh, os.path.join(PROGS, "libc_readdir_own_stream_norace.c"))
    check("readdir: streams of their own never pair", not rs, [[a["line"] for a in r["accesses"]] for r in rs])
    for kind, race in [("thread library", r) for r in THREAD_LIBRARY_RACY] + \
            [("symbolic lock", r) for r in SYM_LOCK_RACY]:
        path = os.path.join(PROGS, race + ".c")
        want, _ = harness.annotations(path)
        _, rs = races(rh, path)
        check("%s: %s keeps every RACE line" % (kind, race), want and want <= may_lines(rs, path),
              (sorted(want), sorted(may_lines(rs, path))))
    path = os.path.join(PROGS, "libc_readdir_shared_stream_race.c")
    want, _ = harness.annotations(path)
    _, rs = races(rh, path)
    check("readdir: one shared stream keeps every RACE line in a pair", want and want <= may_lines(rs, path),
          (sorted(want), sorted(may_lines(rs, path))))

    with tempfile.TemporaryDirectory() as tmp:
        path = os.path.join(PROGS, "fresh_create_wrapper_copies_norace.c")
        _, rs = races(rh, path)
        fills = {harness_line(path, "j->id = id;"), harness_line(path, "j->result = 0;")}
        check("two copies of a create wrapper: their own fills of their own blocks pair with nothing",
              not fills & may_lines(rs, path), sorted(may_lines(rs, path)))
        for fn, fresh in (("g_malloc0_n", True), ("pool_take", False)):
            prog = os.path.join(tmp, fn + ".c")
            with open(prog, "w") as f:
                f.write(LIBRARY_FRESH % (fn, fn))
            _, rs = races(rh, prog)
            check("a block from %s filled by two workers: %s" % (fn, "no pair" if fresh else "pairs kept"),
                  (not rs) if fresh else {10, 11} <= may_lines(rs, prog), [r["object"] for r in rs])
        for before in (True, False):
            prog = os.path.join(tmp, "glib_free_%s.c" % ("before" if before else "after"))
            with open(prog, "w") as f:
                f.write(GLIB_FREE % (("g_free(j);", "") if before else ("", "g_free(j);")))
            doc, rs = races(rh, prog)
            lines = may_lines(rs, prog)
            if before:
                check("g_free before the join: the free pairs with the worker's write of a g_malloc0 block",
                      {9, 17} <= lines and all(r["object"].startswith("heap object allocated at") for r in rs),
                      ([r["object"] for r in rs], sorted(lines)))
            else:
                check("g_free after the join: no pair, and nothing assumed of GLib's allocator",
                      not rs and not doc.get("assumptions"),
                      ([r["object"] for r in rs], doc.get("notes")))
        prog = os.path.join(tmp, "sink.c")
        sink_program(prog, 50)
        doc, rs = races(rh, prog)
        on_sink = [r for r in rs if r["object"] == "global 'sink'"]
        check("a big location is capped on its own", 0 < len(on_sink) <= 200, len(on_sink))
        check("the cap is named in a note", any("per location" in n for n in doc.get("notes", [])),
              doc.get("notes"))
        check("a later location is still listed", any(r["object"] == "global 'late'" for r in rs),
              sorted({r["object"] for r in rs}))
    check.finish()


if __name__ == "__main__":
    main()
