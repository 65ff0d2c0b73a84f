/* dyn_link.c - the dynamic engine's link step: where the runtime library
 * is, the clang-16 command that links the instrumented bitcode with it and
 * with the user's link flags, and a failure that names what is missing and
 * where it probably comes from.
 */
#include "dyn.h"
#include "frontend/frontend.h"
#include "util/proc.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef RH_RUNTIME_LIB
#define RH_RUNTIME_LIB ""
#endif
#ifndef RH_RUNTIME_REL
#define RH_RUNTIME_REL "../lib/racehunt/libracehunt_rt.a"
#endif

static int file_exists(const char *p)
{
    struct stat sb;
    return stat(p, &sb) == 0 && S_ISREG(sb.st_mode);
}

/* Relative to the executable first, so that an installed racehunt never
 * picks up the runtime of the build tree it was built in (which may have
 * changed or gone since). */
char *rh_dyn_runtime_lib(void)
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
        const char *rel[] = {RH_RUNTIME_REL, "src/runtime/libracehunt_rt.a", "libracehunt_rt.a"};
        for (size_t i = 0; i < sizeof rel / sizeof rel[0]; i++) {
            char *p = rh_xasprintf("%s/%s", self, rel[i]);
            if (file_exists(p))
                return p;
            free(p);
        }
    }
    return RH_RUNTIME_LIB[0] && file_exists(RH_RUNTIME_LIB) ? rh_xstrdup(RH_RUNTIME_LIB) : NULL;
}

typedef RH_VEC(char *) name_list;

static int has_name(const name_list *l, const char *s)
{
    for (size_t i = 0; i < l->len; i++)
        if (strcmp(l->items[i], s) == 0)
            return 1;
    return 0;
}

/* The symbols GNU ld ("undefined reference to `f'") or lld ("undefined
 * symbol: f") could not resolve, each once, in the order first named. */
static void undefined_symbols(const char *out, name_list *syms)
{
    static const struct { const char *lead, *end; } forms[] = {
        {"undefined reference to `", "'"}, {"undefined symbol: ", "\n"},
    };
    for (size_t k = 0; k < sizeof forms / sizeof forms[0]; k++)
        for (const char *p = out; (p = strstr(p, forms[k].lead));) {
            p += strlen(forms[k].lead);
            size_t n = strcspn(p, forms[k].end);
            char *s = rh_xmalloc(n + 1);
            memcpy(s, p, n);
            s[n] = '\0';
            if (n == 0 || has_name(syms, s))
                free(s);
            else
                rh_vec_push(syms, s);
        }
}

/* "a, b and 3 more: -lz (Debian package zlib1g-dev); c: no library known".
 * Symbols are grouped by the library that provides them, so the sentence
 * stays short however many there are. */
static char *missing_sentence(const name_list *syms)
{
    size_t cap = 1024, len = 0;
    char *buf = rh_xcalloc(cap, 1);
    char *done = rh_xcalloc(syms->len + 1, 1);
    for (size_t i = 0; i < syms->len; i++) {
        if (done[i])
            continue;
        const rh_dyn_libhint *h = rh_dyn_libhint_for(syms->items[i]);
        size_t shown = 0, more = 0;
        for (size_t j = i; j < syms->len; j++) {
            const rh_dyn_libhint *hj = rh_dyn_libhint_for(syms->items[j]);
            if (done[j] || (h ? !hj || strcmp(hj->flag, h->flag) != 0 : hj != NULL))
                continue;
            done[j] = 1;
            if (shown < 3 && len + 80 < cap)
                len += (size_t)snprintf(buf + len, cap - len, "%s%s", shown++ ? ", " : "",
                                        syms->items[j]);
            else
                more++;
        }
        if (len + 120 >= cap)
            break;
        if (more)
            len += (size_t)snprintf(buf + len, cap - len, " and %zu more", more);
        len += h ? (size_t)snprintf(buf + len, cap - len, " (%s, Debian package %s); ", h->flag, h->package)
                 : (size_t)snprintf(buf + len, cap - len, " (no library known to racehunt); ");
    }
    if (len >= 2)
        buf[len - 2] = '\0';
    free(done);
    return buf;
}

static void free_names(name_list *l)
{
    for (size_t i = 0; i < l->len; i++)
        free(l->items[i]);
    rh_vec_free(l);
}

static char *join_flags(const name_list *flags);

/* One line: what stays undefined (with the libraries racehunt already
 * tried, flags), and the two ways on: give what defines it, or consent to
 * leaving it out. */
static int link_failed(const name_list *syms, const name_list *flags, const char *errout,
                       const rh_options *o, char *err)
{
    if (syms->len == 0) {
        const char *msg = strstr(errout, "error") ? strstr(errout, "error") : errout;
        return rh_fail(err, "building the instrumented program failed: %.300s", msg);
    }
    char *what = missing_sentence(syms), *tried = join_flags(flags);
    rh_fail(err, "linking the instrumented program failed: undefined %s%s%s%s; give the sources or "
                 "link flags that define them (racehunt FILE... -- -lNAME, or -l/-L/--link)%s",
            what, flags->len ? " (with " : "", tried, flags->len ? ", which racehunt linked itself)" : "",
            o->refuse_undefined ? ", or drop --no-allow-undefined to leave them out (a run that calls "
                                  "one ends there)" : "");
    free(what);
    free(tried);
    return -1;
}

/* The -l flags of the libraries the hints name for the undefined symbols,
 * each once.  Symbols the hints do not know are no reason to give up: the
 * library of a known one often defines them too (ncurses' echo). */
static void hinted_flags(const name_list *syms, name_list *flags)
{
    for (size_t i = 0; i < syms->len; i++) {
        const rh_dyn_libhint *h = rh_dyn_libhint_for(syms->items[i]);
        if (h && !has_name(flags, h->flag))
            rh_vec_push(flags, rh_xstrdup(h->flag));
    }
}

/* One clang-16 link: the user's flags come after the runtime library, as
 * they would after the program's objects in its own build, then the
 * libraries racehunt chose (extra), then the system libraries.  The
 * linker's temporary objects go to TMPDIR: pointing it into our own
 * directory keeps them where an interrupted racehunt cleans up.  obj is
 * the program compiled once (compile_object): a link that is tried again
 * with other libraries does not generate its code again. */
static int link_once(const char *clang, const char *obj, const char *lib, const rh_options *o,
                     const name_list *extra, const char *exe, const char *tmp, double seconds,
                     rh_proc_result *r, char *err)
{
    const char *head[] = {clang, "-O1", "-w", "-fno-color-diagnostics", obj, lib};
    const char *tail[] = {"-lpthread", "-lm", "-o", exe};
    size_t nh = sizeof head / sizeof head[0], nt = sizeof tail / sizeof tail[0], n = 0;
    char **argv = rh_xcalloc(nh + (size_t)o->nldflags + extra->len + nt + 1, sizeof *argv);
    for (size_t i = 0; i < nh; i++)
        argv[n++] = (char *)head[i];
    for (int i = 0; i < o->nldflags; i++)
        argv[n++] = (char *)o->ldflags[i];
    for (size_t i = 0; i < extra->len; i++)
        argv[n++] = extra->items[i];
    for (size_t i = 0; i < nt; i++)
        argv[n++] = (char *)tail[i];
    char *tmpdir = rh_xasprintf("TMPDIR=%s", tmp), *env[] = {tmpdir, NULL};
    int rc = rh_proc_run(argv, env, seconds, r, err);
    free(tmpdir);
    free(argv);
    return rc;
}

/* Bitcode larger than this is compiled without optimisation: clang-16
 * spends about five times the CPU time on -O1 (1.8 MB of instrumented
 * bitcode of a 20,000-line program: 3.0 s against 0.64 s), which a 30 s
 * budget on a loaded machine cannot spare, while the runs of such a
 * program spend their time in the runtime's hooks either way. */
#define RH_DYN_OPTIMISE_MAX_BYTES (1L << 20)

/* The instrumented bitcode bc compiled to the object obj (position
 * independent as clang-16 links by default): 0 when it was, else *r says
 * how it failed. */
static int compile_object(const char *clang, const char *bc, const char *obj, const char *tmp,
                          double seconds, rh_proc_result *r, char *err)
{
    struct stat sb;
    int large = stat(bc, &sb) == 0 && sb.st_size > RH_DYN_OPTIMISE_MAX_BYTES;
    char *argv[] = {(char *)clang, large ? "-O0" : "-O1", "-w", "-fno-color-diagnostics", "-c",
                    (char *)bc, "-o", (char *)obj, NULL};
    char *tmpdir = rh_xasprintf("TMPDIR=%s", tmp), *env[] = {tmpdir, NULL};
    int rc = rh_proc_run(argv, env, seconds, r, err);
    free(tmpdir);
    return rc;
}

static char *join_flags(const name_list *flags)
{
    size_t n = 1;
    for (size_t i = 0; i < flags->len; i++)
        n += strlen(flags->items[i]) + 1;
    char *s = rh_xcalloc(n, 1);
    for (size_t i = 0; i < flags->len; i++)
        strcat(strcat(s, i ? " " : ""), flags->items[i]);
    return s;
}

static int link_ok(const rh_proc_result *r)
{
    return !r->timed_out && r->exited && r->status == 0;
}

/* Whether the library of flag "-lNAME" is installed: libNAME.so or
 * libNAME.a in a -L directory of the user's or a system library
 * directory.  A flag racehunt adds itself must never be what makes a
 * link fail. */
static int lib_installed(const char *flag, const rh_options *o)
{
    static const char *const sys[] = {"/usr/local/lib", "/usr/lib/x86_64-linux-gnu",
                                      "/lib/x86_64-linux-gnu", "/usr/lib64", "/usr/lib", "/lib"};
    name_list dirs = {0};
    for (int i = 0; i < o->nldflags; i++)
        if (strncmp(o->ldflags[i], "-L", 2) == 0 && o->ldflags[i][2])
            rh_vec_push(&dirs, (char *)o->ldflags[i] + 2);
    for (size_t i = 0; i < sizeof sys / sizeof sys[0]; i++)
        rh_vec_push(&dirs, (char *)sys[i]);
    int found = 0;
    for (size_t i = 0; !found && i < dirs.len; i++)
        for (int k = 0; !found && k < 2; k++) {
            char *p = rh_xasprintf("%s/lib%s.%s", dirs.items[i], flag + 2, k ? "a" : "so");
            found = file_exists(p);
            free(p);
        }
    rh_vec_free(&dirs);
    return found;
}

/* The libraries racehunt tries when the program's own link leaves
 * symbols undefined: those its headers imply (dyn_libheaders.c), then
 * those the symbol hints name, each once and only when installed. */
static void candidate_flags(const name_list *syms, const rh_options *o, name_list *flags)
{
    name_list all = {0};
    for (const char *const *h = rh_frontend_headers(); *h; h++) {
        const char *f = rh_dyn_header_lib(*h);
        if (f && !has_name(&all, f))
            rh_vec_push(&all, rh_xstrdup(f));
    }
    hinted_flags(syms, &all);
    for (size_t i = 0; i < all.len; i++)
        if (lib_installed(all.items[i], o))
            rh_vec_push(flags, rh_xstrdup(all.items[i]));
    free_names(&all);
}

/* Links again with the libraries chosen (flags) and stubs for every
 * symbol still undefined (dyn_undefined.c), a few times, since a linker
 * may name only the first of many.  A merged main.c or one file of a
 * project calls functions of the project's other files: the runs that
 * never call one are still the program's runs, and a run that does ends
 * there with a note, so leaving them out is the default
 * (--no-allow-undefined refuses).  0 when a link
 * succeeded (*r is its result). */
static int link_with_stubs(const char *clang, const char *obj, const char *lib, const rh_options *o,
                           const rh_dyn_linkin *in, const name_list *flags, name_list *syms,
                           const char *exe, const char *tmp, double deadline, rh_proc_result *r,
                           char **left_out, char *err)
{
    char *stubs = rh_xasprintf("%s/undefined_stubs.c", tmp);
    name_list extra = {0};
    for (size_t i = 0; i < flags->len; i++)
        rh_vec_push(&extra, flags->items[i]);
    rh_vec_push(&extra, stubs);
    rh_vec_push(&extra, (char *)lib); /* again: an archive member is taken only for what is
                                       * undefined before it, and the stubs call __rh_undefined */
    int rc = 1;
    for (int attempt = 0; attempt < 4 && syms->len && deadline - rh_now() > 0.1; attempt++) {
        if (rh_dyn_write_stubs(stubs, syms->items, (int)syms->len,
                               (const char *const *)in->data_syms, err))
            break;
        rh_proc_result again;
        if (link_once(clang, obj, lib, o, &extra, exe, tmp, deadline - rh_now(), &again, err))
            break;
        if (link_ok(&again)) {
            rh_proc_result_free(r);
            *r = again;
            *left_out = missing_sentence(syms);
            rc = 0;
            break;
        }
        size_t before = syms->len;
        undefined_symbols(again.errout, syms);
        rh_proc_result_free(&again);
        if (syms->len == before)
            break; /* the link fails for another reason: its own message says why */
    }
    free(stubs);
    rh_vec_free(&extra);
    return rc;
}

/* After the program's own link failed on the symbols syms: links again
 * with the installed libraries its headers and the hints imply.  On
 * success *r is that link and *auto_libs names them; otherwise syms is
 * what stays undefined with them, and flags keeps them for the stubs. */
static void link_with_libraries(const char *clang, const char *obj, const char *lib,
                                const rh_options *o, name_list *syms, name_list *flags,
                                const char *exe, const char *tmp, double deadline,
                                rh_proc_result *r, char **auto_libs, char *err)
{
    candidate_flags(syms, o, flags);
    rh_proc_result again;
    if (!flags->len || deadline - rh_now() <= 0.1 ||
        link_once(clang, obj, lib, o, flags, exe, tmp, deadline - rh_now(), &again, err))
        return;
    if (link_ok(&again)) {
        rh_proc_result_free(r);
        *r = again;
        *auto_libs = join_flags(flags);
        return;
    }
    name_list left = {0};
    undefined_symbols(again.errout, &left);
    rh_proc_result_free(&again);
    if (left.len) { /* fewer: the libraries defined the others */
        free_names(syms);
        *syms = left;
    } else {
        rh_vec_free(&left);
    }
}

/* A program that calls into libraries its build would link (zlib, jansson)
 * is linked with them when they are installed and the link then succeeds:
 * the user of `racehunt prog.c` gets runs instead of a link error, and the
 * engine says which flags it chose (*auto_libs).  Unless
 * --no-allow-undefined, what stays undefined is left out (link_with_stubs).  The program is
 * compiled to an object once; each attempt only links it. */
int rh_dyn_link(const char *bc, const char *lib, const rh_options *o, const char *exe,
                const char *tmp, double seconds, const rh_dyn_linkin *in, rh_dyn_linkout *res,
                char *err)
{
    res->auto_libs = res->left_out = NULL;
    char *clang = rh_frontend_clang();
    if (!clang)
        return rh_fail(err, "clang-16 is not installed, so the dynamic engine cannot build the program");
    double deadline = rh_now() + seconds;
    name_list none = {0}, syms = {0}, flags = {0};
    char *obj = rh_xasprintf("%s/prog.o", tmp);
    rh_proc_result r;
    int rc = compile_object(clang, bc, obj, tmp, seconds, &r, err);
    if (rc == 0 && link_ok(&r)) {
        rh_proc_result_free(&r);
        if (deadline - rh_now() > 0.1)
            rc = link_once(clang, obj, lib, o, &none, exe, tmp, deadline - rh_now(), &r, err);
        else
            r.timed_out = 1, r.exited = 0; /* the compile took the budget */
    }
    if (rc == 0 && !link_ok(&r) && !r.timed_out) {
        undefined_symbols(r.errout, &syms);
        if (syms.len)
            link_with_libraries(clang, obj, lib, o, &syms, &flags, exe, tmp, deadline, &r,
                                &res->auto_libs, err);
    }
    if (rc == 0 && !link_ok(&r) && !r.timed_out && !o->refuse_undefined && syms.len)
        link_with_stubs(clang, obj, lib, o, in, &flags, &syms, exe, tmp, deadline, &r,
                        &res->left_out, err);
    if (rc == 0 && !link_ok(&r))
        rc = r.timed_out ? rh_fail(err, "compiling and linking the instrumented program did not end "
                                        "within the time budget (%.0f s were left for it)", seconds)
                         : link_failed(&syms, &flags, r.errout, o, err);
    if (rc == 0 && res->left_out && flags.len) /* the libraries the stubbed link kept */
        res->auto_libs = join_flags(&flags);
    rh_proc_result_free(&r);
    free_names(&syms);
    free_names(&flags);
    remove(obj);
    free(obj);
    free(clang);
    return rc;
}
