/* dyn_undefined.c - the symbols no source and no
 * library defines are left out of the dynamic engine's build: each
 * missing function gets a stub that ends the run, saying which function
 * was called (__rh_undefined in the runtime), and each missing variable
 * zeroed storage.  A run that never calls one is the program's own run;
 * one that does ends there, and the races it saw before are real.
 *
 * Without the option nothing is left out: the link fails and its note
 * names the symbols and the option (dyn_link.c).
 */
#include "dyn.h"
#include "util/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Storage for a variable the sources declare but nobody defines: large
 * enough for any scalar or small struct, aligned for any of them. */
#define RH_DYN_STUB_BYTES 4096

static int is_data(const char *const *data_syms, const char *sym)
{
    for (int i = 0; data_syms && data_syms[i]; i++)
        if (strcmp(data_syms[i], sym) == 0)
            return 1;
    return 0;
}

int rh_dyn_write_stubs(const char *path, char *const *syms, int nsyms, const char *const *data_syms,
                       char *err)
{
    for (int i = 0; i < nsyms; i++)
        if (!rh_is_c_identifier(syms[i])) /* the program's own names; others are not stubbed */
            return rh_fail(err, "cannot leave out '%s': not a C identifier", syms[i]);
    FILE *f = fopen(path, "w");
    if (!f)
        return rh_fail(err, "%s: cannot write: %s", path, strerror(errno));
    fputs("/* functions and variables the program's sources do not define (left out of the build) */\n"
          "extern void __rh_undefined(const char *name) __attribute__((noreturn));\n", f);
    for (int i = 0; i < nsyms; i++) {
        if (is_data(data_syms, syms[i]))
            fprintf(f, "__attribute__((aligned(64))) char %s[%d];\n", syms[i], RH_DYN_STUB_BYTES);
        else
            fprintf(f, "void %s(void) { __rh_undefined(\"%s\"); }\n", syms[i], syms[i]);
    }
    return fclose(f) ? rh_fail(err, "%s: cannot write", path) : 0;
}

char **rh_dyn_data_decls(LLVMModuleRef m)
{
    RH_VEC(char *) v = {0};
    for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) {
        size_t len;
        const char *name = LLVMGetValueName2(g, &len);
        if (LLVMIsDeclaration(g) && len > 0)
            rh_vec_push(&v, rh_xstrdup(name));
    }
    rh_vec_push(&v, NULL);
    return v.items;
}

void rh_dyn_names_free(char **names)
{
    for (int i = 0; names && names[i]; i++)
        free(names[i]);
    free(names);
}
