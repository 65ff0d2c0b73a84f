/* dyn_build.c - from the program model to an instrumented executable:
 * instrument a clone of the module, write its bitcode, and compile and
 * link it with clang-16 and the runtime library.  Binaries are cached by
 * a hash of the instrumented bitcode and the runtime library, so a replay
 * or a second analysis of the same program reuses them.
 */
#include "dyn.h"
#include "../../frontend/frontend.h"
#include "../../util/cleanup.h"
#include "../../util/proc.h"
#include "../../util/util.h"

#include <errno.h>
#include <llvm-c/BitWriter.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef RH_RUNTIME_LIB
#define RH_RUNTIME_LIB ""
#endif

static int file_exists(const char *p)
{
    struct stat sb;
    return stat(p, &sb) == 0 && S_ISREG(sb.st_mode);
}

/* The runtime library: $RACEHUNT_RUNTIME, next to the racehunt executable
 * (installed or build tree), or the build tree's path compiled in. */
static char *runtime_lib(void)
{
    const char *env = getenv("RACEHUNT_RUNTIME");
    if (env && *env)
        return file_exists(env) ? rh_xstrdup(env) : NULL;
    char self[4096];
    ssize_t n = readlink("/proc/self/exe", self, sizeof self - 1);
    if (n > 0) {
        self[n] = '\0';
        char *slash = strrchr(self, '/');
        if (slash)
            *slash = '\0';
        const char *rel[] = {"libracehunt_rt.a", "src/runtime/libracehunt_rt.a",
                             "../lib/racehunt/libracehunt_rt.a"};
        for (size_t i = 0; i < sizeof rel / sizeof rel[0]; i++) {
            char *p = rh_xasprintf("%s/%s", self, rel[i]);
            if (file_exists(p))
                return p;
            free(p);
        }
    }
    return RH_RUNTIME_LIB[0] && file_exists(RH_RUNTIME_LIB) ? rh_xstrdup(RH_RUNTIME_LIB) : NULL;
}

static uint64_t fnv(uint64_t h, const void *data, size_t n)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 1099511628211ull;
    return h;
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
    FILE *f = fopen(path, "w");
    if (!f)
        return rh_fail(err, "%s: cannot write: %s", path, strerror(errno));
    for (int i = 0; i < l->len; i++)
        fprintf(f, "%u %u\n", l->items[i].line, l->items[i].col);
    return fclose(f) ? rh_fail(err, "%s: cannot write", path) : 0;
}

/* The linker's temporary objects go to TMPDIR: pointing it into our own
 * directory keeps them where an interrupted racehunt cleans up. */
static int compile(const char *bc, const char *lib, const char *exe, const char *tmp, char *err)
{
    char *clang = rh_frontend_clang();
    if (!clang)
        return rh_fail(err, "clang-16 is not installed, so the dynamic engine cannot build the program");
    char *argv[] = {clang, "-O1", "-w", "-fno-color-diagnostics", (char *)bc, (char *)lib,
                    "-lpthread", "-lm", "-o", (char *)exe, NULL};
    char *tmpdir = rh_xasprintf("TMPDIR=%s", tmp), *env[] = {tmpdir, NULL};
    rh_proc_result r;
    int rc = rh_proc_run(argv, env, 300, &r, err);
    free(tmpdir);
    if (rc == 0 && (r.timed_out || !r.exited || r.status != 0)) {
        const char *msg = strstr(r.errout, "undefined reference") ? strstr(r.errout, "undefined reference")
                          : strstr(r.errout, "error")             ? strstr(r.errout, "error")
                                                                  : r.errout;
        rc = rh_fail(err, "building the instrumented program failed: %.300s", msg);
    }
    rh_proc_result_free(&r);
    free(clang);
    return rc;
}

/* Compiles into a private directory, then renames it into the cache, so
 * concurrent racehunts never see half a binary. */
static int build_into(LLVMMemoryBufferRef buf, const char *lib, const char *dir, char *err)
{
    char *tmp = rh_xasprintf("%s.tmp%d", dir, (int)getpid());
    mkdir(tmp, 0700);
    rh_cleanup_add_dir(tmp);
    char *bc = rh_xasprintf("%s/prog.bc", tmp), *exe = rh_xasprintf("%s/prog", tmp);
    FILE *f = fopen(bc, "wb");
    int rc = f ? 0 : rh_fail(err, "%s: cannot write: %s", bc, strerror(errno));
    if (f) {
        size_t n = LLVMGetBufferSize(buf);
        if (fwrite(LLVMGetBufferStart(buf), 1, n, f) != n)
            rc = rh_fail(err, "%s: cannot write", bc);
        fclose(f);
    }
    if (rc == 0)
        rc = compile(bc, lib, exe, tmp, err);
    if (rc == 0 && rename(tmp, dir) != 0 && !file_exists(exe))
        rc = rh_fail(err, "%s: cannot create the cache entry: %s", dir, strerror(errno));
    rh_frontend_rmdir(tmp);
    free(tmp);
    free(bc);
    free(exe);
    return rc;
}

static int build_module(rh_program *prog, rh_dyn_binary *bin, char *err)
{
    char *lib = runtime_lib();
    if (!lib)
        return rh_fail(err, "the racehunt runtime library (libracehunt_rt.a) was not found next to "
                            "racehunt; set RACEHUNT_RUNTIME to its path");
    LLVMModuleRef m = rh_dyn_instrument(prog, &bin->locs, err);
    if (!m) {
        free(lib);
        return -1;
    }
    LLVMMemoryBufferRef buf = LLVMWriteBitcodeToMemoryBuffer(m);
    LLVMDisposeModule(m);
    struct stat sb;
    stat(lib, &sb);
    uint64_t h = fnv(1469598103934665603ull, LLVMGetBufferStart(buf), LLVMGetBufferSize(buf));
    h = fnv(h, &sb.st_size, sizeof sb.st_size);
    h = fnv(h, &sb.st_mtime, sizeof sb.st_mtime);
    char *root = cache_root();
    bin->dir = rh_xasprintf("%s/%016llx", root, (unsigned long long)h);
    bin->exe = rh_xasprintf("%s/prog", bin->dir);
    bin->locpos = rh_xasprintf("%s/locpos", bin->dir);
    free(root);
    int rc = 0;
    bin->cached = file_exists(bin->exe) && file_exists(bin->locpos);
    if (!bin->cached) {
        rh_frontend_rmdir(bin->dir); /* a stale, partial entry */
        rc = build_into(buf, lib, bin->dir, err);
        if (rc == 0)
            rc = write_locpos(&bin->locs, bin->locpos, err);
    }
    LLVMDisposeMemoryBuffer(buf);
    free(lib);
    return rc;
}

int rh_dyn_build(rh_program *prog, const rh_options *o, rh_dyn_binary *bin, char *err)
{
    memset(bin, 0, sizeof *bin);
    if (!prog->ilp32)
        return build_module(prog, bin, err);
    /* The runtime is 64-bit: run an ILP32 program as 64-bit code.  Races
     * that depend on the data model itself can differ; the engine notes it. */
    rh_options o64 = *o;
    o64.ilp32 = 0;
    rh_program p64;
    if (rh_frontend_load(&o64, NULL, &p64, err))
        return -1;
    int rc = build_module(&p64, bin, err);
    rh_model_free(&p64);
    bin->rebuilt_64bit = 1;
    return rc;
}

void rh_dyn_binary_free(rh_dyn_binary *bin)
{
    free(bin->dir);
    free(bin->exe);
    free(bin->locpos);
    rh_dyn_locs_free(&bin->locs);
    memset(bin, 0, sizeof *bin);
}
