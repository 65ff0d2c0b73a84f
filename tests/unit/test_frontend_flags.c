/* test_frontend_flags.c - unit tests of the front end's command-line and
 * gcc-compatibility helpers: which recorded flags are kept, shell
 * splitting of compile_commands.json's "command", line-marker detection and
 * the token rewrite of gcc-preprocessed text (which must never move a
 * token). */
#include "check.h"
#include "frontend/flags.h"
#include "frontend/frontend.h"
#include "frontend/gcc_compat.h"
#include "util/inputs.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>


static rh_flag_kind kind(const char *a, const char *next, int *n)
{
    char *argv[] = {(char *)a, (char *)next};
    return rh_flag_classify(argv, next ? 2 : 1, 0, n);
}

static void test_classify(void)
{
    int n;
    CHECK(kind("-imacros", "cfg.h", &n) == RH_FLAG_PREPROC && n == 2);
    CHECK(kind("-include", "x.h", &n) == RH_FLAG_PREPROC && n == 2);
    CHECK(kind("-Iinc", "x.c", &n) == RH_FLAG_PREPROC && n == 1);
    CHECK(kind("-idirafter", "d", &n) == RH_FLAG_PREPROC && n == 2);
    CHECK(kind("--sysroot=/sr", NULL, &n) == RH_FLAG_PREPROC);
    CHECK(kind("-std=gnu99", NULL, &n) == RH_FLAG_KEEP);
    CHECK(kind("-funsigned-char", NULL, &n) == RH_FLAG_KEEP);
    CHECK(kind("-m32", NULL, &n) == RH_FLAG_KEEP);
    CHECK(kind("-march=native", NULL, &n) == RH_FLAG_KEEP);
    CHECK(kind("-target", "arm-linux-gnueabi", &n) == RH_FLAG_KEEP && n == 2);
    CHECK(kind("-o", "x.o", &n) == RH_FLAG_DROP && n == 2);
    CHECK(kind("-MF", "x.d", &n) == RH_FLAG_DROP && n == 2);
    CHECK(kind("-MMD", NULL, &n) == RH_FLAG_DROP);
    CHECK(kind("-Wall", NULL, &n) == RH_FLAG_DROP);
    CHECK(kind("-Wp,-DX", NULL, &n) == RH_FLAG_PREPROC);
    CHECK(kind("-O2", NULL, &n) == RH_FLAG_DROP);
    CHECK(kind("-g0", NULL, &n) == RH_FLAG_DROP);
    CHECK(kind("-fsanitize=thread", NULL, &n) == RH_FLAG_DROP);
    CHECK(kind("-x", "c", &n) == RH_FLAG_LANG && n == 2);
    CHECK(kind("main.c", NULL, &n) == RH_FLAG_INPUT);
    /* what loads code into clang or writes files is dropped with a note */
    CHECK(kind("-fplugin=x.so", NULL, &n) == RH_FLAG_UNSAFE);
    CHECK(kind("-fpass-plugin=x.so", NULL, &n) == RH_FLAG_UNSAFE);
    CHECK(kind("--config=f.cfg", NULL, &n) == RH_FLAG_UNSAFE);
    CHECK(kind("--config", "f.cfg", &n) == RH_FLAG_UNSAFE && n == 2);
    CHECK(kind("-Xclang", "-load", &n) == RH_FLAG_UNSAFE && n == 2);
    CHECK(kind("-Xclang", "-plugin", &n) == RH_FLAG_UNSAFE && n == 2);
    CHECK(kind("-Xclang", "-fno-builtin", &n) == RH_FLAG_DROP && n == 2);
    CHECK(kind("-load", "x.so", &n) == RH_FLAG_UNSAFE && n == 2);
    CHECK(kind("-Wp,-MD,/tmp/x.d", NULL, &n) == RH_FLAG_UNSAFE);
    CHECK(kind("-Wp,-DX,-MMD,/tmp/x.d", NULL, &n) == RH_FLAG_UNSAFE);
    CHECK(kind("-Wp,-DX,-UY", NULL, &n) == RH_FLAG_PREPROC);
    CHECK(kind("-Xpreprocessor", "-MD", &n) == RH_FLAG_UNSAFE && n == 2);
    CHECK(kind("-fproc-stat-report=/tmp/s", NULL, &n) == RH_FLAG_UNSAFE);
    CHECK(kind("-save-temps=obj", NULL, &n) == RH_FLAG_UNSAFE);
    CHECK(kind("-ftime-trace", NULL, &n) == RH_FLAG_UNSAFE);
    CHECK(kind("-fprofile-generate=/tmp/p", NULL, &n) == RH_FLAG_UNSAFE);
    CHECK(kind("--coverage", NULL, &n) == RH_FLAG_UNSAFE);
    CHECK(kind("-ftest-coverage", NULL, &n) == RH_FLAG_UNSAFE);
    CHECK(kind("-fdump-tree-all", NULL, &n) == RH_FLAG_UNSAFE);
    CHECK(kind("-fcrash-diagnostics-dir=/tmp/c", NULL, &n) == RH_FLAG_UNSAFE);
    CHECK(kind("-B", "/tmp/bin", &n) == RH_FLAG_UNSAFE && n == 2);
    CHECK(kind("-lpthread", NULL, &n) == RH_FLAG_DROP);
}

/* clang's dependency list (-MD -MF): every name after the target, blanks
 * escaped, lines continued, becomes an input reports may quote. */
static void test_deps(void)
{
    char dir[] = "/tmp/rh_deps_XXXXXX";
    if (!mkdtemp(dir)) {
        CHECK(!"mkdtemp");
        return;
    }
    char *sub = rh_xasprintf("%s/a b", dir), *h = rh_xasprintf("%s/a b/h.h", dir);
    char *c = rh_xasprintf("%s/m.c", dir), *d = rh_xasprintf("%s/m.d", dir);
    mkdir(sub, 0700);
    FILE *f = fopen(h, "w"), *g = fopen(c, "w"), *dep = fopen(d, "w");
    if (f && g && dep)
        fprintf(dep, "%s/m.bc: m.c \\\n  a\\ b/h.h\n", dir);
    if (f) fclose(f);
    if (g) fclose(g);
    if (dep) fclose(dep);
    CHECK(!rh_inputs_has(h) && !rh_inputs_has(c));
    rh_frontend_allow_deps(d, dir);
    CHECK(rh_inputs_has(h) && rh_inputs_has(c) && !rh_inputs_has(d));
    CHECK(rh_inputs_nunits() == 0); /* headers and sources listed are not units */
    unlink(h), unlink(c), unlink(d), rmdir(sub), rmdir(dir);
    free(sub), free(h), free(c), free(d);
}

static void test_split(void)
{
    char **argv = NULL;
    int argc = 0;
    rh_shell_split("gcc -I'inc dir' -DNAME=\"a b\" -DQ=\\\"x\\\" \"q\\\\\" 'l\\n' x.c", &argv, &argc);
    CHECK(argc == 7);
    CHECK(argc == 7 && strcmp(argv[1], "-Iinc dir") == 0);
    CHECK(argc == 7 && strcmp(argv[2], "-DNAME=a b") == 0);
    CHECK(argc == 7 && strcmp(argv[3], "-DQ=\"x\"") == 0);
    CHECK(argc == 7 && strcmp(argv[4], "q\\") == 0);
    CHECK(argc == 7 && strcmp(argv[5], "l\\n") == 0);
    rh_argv_free(argv, argc);
}

static void test_preprocessed(void)
{
    const char *gcc = "# 0 \"x.c\"\n# 0 \"<built-in>\"\nint x;\n";
    CHECK(rh_gcc_is_preprocessed(gcc, strlen(gcc)));
    CHECK(rh_gcc_is_preprocessed("\n# 1 \"a b.c\"\n", 13));
    CHECK(!rh_gcc_is_preprocessed("#include <stdio.h>\n", 19));
    CHECK(!rh_gcc_is_preprocessed("#line 1 \"parse.y\"\n", 18));
    CHECK(!rh_gcc_is_preprocessed("int x;\n", 7));
}

static void rewrite_is(const char *in, const char *want, int count)
{
    char buf[1024];
    snprintf(buf, sizeof buf, "%s", in);
    int n = rh_gcc_rewrite(buf, strlen(buf));
    CHECK(n == count && strlen(buf) == strlen(in));
    if (strcmp(buf, want) != 0 || n != count)
        fprintf(stderr, "  rewrite of [%s]: [%s] (%d), expected [%s] (%d)\n", in, buf, n, want, count);
    CHECK(strcmp(buf, want) == 0);
}

static void test_rewrite(void)
{
    rewrite_is("void *f(void) __attribute__ ((__malloc__ (g, 1)));",
               "void *f(void) __attribute__ ((__malloc__       ));", 1);
    rewrite_is("__attribute__((malloc, malloc(free)))", "__attribute__((malloc, malloc      ))", 1);
    rewrite_is("{ __attribute__((assume(x > (1)))); }", "{ __attribute__((               )); }", 1);
    rewrite_is("__attribute__((access(read_only, 1), nonstring))",
               "__attribute__((access(read_only, 1), nonstring))", 0);
    rewrite_is("x = 1.5f128 + 2f32x + 0x1f32 + 1e3F64x + 2.f32;",
               "x = 1.5L    + 2     + 0x1f32 + 1e3L    + 2.f  ;", 4);
    rewrite_is("char *s = \"__attribute__((malloc(f)))\"; int malloc_(int);",
               "char *s = \"__attribute__((malloc(f)))\"; int malloc_(int);", 0);
    rewrite_is("_Complex _Float128 z; _Float32 f; _Float64x l; _Float32x d;",
               "_Complex __rh_f128 z; float    f; __rh_f64x l; double    d;", 4);
    rewrite_is("typedef float _Float32; _Float32 f; _Float64 g;",
               "typedef float _Float32; _Float32 f; double   g;", 1);
    /* an extern gnu_inline body goes; a plain gnu_inline one is emitted, so it stays */
    rewrite_is("extern __inline __attribute__ ((__always_inline__)) __attribute__ ((__gnu_inline__))"
               " int f (int x) { return __builtin_va_arg_pack (); } int g(void) { return 1; }"
               " __inline __attribute__((__gnu_inline__)) int h(void) { return 2; }",
               "extern __inline __attribute__ ((__always_inline__)) __attribute__ ((__gnu_inline__))"
               " int f (int x) ;                                    int g(void) { return 1; }"
               " __inline __attribute__((__gnu_inline__)) int h(void) { return 2; }", 1);
    rewrite_is("# 1 \"f128.c\"\n__attribute__((__malloc__(g)))",
               "# 1 \"f128.c\"\n__attribute__((__malloc__   ))", 1);
}

static void test_explain(void)
{
    CHECK(rh_gcc_explain("x.c:3:5: error: function definition is not allowed here") != NULL);
    CHECK(rh_gcc_explain("x.c:3:5: error: expected ';'") == NULL);
    CHECK(rh_gcc_fixable("error: 'malloc' attribute takes no arguments"));
    CHECK(!rh_gcc_fixable("error: use of undeclared identifier 'x'"));
}

int main(void)
{
    test_classify();
    test_split();
    test_deps();
    test_preprocessed();
    test_rewrite();
    test_explain();
    CHECK(rh_frontend_lang("a/b.cpp") == RH_LANG_CXX && rh_frontend_lang("x.S") == RH_LANG_ASM &&
          rh_frontend_lang("x.i") == RH_LANG_C_PREPROCESSED && rh_frontend_lang("dir.c/x") == RH_LANG_OTHER);
    printf("%d passed, %d failed\n", passed, failed);
    return failed ? 1 : 0;
}
