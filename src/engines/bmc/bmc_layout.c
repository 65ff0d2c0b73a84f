/* bmc_layout.c - the bmc engine's flat address space: a concrete address for
 * every function, global, stack frame object and heap allocation site, the
 * initial memory (global initialisers over all-zero memory), and the values
 * of IR constants.
 *
 * Every flat node runs at most once per execution, so every allocation site
 * instance gets its own constant address: pointers are only symbolic through
 * the values they flow through, and the solver never invents aliasing.
 */
#include "bmc.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FUNC_BASE 0x1000u
#define GLOBAL_BASE 0x100000u
#define INIT_BYTES_MAX 65536 /* initialised global bytes we are willing to encode */

/* Everything lives in the low 2^31 bytes: memory is indexed by 32-bit
 * vectors whatever the pointer width (narrow indices are much cheaper for
 * the solver), and the top half holds the synchronisation words. */
static uint64_t stack_base(const rh_bmc_ctx *c)
{
    (void)c;
    return UINT64_C(0x10000000);
}

static uint64_t heap_base(const rh_bmc_ctx *c)
{
    (void)c;
    return UINT64_C(0x40000000);
}

static uint64_t heap_step(const rh_bmc_ctx *c)
{
    (void)c;
    return UINT64_C(1) << 20;
}

const char *rh_bmc_okind_name(rh_bmc_okind k)
{
    static const char *const names[] = {
        [RH_BMC_O_GLOBAL] = "global", [RH_BMC_O_FUNCTION] = "function", [RH_BMC_O_STACK] = "stack",
        [RH_BMC_O_HEAP] = "heap", [RH_BMC_O_THREAD_LOCAL] = "thread-local",
        [RH_BMC_O_LIBRARY] = "library storage", [RH_BMC_O_CANCEL_PENDING] = "pending cancellations",
        [RH_BMC_O_NAMED_SEM_TABLE] = "named semaphore table", [RH_BMC_O_NAMED_SEM] = "named semaphore",
        [RH_BMC_O_TSD_KEYS] = "thread-specific data keys",
    };
    return names[k];
}

static int add_object(rh_bmc_ctx *c, LLVMValueRef v, uint64_t addr, uint64_t size,
                      rh_bmc_okind kind, const char *name)
{
    c->objs = rh_xrealloc(c->objs, (size_t)(c->nobjs + 1) * sizeof *c->objs);
    rh_bmc_object *o = &c->objs[c->nobjs];
    o->val = v;
    o->addr = addr;
    o->size = size ? size : 1;
    o->kind = kind;
    o->name = rh_xstrdup(name ? name : "");
    o->init_bytes = NULL;
    o->init = NULL;
    if (v)
        rh_map_put_ptr(&c->objmap, v, c->nobjs);
    return c->nobjs++;
}

uint64_t rh_bmc_alloc(rh_bmc_ctx *c, rh_bmc_okind kind, uint64_t size, LLVMValueRef site)
{
    uint64_t addr;
    size_t n = 0;
    const char *name = site ? LLVMGetValueName2(site, &n) : NULL;
    if (kind == RH_BMC_O_HEAP) {
        addr = c->next_heap;
        c->next_heap += heap_step(c);
        if (c->next_heap >= (UINT64_C(1) << (c->iw - 1)))
            c->fatal = 1;
    } else {
        addr = c->next_stack;
        c->next_stack += ((size + 15) & ~UINT64_C(15)) + 16;
        if (c->next_stack >= heap_base(c))
            c->fatal = 1;
    }
    if (kind == RH_BMC_O_HEAP && site && LLVMIsAInstruction(site)) {
        /* a heap object is known by where it was allocated, not by the SSA
         * name of the call ("call", "call5") */
        rh_srcloc l = rh_model_inst_loc(c->prog, site);
        char *at = rh_xasprintf("allocated at %s:%u:%u", l.file, l.line, l.col);
        add_object(c, NULL, addr, size, kind, at);
        free(at);
        return addr;
    }
    add_object(c, NULL, addr, size, kind, n ? name : NULL);
    return addr;
}

const rh_bmc_object *rh_bmc_object_at(const rh_bmc_ctx *c, uint64_t addr)
{
    const rh_bmc_object *best = NULL;
    for (int i = 0; i < c->nobjs; i++) {
        const rh_bmc_object *o = &c->objs[i];
        if (addr >= o->addr && (addr - o->addr < o->size || o->kind == RH_BMC_O_HEAP) &&
            (!best || o->addr > best->addr))
            best = o;
    }
    return best;
}

static Z3_ast const_bytes(rh_bmc_ctx *c, LLVMValueRef v);

Z3_ast rh_bmc_const(rh_bmc_ctx *c, LLVMValueRef v)
{
    LLVMTypeRef t = LLVMTypeOf(v);
    unsigned bits = rh_bmc_type_bits(c, t);
    if (LLVMIsAConstantInt(v)) {
        if (bits > 64)
            return NULL;
        return rh_bmc_bv(c, LLVMConstIntGetZExtValue(v), bits);
    }
    if (LLVMIsAConstantPointerNull(v))
        return rh_bmc_bv(c, 0, c->aw);
    if (LLVMIsAUndefValue(v)) {
        /* An uninitialised variable: any value, but the same one at every
         * use (C programs test it twice and expect one answer), and so one
         * variable per type.  Equal values are one of the possibilities, so
         * races stay real; a proof is not complete any more. */
        long k = rh_map_get_ptr(&c->undefs, v, 0);
        if (k)
            return (Z3_ast)(intptr_t)k;
        if (!bits)
            return NULL;
        Z3_ast u = rh_bmc_fresh(c, "undef", bits);
        rh_map_put_ptr(&c->undefs, v, (long)(intptr_t)u);
        c->inexact = 1;
        return u;
    }
    if (LLVMIsAGlobalValue(v)) {
        long i = rh_map_get_ptr(&c->objmap, v, -1);
        return i < 0 ? NULL : rh_bmc_bv(c, c->objs[i].addr, c->aw);
    }
    if (LLVMIsAConstantFP(v)) {
        LLVMBool loses;
        double d = LLVMConstRealGetDouble(v, &loses);
        if (LLVMGetTypeKind(t) == LLVMFloatTypeKind) {
            float f = (float)d;
            uint32_t u;
            memcpy(&u, &f, 4);
            return rh_bmc_bv(c, u, 32);
        }
        if (LLVMGetTypeKind(t) != LLVMDoubleTypeKind)
            return NULL;
        uint64_t u;
        memcpy(&u, &d, 8);
        return rh_bmc_bv(c, u, 64);
    }
    if (LLVMIsAConstantAggregateZero(v))
        return bits ? rh_bmc_bv(c, 0, bits) : NULL;
    if (LLVMIsAConstantExpr(v)) {
        unsigned n = (unsigned)LLVMGetNumOperands(v);
        Z3_ast ops[16];
        if (n > 16)
            return NULL;
        for (unsigned i = 0; i < n; i++)
            if (!(ops[i] = rh_bmc_const(c, LLVMGetOperand(v, i))))
                return NULL;
        return rh_bmc_op(c, v, LLVMGetConstOpcode(v), ops, n);
    }
    if (LLVMIsAConstantStruct(v) || LLVMIsAConstantArray(v) || LLVMIsAConstantDataSequential(v))
        return const_bytes(c, v);
    return NULL;
}

/* Writes the bytes of an initializer at addr into *mem. */
static int write_init(rh_bmc_ctx *c, Z3_ast *mem, uint64_t addr, LLVMValueRef k, int *budget)
{
    LLVMTypeRef t = LLVMTypeOf(k);
    if (LLVMIsAConstantAggregateZero(k) || LLVMIsAConstantPointerNull(k) || LLVMIsAUndefValue(k))
        return 0;
    if (LLVMIsAConstantInt(k) && LLVMGetIntTypeWidth(t) <= 64 && LLVMConstIntGetZExtValue(k) == 0)
        return 0;
    if (LLVMIsAConstantDataSequential(k) || LLVMIsAConstantArray(k)) {
        if (LLVMGetTypeKind(t) != LLVMArrayTypeKind)
            return -1;
        LLVMTypeRef et = LLVMGetElementType(t);
        uint64_t esz = rh_bmc_type_size(c, et);
        unsigned n = LLVMGetArrayLength(t);
        for (unsigned i = 0; i < n; i++) {
            LLVMValueRef e = LLVMGetAggregateElement(k, i);
            if (write_init(c, mem, addr + i * esz, e, budget))
                return -1;
        }
        return 0;
    }
    if (LLVMIsAConstantStruct(k)) {
        unsigned n = (unsigned)LLVMGetNumOperands(k);
        for (unsigned i = 0; i < n; i++)
            if (write_init(c, mem, addr + LLVMOffsetOfElement(c->prog->td, t, i),
                           LLVMGetOperand(k, i), budget))
                return -1;
        return 0;
    }
    Z3_ast v = rh_bmc_const(c, k);
    unsigned bytes = (unsigned)LLVMStoreSizeOfType(c->prog->td, t);
    if (!v || (*budget -= (int)bytes) < 0)
        return -1;
    *mem = rh_bmc_mem_store(c, *mem, rh_bmc_bv(c, addr, c->aw), v, bytes);
    return 0;
}

/* A constant aggregate as a value: its bytes, as laid out in memory. */
static Z3_ast const_bytes(rh_bmc_ctx *c, LLVMValueRef v)
{
    uint64_t size = rh_bmc_type_size(c, LLVMTypeOf(v));
    int budget = 256;
    if (size == 0 || size > 256)
        return NULL;
    Z3_ast mem = Z3_mk_const_array(c->z, rh_bmc_bv_sort(c, c->iw), rh_bmc_bv(c, 0, 8));
    if (write_init(c, &mem, 0, v, &budget))
        return NULL;
    return Z3_simplify(c->z, rh_bmc_mem_load(c, mem, rh_bmc_bv(c, 0, c->aw), (unsigned)size));
}

/* Globals up to this size whose initial bytes are all numbers keep them as
 * bytes: a read through a symbolic pointer is then an if-then-else over
 * the nonzero ones, a plain bit-vector term. */
#define INIT_BYTES_SMALL 256

/* Object i's initial contents on their own (rh_bmc_object's init): the
 * initializer written over zero memory, and its bytes when few and known.
 * A read through a symbolic pointer into one object then selects from a
 * term of that object's few stores, not from mem0's chain of every
 * global's (thousands of stores of format strings in a small program,
 * which kept Z3 in its array theory on every such read). */
static int object_init(rh_bmc_ctx *c, int i, LLVMValueRef init, int *budget)
{
    rh_bmc_object *o = &c->objs[i];
    Z3_ast mem = Z3_mk_const_array(c->z, rh_bmc_bv_sort(c, c->iw), rh_bmc_bv(c, 0, 8));
    Z3_ast zero = mem;
    if (write_init(c, &mem, o->addr, init, budget))
        return -1;
    if (mem == zero)
        return 0;
    o->init = mem;
    if (o->size > INIT_BYTES_SMALL)
        return 0;
    unsigned char *b = rh_xcalloc(o->size, 1);
    for (uint64_t k = 0; k < o->size; k++) {
        Z3_ast v = Z3_simplify(c->z, Z3_mk_select(c->z, mem, rh_bmc_bv(c, o->addr + k, c->iw)));
        uint64_t u;
        if (!Z3_is_numeral_ast(c->z, v) || !Z3_get_numeral_uint64(c->z, v, &u)) {
            free(b);
            return 0;
        }
        b[k] = (unsigned char)u;
    }
    o->init_bytes = b;
    return 0;
}

int rh_bmc_layout(rh_bmc_ctx *c)
{
    LLVMModuleRef m = c->prog->mod;
    uint64_t a = FUNC_BASE;
    for (LLVMValueRef f = LLVMGetFirstFunction(m); f; f = LLVMGetNextFunction(f), a += 16)
        add_object(c, f, a, 1, RH_BMC_O_FUNCTION, LLVMGetValueName2(f, &(size_t){0}));
    a = GLOBAL_BASE;
    for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) {
        uint64_t size = rh_bmc_type_size(c, LLVMGlobalGetValueType(g));
        add_object(c, g, a, size, RH_BMC_O_GLOBAL, LLVMGetValueName2(g, &(size_t){0}));
        a += ((size + 15) & ~UINT64_C(15)) + 16;
    }
    c->next_stack = stack_base(c);
    c->next_heap = heap_base(c);
    if (a >= c->next_stack) {
        rh_bmc_unsupported(c, NULL, "globals larger than the bounded address space");
        return -1;
    }
    /* All memory starts zero: C zero-initialises globals, and a fresh stack or
     * heap object reading zero is one of the executions the program has. */
    Z3_ast mem = Z3_mk_const_array(c->z, rh_bmc_bv_sort(c, c->iw), rh_bmc_bv(c, 0, 8));
    int budget = INIT_BYTES_MAX, own = INIT_BYTES_MAX;
    for (LLVMValueRef g = LLVMGetFirstGlobal(m); g; g = LLVMGetNextGlobal(g)) {
        LLVMValueRef init = LLVMIsDeclaration(g) ? NULL : LLVMGetInitializer(g);
        long i = rh_map_get_ptr(&c->objmap, g, -1);
        if (init && (write_init(c, &mem, c->objs[i].addr, init, &budget) ||
                     object_init(c, (int)i, init, &own))) {
            char what[200];
            snprintf(what, sizeof what, "the initializer of global '%s' (too large or not encoded)",
                     c->objs[i].name);
            rh_bmc_unsupported(c, NULL, what);
            return -1;
        }
    }
    c->mem0 = mem;
    return 0;
}

uint64_t rh_bmc_object_span(const rh_bmc_ctx *c, const rh_bmc_object *o)
{
    return o->kind == RH_BMC_O_HEAP ? heap_step(c) : o->size;
}
