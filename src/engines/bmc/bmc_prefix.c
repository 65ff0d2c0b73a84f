/* bmc_prefix.c - main's deterministic prefix, run concretely before the
 * encoding (bmc_prefix.h).
 *
 * Why: a program that builds its shared structure in main before it starts
 * a thread (300 list nodes, 2,434 positions) gave the encoding thousands of
 * writes whose conditions hang on the schedule's variables, and every read
 * through a pointer an if-then-else over all of them; the encoding did not
 * finish.  Main runs alone until its first thread creation, so where that
 * part reads no input its effect is one constant state: the objects start
 * with it and the positions go.
 *
 * The run follows the encoding's own semantics, not C's, so the state is
 * exactly what the encoding would compute: memory starts as each object's
 * initial contents (zero but for initialised globals), a load of n bytes is
 * their little-endian value, a copy reads its source before it writes.  A
 * term is known when Z3 evaluates it to a number under the loads made so
 * far (an input, an uninitialised value or a library result stays a
 * variable, and ends the run there).
 */
#include "bmc_prefix.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_BULK (1u << 16) /* bytes of one copy or fill the run does */
/* Objects up to this size keep their prefix contents as bytes too, so a
 * read through a symbolic pointer is an if-then-else over the nonzero
 * bytes of its lane (bmc_store.c), not a select from an array: an array
 * term takes the query off the bit-blasting solver (bmc_solver.c), and a
 * list head array read at a symbolic slot then took the solver past 60 s. */
#define INIT_BYTES_MAX 4096

struct rh_bmc_prefix {
    Z3_ast *vars, *vals;   /* the removed loads' variables and their values */
    int n, cap;
    rh_map touched;        /* object + 1 -> index into refs (per nwords) */
    uint64_t *refs;
    unsigned char **bytes; /* per touched object: its contents from its address on */
    uint64_t *len;
    int ntouched;
    unsigned nwords;
};

typedef struct run {
    rh_bmc_ctx *c;
    struct rh_bmc_prefix *P;
    Z3_model m;
    rh_map mem;            /* address + 1 -> byte written */
    int *touched;          /* objects written, in order */
    int ntouched;
    char *written;         /* per object: in touched */
    uint64_t *ext;         /* per object: one past its last byte written */
} run;

static int eval_num(run *R, Z3_ast t, uint64_t *out)
{
    Z3_context z = R->c->z;
    Z3_ast v = t;
    if (!t)
        return 0;
    if (!Z3_is_numeral_ast(z, t) && !Z3_model_eval(z, R->m, t, 0, &v))
        return 0;
    return Z3_is_numeral_ast(z, v) && rh_bmc_width(R->c, v) <= 64 && Z3_get_numeral_uint64(z, v, out);
}

/* 1 true, 0 false, -1 not known */
static int eval_bool(run *R, Z3_ast t)
{
    Z3_context z = R->c->z;
    Z3_ast v = t;
    if (!t)
        return -1;
    if (!Z3_model_eval(z, R->m, t, 0, &v))
        return -1;
    Z3_lbool b = Z3_get_bool_value(z, v);
    return b == Z3_L_TRUE ? 1 : b == Z3_L_FALSE ? 0 : -1;
}

/* The program object holding [a, a + n), or -1: library tables and the
 * like are kept by other modules with terms of their own. */
static int object_of(run *R, uint64_t a, uint64_t n)
{
    const rh_bmc_object *o = rh_bmc_object_at(R->c, a);
    if (!o || n == 0 || (o->kind != RH_BMC_O_GLOBAL && o->kind != RH_BMC_O_STACK && o->kind != RH_BMC_O_HEAP))
        return -1;
    uint64_t span = rh_bmc_object_span(R->c, o);
    if (a - o->addr > span || n > span - (a - o->addr))
        return -1;
    return (int)(o - R->c->objs);
}

/* The byte at a of object o now: written, else the initial one (as
 * bmc_store.c's `initial` reads a numeral address); -1 when not a number. */
static int get_byte(run *R, int o, uint64_t a)
{
    rh_bmc_ctx *c = R->c;
    long v = rh_map_get(&R->mem, a + 1, -1);
    if (v >= 0)
        return (int)v;
    const rh_bmc_object *ob = &c->objs[o];
    if (!ob->init)
        return 0;
    if (ob->init_bytes && a - ob->addr < ob->size)
        return ob->init_bytes[a - ob->addr];
    Z3_ast s = Z3_simplify(c->z, Z3_mk_select(c->z, ob->init, rh_bmc_bv(c, a, c->iw)));
    uint64_t u;
    return Z3_is_numeral_ast(c->z, s) && Z3_get_numeral_uint64(c->z, s, &u) ? (int)(u & 0xff) : -1;
}

static void put_byte(run *R, int o, uint64_t a, int b)
{
    rh_map_put(&R->mem, a + 1, b);
    if (a - R->c->objs[o].addr + 1 > R->ext[o])
        R->ext[o] = a - R->c->objs[o].addr + 1;
    if (!R->written[o]) {
        R->written[o] = 1;
        R->touched[R->ntouched++] = o;
    }
}

static int do_load(run *R, const rh_bmc_pos *p)
{
    rh_bmc_ctx *c = R->c;
    Z3_context z = c->z;
    uint64_t a, v = 0;
    int o;
    if (!eval_num(R, p->addr, &a) || p->size == 0 || p->size > 8 || !p->val ||
        (o = object_of(R, a, p->size)) < 0 || Z3_get_ast_kind(z, p->val) != Z3_APP_AST)
        return 0;
    Z3_app app = Z3_to_app(z, p->val);
    Z3_func_decl d = Z3_get_app_decl(z, app);
    if (Z3_get_app_num_args(z, app) != 0 || Z3_get_decl_kind(z, d) != Z3_OP_UNINTERPRETED ||
        rh_bmc_width(c, p->val) != 8 * p->size)
        return 0;
    for (unsigned i = p->size; i-- > 0;) {
        int b = get_byte(R, o, a + i);
        if (b < 0)
            return 0;
        v = v << 8 | (uint64_t)b;
    }
    Z3_ast val = rh_bmc_bv(c, v, 8 * p->size);
    Z3_add_const_interp(z, R->m, d, val);
    struct rh_bmc_prefix *P = R->P;
    if (P->n == P->cap) {
        P->cap = P->cap ? 2 * P->cap : 256;
        P->vars = rh_xrealloc(P->vars, (size_t)P->cap * sizeof *P->vars);
        P->vals = rh_xrealloc(P->vals, (size_t)P->cap * sizeof *P->vals);
    }
    P->vars[P->n] = p->val, P->vals[P->n++] = val;
    return 1;
}

static int do_store(run *R, const rh_bmc_pos *p)
{
    uint64_t a, v;
    int o;
    if (!eval_num(R, p->addr, &a) || !eval_num(R, p->val, &v) || p->size == 0 || p->size > 8 ||
        (o = object_of(R, a, p->size)) < 0)
        return 0;
    for (unsigned i = 0; i < p->size; i++)
        put_byte(R, o, a + i, (int)((v >> (8 * i)) & 0xff));
    return 1;
}

/* A fill (SET) or a copy (COPY, its source read whole before it writes). */
static int do_bulk(run *R, const rh_bmc_pos *p)
{
    uint64_t a, n, src = 0, fill = 0;
    int o, so = -1;
    if (!eval_num(R, p->addr, &a) || !eval_num(R, p->len, &n) || n > MAX_BULK)
        return 0;
    if (n == 0)
        return 1;
    if ((o = object_of(R, a, n)) < 0)
        return 0;
    if (p->kind == RH_BMC_P_COPY ? !eval_num(R, p->addr2, &src) || (so = object_of(R, src, n)) < 0
                                 : !eval_num(R, p->val, &fill))
        return 0;
    unsigned char *buf = rh_xmalloc(n);
    for (uint64_t i = 0; i < n; i++) {
        int b = so >= 0 ? get_byte(R, so, src + i) : (int)(fill & 0xff);
        if (b < 0) {
            free(buf);
            return 0;
        }
        buf[i] = (unsigned char)b;
    }
    for (uint64_t i = 0; i < n; i++)
        put_byte(R, o, a + i, buf[i]);
    free(buf);
    return 1;
}

/* Runs main's position p: 0 removed (its effect is in the state), 1 kept
 * (run, but left in the program), -1 the run ends before it. */
static int step(run *R, const rh_bmc_pos *p)
{
    if (p->flags & (RH_BMC_PF_NOSWITCH | RH_BMC_PF_SECTION))
        return -1;
    int g = eval_bool(R, p->guard);
    if (g <= 0)
        return g < 0 ? -1 : 0; /* a position no execution reaches goes */
    switch (p->kind) {
    case RH_BMC_P_LOAD: return do_load(R, p) ? 0 : -1;
    case RH_BMC_P_STORE: return do_store(R, p) ? 0 : -1;
    case RH_BMC_P_SET: case RH_BMC_P_COPY: return do_bulk(R, p) ? 0 : -1;
    case RH_BMC_P_ASSUME: return eval_bool(R, p->cond) == 1 ? 0 : -1;
    /* synchronisation words and markers: no object's memory */
    case RH_BMC_P_SYNC_SET: case RH_BMC_P_BAR_INIT: case RH_BMC_P_HB: return 1;
    case RH_BMC_P_NOP: return p->flags & RH_BMC_PF_END ? -1 : 1;
    default: return -1;
    }
}

/* ---- rewriting the program ---- */

typedef struct subst {
    run *R;
    rh_map memo;           /* ast id + 1 -> index into done */
    Z3_ast *done;
    long n, cap;
} subst;

static Z3_ast apply(subst *S, Z3_ast t)
{
    Z3_context z = S->R->c->z;
    if (!t || Z3_is_numeral_ast(z, t) || Z3_get_bool_value(z, t) != Z3_L_UNDEF)
        return t;
    uint64_t key = (uint64_t)Z3_get_ast_id(z, t) + 1;
    long k = rh_map_get(&S->memo, key, -1);
    if (k >= 0)
        return S->done[k];
    Z3_ast v = t;
    if (!Z3_model_eval(z, S->R->m, t, 0, &v))
        v = t;
    if (S->n == S->cap) {
        S->cap = S->cap ? 2 * S->cap : 1024;
        S->done = rh_xrealloc(S->done, (size_t)S->cap * sizeof *S->done);
    }
    S->done[S->n] = v;
    rh_map_put(&S->memo, key, S->n++);
    return v;
}

/* The removed loads' values into every term that may name them. */
static void substitute(run *R)
{
    rh_bmc_ctx *c = R->c;
    subst S = {.R = R};
    for (int t = 0; t < c->nthreads; t++) {
        rh_bmc_thread *th = &c->threads[t];
        th->arg = apply(&S, th->arg);
        th->retval = apply(&S, th->retval);
        for (int i = 0; i < th->npos; i++) {
            rh_bmc_pos *p = &th->pos[i];
            Z3_ast *f[] = {&p->guard, &p->addr, &p->addr2, &p->len, &p->val, &p->val2,
                           &p->out, &p->out2, &p->cond};
            for (size_t k = 0; k < sizeof f / sizeof *f; k++)
                *f[k] = apply(&S, *f[k]);
        }
    }
    for (int i = 0; i < c->ninputs; i++)
        c->inputs[i].guard = apply(&S, c->inputs[i].guard);
    rh_map_free(&S.memo);
    free(S.done);
}

/* Main without its removed positions; indices into it move down. */
static void compact(rh_bmc_ctx *c, const char *gone)
{
    rh_bmc_thread *th = &c->threads[0];
    int *nidx = rh_xmalloc(((size_t)th->npos + 1) * sizeof *nidx), n = 0;
    for (int i = 0; i < th->npos; i++) {
        nidx[i] = n;
        if (!gone[i])
            th->pos[n++] = th->pos[i];
    }
    nidx[th->npos] = n;
    c->npositions -= th->npos - n;
    th->npos = n;
    th->end_pos = nidx[th->end_pos];
    for (int i = 0; i < n; i++)
        th->pos[i].blk_start = nidx[th->pos[i].blk_start], th->pos[i].blk_end = nidx[th->pos[i].blk_end];
    for (int t = 1; t < c->nthreads; t++)
        if (c->threads[t].parent == 0)
            c->threads[t].create_pos = nidx[c->threads[t].create_pos];
    for (int i = 0; i < c->ninputs; i++)
        if (c->inputs[i].thread == 0)
            c->inputs[i].pos = nidx[c->inputs[i].pos];
    for (int f = 0; f < c->nforks; f++)
        if (c->forks[f].thread == 0)
            c->forks[f].pos = nidx[c->forks[f].pos];
    free(nidx);
}

/* Adds to bits the objects that pointer-sized values of b[0, n) overlapping
 * [lo, hi) point into: every window, aligned or not (a packed struct's
 * pointer); a number that only looks like an address adds an object, which
 * costs precision, never soundness. */
static void refs_in(rh_bmc_ctx *c, const unsigned char *b, uint64_t n, uint64_t lo, uint64_t hi,
                    uint64_t *bits)
{
    unsigned pb = c->aw / 8;
    for (uint64_t i = lo >= pb ? lo - pb + 1 : 0; i + pb <= n && i < hi; i++) {
        uint64_t v = 0;
        for (unsigned j = pb; j-- > 0;)
            v = v << 8 | b[i + j];
        const rh_bmc_object *t = v ? rh_bmc_object_at(c, v) : NULL;
        if (t && t->kind != RH_BMC_O_FUNCTION && v - t->addr < rh_bmc_object_span(c, t))
            bits[(t - c->objs) / 64] |= UINT64_C(1) << ((t - c->objs) % 64);
    }
}

/* Whether every byte of the written objects is a number (an initializer
 * Z3 cannot fold leaves the program as it was). */
static int all_known(run *R)
{
    for (int k = 0; k < R->ntouched; k++) {
        const rh_bmc_object *ob = &R->c->objs[R->touched[k]];
        for (uint64_t i = 0; i < ob->size; i++)
            if (get_byte(R, R->touched[k], ob->addr + i) < 0)
                return 0;
    }
    return 1;
}

/* The objects' new initial contents (and mem0's), and what they point to. */
static void install(run *R)
{
    rh_bmc_ctx *c = R->c;
    Z3_context z = c->z;
    struct rh_bmc_prefix *P = R->P;
    P->nwords = (unsigned)(c->nobjs / 64 + 1);
    P->refs = rh_xcalloc((size_t)R->ntouched * P->nwords + 1, sizeof *P->refs);
    P->bytes = rh_xcalloc((size_t)R->ntouched + 1, sizeof *P->bytes);
    P->len = rh_xcalloc((size_t)R->ntouched + 1, sizeof *P->len);
    for (int k = 0; k < R->ntouched; k++) {
        int o = R->touched[k];
        rh_bmc_object *ob = &c->objs[o];
        /* the bytes up to the last one written (a heap block's slot may
         * be written past its size) */
        uint64_t ext = R->ext[o] > ob->size ? R->ext[o] : ob->size;
        int zero_before = !ob->init; /* mem0 holds zero there already */
        unsigned char *b = rh_xcalloc(ext, 1);
        for (uint64_t i = 0; i < ext; i++)
            b[i] = (unsigned char)get_byte(R, o, ob->addr + i); /* known: all_known */
        Z3_ast arr = Z3_mk_const_array(z, rh_bmc_bv_sort(c, c->iw), rh_bmc_bv(c, 0, 8));
        for (uint64_t i = 0; i < ext; i++) {
            Z3_ast idx = rh_bmc_bv(c, ob->addr + i, c->iw);
            if (b[i])
                arr = Z3_mk_store(z, arr, idx, rh_bmc_bv(c, b[i], 8));
            if ((b[i] || !zero_before) && rh_map_get(&R->mem, ob->addr + i + 1, -1) >= 0)
                c->mem0 = Z3_mk_store(z, c->mem0, idx, rh_bmc_bv(c, b[i], 8));
        }
        P->bytes[k] = b, P->len[k] = ext;
        refs_in(c, b, ext, 0, ext, &P->refs[(size_t)k * P->nwords]);
        free(ob->init_bytes);
        ob->init_bytes = NULL;
        ob->init = arr;
        /* a heap block's size is nominal (its slot is what bounds it):
         * its initial bytes are those up to the last one written */
        if (ob->kind == RH_BMC_O_HEAP)
            ob->size = ext;
        if (ext == ob->size && ob->size <= INIT_BYTES_MAX)
            ob->init_bytes = memcpy(rh_xmalloc(ext), b, ext);
        rh_map_put(&P->touched, (uint64_t)o + 1, k);
    }
    P->ntouched = R->ntouched;
}

static int enabled(void)
{
    const char *env = getenv("RACEHUNT_BMC_PREFIX");
    return !env || env[0] != '0';
}

int rh_bmc_prefix(rh_bmc_ctx *c)
{
    if (!enabled() || c->nthreads < 1 || c->threads[0].npos == 0)
        return 0;
    rh_bmc_thread *th = &c->threads[0];
    run R = {.c = c};
    R.P = rh_xcalloc(1, sizeof *R.P);
    R.m = Z3_mk_model(c->z);
    Z3_model_inc_ref(c->z, R.m);
    R.touched = rh_xmalloc(((size_t)c->nobjs + 1) * sizeof *R.touched);
    R.written = rh_xcalloc((size_t)c->nobjs + 1, 1);
    R.ext = rh_xcalloc((size_t)c->nobjs + 1, sizeof *R.ext);
    char *gone = rh_xcalloc((size_t)th->npos + 1, 1);
    int removed = 0;
    for (int i = 0; i < th->npos; i++) {
        if (i % 256 == 0 && (rh_now() > c->deadline || rh_cancelled()))
            break; /* what ran so far is a prefix too */
        int r = step(&R, &th->pos[i]);
        if (r < 0)
            break;
        gone[i] = r == 0;
        removed += r == 0;
    }
    if (removed > 0 && all_known(&R)) {
        install(&R);
        substitute(&R);
        compact(c, gone);
        c->prefix = R.P;
        if (c->opt && c->opt->verbose)
            fprintf(stderr, "bmc: main's prefix ran concretely: %d positions, %d loads, %d objects\n",
                    removed, R.P->n, R.P->ntouched);
    } else {
        removed = 0;
        free(R.P->vars);
        free(R.P->vals);
        free(R.P);
    }
    free(gone);
    free(R.touched);
    free(R.written);
    free(R.ext);
    rh_map_free(&R.mem);
    Z3_model_dec_ref(c->z, R.m);
    return removed;
}

void rh_bmc_prefix_refs(rh_bmc_ctx *c, int o, uint64_t *bits)
{
    struct rh_bmc_prefix *P = c->prefix;
    long k = P ? rh_map_get(&P->touched, (uint64_t)o + 1, -1) : -1;
    if (k < 0)
        return;
    const uint64_t *r = &P->refs[(size_t)k * P->nwords];
    for (unsigned w = 0; w < P->nwords; w++)
        bits[w] |= r[w];
}

int rh_bmc_prefix_refs_at(rh_bmc_ctx *c, int o, uint64_t a, uint64_t n, uint64_t *bits)
{
    struct rh_bmc_prefix *P = c->prefix;
    long k = P ? rh_map_get(&P->touched, (uint64_t)o + 1, -1) : -1;
    if (k < 0)
        return 0;
    uint64_t base = c->objs[o].addr;
    if (a >= base)
        refs_in(c, P->bytes[k], P->len[k], a - base, a - base + n, bits);
    return 1;
}

void rh_bmc_prefix_assert(rh_bmc_ctx *c, Z3_solver s)
{
    struct rh_bmc_prefix *P = c->prefix;
    for (int i = 0; P && i < P->n; i++)
        Z3_solver_assert(c->z, s, Z3_mk_eq(c->z, P->vars[i], P->vals[i]));
}

void rh_bmc_prefix_free(rh_bmc_ctx *c)
{
    struct rh_bmc_prefix *P = c->prefix;
    if (!P)
        return;
    free(P->vars);
    free(P->vals);
    free(P->refs);
    for (int k = 0; k < P->ntouched; k++)
        free(P->bytes[k]);
    free(P->bytes);
    free(P->len);
    rh_map_free(&P->touched);
    free(P);
    c->prefix = NULL;
}
