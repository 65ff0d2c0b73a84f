/* programs.c - which programs a set of compiled units makes.
 *
 * A build directory often holds several programs: an application and its
 * tests, a server and a client, each linked from its own unit with `main`
 * plus the units (a static library's) that define what it uses.  A
 * compilation database does not say which objects each program links, so
 * we do what the linker does with a static library: start from the unit
 * that defines `main` and add, until nothing is missing, a unit that
 * defines a symbol the program uses but does not define.  Units that
 * define `main` themselves are other programs and are never pulled in.
 *
 * Modules are read lazily (LLVMGetBitcodeModuleInContext2): only their
 * symbol tables are needed here, not the function bodies.
 */
#include "programs.h"
#include "util/util.h"

#include <llvm-c/BitReader.h>
#include <stdlib.h>
#include <string.h>

/* One unit's view of the symbols: defines `name`, or uses it undefined. */
typedef struct sym_ref {
    char *name;
    int unit;
    int defines;
} sym_ref;

typedef struct sym_table {
    sym_ref *refs;
    int len;
    int *has_main; /* per unit */
} sym_table;

static void add_ref(sym_table *t, const char *name, size_t len, int unit, int defines)
{
    t->refs = rh_xrealloc(t->refs, (size_t)(t->len + 1) * sizeof *t->refs);
    t->refs[t->len++] = (sym_ref){rh_xasprintf("%.*s", (int)len, name), unit, defines};
}

/* Local symbols are the unit's own business: only external linkage
 * resolves across units. */
static int is_external(LLVMValueRef g)
{
    LLVMLinkage l = LLVMGetLinkage(g);
    return l != LLVMInternalLinkage && l != LLVMPrivateLinkage;
}

static void add_value(sym_table *t, LLVMValueRef g, int unit)
{
    size_t len;
    const char *name = LLVMGetValueName2(g, &len);
    if (len == 0 || !is_external(g) || strncmp(name, "llvm.", 5) == 0)
        return;
    add_ref(t, name, len, unit, !LLVMIsDeclaration(g));
}

static int read_symbols(LLVMContextRef ctx, const char *bc, const char *file, int unit,
                        sym_table *t, char *err)
{
    LLVMMemoryBufferRef buf;
    if (rh_frontend_read_bitcode(bc, file, &buf, err))
        return -1;
    LLVMModuleRef m = NULL;
    if (LLVMGetBitcodeModuleInContext2(ctx, buf, &m)) { /* on failure buf is ours to free */
        LLVMDisposeMemoryBuffer(buf);
        return rh_fail(err, "%s: clang-16 produced unreadable bitcode", file);
    }
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f))
        add_value(t, f, unit);
    for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g))
        add_value(t, g, unit);
    t->has_main[unit] = rh_frontend_defines_main(m);
    LLVMDisposeModule(m); /* owns buf */
    return 0;
}

static int cmp_ref(const void *a, const void *b)
{
    const sym_ref *x = a, *y = b;
    int c = strcmp(x->name, y->name);
    return c ? c : x->unit - y->unit;
}

/* The first unit that defines `name` and is not another program. */
static int definer(const sym_table *t, const char *name)
{
    int lo = 0, hi = t->len;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (strcmp(t->refs[mid].name, name) < 0)
            lo = mid + 1;
        else
            hi = mid;
    }
    for (int i = lo; i < t->len && strcmp(t->refs[i].name, name) == 0; i++)
        if (t->refs[i].defines && !t->has_main[t->refs[i].unit])
            return t->refs[i].unit;
    return -1;
}

/* The units of the program whose main is in unit `root`, root first. */
static void close_over(const sym_table *t, int nunits, int root, rh_prog_units *p)
{
    char *in = rh_xcalloc((size_t)nunits, 1);
    p->units = rh_xcalloc((size_t)nunits, sizeof *p->units);
    p->units[p->nunits++] = root;
    in[root] = 1;
    for (int k = 0; k < p->nunits; k++) /* p->units grows: a worklist */
        for (int i = 0; i < t->len; i++) {
            const sym_ref *r = &t->refs[i];
            if (r->unit != p->units[k] || r->defines)
                continue;
            int d = definer(t, r->name);
            if (d >= 0 && !in[d])
                in[d] = 1, p->units[p->nunits++] = d;
        }
    free(in);
}

/* "server" for src/server.c; the build's target name when the unit's
 * object path says it (CMake's CMakeFiles/NAME.dir/...). */
static char *program_name(const rh_tu *tu)
{
    if (tu->target)
        return rh_xstrdup(tu->target);
    const char *base = strrchr(tu->file, '/') ? strrchr(tu->file, '/') + 1 : tu->file;
    const char *dot = strrchr(base, '.');
    return rh_xasprintf("%.*s", dot && dot != base ? (int)(dot - base) : (int)strlen(base), base);
}

int rh_programs_find(LLVMContextRef ctx, const char *tmp, const rh_tu_list *units,
                     rh_prog_units **out, int *nout, char *err)
{
    sym_table t = {0};
    t.has_main = rh_xcalloc((size_t)units->len, sizeof *t.has_main);
    int rc = 0;
    for (int i = 0; rc == 0 && i < units->len; i++) {
        char *bc = rh_xasprintf("%s/unit%d.bc", tmp, i);
        rc = read_symbols(ctx, bc, units->items[i].file, i, &t, err);
        free(bc);
    }
    *out = NULL;
    *nout = 0;
    if (rc == 0)
        qsort(t.refs, (size_t)t.len, sizeof *t.refs, cmp_ref);
    for (int i = 0; rc == 0 && i < units->len; i++) {
        if (!t.has_main[i])
            continue;
        *out = rh_xrealloc(*out, (size_t)(*nout + 1) * sizeof **out);
        rh_prog_units *p = &(*out)[(*nout)++];
        memset(p, 0, sizeof *p);
        p->name = program_name(&units->items[i]);
        close_over(&t, units->len, i, p);
    }
    for (int i = 0; i < *nout; i++) /* two tools/main.c: name them by path */
        for (int j = i + 1; j < *nout; j++)
            if (strcmp((*out)[i].name, (*out)[j].name) == 0) {
                free((*out)[j].name);
                (*out)[j].name = rh_xstrdup(units->items[(*out)[j].units[0]].file);
            }
    for (int i = 0; i < t.len; i++)
        free(t.refs[i].name);
    free(t.refs);
    free(t.has_main);
    return rc;
}

int rh_programs_select(const rh_prog_units *progs, int n, const char *name)
{
    for (int i = 0; i < n; i++)
        if (strcmp(progs[i].name, name) == 0)
            return i;
    return -1;
}

void rh_programs_free(rh_prog_units *progs, int n)
{
    for (int i = 0; i < n; i++) {
        free(progs[i].name);
        free(progs[i].units);
    }
    free(progs);
}
