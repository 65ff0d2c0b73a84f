/* dse_log.c - reads what a concolic run recorded (src/runtime/rt_sym_abi.h)
 * into Z3 terms: a term per node, the branches in the order the run took
 * them, and the pinned conditions.  Bit-vector terms throughout; a 1-bit
 * node is a comparison's result, and a branch's condition is "node = 1".
 */
#include "dse.h"
#include "runtime/rt_sym_abi.h"
#include "util/util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct log_reader {
    rh_dse_log *log;
    Z3_ast *node;           /* by node id */
    unsigned nnode;
} log_reader;

static Z3_ast node_at(log_reader *r, unsigned id)
{
    return id && id < r->nnode ? r->node[id] : NULL;
}

static void put_node(log_reader *r, unsigned id, Z3_ast t)
{
    if (id >= r->nnode) {
        unsigned n = r->nnode ? r->nnode : 1024;
        while (n <= id)
            n *= 2;
        r->node = rh_xrealloc(r->node, n * sizeof *r->node);
        memset(r->node + r->nnode, 0, (n - r->nnode) * sizeof *r->node);
        r->nnode = n;
    }
    r->node[id] = t;
}

static Z3_ast bit(Z3_context z, Z3_ast b)
{
    Z3_sort s1 = Z3_mk_bv_sort(z, 1);
    return Z3_mk_ite(z, b, Z3_mk_unsigned_int64(z, 1, s1), Z3_mk_unsigned_int64(z, 0, s1));
}

/* The term of one N record, or NULL when its operands are missing. */
static Z3_ast make_term(Z3_context z, int op, int bits, Z3_ast a, Z3_ast b, Z3_ast c,
                        unsigned long long k)
{
    typedef Z3_ast (*bin_fn)(Z3_context, Z3_ast, Z3_ast);
    static const bin_fn arith[] = {
        [RH_SYM_ADD] = Z3_mk_bvadd,   [RH_SYM_SUB] = Z3_mk_bvsub,   [RH_SYM_MUL] = Z3_mk_bvmul,
        [RH_SYM_UDIV] = Z3_mk_bvudiv, [RH_SYM_SDIV] = Z3_mk_bvsdiv, [RH_SYM_UREM] = Z3_mk_bvurem,
        [RH_SYM_SREM] = Z3_mk_bvsrem, [RH_SYM_SHL] = Z3_mk_bvshl,   [RH_SYM_LSHR] = Z3_mk_bvlshr,
        [RH_SYM_ASHR] = Z3_mk_bvashr, [RH_SYM_AND] = Z3_mk_bvand,   [RH_SYM_OR] = Z3_mk_bvor,
        [RH_SYM_XOR] = Z3_mk_bvxor,   [RH_SYM_EQ] = Z3_mk_eq,       [RH_SYM_ULT] = Z3_mk_bvult,
        [RH_SYM_ULE] = Z3_mk_bvule,   [RH_SYM_UGT] = Z3_mk_bvugt,   [RH_SYM_UGE] = Z3_mk_bvuge,
        [RH_SYM_SLT] = Z3_mk_bvslt,   [RH_SYM_SLE] = Z3_mk_bvsle,   [RH_SYM_SGT] = Z3_mk_bvsgt,
        [RH_SYM_SGE] = Z3_mk_bvsge,
    };
    if (op == RH_SYM_CONST)
        return Z3_mk_unsigned_int64(z, k, Z3_mk_bv_sort(z, (unsigned)bits));
    if (!a || bits < 1 || bits > 64)
        return NULL;
    unsigned wa = Z3_get_bv_sort_size(z, Z3_get_sort(z, a));
    switch (op) {
    case RH_SYM_ZEXT: return bits > (int)wa ? Z3_mk_zero_ext(z, (unsigned)bits - wa, a) : NULL;
    case RH_SYM_SEXT: return bits > (int)wa ? Z3_mk_sign_ext(z, (unsigned)bits - wa, a) : NULL;
    case RH_SYM_EXTRACT:
        return k + (unsigned)bits <= wa ? Z3_mk_extract(z, (unsigned)(k + (unsigned)bits - 1), (unsigned)k, a) : NULL;
    case RH_SYM_CONCAT: return b ? Z3_mk_concat(z, a, b) : NULL;
    case RH_SYM_ITE:
        return b && c ? Z3_mk_ite(z, Z3_mk_eq(z, a, Z3_mk_unsigned_int64(z, 1, Z3_mk_bv_sort(z, 1))), b, c)
                      : NULL;
    case RH_SYM_NE: return b ? bit(z, Z3_mk_not(z, Z3_mk_eq(z, a, b))) : NULL;
    }
    if (op < 0 || op >= (int)(sizeof arith / sizeof arith[0]) || !arith[op] || !b ||
        Z3_get_bv_sort_size(z, Z3_get_sort(z, b)) != wa)
        return NULL;
    Z3_ast t = arith[op](z, a, b);
    return op >= RH_SYM_EQ ? bit(z, t) : t;
}

static Z3_ast is_one(Z3_context z, Z3_ast t)
{
    return Z3_mk_eq(z, t, Z3_mk_unsigned_int64(z, 1, Z3_mk_bv_sort(z, 1)));
}

/* The bytes hex spells, a new string; NULL when it is not hex or spells a NUL. */
static char *unhex(const char *hex)
{
    size_t n = strlen(hex);
    if (n % 2)
        return NULL;
    char *s = rh_xmalloc(n / 2 + 1);
    for (size_t i = 0; i < n / 2; i++) {
        unsigned v;
        if (sscanf(hex + 2 * i, "%2x", &v) != 1 || !v || !isxdigit((unsigned char)hex[2 * i]) ||
            !isxdigit((unsigned char)hex[2 * i + 1])) {
            free(s);
            return NULL;
        }
        s[i] = (char)v;
    }
    s[n / 2] = 0;
    return s;
}

/* An I, C, c or r record (rt_sym_abi.h); 0 when it is malformed. */
static int read_input_or_cover(rh_dse_log *log, const char *line)
{
    char kind;
    int slot, n = 0;
    unsigned a, b;
    long sites, entries;
    if (sscanf(line, "I %c %d %n", &kind, &slot, &n) == 2 && n > 0) {
        char **names = kind == 'e' ? log->env_name : kind == 'f' ? log->file_path : NULL;
        int max = kind == 'e' ? RH_SYM_ENV_SLOTS : RH_SYM_FILE_SLOTS;
        char *name = unhex(line + n);
        if (!names || slot < 0 || slot >= max || !name || !*name) {
            free(name);
            return names && slot >= 0 && slot < max; /* a name no word can carry: the slot stays unnamed */
        }
        free(names[slot]);
        names[slot] = name;
        return 1;
    }
    if (sscanf(line, "C %ld %ld", &sites, &entries) == 2 && sites >= 0 && entries >= 0) {
        log->cover_sites = sites, log->cover_entries = entries;
        return 1;
    }
    if (sscanf(line, "c %u %u", &a, &b) == 2 && (long)a < log->cover_sites && b < 2) {
        log->cover = rh_xrealloc(log->cover, (size_t)(log->ncover + 1) * sizeof *log->cover);
        log->cover[log->ncover++] = a << 1 | b;
        return 1;
    }
    if (sscanf(line, "r %u", &a) == 1 && (long)a < log->cover_entries) {
        log->ran = rh_xrealloc(log->ran, (size_t)(log->nran + 1) * sizeof *log->ran);
        log->ran[log->nran++] = a;
        return 1;
    }
    return 0;
}

/* One record; 0 when it is malformed or names a node it lacks. */
static int read_record(log_reader *r, const char *line)
{
    rh_dse_log *log = r->log;
    Z3_context z = log->z;
    unsigned id, a, b, c, site, var;
    int op, bits, taken;
    unsigned long long k;
    if (sscanf(line, "V %u %u %d %llu", &id, &var, &bits, &k) == 4) {
        if (bits < 1 || bits > 64)
            return 0;
        char name[32];
        snprintf(name, sizeof name, "v%u_%d", var, bits);
        Z3_ast t = Z3_mk_const(z, Z3_mk_string_symbol(z, name), Z3_mk_bv_sort(z, (unsigned)bits));
        put_node(r, id, t);
        log->vars = rh_xrealloc(log->vars, (size_t)(log->nvars + 1) * sizeof *log->vars);
        log->vars[log->nvars++] = (rh_dse_var){var, bits, k, t};
        return 1;
    }
    if (sscanf(line, "N %u %d %d %u %u %u %llu", &id, &op, &bits, &a, &b, &c, &k) == 7) {
        Z3_ast t = make_term(z, op, bits, node_at(r, a), node_at(r, b), node_at(r, c), k);
        put_node(r, id, t); /* NULL: a term Z3 could not make; branches over it are left out */
        return 1;
    }
    if (sscanf(line, "B %u %d %u", &site, &taken, &id) == 3) {
        if (!node_at(r, id))
            return 1;
        log->br = rh_xrealloc(log->br, (size_t)(log->nbr + 1) * sizeof *log->br);
        log->br[log->nbr++] = (rh_dse_branch){site, taken != 0, is_one(z, node_at(r, id))};
        return 1;
    }
    rh_dse_scan sc;
    if (sscanf(line, "S %u %ld %ld %u %d %llu", &sc.k, &sc.off, &sc.len, &sc.size, &sc.is_signed,
               &sc.value) == 6) {
        if (sc.k >= RH_SYM_SCANF_MAX || sc.off < 0 || sc.off >= RH_SYM_STDIN_LEN || sc.len < 1 ||
            sc.len > 24 || sc.size < 1 || sc.size > 8)
            return 0;
        log->scans = rh_xrealloc(log->scans, (size_t)(log->nscans + 1) * sizeof *log->scans);
        log->scans[log->nscans++] = sc;
        return 1;
    }
    if (sscanf(line, "P %u", &id) == 1) {
        if (!node_at(r, id))
            return 1;
        log->pins = rh_xrealloc(log->pins, (size_t)(log->npins + 1) * sizeof *log->pins);
        log->pins[log->npins++] = is_one(z, node_at(r, id));
        return 1;
    }
    if (line[0] == 'I' || line[0] == 'C' || line[0] == 'c' || line[0] == 'r')
        return read_input_or_cover(log, line);
    if (strncmp(line, "E ", 2) == 0) {
        snprintf(log->capped, sizeof log->capped, "%.31s", line + 2);
        return 1;
    }
    return 0;
}

static void on_z3_error(Z3_context z, Z3_error_code e)
{
    (void)z, (void)e; /* a term that does not sort-check is dropped by its reader */
}

int rh_dse_log_read(const char *path, rh_dse_log *log, char *err)
{
    memset(log, 0, sizeof *log);
    FILE *f = fopen(path, "r");
    if (!f)
        return rh_fail(err, "the concolic run wrote no log");
    Z3_config cfg = Z3_mk_config();
    log->z = Z3_mk_context(cfg);
    Z3_del_config(cfg);
    Z3_set_error_handler(log->z, on_z3_error);
    log->cover_sites = log->cover_entries = -1;
    log_reader r = {log, NULL, 0};
    char *line = NULL;
    size_t cap = 0;
    while (getline(&line, &cap, f) > 0) {
        line[strcspn(line, "\n")] = 0;
        if (!read_record(&r, line) || Z3_get_error_code(log->z) != Z3_OK)
            break; /* a truncated or inconsistent tail: what came before stands */
    }
    free(line);
    fclose(f);
    free(r.node);
    return 0;
}

void rh_dse_log_free(rh_dse_log *log)
{
    free(log->br);
    free(log->pins);
    free(log->vars);
    for (int i = 0; i < RH_SYM_ENV_SLOTS; i++)
        free(log->env_name[i]);
    for (int i = 0; i < RH_SYM_FILE_SLOTS; i++)
        free(log->file_path[i]);
    free(log->cover);
    free(log->ran);
    free(log->scans);
    if (log->z)
        Z3_del_context(log->z);
    memset(log, 0, sizeof *log);
}
