/* bmc_store.c - memory contents as per-object lists of conditional writes,
 * read back as if-then-else chains: the value of byte x is the newest write
 * whose condition holds and whose address equals x, else the initial byte.
 *
 * Why not Z3 arrays for every read: with arrays the solver pairs every read
 * with every write lazily and bit-blasts each pair's address comparison,
 * which made programs with a dozen pointer accesses take seconds.  Here the
 * pairs are built up front, and most of them vanish at once because both
 * addresses are numerals (every object has a constant address), so the
 * formula is a plain bit-vector one, small where the program is simple.
 * An address that is one of a few numerals (bmc_valueset.c: a pointer that
 * may be null, plus an offset) skips the writes at any other numeral.
 *
 * But a chain is as long as the writes that may have made the byte, and it
 * is built for every byte read: reads of an array element or a lock word
 * through a symbolic pointer in an unwound loop make the formula grow as
 * reads times writes (a thread pool's queue: 10,000 nodes a load).  Where a
 * read has many such candidate writes (read_by_array), it selects from the
 * object's contents as a Z3 array instead, one store or lambda per write
 * made once for all reads (contents_upto), so that part of the formula
 * grows linearly with the writes; the solver then does the pairing, lazily.
 * Off unless RACEHUNT_BMC_ARRAY_MIN=n names the candidate count from which
 * it applies: measured on a thread pool's queue it ends the encoding (18 s
 * to 5.5 s) but the solver then needs longer than the budget, and at n=64
 * small programs' locks answered unknown where the chains find their race
 * in 7 s (bench/results/20261129-e7770e6-bmc-arrays).
 */
#include "bmc_memory.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

typedef struct rh_bmc_wentry {
    Z3_ast cond;   /* Bool: the write happened */
    Z3_ast idx;    /* byte address, or the destination of a bulk write */
    Z3_ast byte;   /* the byte, or the fill byte of a bulk fill */
    Z3_ast len;    /* bulk: byte count; NULL for a single byte */
    Z3_ast src;    /* bulk copy: source address */
    int *snap;     /* bulk copy: (object, list length) pairs of the source */
    int nsnap;
    /* Index chains that let a read at a numeral address skip the writes
     * that certainly miss it (most of them, in long unwound loops). */
    int konst;       /* a single byte at the numeral address `at` */
    uint64_t at;
    int prev_same;   /* konst: the previous write at the same address, or -1 */
    int last_other;  /* the newest entry up to here that is not konst, or -1 */
    rh_bmc_lane lane; /* single byte: its place in the write (align 0: none) */
} rh_bmc_wentry;

struct rh_bmc_wlist {
    rh_bmc_wentry *e;
    int n, cap;
    rh_map last_at; /* numeral address + 1 -> newest konst entry there */
    Z3_ast *arr;     /* arr[k]: the contents after entries 0..k, as a Z3 array */
    int narr;        /* how many of them are made (lazily, oldest first) */
};

struct rh_bmc_memo {
    unsigned x;    /* ast id of the address + 1 */
    int o, upto;
    unsigned align; /* of the reading access: reads assuming more see fewer writes */
    Z3_ast v;
    long next;     /* the previous entry of the same hash, or -1 */
};

void rh_bmc_store_init(rh_bmc_mem *m)
{
    m->lists = rh_xcalloc((size_t)m->nobj + 2, sizeof *m->lists);
}

void rh_bmc_store_free(rh_bmc_mem *m)
{
    for (int o = 0; o < m->nobj + 2; o++) {
        for (int k = 0; k < m->lists[o].n; k++)
            free(m->lists[o].e[k].snap);
        free(m->lists[o].e);
        free(m->lists[o].arr);
        rh_map_free(&m->lists[o].last_at);
    }
    free(m->lists);
    rh_map_free(&m->memo);
    free(m->memos);
}

static uint64_t memo_key(unsigned x, int o, int upto, unsigned align)
{
    uint64_t h = rh_hash64(((uint64_t)x << 32) | (uint32_t)o);
    return rh_hash64(h ^ (((uint64_t)(uint32_t)upto << 32) | align));
}

static Z3_ast memo_get(rh_bmc_mem *m, unsigned x, int o, int upto, unsigned align)
{
    for (long i = rh_map_get(&m->memo, memo_key(x, o, upto, align), -1); i >= 0; i = m->memos[i].next) {
        const struct rh_bmc_memo *e = &m->memos[i];
        if (e->x == x && e->o == o && e->upto == upto && e->align == align)
            return e->v;
    }
    return NULL;
}

static void memo_put(rh_bmc_mem *m, unsigned x, int o, int upto, unsigned align, Z3_ast v)
{
    if (m->nmemos == m->capmemos) {
        m->capmemos = m->capmemos ? 2 * m->capmemos : 1024;
        m->memos = rh_xrealloc(m->memos, (size_t)m->capmemos * sizeof *m->memos);
    }
    uint64_t key = memo_key(x, o, upto, align);
    m->memos[m->nmemos] = (struct rh_bmc_memo){x, o, upto, align, v, rh_map_get(&m->memo, key, -1)};
    rh_map_put(&m->memo, key, m->nmemos++);
}

static rh_bmc_wentry *append(rh_bmc_mem *m, int o)
{
    struct rh_bmc_wlist *l = &m->lists[o];
    if (l->n == l->cap) {
        l->cap = l->cap ? 2 * l->cap : 16;
        l->e = rh_xrealloc(l->e, (size_t)l->cap * sizeof *l->e);
    }
    rh_bmc_wentry *e = &l->e[l->n++];
    memset(e, 0, sizeof *e);
    e->prev_same = -1;
    e->last_other = l->n >= 2 ? l->e[l->n - 2].last_other : -1;
    return e;
}

void rh_bmc_store_write(rh_bmc_mem *m, int o, Z3_ast cond, Z3_ast x, Z3_ast byte,
                        const rh_bmc_lane *ln)
{
    if (rh_bmc_is_false(m->c, cond))
        return;
    rh_bmc_wentry *e = append(m, o);
    e->cond = cond, e->idx = x, e->byte = byte;
    if (ln && ln->align > 1)
        e->lane = *ln;
    struct rh_bmc_wlist *l = &m->lists[o];
    int self = l->n - 1;
    if (Z3_is_numeral_ast(m->c->z, x) && Z3_get_numeral_uint64(m->c->z, x, &e->at)) {
        const void *key = (const void *)(uintptr_t)(e->at + 1);
        e->konst = 1;
        e->prev_same = (int)rh_map_get_ptr(&l->last_at, key, -1);
        rh_map_put_ptr(&l->last_at, key, self);
    } else {
        e->last_other = self;
    }
}

void rh_bmc_store_bulk(rh_bmc_mem *m, int o, Z3_ast cond, Z3_ast dst, Z3_ast len, Z3_ast src,
                       const int *sobjs, int ns, Z3_ast fill)
{
    if (rh_bmc_is_false(m->c, cond))
        return;
    int *snap = NULL;
    if (src) {
        /* lengths before this entry is added, so a copy inside one object
         * reads the old contents */
        snap = rh_xmalloc(2 * (size_t)ns * sizeof *snap);
        for (int k = 0; k < ns; k++)
            snap[2 * k] = sobjs[k], snap[2 * k + 1] = m->lists[sobjs[k]].n;
    }
    rh_bmc_wentry *e = append(m, o);
    e->last_other = m->lists[o].n - 1;
    e->cond = cond, e->idx = dst, e->len = len, e->src = src, e->byte = fill;
    e->snap = snap, e->nsnap = src ? ns : 0;
}

static Z3_ast read_at(rh_bmc_mem *m, int o, Z3_ast x, const rh_bmc_lane *ln, int upto);

/* The byte a bulk entry wrote at x (given it covers x). */
static Z3_ast bulk_byte(rh_bmc_mem *m, rh_bmc_wentry *e, Z3_ast x)
{
    rh_bmc_ctx *c = m->c;
    if (!e->src)
        return e->byte;
    Z3_ast y = rh_bmc_fold(c, Z3_mk_bvadd(c->z, e->src, rh_bmc_fold(c, Z3_mk_bvsub(c->z, x, e->idx))));
    int n = e->nsnap;
    Z3_ast v = read_at(m, e->snap[2 * (n - 1)], y, NULL, e->snap[2 * (n - 1) + 1]);
    for (int k = n - 2; k >= 0; k--)
        v = rh_bmc_ite(c, rh_bmc_mem_inside(m, e->snap[2 * k], y), read_at(m, e->snap[2 * k], y, NULL, e->snap[2 * k + 1]), v);
    return v;
}

/* Whether entry e may have written byte x (read as lane ln, or NULL):
 * false, true, or a condition. */
static Z3_ast covers(rh_bmc_mem *m, rh_bmc_wentry *e, Z3_ast x, const rh_bmc_lane *ln)
{
    rh_bmc_ctx *c = m->c;
    Z3_ast at;
    uint64_t a, b;
    if (e->konst && m->nxv > 0) {
        /* x is one of a few numerals (a possibly null pointer plus an
         * offset): a write at another numeral misses it */
        int k = 0;
        while (k < m->nxv && m->xv[k] != e->at)
            k++;
        if (k == m->nxv)
            return rh_bmc_false(c);
    }
    unsigned g = ln && e->lane.align > 1 && ln->align > 1
                     ? (ln->align < e->lane.align ? ln->align : e->lane.align) : 0;
    if (!e->len && Z3_is_numeral_ast(c->z, x) && Z3_is_numeral_ast(c->z, e->idx) &&
        Z3_get_numeral_uint64(c->z, x, &a) && Z3_get_numeral_uint64(c->z, e->idx, &b))
        at = a == b ? rh_bmc_true(c) : rh_bmc_false(c); /* the common case, without Z3's simplifier */
    else if (g && !(g & (g - 1)) && ((ln->index - e->lane.index) & (g - 1)) != 0)
        at = rh_bmc_false(c); /* aligned accesses meet only in bytes of equal index mod g */
    else if (g && ln->index == e->lane.index)
        at = Z3_is_eq_ast(c->z, ln->base, e->lane.base) ? rh_bmc_true(c)
                                                        : rh_bmc_fold(c, Z3_mk_eq(c->z, ln->base, e->lane.base));
    else if (!e->len)
        at = Z3_is_eq_ast(c->z, x, e->idx) ? rh_bmc_true(c) : rh_bmc_fold(c, Z3_mk_eq(c->z, x, e->idx));
    else
        at = rh_bmc_fold(c, Z3_mk_bvult(c->z, rh_bmc_fold(c, Z3_mk_bvsub(c->z, x, e->idx)), e->len));
    return rh_bmc_and(c, e->cond, at);
}

/* The contents object o starts with, as an array (bulk_contents' base). */
static Z3_ast initial_array(rh_bmc_mem *m, int o)
{
    rh_bmc_ctx *c = m->c;
    if (o == m->nobj)
        return c->mem0;
    if (o < m->nobj && c->objs[o].init)
        return c->objs[o].init;
    return Z3_mk_const_array(c->z, rh_bmc_bv_sort(c, c->iw), rh_bmc_bv(c, 0, 8));
}

/* Byte x of object o before any write.  A read of object o matters only
 * where x lies inside it (bmc_region.h: elsewhere the program's behaviour
 * is undefined), so only o's own initializer is consulted: zero for every
 * object but an initialised global (bmc_layout.c) and for the
 * synchronisation words (the top half of the index space, where no
 * initializer writes); mem0 only for addresses in no object. */
static Z3_ast initial(rh_bmc_mem *m, int o, Z3_ast x, const rh_bmc_lane *ln)
{
    rh_bmc_ctx *c = m->c;
    const rh_bmc_object *ob = o < m->nobj ? &c->objs[o] : NULL;
    if (o != m->nobj && (!ob || !ob->init))
        return rh_bmc_bv(c, 0, 8);
    if (ob && ob->init_bytes && !Z3_is_numeral_ast(c->z, x)) {
        /* an access aligned to g (a power of two) reads byte `index` only
         * at addresses equal to it modulo g (rh_bmc_lane) */
        uint64_t g = ln && ln->align > 1 && !(ln->align & (ln->align - 1)) ? ln->align : 1;
        Z3_ast v = rh_bmc_bv(c, 0, 8);
        for (uint64_t k = 0; k < ob->size; k++)
            if (ob->init_bytes[k] && ((ob->addr + k - (ln ? ln->index : 0)) & (g - 1)) == 0)
                v = rh_bmc_ite(c, Z3_mk_eq(c->z, x, rh_bmc_bv(c, ob->addr + k, rh_bmc_width(c, x))),
                               rh_bmc_bv(c, ob->init_bytes[k], 8), v);
        return v;
    }
    Z3_ast v = Z3_mk_select(c->z, ob ? ob->init : c->mem0, rh_bmc_index(c, x));
    return Z3_is_numeral_ast(c->z, x) ? Z3_simplify(c->z, v) : v;
}

/* The entries below upto that may have written byte x, newest first: all
 * of them for a symbolic x; for a numeral x only the writes at x and the
 * symbolic or bulk ones, by merging the two index chains.  Returns the
 * count; *out is owned by the caller. */
static int candidates(struct rh_bmc_wlist *l, rh_bmc_ctx *c, Z3_ast x, int upto, int **out)
{
    int *v = rh_xmalloc(((size_t)upto + 1) * sizeof *v), n = 0;
    *out = v;
    uint64_t xv;
    if (!Z3_is_numeral_ast(c->z, x) || !Z3_get_numeral_uint64(c->z, x, &xv)) {
        for (int k = upto - 1; k >= 0; k--)
            v[n++] = k;
        return n;
    }
    int same = (int)rh_map_get_ptr(&l->last_at, (const void *)(uintptr_t)(xv + 1), -1);
    while (same >= upto)
        same = l->e[same].prev_same;
    int other = upto > 0 ? l->e[upto - 1].last_other : -1;
    while (same >= 0 || other >= 0) {
        if (same > other) {
            v[n++] = same;
            same = l->e[same].prev_same;
        } else {
            v[n++] = other;
            other = other > 0 ? l->e[other - 1].last_other : -1;
        }
    }
    return n;
}

/* A bulk entry's effect on the contents prev, as an array: a lambda whose
 * value at index i is the entry's byte where it covers the address i
 * denotes, and prev's byte elsewhere.  Object addresses lie below
 * 2^(iw-1) (bmc_layout.c), so that address is i zero-extended. */
static Z3_ast bulk_contents(rh_bmc_mem *m, rh_bmc_wentry *e, Z3_ast prev)
{
    rh_bmc_ctx *c = m->c;
    Z3_ast i = Z3_mk_fresh_const(c->z, "i", rh_bmc_bv_sort(c, c->iw));
    Z3_ast x = rh_bmc_resize(c, i, rh_bmc_width(c, e->idx), 0);
    Z3_ast body = rh_bmc_ite(c, covers(m, e, x, NULL), bulk_byte(m, e, x), Z3_mk_select(c->z, prev, i));
    Z3_app bound = Z3_to_app(c->z, i);
    return Z3_mk_lambda_const(c->z, 1, &bound, body);
}

/* The contents of object o after its first upto entries as one Z3 array:
 * each single-byte write stores, at its address, its byte if its condition
 * holds and the old byte otherwise; a bulk entry is a lambda over the old
 * contents.  One term per entry, made once and shared by every later read,
 * so the formula grows linearly with the writes however many reads there
 * are (an if-then-else chain per read is as long as the list). */
static Z3_ast contents_upto(rh_bmc_mem *m, int o, int upto)
{
    rh_bmc_ctx *c = m->c;
    struct rh_bmc_wlist *l = &m->lists[o];
    if (l->narr < upto)
        l->arr = rh_xrealloc(l->arr, (size_t)l->cap * sizeof *l->arr);
    for (; l->narr < upto; l->narr++) {
        rh_bmc_wentry *e = &l->e[l->narr];
        Z3_ast prev = l->narr ? l->arr[l->narr - 1] : initial_array(m, o);
        if (e->len) {
            l->arr[l->narr] = bulk_contents(m, e, prev);
            continue;
        }
        Z3_ast i = rh_bmc_index(c, e->idx);
        Z3_ast byte = rh_bmc_is_true(c, e->cond) ? e->byte
                                                 : rh_bmc_ite(c, e->cond, e->byte, Z3_mk_select(c->z, prev, i));
        l->arr[l->narr] = Z3_mk_store(c->z, prev, i, byte);
    }
    return upto ? l->arr[upto - 1] : initial_array(m, o);
}

/* Whether a read of object o that n writes may have made is taken from the
 * contents array rather than an if-then-else over those writes: when they
 * are many (Z3 then pairs the read with the writes lazily, in the solver).
 * The array tells addresses apart by their index bits only, as the initial
 * contents do: objects lie below 2^(iw-1) and their synchronisation words
 * 2^(iw-1) above them, so that is exact for both; not for the region of
 * addresses in no object, which may differ above those bits. */
static int read_by_array(const rh_bmc_mem *m, int o, int n)
{
    static int min_writes = -1;
    if (min_writes < 0) {
        const char *env = getenv("RACEHUNT_BMC_ARRAY_MIN");
        min_writes = env ? atoi(env) : 0;
    }
    return min_writes > 0 && n >= min_writes && o != m->nobj;
}

static Z3_ast read_at(rh_bmc_mem *m, int o, Z3_ast x, const rh_bmc_lane *ln, int upto)
{
    rh_bmc_ctx *c = m->c;
    unsigned xid = Z3_get_ast_id(c->z, x) + 1, align = ln && ln->align > 1 ? ln->align : 1;
    if (align == 1)
        ln = NULL;
    Z3_ast v = memo_get(m, xid, o, upto, align);
    if (v)
        return v;
    struct rh_bmc_wlist *l = &m->lists[o];
    int *cand, n = candidates(l, c, x, upto, &cand);
    int saved_nxv = m->nxv; /* a bulk copy's source read nests a read */
    uint64_t saved_xv[RH_BMC_VALUESET_MAX];
    memcpy(saved_xv, m->xv, sizeof saved_xv);
    if (read_by_array(m, o, n)) {
        free(cand);
        m->nxv = 0; /* the contents' lambdas cover every address */
        v = Z3_mk_select(c->z, contents_upto(m, o, upto), rh_bmc_index(c, x));
        m->nxv = saved_nxv;
        memcpy(m->xv, saved_xv, sizeof saved_xv);
        memo_put(m, xid, o, upto, align, v);
        return v;
    }
    m->nxv = Z3_is_numeral_ast(c->z, x) ? -1 : rh_bmc_value_set(c, x, m->xv);
    /* newest first, down to a write that certainly covers x */
    int j = 0;
    for (; j < n; j++)
        if (rh_bmc_is_true(c, covers(m, &l->e[cand[j]], x, ln)))
            break;
    if (j < n) {
        rh_bmc_wentry *e = &l->e[cand[j]];
        v = e->len ? bulk_byte(m, e, x) : e->byte;
    } else {
        v = initial(m, o, x, ln);
    }
    for (j--; j >= 0; j--) {
        rh_bmc_wentry *e = &l->e[cand[j]];
        Z3_ast hit = covers(m, e, x, ln);
        if (rh_bmc_is_false(c, hit))
            continue;
        v = rh_bmc_ite(c, hit, e->len ? bulk_byte(m, e, x) : e->byte, v);
    }
    free(cand);
    m->nxv = saved_nxv;
    memcpy(m->xv, saved_xv, sizeof saved_xv);
    memo_put(m, xid, o, upto, align, v);
    return v;
}

Z3_ast rh_bmc_store_read(rh_bmc_mem *m, int o, Z3_ast x, const rh_bmc_lane *ln)
{
    return read_at(m, o, x, ln, m->lists[o].n);
}
