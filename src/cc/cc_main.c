/* cc_main.c - racehunt cc's driver: reads the compiler command line,
 * hands commands it has nothing to add to (preprocessing, dependency
 * listing, queries such as --version) to clang-16 unchanged, compiles each
 * C unit through cc_unit.c, and links through cc_link.c. */
#include "cc.h"
#include "cc_cmd.h"
#include "frontend/flags.h"
#include "frontend/frontend.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static const char *base_name(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

int rh_cc_wanted(int argc, char **argv)
{
    return (argc > 1 && strcmp(argv[1], "cc") == 0) || strcmp(base_name(argv[0]), "racehunt-cc") == 0;
}

static int is_c_unit(const char *file, const char *lang)
{
    if (lang)
        return strcmp(lang, "c") == 0 || strcmp(lang, "cpp-output") == 0;
    rh_lang l = rh_frontend_lang(file);
    return l == RH_LANG_C_PREPROCESSED || (l == RH_LANG_C && strcmp(strrchr(file, '.'), ".h") != 0);
}

/* Flags that make the command one clang does alone. */
static int pass_flag(const char *a)
{
    static const char *const flags[] = {"-E", "-M", "-MM", "-fsyntax-only", "-emit-llvm", "-###",
                                        "-print-prog-name", "-dumpversion", "-dumpmachine"};
    for (size_t i = 0; i < sizeof flags / sizeof flags[0]; i++)
        if (strcmp(a, flags[i]) == 0)
            return 1;
    return strncmp(a, "-print-", 7) == 0;
}

static void classify(rh_cc_cmd *c)
{
    const char *lang = NULL;
    int ninputs = 0, has_mf = 0, pass = 0;
    c->kind = rh_xcalloc((size_t)c->argc + 1, 1);
    c->mode = RH_CC_LINK;
    for (int i = 0; i < c->argc; i += 1) {
        int nargs = 1;
        const char *a = c->argv[i];
        rh_flag_kind k = rh_flag_classify(c->argv, c->argc, i, &nargs);
        if (k == RH_FLAG_INPUT) {
            c->kind[i] = is_c_unit(a, lang) && strcmp(a, "-") != 0 ? 'c' : 'i';
            c->nunits += c->kind[i] == 'c';
            ninputs++;
            continue;
        }
        c->kind[i] = strcmp(a, "-o") == 0 ? 'o' : 'f';
        if (strcmp(a, "-o") == 0 && nargs == 2)
            c->output = c->argv[i + 1];
        if (strcmp(a, "-c") == 0)
            c->mode = RH_CC_OBJECT, c->kind[i] = 'm';
        else if (strcmp(a, "-S") == 0 && c->mode != RH_CC_OBJECT)
            c->mode = RH_CC_ASSEMBLY, c->kind[i] = 'm';
        pass |= pass_flag(a);
        if (strcmp(a, "-x") == 0 && nargs == 2)
            lang = strcmp(c->argv[i + 1], "none") == 0 ? NULL : c->argv[i + 1];
        c->shared |= strcmp(a, "-shared") == 0 || strcmp(a, "-r") == 0;
        c->deps |= strcmp(a, "-MD") == 0 || strcmp(a, "-MMD") == 0;
        has_mf |= strcmp(a, "-MF") == 0 || strncmp(a, "-Wp,-MD,", 8) == 0 || strncmp(a, "-Wp,-MMD,", 9) == 0;
        c->dep_target |= strcmp(a, "-MT") == 0 || strcmp(a, "-MQ") == 0;
        for (int j = 1; j < nargs; j++)
            c->kind[i + j] = c->kind[i] == 'o' ? 'o' : 'v';
        i += nargs - 1;
    }
    c->dep_file = has_mf;
    if (pass || ninputs == 0 || (c->nunits == 0 && c->mode != RH_CC_LINK))
        c->mode = RH_CC_PASS; /* nothing of ours to compile: clang alone, as given */
}

/* gcc's name for the output of unit src: base name, suffix replaced. */
static char *default_output(const char *src, const char *suffix)
{
    const char *b = base_name(src), *dot = strrchr(b, '.');
    return rh_xasprintf("%.*s%s", dot ? (int)(dot - b) : (int)strlen(b), b, suffix);
}

/* -c or -S: each input to its own output. */
static int compile_only(rh_cc_cmd *c, const char *tmp)
{
    int asm_out = c->mode == RH_CC_ASSEMBLY, rc = 0, ninputs = 0;
    for (int i = 0; i < c->argc; i++)
        ninputs += c->kind[i] == 'c' || c->kind[i] == 'i';
    if (c->output && ninputs > 1) {
        fprintf(stderr, "racehunt cc: error: cannot specify -o with -c or -S with multiple files\n");
        return 1;
    }
    for (int i = 0; rc == 0 && i < c->argc; i++) {
        if (c->kind[i] != 'c' && c->kind[i] != 'i')
            continue;
        char *out = c->output ? rh_xstrdup(c->output) : default_output(c->argv[i], asm_out ? ".s" : ".o");
        if (c->kind[i] == 'c') {
            rc = rh_cc_unit(c, c->argv[i], out, asm_out, tmp);
        } else { /* not C (assembly, C++): clang compiles it as it is */
            char **v = rh_xcalloc((size_t)c->argc + 6, sizeof *v);
            int n = 0;
            v[n++] = c->clang;
            for (int k = 0; k < c->argc; k++)
                if (c->kind[k] == 'f' || c->kind[k] == 'v' || c->kind[k] == 'm')
                    v[n++] = c->argv[k];
            v[n++] = c->argv[i];
            v[n++] = "-o";
            v[n++] = out;
            rc = rh_cc_spawn(v);
            free(v);
        }
        free(out);
    }
    return rc;
}

static int compile_and_link(rh_cc_cmd *c, const char *tmp)
{
    char **objs = rh_xcalloc((size_t)c->nunits + 1, sizeof *objs);
    int rc = 0, k = 0;
    for (int i = 0; rc == 0 && i < c->argc; i++)
        if (c->kind[i] == 'c') {
            char *name = default_output(c->argv[i], ".o");
            objs[k] = rh_xasprintf("%s/%d-%s", tmp, k, name);
            free(name);
            rc = rh_cc_unit(c, c->argv[i], objs[k], 0, tmp);
            k++;
        }
    if (rc == 0)
        rc = rh_cc_link(c, objs, tmp);
    for (int i = 0; i < k; i++)
        free(objs[i]);
    free(objs);
    return rc;
}

int rh_cc_main(int argc, char **argv)
{
    int first = strcmp(base_name(argv[0]), "racehunt-cc") == 0 ? 1 : 2;
    rh_cc_cmd c = {.argv = argv + first, .argc = argc - first, .mode = RH_CC_PASS, .clang = rh_frontend_clang()};
    if (!c.clang) {
        fprintf(stderr, "racehunt cc: error: clang-16 is not installed (run scripts/install-deps.sh, "
                        "or set RACEHUNT_CLANG)\n");
        return 1;
    }
    classify(&c);
    if (c.mode == RH_CC_PASS) { /* exactly clang: its output, its status */
        char **v = rh_xcalloc((size_t)c.argc + 2, sizeof *v);
        v[0] = c.clang;
        memcpy(v + 1, c.argv, (size_t)c.argc * sizeof *v);
        execv(c.clang, v);
        fprintf(stderr, "racehunt cc: error: cannot run %s\n", c.clang);
        return 127;
    }
    char err[RH_ERR_MAX] = "";
    char *tmp = rh_frontend_tmpdir(err);
    int rc = 1;
    if (!tmp)
        fprintf(stderr, "racehunt cc: error: %s\n", err);
    else if (c.mode == RH_CC_LINK)
        rc = compile_and_link(&c, tmp);
    else
        rc = compile_only(&c, tmp);
    rh_frontend_rmdir(tmp);
    free(tmp);
    free(c.kind);
    free(c.clang);
    return rc;
}
