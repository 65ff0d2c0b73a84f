/* rt_sym.c - the expression builder of concolic runs (SymCC's design: the
 * instrumented program builds the expressions of the values it computes
 * from its inputs; dse_instrument.c inserts the calls).  Nodes come from
 * an arena, memory's expressions live in a byte-addressed shadow map, and
 * each symbolic branch is appended to the log with the nodes it needs
 * (rt_sym_abi.h).  When nothing is symbolic, every entry point returns at
 * its first test.
 */
#include "rt_sym.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <sys/mman.h>

/* Caps that keep a concolic run's cost bounded: past them the run goes on
 * concretely (fewer expressions, never a wrong value). */
#define RT_SYM_MAX_NODES (4u << 20)
#define RT_SYM_MAX_BRANCHES 4096
#define RT_SYM_MAX_SHADOW (1u << 22)

int rt_sym_on;
unsigned long rt_sym_live;
static int log_fd = -1;
static char logbuf[1 << 16];
static size_t loglen;
static uint32_t nnodes, nbranches;
static rt_sym_node *arena;
static int capped;

static struct { uintptr_t key; rt_sym_node *e; } *shadow;
static size_t shadow_cap, shadow_used;

static void log_flush(void)
{
    size_t off = 0;
    while (off < loglen) {
        ssize_t w = write(log_fd, logbuf + off, loglen - off);
        if (w <= 0)
            break;
        off += (size_t)w;
    }
    loglen = 0;
}

#include <stdarg.h>
/* Appends one formatted record, flushing first when less than `room`
 * bytes are left (a record never splits across two writes). */
static void log_vline(size_t room, const char *fmt, va_list ap)
{
    if (log_fd < 0)
        return;
    if (loglen > sizeof logbuf - room)
        log_flush();
    int n = vsnprintf(logbuf + loglen, sizeof logbuf - loglen, fmt, ap);
    if (n > 0 && (size_t)n < sizeof logbuf - loglen)
        loglen += (size_t)n;
}

static void log_line(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static void log_line(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    log_vline(256, fmt, ap);
    va_end(ap);
}

void rt_sym_log_record(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    log_vline(2200, fmt, ap);
    va_end(ap);
    log_flush();
}

/* Branch coverage of the thread entry functions (dse_cover.c defines them
 * in a concolic build): a byte per side of each of N branches, set when
 * the side is taken, then a byte per start routine, set when it runs. */
extern const uint32_t __rh_sym_cover_n __attribute__((weak));
extern const uint32_t __rh_sym_cover_entries __attribute__((weak));
extern uint8_t __rh_sym_cover_map[] __attribute__((weak));

static void finish(void)
{
    if (&__rh_sym_cover_n && &__rh_sym_cover_entries && __rh_sym_cover_map) {
        uint32_t n = __rh_sym_cover_n, e = __rh_sym_cover_entries;
        log_line("C %u %u\n", n, e);
        for (uint32_t i = 0; i < 2 * n; i++)
            if (__rh_sym_cover_map[i])
                log_line("c %u %u\n", i / 2, i % 2);
        for (uint32_t i = 0; i < e; i++)
            if (__rh_sym_cover_map[2 * n + i])
                log_line("r %u\n", i);
    }
    log_flush();
}

static void cap(const char *why)
{
    if (!capped++)
        log_line("E %s\n", why);
    log_flush();
}

__attribute__((constructor)) static void rt_sym_init(void)
{
    const char *path = getenv("RH_RT_SYM");
    if (!path || !*path)
        return;
    log_fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0600);
    if (log_fd < 0)
        return;
    /* keep the descriptor out of the program's way (it may close 3..) */
    int hi = fcntl(log_fd, F_DUPFD_CLOEXEC, 900);
    if (hi >= 0) {
        close(log_fd);
        log_fd = hi;
    }
    arena = mmap(NULL, (size_t)RT_SYM_MAX_NODES * sizeof *arena, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (arena == MAP_FAILED)
        return;
    rt_sym_on = 1;
    atexit(finish);
}

rt_sym_node *rt_sym_mk(int op, int bits, rt_sym_node *a, rt_sym_node *b, rt_sym_node *c, uint64_t k)
{
    if (!rt_sym_on || nnodes + 1 >= RT_SYM_MAX_NODES) {
        if (rt_sym_on)
            cap("nodes");
        return NULL;
    }
    int arity = op == RH_SYM_VAR || op == RH_SYM_CONST ? 0
                : op == RH_SYM_ITE                    ? 3
                : op == RH_SYM_ZEXT || op == RH_SYM_SEXT || op == RH_SYM_EXTRACT ? 1 : 2;
    if ((arity > 0 && !a) || (arity > 1 && !b) || (arity > 2 && !c))
        return NULL; /* an operand that could not be built: the result is concrete */
    rt_sym_node *n = &arena[++nnodes];
    n->id = nnodes, n->op = (uint8_t)op, n->bits = (uint8_t)bits;
    n->a = a, n->b = b, n->c = c, n->k = k;
    return n;
}

rt_sym_node *rt_sym_const(int bits, uint64_t v)
{
    if (bits < 64)
        v &= (1ull << bits) - 1;
    return rt_sym_mk(RH_SYM_CONST, bits, NULL, NULL, NULL, v);
}

rt_sym_node *rt_sym_var(uint32_t var, int bits, uint64_t value)
{
    rt_sym_node *n = rt_sym_mk(RH_SYM_VAR, bits, NULL, NULL, NULL, var);
    if (n) {
        n->emitted = 1;
        log_line("V %u %u %d %llu\n", n->id, var, bits, (unsigned long long)value);
    }
    return n;
}

/* Writes n and the nodes below it not yet written, children first (an
 * explicit stack: expressions of long loops are deep). */
static void emit(rt_sym_node *root)
{
    static rt_sym_node **stack;
    static size_t cap_;
    if (!root || root->emitted)
        return;
    if (!stack) {
        cap_ = 1 << 16;
        stack = malloc(cap_ * sizeof *stack);
        if (!stack)
            return;
    }
    size_t sp = 0;
    stack[sp++] = root;
    while (sp) {
        rt_sym_node *n = stack[sp - 1], *kids[3] = {n->a, n->b, n->c};
        int pushed = 0;
        for (int i = 0; i < 3 && sp + 1 < cap_; i++)
            if (kids[i] && !kids[i]->emitted) {
                stack[sp++] = kids[i];
                pushed = 1;
                break;
            }
        if (pushed)
            continue;
        sp--;
        if (n->emitted)
            continue;
        n->emitted = 1;
        log_line("N %u %d %d %u %u %u %llu\n", n->id, n->op, n->bits, n->a ? n->a->id : 0,
                 n->b ? n->b->id : 0, n->c ? n->c->id : 0, (unsigned long long)n->k);
    }
}

void rt_sym_pin(rt_sym_node *cond)
{
    if (!cond || capped)
        return;
    emit(cond);
    log_line("P %u\n", cond->id);
}

/* ---- the shadow of memory: byte address -> expression ---- */

static size_t slot_of(uintptr_t key)
{
    uint64_t h = (uint64_t)key * 0x9E3779B97F4A7C15ull;
    return (size_t)(h >> 20) & (shadow_cap - 1);
}

static void shadow_grow(void)
{
    size_t old = shadow_cap;
    __typeof__(shadow) from = shadow;
    shadow_cap = old ? old * 2 : 1 << 12;
    shadow = calloc(shadow_cap, sizeof *shadow);
    shadow_used = 0;
    for (size_t i = 0; i < old; i++)
        if (from[i].key && from[i].e) {
            size_t s = slot_of(from[i].key);
            while (shadow[s].key)
                s = (s + 1) & (shadow_cap - 1);
            shadow[s] = from[i];
            shadow_used++;
        }
    free(from);
}

rt_sym_node *rt_sym_byte(const void *p)
{
    if (!rt_sym_live)
        return NULL;
    uintptr_t key = (uintptr_t)p;
    for (size_t s = slot_of(key); shadow[s].key; s = (s + 1) & (shadow_cap - 1))
        if (shadow[s].key == key)
            return shadow[s].e;
    return NULL;
}

void rt_sym_set_byte(const void *p, rt_sym_node *e)
{
    if (!e && !rt_sym_live)
        return;
    if (e && (shadow_used + 1) * 2 > shadow_cap) {
        if (shadow_cap >= RT_SYM_MAX_SHADOW) {
            cap("shadow");
            e = NULL;
        } else
            shadow_grow();
    }
    uintptr_t key = (uintptr_t)p;
    size_t s = slot_of(key);
    for (; shadow[s].key; s = (s + 1) & (shadow_cap - 1))
        if (shadow[s].key == key) {
            rt_sym_live += (e != NULL) - (shadow[s].e != NULL);
            shadow[s].e = e;
            return;
        }
    if (!e)
        return;
    shadow[s].key = key, shadow[s].e = e;
    shadow_used++;
    rt_sym_live++;
}

rt_sym_node *rt_sym_load_bytes(const void *p, uint64_t n)
{
    if (!rt_sym_live || n == 0 || n > 8)
        return NULL;
    rt_sym_node *b[8];
    int any = 0;
    for (uint64_t i = 0; i < n; i++)
        any |= (b[i] = rt_sym_byte((const char *)p + i)) != NULL;
    if (!any)
        return NULL;
    /* the bytes of one stored value come back as that value */
    rt_sym_node *whole = b[0] && b[0]->op == RH_SYM_EXTRACT && b[0]->k == 0 ? b[0]->a : NULL;
    for (uint64_t i = 0; whole && i < n; i++)
        if (!b[i] || b[i]->op != RH_SYM_EXTRACT || b[i]->a != whole || b[i]->k != 8 * i)
            whole = NULL;
    if (whole && whole->bits == 8 * n)
        return whole;
    rt_sym_node *e = NULL;
    for (uint64_t i = n; i-- > 0;) {
        rt_sym_node *x = b[i] ? b[i] : rt_sym_const(8, ((const unsigned char *)p)[i]);
        e = e ? rt_sym_mk(RH_SYM_CONCAT, e->bits + 8, e, x, NULL, 0) : x;
        if (!e)
            return NULL;
    }
    return e;
}

/* ---- entry points of the instrumented code (dse_instrument.c) ---- */

static __thread rt_sym_node *params[16];
static __thread rt_sym_node *ret;

void *__rh_sym_load(const void *p, uint64_t n)
{
    return rt_sym_live ? rt_sym_load_bytes(p, n) : NULL;
}

void __rh_sym_store(void *p, uint64_t n, rt_sym_node *e)
{
    if (!e && !rt_sym_live)
        return;
    if (e && e->bits != 8 * n && e->bits != 1)
        e = NULL; /* a value stored narrower or wider than its expression: concrete */
    for (uint64_t i = 0; i < n; i++) {
        rt_sym_node *b = NULL;
        if (e && e->bits == 1)
            b = i == 0 ? rt_sym_mk(RH_SYM_ZEXT, 8, e, NULL, NULL, 0) : NULL;
        else if (e)
            b = n == 1 ? e : rt_sym_mk(RH_SYM_EXTRACT, 8, e, NULL, NULL, 8 * i);
        rt_sym_set_byte((char *)p + i, b);
    }
}

/* memcpy/memmove/memset carry (or clear) the expressions of the bytes */
void __rh_sym_memcpy(void *d, const void *s, uint64_t n)
{
    if (!rt_sym_live)
        return;
    if (d < s || (const char *)d >= (const char *)s + n) {
        for (uint64_t i = 0; i < n; i++)
            rt_sym_set_byte((char *)d + i, rt_sym_byte((const char *)s + i));
    } else {
        for (uint64_t i = n; i-- > 0;)
            rt_sym_set_byte((char *)d + i, rt_sym_byte((const char *)s + i));
    }
}

void __rh_sym_clear(void *d, uint64_t n)
{
    if (!rt_sym_live || n > (1u << 24))
        return;
    for (uint64_t i = 0; i < n; i++)
        rt_sym_set_byte((char *)d + i, NULL);
}

void __rh_sym_set_param(uint32_t i, rt_sym_node *e)
{
    if (i < 16)
        params[i] = e;
}

void *__rh_sym_get_param(uint32_t i)
{
    return i < 16 ? params[i] : NULL;
}

void __rh_sym_set_ret(rt_sym_node *e)
{
    ret = e;
}

void *__rh_sym_get_ret(void)
{
    rt_sym_node *e = ret;
    ret = NULL;
    return e;
}

static rt_sym_node *operand(rt_sym_node *e, int bits, uint64_t v)
{
    return e ? e : rt_sym_const(bits, v);
}

void *__rh_sym_binop(uint32_t op, uint32_t bits, rt_sym_node *a, rt_sym_node *b, uint64_t va,
                     uint64_t vb)
{
    if (!a && !b)
        return NULL;
    int cmp = op >= RH_SYM_EQ && op <= RH_SYM_SGE;
    return rt_sym_mk((int)op, cmp ? 1 : (int)bits, operand(a, (int)bits, va), operand(b, (int)bits, vb),
                     NULL, 0);
}

void *__rh_sym_cast(uint32_t op, uint32_t to, rt_sym_node *a)
{
    if (!a || a->bits == to)
        return a;
    if (op == RH_SYM_EXTRACT)
        return to < a->bits ? rt_sym_mk(RH_SYM_EXTRACT, (int)to, a, NULL, NULL, 0) : NULL;
    return to > a->bits ? rt_sym_mk((int)op, (int)to, a, NULL, NULL, 0) : NULL;
}

void *__rh_sym_select(rt_sym_node *c, rt_sym_node *a, rt_sym_node *b, uint64_t vc, uint64_t va,
                      uint64_t vb, uint32_t bits)
{
    if (!c)
        return vc & 1 ? a : b;
    if (!a && !b && va == vb)
        return NULL;
    return rt_sym_mk(RH_SYM_ITE, (int)bits, c, operand(a, (int)bits, va), operand(b, (int)bits, vb), 0);
}

void __rh_sym_branch(rt_sym_node *c, uint64_t taken, uint32_t site)
{
    if (!c || capped)
        return;
    if (c->bits != 1)
        c = rt_sym_mk(RH_SYM_NE, 1, c, rt_sym_const(c->bits, 0), NULL, 0);
    if (!c)
        return;
    if (++nbranches > RT_SYM_MAX_BRANCHES) {
        cap("branches");
        return;
    }
    emit(c);
    log_line("B %u %d %u\n", site, (int)(taken & 1), c->id);
    if (nbranches < 256 || nbranches % 64 == 0)
        log_flush();
}

/* one case of a switch on e: a branch "e == k" */
void __rh_sym_case(rt_sym_node *e, uint64_t v, uint64_t k, uint32_t site)
{
    if (!e)
        return;
    rt_sym_node *c = rt_sym_mk(RH_SYM_EQ, 1, e, rt_sym_const(e->bits, k), NULL, 0);
    uint64_t mask = e->bits < 64 ? (1ull << e->bits) - 1 : ~0ull;
    __rh_sym_branch(c, (v & mask) == (k & mask), site);
}

/* an address computed from an expression: this run's address is kept */
void __rh_sym_concretise(rt_sym_node *e, uint64_t v)
{
    if (!e)
        return;
    rt_sym_pin(rt_sym_mk(RH_SYM_EQ, 1, e, rt_sym_const(e->bits, v), NULL, 0));
}
