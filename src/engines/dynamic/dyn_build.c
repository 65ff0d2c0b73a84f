/* dyn_build.c - from the program model to an instrumented executable:
 * instrument a clone of the module, write its bitcode, and have it linked
 * (dyn_link.c).  Binaries are cached by a hash of the instrumented
 * bitcode, the runtime library and the link flags, so a replay or a
 * second analysis of the same program reuses them.
 */
#include "dyn.h"
#include "frontend/frontend.h"
#include "util/cleanup.h"
#include "util/outfile.h"
#include "util/util.h"
#include "util/hashmap.h"
#include "dse.h"

#include <errno.h>
#include <llvm-c/BitWriter.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int file_exists(const char *p)
{
    struct stat sb;
    return stat(p, &sb) == 0 && S_ISREG(sb.st_mode);
}

static char *cache_root(void)
{
    const char *env = getenv("RACEHUNT_CACHE"), *xdg = getenv("XDG_CACHE_HOME"),
               *home = getenv("HOME");
    char *root = env && *env   ? rh_xstrdup(env)
                 : xdg && *xdg ? rh_xasprintf("%s/racehunt", xdg)
                 : home && *home ? rh_xasprintf("%s/.cache/racehunt", home)
                                 : rh_xasprintf("/tmp/racehunt-cache-%d", (int)getuid());
    char *p = root;
    while ((p = strchr(p + 1, '/'))) { /* mkdir -p */
        *p = '\0';
        mkdir(root, 0700);
        *p = '/';
    }
    mkdir(root, 0700);
    return root;
}

static int write_locpos(const rh_dyn_locs *l, const char *path, char *err)
{
    rh_outfile out; /* beside a cache entry others may already read: atomic */
    if (rh_outfile_open(&out, path, "cache entry", err))
        return -1;
    for (int i = 0; i < l->len; i++)
        fprintf(out.f, "%u %u\n", l->items[i].line, l->items[i].col);
    return rh_outfile_commit(&out, err);
}

/* The link step's time: what is left before the deadline, at least a
 * moment (rh_proc_run takes <= 0 as no limit), at most 300 s. */
static double link_seconds(double deadline)
{
    double left = deadline > 0 ? deadline - rh_now() : 300;
    return left < 0.1 ? 0.1 : left > 300 ? 300 : left;
}

/* What the link step chose (the -l flags it added, the symbols
 * left out of the build), kept beside the cached binary so that a run
 * from the cache says it too. */
static int save_note(const char *dir, const char *name, const char *text, char *err)
{
    if (!text)
        return 0;
    char *path = rh_xasprintf("%s/%s", dir, name);
    rh_outfile out;
    int rc = rh_outfile_open_private(&out, path, "cache entry", err);
    if (rc == 0) {
        fputs(text, out.f);
        rc = rh_outfile_commit(&out, err);
    }
    free(path);
    return rc;
}

static char *load_note(const char *dir, const char *name)
{
    char *path = rh_xasprintf("%s/%s", dir, name), err[RH_ERR_MAX];
    char *s = file_exists(path) ? rh_read_file(path, NULL, err) : NULL;
    free(path);
    return s;
}

/* Compiles into a private directory, then renames it into the cache, so
 * concurrent racehunts never see half a binary. */
static int build_into(LLVMMemoryBufferRef buf, const char *lib, const rh_options *o, double deadline,
                      const char *dir, const rh_dyn_linkin *in, rh_dyn_linkout *res, char *err)
{
    char *tmp = rh_xasprintf("%s.tmp%d", dir, (int)getpid());
    mkdir(tmp, 0700);
    rh_cleanup_add_dir(tmp);
    char *bc = rh_xasprintf("%s/prog.bc", tmp), *exe = rh_xasprintf("%s/prog", tmp);
    rh_outfile out;
    int rc = rh_outfile_open_private(&out, bc, "cache entry", err);
    if (rc == 0) {
        fwrite(LLVMGetBufferStart(buf), 1, LLVMGetBufferSize(buf), out.f);
        rc = rh_outfile_commit(&out, err);
    }
    if (rc == 0)
        rc = rh_dyn_link(bc, lib, o, exe, tmp, link_seconds(deadline), in, res, err);
    if (rc == 0)
        rc = save_note(tmp, "autolibs", res->auto_libs, err);
    if (rc == 0)
        rc = save_note(tmp, "leftout", res->left_out, err);
    if (rc == 0 && rename(tmp, dir) != 0 && !file_exists(exe))
        rc = rh_fail(err, "%s: cannot create the cache entry: %s", dir, strerror(errno));
    rh_frontend_rmdir(tmp);
    free(tmp);
    free(bc);
    free(exe);
    return rc;
}

static int build_module(rh_program *prog, const rh_options *o, double deadline, rh_dyn_binary *bin,
                        char *err)
{
    char *lib = rh_dyn_runtime_lib();
    if (!lib)
        return rh_fail(err, "the racehunt runtime library (libracehunt_rt.a) was not found next to "
                            "racehunt; set RACEHUNT_RUNTIME to its path");
    LLVMModuleRef m = rh_dyn_instrument(prog, &bin->locs, err);
    if (!m) {
        free(lib);
        return -1;
    }
    if (o->inputs_solver) { /* concolic: runs record their branches (dse.h) */
        int ngoals;
        unsigned *goals = rh_dyn_candidate_locs(bin, &ngoals); /* the pairs' accesses */
        int rc = rh_dse_instrument(m, goals, ngoals, &bin->dse_goal_sides, err);
        free(goals);
        if (rc) {
            LLVMDisposeModule(m);
            free(lib);
            return -1;
        }
    }
    rh_dyn_clock_inputs(m); /* a witness carries the clock's answers */
    if (o->command && strcmp(o->command, "run") == 0) /* the user's run: a reader never hangs it */
        rh_dyn_wrap_blocking(m);
    else /* the engine's runs: a thread waiting for a signal never holds them up */
        rh_dyn_wrap_signal_waits(m);
    LLVMMemoryBufferRef buf = LLVMWriteBitcodeToMemoryBuffer(m);
    rh_dyn_linkin in = {rh_dyn_data_decls(m)};
    LLVMDisposeModule(m);
    struct stat sb;
    stat(lib, &sb);
    uint64_t h = rh_hash_bytes(RH_HASH_SEED, LLVMGetBufferStart(buf), LLVMGetBufferSize(buf));
    h = rh_hash_bytes(h, &sb.st_size, sizeof sb.st_size);
    h = rh_hash_bytes(h, &sb.st_mtime, sizeof sb.st_mtime);
    for (int i = 0; i < o->nldflags; i++) /* with the NUL, so "-l" "z" differs from "-lz" */
        h = rh_hash_bytes(h, o->ldflags[i], strlen(o->ldflags[i]) + 1);
    h = rh_hash_bytes(h, &o->refuse_undefined, sizeof o->refuse_undefined);
    char *root = cache_root();
    bin->dir = rh_xasprintf("%s/%016llx", root, (unsigned long long)h);
    bin->exe = rh_xasprintf("%s/prog", bin->dir);
    bin->locpos = rh_xasprintf("%s/locpos", bin->dir);
    free(root);
    int rc = 0;
    bin->cached = file_exists(bin->exe) && file_exists(bin->locpos);
    if (bin->cached) {
        bin->auto_libs = load_note(bin->dir, "autolibs");
        bin->left_out = load_note(bin->dir, "leftout");
    }
    if (!bin->cached) {
        rh_frontend_rmdir(bin->dir); /* a stale, partial entry */
        rh_dyn_linkout res = {0};
        rc = build_into(buf, lib, o, deadline, bin->dir, &in, &res, err);
        bin->auto_libs = res.auto_libs, bin->left_out = res.left_out;
        if (rc == 0)
            rc = write_locpos(&bin->locs, bin->locpos, err);
    }
    LLVMDisposeMemoryBuffer(buf);
    rh_dyn_names_free(in.data_syms);
    free(lib);
    return rc;
}

static int build_any(rh_program *prog, const rh_options *o, double deadline, rh_dyn_binary *bin, char *err);

int rh_dyn_build(rh_program *prog, const rh_options *o, double deadline, rh_dyn_binary *bin, char *err)
{
    int rc = build_any(prog, o, deadline, bin, err);
    if (rc == 0 && bin->exe)
        bin->syms = rh_dyn_syms_load(bin->exe, prog->mod);
    return rc;
}

static int build_any(rh_program *prog, const rh_options *o, double deadline, rh_dyn_binary *bin, char *err)
{
    memset(bin, 0, sizeof *bin);
    bin->stdin_path = o->stdin_file; /* every run of this binary reads it: the engine's, bmc's replays */
    if (!prog->ilp32)
        return build_module(prog, o, deadline, bin, err);
    /* The runtime is 64-bit: run an ILP32 program as 64-bit code.  Races
     * that depend on the data model itself can differ; the engine notes it. */
    rh_options o64 = *o;
    o64.ilp32 = 0;
    rh_program p64;
    if (rh_frontend_load(&o64, NULL, &p64, err))
        return -1;
    int rc = build_module(&p64, &o64, deadline, bin, err);
    rh_model_free(&p64);
    bin->rebuilt_64bit = 1;
    return rc;
}

void rh_dyn_binary_free(rh_dyn_binary *bin)
{
    free(bin->dir);
    free(bin->exe);
    free(bin->locpos);
    free(bin->auto_libs);
    free(bin->left_out);
    rh_dyn_locs_free(&bin->locs);
    rh_dyn_syms_free(bin->syms);
    memset(bin, 0, sizeof *bin);
}
