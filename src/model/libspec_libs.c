/* libspec_libs.c - library specification rows of libraries beyond the C
 * library whose calls start the program's code in threads of their own:
 * event loops that run a table of the program's callbacks.  The program
 * hands the library a struct of function pointers (libfuse's
 * fuse_operations) and the library's worker threads call them, any of them
 * at the same time and each in several threads at once, for as long as
 * the loop runs.  A TABLE row says so: every function the struct at the
 * argument holds is a thread entry from that call on, in any number of
 * instances (thread_graph.c, registered handlers).  Without the row the
 * static engine sees no thread at all in such a program.
 *
 * GLib's lists and hash tables are CONT rows: where they keep the pointers
 * they are given and what they hand back (pt_containers.h).  As unknown
 * functions their results pointed anywhere into every argument, so a
 * request taken back out of a list pointed into the list, the request and
 * every other block ever appended: one blob for all the program's
 * objects.  The foreach functions call their function argument back in
 * the calling thread, before they return, with the entries kept (CONTCB).
 * Nothing else calls the program back by itself: what a table
 * calls (its hash and equality functions, the destroy notifiers
 * g_hash_table_new_full is given, run inside insert, remove and destroy)
 * it was given by g_hash_table_new*, which stay unknown functions, so a
 * program that gives them functions of its own (or g_free) is unsupported
 * at that call, as any call given a function pointer.
 * Shorthands and the effects grammar: libspec_rows.h and libspec.h.
 */
#include "libspec_rows.h"

const rh_libspec_row rh_libspec_libs[] = {
    /* libfuse 3 (libfuse3-dev): the high-level API takes struct
     * fuse_operations, the low-level one struct fuse_lowlevel_ops; the
     * versioned names are what fuse.h's macros call */
    TABLE("fuse_main_real", 2, "r2"),
    TABLE("fuse_main_real_versioned", 2, "r2"),
    TABLE("fuse_new", 1, "r1"),
    TABLE("fuse_new_30", 1, "r1"),
    TABLE("fuse_new_31", 1, "r1"),
    TABLE("fuse_session_new", 1, "r1"),
    TABLE("fuse_session_new_versioned", 1, "r1"),
    /* GLib doubly and singly linked lists: nodes {data, next[, prev]} */
    CONT("g_list_append", RH_CT_LIST_ADD, "m0"),
    CONT("g_list_prepend", RH_CT_LIST_ADD, "m0"),
    CONT("g_list_insert", RH_CT_LIST_ADD, "m0"),
    CONT("g_slist_append", RH_CT_LIST_ADD, "m0"),
    CONT("g_slist_prepend", RH_CT_LIST_ADD, "m0"),
    CONT("g_slist_insert", RH_CT_LIST_ADD, "m0"),
    CONT("g_list_first", RH_CT_LIST_WALK, "r0"),
    CONT("g_list_last", RH_CT_LIST_WALK, "r0"),
    CONT("g_list_nth", RH_CT_LIST_WALK, "r0"),
    CONT("g_list_find", RH_CT_LIST_WALK, "r0"),
    CONT("g_list_delete_link", RH_CT_LIST_WALK, "m0 m1"),
    CONT("g_list_remove", RH_CT_LIST_WALK, "m0"),
    CONT("g_list_remove_link", RH_CT_LIST_WALK, "m0 m1"),
    CONT("g_list_reverse", RH_CT_LIST_WALK, "m0"),
    CONT("g_slist_last", RH_CT_LIST_WALK, "r0"),
    CONT("g_slist_nth", RH_CT_LIST_WALK, "r0"),
    CONT("g_slist_find", RH_CT_LIST_WALK, "r0"),
    CONT("g_slist_delete_link", RH_CT_LIST_WALK, "m0 m1"),
    CONT("g_slist_remove", RH_CT_LIST_WALK, "m0"),
    CONT("g_slist_remove_link", RH_CT_LIST_WALK, "m0 m1"),
    CONT("g_slist_reverse", RH_CT_LIST_WALK, "m0"),
    CONT("g_list_nth_data", RH_CT_LIST_DATA, "r0"),
    CONTCB("g_list_foreach", RH_CT_LIST_EACH, 1, "r0"),
    CONTCB("g_slist_foreach", RH_CT_LIST_EACH, 1, "r0"),
    CONT("g_slist_nth_data", RH_CT_LIST_DATA, "r0"),
    MEM("g_list_length", "r0"),
    MEM("g_slist_length", "r0"),
    MEM("g_list_free", "m0"),
    MEM("g_list_free_1", "m0"),
    MEM("g_slist_free", "m0"),
    MEM("g_slist_free_1", "m0"),
    /* GLib hash tables (made by g_hash_table_new, which stays an unknown
     * function: its hash and equality arguments may be the program's) */
    CONT("g_hash_table_insert", RH_CT_MAP_PUT, "m0"),
    CONT("g_hash_table_replace", RH_CT_MAP_PUT, "m0"),
    CONT("g_hash_table_add", RH_CT_MAP_PUT, "m0"),
    CONT("g_hash_table_lookup", RH_CT_MAP_GET, "r0"),
    CONT("g_hash_table_lookup_extended", RH_CT_MAP_GET_OUT, "r0 w2:8 w3:8"),
    CONTCB("g_hash_table_foreach", RH_CT_MAP_EACH, 1, "r0"),
    CONTCB("g_hash_table_foreach_remove", RH_CT_MAP_EACH, 1, "m0"),
    CONTCB("g_hash_table_foreach_steal", RH_CT_MAP_EACH, 1, "m0"),
    CONTCB("g_hash_table_find", RH_CT_MAP_EACH, 1, "r0"),
    MEM("g_hash_table_contains", "r0"),
    MEM("g_hash_table_size", "r0"),
    MEM("g_hash_table_remove", "m0"),
    MEM("g_hash_table_steal", "m0"),
    MEM("g_hash_table_remove_all", "m0"),
    MEM("g_hash_table_destroy", "m0"),
    MEM("g_hash_table_unref", "m0"),
};
const int rh_libspec_libs_count = (int)(sizeof rh_libspec_libs / sizeof rh_libspec_libs[0]);
