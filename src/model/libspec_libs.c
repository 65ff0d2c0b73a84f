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
};
const int rh_libspec_libs_count = (int)(sizeof rh_libspec_libs / sizeof rh_libspec_libs[0]);
