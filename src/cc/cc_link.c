/* cc_link.c - racehunt cc's link step: the build's own link command with
 * its C units replaced by their instrumented objects, plus the link
 * record and, for executables, the whole runtime library (exported, so
 * shared objects built by racehunt cc find its hooks) and -pthread. */
#include "cc_cmd.h"
#include "cc_record.h"
#include "engines/dynamic/dyn.h"
#include "util/util.h"

#include <llvm-c/BitWriter.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static void push(char ***v, int *n, const char *s)
{
    *v = rh_xrealloc(*v, (size_t)(*n + 2) * sizeof **v);
    (*v)[(*n)++] = (char *)s;
    (*v)[*n] = NULL;
}

/* An object holding the link record: the directory and the arguments. */
static int record_object(const rh_cc_cmd *cmd, const char *tmp, const char *obj)
{
    char cwd[4096];
    if (!getcwd(cwd, sizeof cwd))
        strcpy(cwd, ".");
    size_t len = strlen(cwd) + 1;
    for (int i = 0; i < cmd->argc; i++)
        len += strlen(cmd->argv[i]) + 1;
    char *payload = rh_xmalloc(len), *p = payload;
    p = stpcpy(p, cwd) + 1;
    for (int i = 0; i < cmd->argc; i++)
        p = stpcpy(p, cmd->argv[i]) + 1;
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMModuleRef m = LLVMModuleCreateWithNameInContext("racehunt.link", ctx);
    rh_cc_record_add(m, 'L', payload, len);
    char *bc = rh_xasprintf("%s/link.bc", tmp);
    int rc = LLVMWriteBitcodeToFile(m, bc);
    LLVMDisposeModule(m);
    LLVMContextDispose(ctx);
    free(payload);
    if (rc == 0) {
        char *v[] = {cmd->clang, "-w", "-c", bc, "-o", (char *)obj, NULL};
        rc = rh_cc_spawn(v);
    }
    free(bc);
    return rc;
}

static int has_lang(const rh_cc_cmd *cmd)
{
    for (int i = 0; i < cmd->argc; i++)
        if (strcmp(cmd->argv[i], "-x") == 0)
            return 1;
    return 0;
}

int rh_cc_link(const rh_cc_cmd *cmd, char **objs, const char *tmp)
{
    char *rt = cmd->shared ? NULL : rh_dyn_runtime_lib();
    if (!cmd->shared && !rt) {
        fprintf(stderr, "racehunt cc: error: the racehunt runtime library (libracehunt_rt.a) was "
                        "not found next to racehunt; set RACEHUNT_RUNTIME to its path\n");
        return 1;
    }
    char *rec = rh_xasprintf("%s/link-record.o", tmp);
    int rc = record_object(cmd, tmp, rec);
    char **v = NULL;
    int n = 0, k = 0;
    push(&v, &n, cmd->clang);
    for (int i = 0; i < cmd->argc; i++)
        if (cmd->kind[i] == 'c' && has_lang(cmd)) { /* an object whatever -x said */
            push(&v, &n, "-x");
            push(&v, &n, "none");
            push(&v, &n, objs[k++]);
        } else if (cmd->kind[i] == 'c')
            push(&v, &n, objs[k++]);
        else
            push(&v, &n, cmd->argv[i]);
    push(&v, &n, rec);
    if (rt) {
        const char *tail[] = {"-Wl,--whole-archive", rt, "-Wl,--no-whole-archive",
                              "-Wl,--export-dynamic-symbol=__rh_*", "-pthread", "-lm"};
        for (size_t i = 0; i < sizeof tail / sizeof tail[0]; i++)
            push(&v, &n, tail[i]);
    }
    if (rc == 0)
        rc = rh_cc_spawn(v);
    free(v);
    free(rec);
    free(rt);
    return rc;
}
