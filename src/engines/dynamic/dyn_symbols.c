/* dyn_symbols.c - the global variable an address of a run lies in, from
 * the instrumented executable's symbol table, so that a race on memory an
 * access reached through a pointer ('state->fd' with state = &table[i])
 * and a lock taken through one name the variable rather than "memory
 * racehunt cannot name".
 *
 * The executable is position independent: each run says where the
 * runtime's own state `rt` lies ('B' line), and the distance from its
 * address in the file is the run's load bias.  Only symbols with a size
 * count, and only the global variables the program's module defines (the
 * runtime's statics, which lie next to them, are never named).  Anything
 * not inside such a symbol gives no name; an access out of one variable's
 * bounds into the next is named by the variable it lands in.
 */
#include "dyn.h"
#include "util/util.h"

#include <llvm-c/Object.h>

#include <stdlib.h>
#include <string.h>

struct rh_dyn_syms {
    struct { unsigned long addr, size; char *name; } *items;
    int n;
    unsigned long rt_addr; /* `rt` in the file, 0 when absent */
};

static int by_addr(const void *a, const void *b)
{
    unsigned long x = *(const unsigned long *)a, y = *(const unsigned long *)b;
    return x < y ? -1 : x > y;
}

/* A global variable of the program's module (the runtime's own statics
 * lie in the same executable and are never named). */
static int program_global(LLVMModuleRef m, const char *s)
{
    LLVMValueRef g = m ? LLVMGetNamedGlobal(m, s) : NULL;
    return g && !LLVMIsDeclaration(g);
}

static void add_symbols(rh_dyn_syms *t, LLVMBinaryRef obj, LLVMModuleRef m)
{
    LLVMSymbolIteratorRef it = LLVMObjectFileCopySymbolIterator(obj);
    if (!it)
        return;
    for (; !LLVMObjectFileIsSymbolIteratorAtEnd(obj, it); LLVMMoveToNextSymbol(it)) {
        const char *name = LLVMGetSymbolName(it);
        unsigned long addr = (unsigned long)LLVMGetSymbolAddress(it),
                      size = (unsigned long)LLVMGetSymbolSize(it);
        if (!name || !addr)
            continue;
        if (strcmp(name, "rt") == 0)
            t->rt_addr = addr;
        if (!size || !program_global(m, name))
            continue;
        t->items = rh_xrealloc(t->items, (size_t)(t->n + 1) * sizeof *t->items);
        t->items[t->n].addr = addr, t->items[t->n].size = size;
        t->items[t->n].name = rh_xstrdup(name);
        t->n++;
    }
    LLVMDisposeSymbolIterator(it);
}

rh_dyn_syms *rh_dyn_syms_load(const char *exe, LLVMModuleRef m)
{
    rh_dyn_syms *t = rh_xcalloc(1, sizeof *t);
    LLVMMemoryBufferRef buf = NULL;
    char *msg = NULL;
    if (LLVMCreateMemoryBufferWithContentsOfFile(exe, &buf, &msg)) {
        LLVMDisposeMessage(msg);
        return t;
    }
    LLVMContextRef ctx = LLVMContextCreate();
    LLVMBinaryRef obj = LLVMCreateBinary(buf, ctx, &msg);
    if (obj) {
        add_symbols(t, obj, m);
        LLVMDisposeBinary(obj);
    } else {
        LLVMDisposeMessage(msg);
    }
    LLVMContextDispose(ctx);
    LLVMDisposeMemoryBuffer(buf);
    if (t->n > 1) /* qsort may not be given a null array, even empty */
        qsort(t->items, (size_t)t->n, sizeof *t->items, by_addr);
    return t;
}

void rh_dyn_syms_free(rh_dyn_syms *t)
{
    if (!t)
        return;
    for (int i = 0; i < t->n; i++)
        free(t->items[i].name);
    free(t->items);
    free(t);
}

const char *rh_dyn_global_at(const rh_dyn_syms *t, unsigned long rt_run, unsigned long addr,
                             unsigned long *off)
{
    if (!t || !t->rt_addr || !rt_run || !t->n)
        return NULL;
    unsigned long a = addr - (rt_run - t->rt_addr); /* the address in the file */
    int lo = 0, hi = t->n - 1, at = -1;
    while (lo <= hi) { /* the last symbol starting at or below a */
        int mid = (lo + hi) / 2;
        if (t->items[mid].addr <= a)
            at = mid, lo = mid + 1;
        else
            hi = mid - 1;
    }
    if (at < 0 || a >= t->items[at].addr + t->items[at].size)
        return NULL;
    *off = a - t->items[at].addr;
    return t->items[at].name;
}
