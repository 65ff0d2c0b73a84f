/* compile.c - compiles one translation unit to LLVM bitcode with clang-16:
 * checks the input, routes gcc-preprocessed text through the compatibility
 * layer (gcc_compat.h), builds clang's command line from the unit's flags,
 * and turns clang's failure into one sentence naming the file.
 */
#include "flags.h"
#include "frontend.h"
#include "gcc_compat.h"
#include "util/proc.h"
#include "util/input.h"
#include "util/outfile.h"
#include "util/util.h"

#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define RH_MAX_SOURCE_BYTES (256u << 20) /* larger inputs are refused, not half-read */
#define RH_MAX_FLAG_RETRIES 8

/* Warnings are noise here; old-style C that clang-16 turns into errors by
 * default (implicit declarations, implicit int) is common in real code and
 * in SV-COMP tasks, and gcc still accepts it, so it is accepted too. */
static const char *const base_flags[] = {
    "-c", "-emit-llvm", "-g", "-O0", "-Xclang", "-disable-O0-optnone", "-fno-discard-value-names",
    "-w", "-Wno-error=implicit-function-declaration", "-Wno-error=implicit-int",
    "-Wno-error=int-conversion", "-Wno-error=incompatible-function-pointer-types",
    "-Wno-error=return-type", "-fno-color-diagnostics", "-fno-caret-diagnostics",
};

/* For text gcc preprocessed: the header's gcc section, and no clang macro
 * that gcc in a strict -std mode would have left an identifier. */
static const char *const preprocessed_flags[] = {
    "-DRH_GCC_PREPROCESSED", "-Ulinux", "-Uunix", "-Ui386",
};

/* Reads the input, refusing what clang would choke on with a less helpful
 * message.  Returns the text (owned) or NULL with err set. */
static char *read_input(const char *file, size_t *len, char *err)
{
    struct stat sb;
    if (stat(file, &sb) != 0)
        return rh_fail(err, "%s: no such file", file), NULL;
    if (!S_ISREG(sb.st_mode))
        return rh_fail(err, "%s: not a regular file", file), NULL;
    if (sb.st_size == 0)
        return rh_fail(err, "%s: empty file", file), NULL;
    if ((unsigned long long)sb.st_size > RH_MAX_SOURCE_BYTES)
        return rh_fail(err, "%s: file too large (%lld bytes; the limit is %u MiB)", file,
                       (long long)sb.st_size, RH_MAX_SOURCE_BYTES >> 20), NULL;
    char *text = rh_read_file(file, len, err);
    if (!text)
        return rh_fail(err, "%s: cannot open: %s", file, strerror(errno)), NULL;
    if (memchr(text, 0, *len)) {
        free(text);
        return rh_fail(err, "%s: not C (the file contains binary data)", file), NULL;
    }
    return text;
}

/* Whether the unit is C racehunt can compile, and whether gcc (or any
 * preprocessor) has already expanded it. */
static int check_language(const rh_tu *tu, const char *text, size_t len, int *preprocessed,
                          char *err)
{
    *preprocessed = tu->lang == RH_LANG_C_PREPROCESSED || rh_gcc_is_preprocessed(text, len);
    if (tu->lang == RH_LANG_CXX)
        return rh_fail(err, "%s: C++ source: racehunt analyses C", tu->file);
    if (tu->lang == RH_LANG_ASM)
        return rh_fail(err, "%s: assembly source: racehunt analyses C", tu->file);
    if (tu->lang == RH_LANG_OTHER && !*preprocessed)
        return rh_fail(err, "%s: not a C source file (expected a .c, .h or .i file, or the output "
                            "of gcc -E)", tu->file);
    return 0;
}

/* Whether `word` occurs on the line before position p. */
static int earlier_on_line(const char *text, const char *p, const char *word)
{
    const char *line = p;
    while (line > text && line[-1] != '\n')
        line--;
    size_t n = strlen(word);
    for (const char *q = line; q + n <= p; q++)
        if (strncmp(q, word, n) == 0)
            return 1;
    return 0;
}

/* C99 gives a plain `inline` definition no external symbol, so clang at -O0
 * emits only a declaration and the body is lost to every engine (and the
 * instrumented build does not link).  Code written for gcc, SV-COMP tasks
 * among it, means the GNU89 reading, where the definition is emitted.  Use
 * that when the unit itself defines plain inline functions and never asks
 * for the C99 meaning with `extern inline`. */
static int wants_gnu89_inline(const char *text)
{
    int plain = 0, c99 = 0;
    for (const char *p = text; (p = strstr(p, "inline")); p += 6) {
        int word = (p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_')) &&
                   (p[6] == ' ' || p[6] == '\t' || p[6] == '\n');
        if (!word || earlier_on_line(text, p, "static"))
            continue;
        if (earlier_on_line(text, p, "extern"))
            c99 = 1;
        else
            plain = 1;
    }
    return plain && !c99;
}

static int write_text(const char *path, const char *prefix, const char *text, size_t len,
                      char *err)
{
    rh_outfile out; /* in racehunt's own temporary directory */
    if (rh_outfile_open_private(&out, path, "source copy", err))
        return -1;
    fputs(prefix, out.f);
    fwrite(text, 1, len, out.f);
    return rh_outfile_commit(&out, err);
}

/* Writes the compatibility header, and for preprocessed text the rewritten
 * copy clang compiles instead (a line marker first, so a file without
 * markers keeps its own name in the debug information).  Returns the file
 * to give clang (owned) or NULL. */
static char *prepare_source(const rh_tu *tu, char *text, size_t len, int preprocessed,
                            const char *compat, const char *bc_path, char *err)
{
    const char *h = rh_gcc_compat_header();
    if (write_text(compat, "", h, strlen(h), err))
        return NULL;
    if (!preprocessed)
        return rh_xstrdup(tu->file);
    rh_gcc_rewrite(text, len);
    char *copy = rh_xasprintf("%s.c", bc_path);
    char *line = rh_xmalloc(2 * strlen(tu->file) + 8), *p = line;
    p += sprintf(p, "# 1 \"");
    for (const char *s = tu->file; *s; s++) { /* the name as a C string literal */
        if (*s == '"' || *s == '\\')
            *p++ = '\\';
        *p++ = *s;
    }
    strcpy(p, "\"\n");
    int rc = write_text(copy, line, text, len, err);
    free(line);
    if (rc) {
        free(copy);
        return NULL;
    }
    return copy;
}

/* What one compile needs besides the unit. */
typedef struct job {
    const rh_options *o;
    const rh_tu *tu;
    char *clang, *compat;
    const char *bc_path;
    int gnu89;
    double seconds;
} job;

/* clang's command line for the unit: compile src to out (with
 * preprocess_only: preprocess it into out), listing the files it opens in
 * deps (deps.c).  The strings are borrowed. */
static char **clang_argv(const job *j, int preprocessed, int preprocess_only, const char *out,
                         const char *deps, char *src)
{
    const rh_tu *tu = j->tu;
    size_t nbase = sizeof base_flags / sizeof base_flags[0];
    size_t npre = sizeof preprocessed_flags / sizeof preprocessed_flags[0];
    char **argv = rh_xcalloc(nbase + npre + (size_t)tu->nflags + 16, sizeof *argv);
    int n = 0;
    argv[n++] = j->clang;
    for (size_t i = 0; i < nbase; i++)
        argv[n++] = (char *)base_flags[i];
    if (j->o->ilp32)
        argv[n++] = "-m32";
    if (j->gnu89)
        argv[n++] = "-fgnu89-inline";
    argv[n++] = "-include";
    argv[n++] = j->compat;
    for (size_t i = 0; preprocessed && i < npre; i++)
        argv[n++] = (char *)preprocessed_flags[i];
    for (int i = 0; i < tu->nflags; i++) {
        int span;
        rh_flag_kind k = rh_flag_classify(tu->flags, tu->nflags, i, &span);
        /* gcc ignores preprocessor flags for preprocessed input; so do we
         * (a second -include would define everything twice).  Flags after
         * `--` may hold what a database entry loses too (-O2, -o). */
        int keep = k == RH_FLAG_KEEP || (k == RH_FLAG_PREPROC && !preprocessed) ||
                   (k == RH_FLAG_UNSAFE && j->o->allow_plugins); /* asked for: units.c */
        for (int w = 0; keep && w < span; w++)
            argv[n++] = tu->flags[i + w];
        i += span - 1;
    }
    if (preprocess_only)
        argv[n++] = "-E"; /* clang's -E outranks the -c above */
    argv[n++] = "-MD";
    argv[n++] = "-MF";
    argv[n++] = (char *)deps;
    argv[n++] = "-o";
    argv[n++] = (char *)out;
    argv[n++] = "-x";
    argv[n++] = "c";
    argv[n++] = src;
    return argv;
}

/* clang's first error line, without the "clang: " noise; GNU C clang
 * cannot compile is named as such (gcc_compat.h). */
static void first_diagnostic(const char *text, const char *file, char *err)
{
    const char *e = strstr(text, "error:");
    if (!e) {
        rh_fail(err, "%s: clang-16 failed: %.300s", file, text[0] ? text : "(no message)");
        return;
    }
    const char *start = e;
    while (start > text && start[-1] != '\n')
        start--;
    const char *end = strchr(e, '\n');
    int len = end ? (int)(end - start) : (int)strlen(start);
    const char *gnu = rh_gcc_explain(e);
    if (gnu) /* "f.c:3:14: " then what the construct is */
        rh_fail(err, "%.*s%s", (int)(e - start) > 300 ? 300 : (int)(e - start), start, gnu);
    else
        rh_fail(err, "%.*s", len > 400 ? 400 : len, start);
    if (strncmp(start, file, strlen(file)) != 0 && !strstr(err, file)) {
        char tmp[RH_ERR_MAX];
        snprintf(tmp, sizeof tmp, "%s: %s", file, err);
        memcpy(err, tmp, RH_ERR_MAX);
    }
}

/* When clang refused a command-line option it does not know (a gcc-only
 * one, from a recorded build), removes it from argv and says so. */
static int drop_unknown_option(char **argv, const char *errout, const char *file)
{
    const char *m = strstr(errout, "unknown argument");
    if (!m)
        m = strstr(errout, "unsupported option");
    const char *q = m ? strchr(m, '\'') : NULL, *qe = q ? strchr(q + 1, '\'') : NULL;
    if (!qe)
        return 0;
    int dropped = 0;
    for (int i = 1, j = 1; argv[i - 1]; i++) {
        if (argv[i] && strlen(argv[i]) == (size_t)(qe - q - 1) && strncmp(argv[i], q + 1, (size_t)(qe - q - 1)) == 0)
            dropped = 1;
        else
            argv[j++] = argv[i];
    }
    if (dropped)
        fprintf(stderr, "racehunt: note: %s: clang-16 does not know the option %.*s; compiled "
                        "without it\n", file, (int)(qe - q - 1), q + 1);
    return dropped;
}

/* Runs clang in the unit's directory, retrying without options it does
 * not know. */
static int run_clang(char **argv, const rh_tu *tu, double seconds, char *err)
{
    char cwd[4096] = "";
    if (tu->dir && (!getcwd(cwd, sizeof cwd) || chdir(tu->dir) != 0))
        return rh_fail(err, "%s: cannot enter its build directory %s", tu->file, tu->dir);
    int rc = 0;
    for (int tries = 0;; tries++) {
        rh_proc_result r;
        rc = rh_proc_run(argv, NULL, seconds, &r, err);
        if (rc == 0 && r.timed_out)
            rc = rh_fail(err, "%s: the time budget ran out while clang-16 compiled it", tu->file);
        else if (rc == 0 && (!r.exited || r.status != 0)) {
            int again = tries < RH_MAX_FLAG_RETRIES && drop_unknown_option(argv, r.errout, tu->file);
            if (!again)
                first_diagnostic(r.errout, tu->file, err);
            rh_proc_result_free(&r);
            if (again)
                continue;
            rc = -1;
            break;
        }
        rh_proc_result_free(&r);
        break;
    }
    if (tu->dir && cwd[0] && chdir(cwd) != 0)
        rc = rh_fail(err, "cannot return to %s", cwd);
    return rc;
}

/* Compiles src (the unit or its rewritten copy) to bitcode, or with
 * preprocess_only runs clang's preprocessor alone into out. */
static int compile_source(const job *j, char *src, int preprocessed, int preprocess_only,
                          const char *out, char *err)
{
    char *deps = rh_xasprintf("%s.d", out);
    char **argv = clang_argv(j, preprocessed, preprocess_only, out, deps, src);
    int rc = run_clang(argv, j->tu, j->seconds, err);
    free(argv);
    free(deps);
    return rc;
}

/* A unit clang preprocesses can still hold gcc-only syntax of its own
 * (a malloc(deallocator) attribute, _Float128): when clang rejects it for
 * such a reason, the unit is preprocessed by clang and its text compiled
 * through the same rewrite as gcc's.  Only then, since preprocessed text
 * moves the columns of lines that use macros. */
static int compile_via_rewrite(const job *j, char *err)
{
    char *pp = rh_xasprintf("%s.pp", j->bc_path), msg[RH_ERR_MAX];
    int rc = compile_source(j, j->tu->file, 0, 1, pp, msg);
    size_t len = 0;
    char *text = rc == 0 ? rh_read_file(pp, &len, msg) : NULL;
    char *src = text ? prepare_source(j->tu, text, len, 1, j->compat, j->bc_path, msg) : NULL;
    rc = src ? compile_source(j, src, 1, 0, j->bc_path, msg) : -1;
    free(src);
    free(text);
    free(pp);
    (void)err; /* on failure the caller keeps clang's first complaint */
    return rc;
}

/* A unit that is bitcode already (racehunt cc's records, src/cc/cc.h) is
 * taken as it is. */
static int copy_bitcode(const char *file, const char *bc_path, int *done, char *err)
{
    char magic[4] = "";
    /* never blocks on a FIFO; what is not a regular file is read_input's to refuse */
    int fd = open(file, O_RDONLY | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
    struct stat sb;
    *done = fd >= 0 && fstat(fd, &sb) == 0 && S_ISREG(sb.st_mode) && read(fd, magic, 4) == 4 &&
            memcmp(magic, "BC\xc0\xde", 4) == 0;
    if (fd >= 0)
        close(fd);
    if (!*done)
        return 0;
    size_t len;
    char *text = rh_input_read_file(file, "bitcode unit", &len, err);
    FILE *out = text ? fopen(bc_path, "wb") : NULL;
    int ok = out && fwrite(text, 1, len, out) == len;
    if (out && fclose(out))
        ok = 0;
    free(text);
    return ok ? 0 : rh_fail(err, "%s: cannot copy its bitcode", file);
}

int rh_frontend_compile(const rh_options *o, const rh_tu *tu, const char *bc_path, double seconds,
                        char *err)
{
    size_t len;
    int preprocessed, bitcode;
    if (copy_bitcode(tu->file, bc_path, &bitcode, err) || bitcode)
        return bitcode ? 0 : -1;
    char *text = read_input(tu->file, &len, err);
    if (!text || check_language(tu, text, len, &preprocessed, err)) {
        free(text);
        return -1;
    }
    job j = {o, tu, rh_frontend_clang(), NULL, bc_path, wants_gnu89_inline(text), seconds};
    if (!j.clang) {
        free(text);
        return rh_fail(err, "clang-16 is not installed (run scripts/install-deps.sh, or set RACEHUNT_CLANG)");
    }
    j.compat = rh_xasprintf("%s.compat.h", bc_path);
    char *src = prepare_source(tu, text, len, preprocessed, j.compat, bc_path, err);
    free(text);
    int rc = src ? compile_source(&j, src, preprocessed, 0, bc_path, err) : -1;
    if (rc && src && !preprocessed && rh_gcc_fixable(err))
        rc = compile_via_rewrite(&j, err);
    free(src);
    free(j.compat);
    free(j.clang);
    return rc;
}
