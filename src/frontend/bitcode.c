/* bitcode.c - the leaf services every part of the front end uses: where
 * clang-16 is, the scratch directory of a run, reading compiled bitcode,
 * the normalisation pipeline and whether a module defines main.  They live
 * apart from the orchestrator (frontend.c) so that its parts (compile.c,
 * programs.c, implicit.c) depend on them and not on it.
 */
#include "frontend.h"
#include "util/cleanup.h"
#include "util/proc.h"
#include "util/util.h"

#include <errno.h>
#include <ftw.h>
#include <llvm-c/Error.h>
#include <llvm-c/Transforms/PassBuilder.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* Only these passes run: promotion of non-escaping locals to SSA values.
 * Anything stronger (instcombine, GVN, LICM, simplifycfg's hoisting) may
 * delete, merge or move the shared accesses races consist of. */
static const char normalise_pipeline[] = "mem2reg";

char *rh_frontend_clang(void)
{
    const char *env = getenv("RACEHUNT_CLANG");
    char *p = rh_proc_which(env ? env : "clang-16");
    if (!p && !env)
        p = rh_proc_which("/usr/lib/llvm-16/bin/clang");
    return p;
}

char *rh_frontend_tmpdir(char *err)
{
    const char *base = getenv("TMPDIR");
    char *tmpl = rh_xasprintf("%s/racehunt-XXXXXX", base && *base ? base : "/tmp");
    if (!mkdtemp(tmpl)) {
        rh_fail(err, "cannot create a temporary directory in %s: %s", base ? base : "/tmp",
                strerror(errno));
        free(tmpl);
        return NULL;
    }
    rh_cleanup_add_dir(tmpl); /* removed even if racehunt is interrupted */
    return tmpl;
}

static int rm_entry(const char *path, const struct stat *sb, int flag, struct FTW *ftw)
{
    (void)sb, (void)flag, (void)ftw;
    return remove(path);
}

void rh_frontend_rmdir(const char *dir)
{
    if (!dir)
        return;
    nftw(dir, rm_entry, 16, FTW_DEPTH | FTW_PHYS);
    rh_cleanup_remove_dir(dir);
}

int rh_frontend_read_bitcode(const char *path, const char *file, LLVMMemoryBufferRef *buf, char *err)
{
    char *msg = NULL;
    if (LLVMCreateMemoryBufferWithContentsOfFile(path, buf, &msg)) {
        rh_fail(err, "%s: cannot read the compiled bitcode: %s", file, msg ? msg : "?");
        LLVMDisposeMessage(msg);
        return -1;
    }
    return 0;
}

static int normalise(LLVMModuleRef m, const rh_conc_table *conc, char *err)
{
    LLVMPassBuilderOptionsRef opts = LLVMCreatePassBuilderOptions();
    rh_frontend_freeze_uninitialised(m);
    LLVMErrorRef e = LLVMRunPasses(m, normalise_pipeline, NULL, opts);
    for (int round = 0; round < 4 && !e && rh_frontend_mark_create_wrappers(m, conc); round++)
        e = LLVMRunPasses(m, "always-inline,mem2reg", NULL, opts);
    LLVMDisposePassBuilderOptions(opts);
    if (!e)
        rh_frontend_lower_vg_requests(m);
    if (e) {
        char *msg = LLVMGetErrorMessage(e);
        rh_fail(err, "normalising the program failed: %s", msg);
        LLVMDisposeErrorMessage(msg);
        return -1;
    }
    return 0;
}

int rh_frontend_normalise(LLVMModuleRef m, const rh_conc_table *conc, char *err)
{
    return normalise(m, conc, err);
}

int rh_frontend_defines_main(LLVMModuleRef m)
{
    LLVMValueRef f = LLVMGetNamedFunction(m, "main");
    return f && !LLVMIsDeclaration(f);
}
