/* frontend.h - from C sources to the program model: compiles every input
 * with clang-16 to bitcode with debug info, links the modules in-process,
 * and normalises them with LLVM's pass pipeline.
 *
 * Contract: normalisation runs mem2reg (promotion of locals whose address
 * never escapes) and inlines thread-create wrappers (wrappers.c), so no load
 * or store that may touch shared memory is deleted, merged, reordered or
 * hoisted.  Every failure returns -1 with
 * one sentence in err that names the file involved.
 */
#ifndef RH_FRONTEND_H
#define RH_FRONTEND_H

#include "model/model.h"
#include "util/options.h"
#include "util/budget.h"

/* A unit's language, as gcc tells it from the extension or -x.  Text that
 * starts with a line marker is preprocessed C whatever its extension. */
typedef enum rh_lang {
    RH_LANG_C,              /* .c .h, -x c */
    RH_LANG_C_PREPROCESSED, /* .i, -x cpp-output */
    RH_LANG_CXX,
    RH_LANG_ASM,
    RH_LANG_OTHER,
} rh_lang;

rh_lang rh_frontend_lang(const char *file);

/* One translation unit: a source file, the directory to compile it in and
 * its own compiler flags (from compile_commands.json or the command line). */
typedef struct rh_tu {
    char *file;
    char *dir;     /* NULL: the current directory */
    char **flags;
    int nflags;
    rh_lang lang;
    char *target;  /* the build target the unit belongs to, when its object
                      path says it (CMakeFiles/NAME.dir/...), else NULL */
} rh_tu;

typedef struct rh_tu_list {
    rh_tu *items;
    int len;
    char **skipped; /* units of a database in other languages: "FILE (C++)" */
    int nskipped;
    char **read;    /* the response files read for the units (no output may be one) */
    int nread;
} rh_tu_list;

/* The translation units the options name: FILE... or -p BUILD (the build
 * directory or its compile_commands.json). */
int rh_frontend_units(const rh_options *o, rh_tu_list *out, char *err);
void rh_frontend_units_free(rh_tu_list *l);

/* Path of the clang-16 executable, or NULL when it is not installed. */
char *rh_frontend_clang(void);

/* Compiles one unit to a bitcode file at bc_path, giving clang at most
 * `seconds` (a time-out is an error saying so).  gcc-preprocessed text is
 * compiled through the compatibility layer (gcc_compat.h), and scratch
 * files go next to bc_path. */
int rh_frontend_compile(const rh_options *o, const rh_tu *tu, const char *bc_path, double seconds,
                        char *err);

/* deps.c: allows reports to quote the files listed in clang's dependency
 * file `depfile` (names relative to dir, or the current directory when
 * dir is NULL); a missing file allows nothing. */
void rh_frontend_allow_deps(const char *depfile, const char *dir);

/* Compiles, links and normalises every unit, then builds the model.
 * budget may be NULL (no limit but clang's own 300 s); when compiling runs
 * past the budget's deadline it returns RH_FRONTEND_OUT_OF_TIME with err
 * saying where. */
#define RH_FRONTEND_OUT_OF_TIME (-2)
int rh_frontend_load(const rh_options *o, rh_budget *budget, rh_program *prog, char *err);

/* A build: every unit compiled once, from which each program the units
 * make is linked and modelled in turn (programs.h says how programs are
 * told apart).  rh_build_open returns 0, -1 with err set, or
 * RH_FRONTEND_OUT_OF_TIME; *out is set even on failure and must be
 * closed.  rh_build_nprograms is 0 when the units were not told apart
 * (one unit, no --program): rh_build_load(b, -1, ...) then links them all,
 * as it does when they make one program; with several programs it needs
 * an index.  rh_frontend_load is open + load of o->program + close. */
typedef struct rh_build rh_build;
int rh_build_open(const rh_options *o, rh_budget *budget, rh_build **out, char *err);
int rh_build_nprograms(const rh_build *b);
const char *rh_build_program(const rh_build *b, int i);
int rh_build_load(rh_build *b, int which, rh_budget *budget, rh_program *prog, char *err);
/* 1 when the program last loaded defines no main and no --entry was
 * given: every externally visible function became an entry, as
 * --entry=all-external makes them. */
int rh_build_library(const rh_build *b);
void rh_build_close(rh_build *b);

/* wrappers.c: marks the thread-create wrappers of m not marked yet to be
 * inlined (after mem2reg, which makes their parameters visible); returns
 * how many. */
int rh_frontend_mark_create_wrappers(LLVMModuleRef m, const rh_conc_table *t);
/* Stores one frozen indeterminate value into every scalar local mem2reg
 * will promote, so all reads of an uninitialised local agree (indeterminate.c). */
void rh_frontend_freeze_uninitialised(LLVMModuleRef m);

/* vg_requests.c: replaces the Valgrind client requests the annotation
 * table knows (model/annotations.h) by calls of its functions, defined
 * empty in m; returns how many. */
int rh_frontend_lower_vg_requests(LLVMModuleRef m);

/* Normalises one module as rh_frontend_load does (mem2reg, create
 * wrappers inlined, Valgrind requests lowered); -1 with err on failure. */
int rh_frontend_normalise(LLVMModuleRef m, const rh_conc_table *conc, char *err);

/* implicit.c: gives calls of C library functions the sources call
 * without a declaration (an implicit `int f()`) the library's result type
 * when it is wider than int (a pointer, a long), as the system headers
 * declare it (a probe unit compiled in dir); returns the names it fixed
 * ("getenv, ctime", owned) or NULL. */
char *rh_frontend_fix_implicit(LLVMModuleRef m, const char *dir);

/* The names rh_frontend_fix_implicit fixed in the program last loaded, or
 * NULL: the report notes them. */
const char *rh_build_implicit(const rh_build *b);

/* 1 when m defines (not only declares) main. */
int rh_frontend_defines_main(LLVMModuleRef m);

/* Reads a unit's compiled bitcode file; -1 with err naming `file`. */
int rh_frontend_read_bitcode(const char *path, const char *file, LLVMMemoryBufferRef *buf, char *err);

/* Creates a fresh private directory for temporary files; owned string. */
char *rh_frontend_tmpdir(char *err);
/* Removes a directory made by rh_frontend_tmpdir and everything in it. */
void rh_frontend_rmdir(const char *dir);

#endif
