/* dse_search.c - the generational search of --inputs=solver (SAGE over
 * papers/003's concolic runs): each input gets one concolic run (FIFO,
 * RH_RT_SYM set) whose log says which symbolic branches it took; Z3 then
 * negates each branch after the one the input was generated from, under
 * the path condition before it, and every model is a new input.  Inputs
 * whose flipped branch can reach a thread creation or an access of one of
 * the static engine's candidate pairs (dse_instrument.c marks such sides)
 * go first.  Per input that reaches threads, the schedule
 * search runs as without the solver (PCT and random runs), and for the
 * first few such inputs the runs directed at the static engine's
 * candidate pairs too (a candidate that needs an input is confirmed only
 * on one that starts its threads).
 *
 * Pruning rule: a branch direction already covered by an earlier run is
 * not a target (no query), a query already asked (the same path prefix
 * and target) is not asked again, a target the solver failed on three
 * times is dropped, and an input whose concolic run covers no new branch
 * direction gets neither children nor schedule runs.
 */
#include "dse.h"
#include "runtime/rt_sym_abi.h"
#include "util/hash.h"
#include "util/hashmap.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DSE_STDIN_DEFAULT 128    /* bytes of standard input when --stdin is not given */
#define DSE_SCHEDULE_RUNS 4      /* schedule runs per input that reaches threads */
#define DSE_QUERIES_PER_RUN 64
#define DSE_QUERY_MS 2000
#define DSE_QUERY_RETRY_MS 8000  /* a query that timed out gets one longer try (a loaded machine) */
#define DSE_TARGET_FAILS 3
#define DSE_KEEP_THREADED 16     /* inputs kept for schedule runs once the inputs run out */
#define DSE_DIRECTED_INPUTS 2    /* inputs that reach threads given the directed runs */
#define DSE_DIRECTED_SHARE 0.3   /* of the budget left, at most, per such input */

typedef struct dse_item {
    rh_dse_input in;
    int bound;              /* branches before this index are the parent's, not flipped */
    int score;
    unsigned long order;
} dse_item;

typedef struct dse_state {
    const rh_dse_hooks *h;
    const rh_options *o;
    const char *tmp;
    double deadline;
    rh_result *res;
    RH_VEC(dse_item) queue;
    RH_VEC(rh_dse_input) threaded;
    rh_map covered, sites, asked, failed;
    rh_map entry_dirs, entry_ran;   /* thread entry coverage (dse_cover.c), over the concolic runs */
    long entry_branches, entries;   /* -1: no run reported them */
    unsigned long runs, inputs, with_threads, queries, sat, unsat, unknown, cache_hits, pruned, order;
    char capped[32];
    char *stdin_path, *nondet_path; /* the current input's files */
    rh_dse_applied applied;         /* ... its environment and other files */
} dse_state;

static void input_free(rh_dse_input *in)
{
    for (int i = 0; i < in->nargs; i++)
        free(in->args[i]);
    free(in->args);
    free(in->in);
    free(in->nondet);
    for (int i = 0; i < in->nenv; i++)
        free(in->env[i].name), free(in->env[i].value);
    free(in->env);
    for (int i = 0; i < in->nfiles; i++)
        free(in->files[i].path), free(in->files[i].data);
    free(in->files);
    memset(in, 0, sizeof *in);
}

static void input_copy(rh_dse_input *to, const rh_dse_input *from)
{
    *to = *from;
    to->args = rh_xcalloc((size_t)from->nargs + 1, sizeof *to->args);
    for (int i = 0; i < from->nargs; i++)
        to->args[i] = rh_xstrdup(from->args[i]);
    to->in = rh_xmalloc(from->nin + 1);
    if (from->nin) /* an empty input may have no buffer: memcpy's source must not be NULL */
        memcpy(to->in, from->in, from->nin);
    to->nondet = rh_xcalloc((size_t)from->nnondet + 1, sizeof *to->nondet);
    if (from->nnondet)
        memcpy(to->nondet, from->nondet, (size_t)from->nnondet * sizeof *to->nondet);
    to->env = rh_xcalloc((size_t)from->nenv + 1, sizeof *to->env);
    for (int i = 0; i < from->nenv; i++) {
        to->env[i].name = rh_xstrdup(from->env[i].name);
        to->env[i].value = from->env[i].value ? rh_xstrdup(from->env[i].value) : NULL;
    }
    to->files = rh_xcalloc((size_t)from->nfiles + 1, sizeof *to->files);
    for (int i = 0; i < from->nfiles; i++) {
        to->files[i] = from->files[i];
        to->files[i].path = rh_xstrdup(from->files[i].path);
        to->files[i].data = rh_xmalloc(from->files[i].n + 1);
        if (from->files[i].n)
            memcpy(to->files[i].data, from->files[i].data, from->files[i].n);
    }
}

/* The first input: the --arg values and the --stdin file, else no
 * arguments and DSE_STDIN_DEFAULT zero bytes (a reader gets bytes to
 * make symbolic; end of file comes after them). */
static void first_input(const rh_options *o, rh_dse_input *in)
{
    memset(in, 0, sizeof *in);
    in->args = rh_xcalloc((size_t)o->nrun_args + 1, sizeof *in->args);
    for (int i = 0; i < o->nrun_args; i++)
        in->args[in->nargs++] = rh_xstrdup(o->run_args[i]);
    char err[RH_ERR_MAX];
    size_t n = 0;
    char *text = o->stdin_file ? rh_read_file(o->stdin_file, &n, err) : NULL;
    if (text) {
        in->in = (unsigned char *)text, in->nin = n;
    } else {
        in->in = rh_xcalloc(DSE_STDIN_DEFAULT, 1);
        in->nin = DSE_STDIN_DEFAULT;
    }
}

static int write_input_files(dse_state *d, const rh_dse_input *in, char **stdin_path,
                             char **nondet_path, char *err)
{
    if (!*stdin_path) {
        *stdin_path = rh_xasprintf("%s/dse.stdin", d->tmp);
        *nondet_path = rh_xasprintf("%s/dse.nondet", d->tmp);
    }
    FILE *f = fopen(*stdin_path, "wb");
    if (!f || fwrite(in->in, 1, in->nin, f) != in->nin || fclose(f))
        return rh_fail(err, "%s: cannot write the program's input", *stdin_path);
    f = fopen(*nondet_path, "w");
    if (!f)
        return rh_fail(err, "%s: cannot write the program's input", *nondet_path);
    for (int i = 0; i < in->nnondet; i++)
        fprintf(f, "%lld\n", in->nondet[i]);
    return fclose(f) ? rh_fail(err, "%s: cannot write the program's input", *nondet_path) : 0;
}

/* Makes `in` the input of the runs that follow (the files' paths stay
 * valid for the whole search: the engine keeps them). */
static int use(dse_state *d, const rh_dse_input *in, char *err)
{
    if (write_input_files(d, in, &d->stdin_path, &d->nondet_path, err))
        return -1;
    rh_dse_applied_free(&d->applied);
    rh_dse_input_words(in, &d->applied);
    if (rh_dse_apply_words((const char *const *)d->applied.words, d->applied.nwords, d->tmp,
                           &d->applied, err))
        return -1;
    d->h->use_input(d->h->sess, in, d->stdin_path, d->nondet_path, &d->applied);
    return 0;
}

/* ---- a new input from a model ---- */

static void set_var(rh_dse_input *c, unsigned char (*arg)[RH_SYM_ARG_LEN + 1], int *argc,
                    unsigned var, unsigned long long v)
{
    if (var == 0) {
        *argc = v < 1 ? 1 : v > 1 + RH_SYM_MAX_ARGS ? 1 + RH_SYM_MAX_ARGS : (int)v;
    } else if (var <= RH_SYM_MAX_ARGS * RH_SYM_ARG_LEN) {
        arg[(var - 1) / RH_SYM_ARG_LEN][(var - 1) % RH_SYM_ARG_LEN] = (unsigned char)v;
    } else if (var >= RH_SYM_STDIN && var < RH_SYM_STDIN + RH_SYM_STDIN_LEN) {
        if (var - RH_SYM_STDIN < c->nin)
            c->in[var - RH_SYM_STDIN] = (unsigned char)v;
    } else if (var >= RH_SYM_NONDET && var < RH_SYM_NONDET + RH_SYM_NONDET_MAX) {
        int k = (int)(var - RH_SYM_NONDET);
        if (k >= c->nnondet) {
            c->nondet = rh_xrealloc(c->nondet, (size_t)(k + 1) * sizeof *c->nondet);
            memset(c->nondet + c->nnondet, 0, (size_t)(k + 1 - c->nnondet) * sizeof *c->nondet);
            c->nnondet = k + 1;
        }
        c->nondet[k] = (long long)v;
    }
}

/* scanf's numbers (rt_sym_scanf.c): each one's text in c's standard
 * input becomes the decimal text of its value, the model's where it has
 * one, this run's otherwise (the model may have changed the text's bytes
 * as bytes), last first so that the offsets of the earlier ones hold;
 * what scanf stores is the value cut to its size, so that is written. */
static void splice_numbers(const rh_dse_log *log, const unsigned long long *val, const char *set,
                           rh_dse_input *c)
{
    for (int i = log->nscans - 1; i >= 0; i--) {
        const rh_dse_scan *sc = &log->scans[i];
        if ((size_t)(sc->off + sc->len) > c->nin)
            continue;
        unsigned bits = 8 * sc->size;
        unsigned long long v = set[sc->k] ? val[sc->k] : sc->value;
        v = bits < 64 ? v & ((1ull << bits) - 1) : v;
        char text[32];
        if (sc->is_signed && bits < 64 && (v >> (bits - 1)) & 1)
            snprintf(text, sizeof text, "%lld", (long long)(v | ~((1ull << bits) - 1)));
        else if (sc->is_signed)
            snprintf(text, sizeof text, "%lld", (long long)v);
        else
            snprintf(text, sizeof text, "%llu", v);
        size_t tl = strlen(text), tail = c->nin - (size_t)(sc->off + sc->len);
        unsigned char *in = rh_xmalloc(c->nin - (size_t)sc->len + tl + 1);
        memcpy(in, c->in, (size_t)sc->off);
        memcpy(in + sc->off, text, tl);
        memcpy(in + sc->off + tl, c->in + sc->off + sc->len, tail);
        free(c->in);
        c->in = in;
        c->nin = (size_t)sc->off + tl + tail;
    }
}

/* The child of parent whose variables take the model's values (the rest
 * keep this run's): argc and argument bytes, input bytes, nondet values,
 * scanf's numbers. */
static void child_input(const rh_dse_log *log, Z3_model m, const rh_dse_input *parent, rh_dse_input *c)
{
    unsigned long long scan_val[RH_SYM_SCANF_MAX];
    char scan_set[RH_SYM_SCANF_MAX] = {0};
    input_copy(c, parent);
    unsigned char arg[RH_SYM_MAX_ARGS][RH_SYM_ARG_LEN + 1];
    memset(arg, 0, sizeof arg);
    for (int i = 0; i < parent->nargs && i < RH_SYM_MAX_ARGS; i++)
        strncpy((char *)arg[i], parent->args[i], RH_SYM_ARG_LEN);
    int argc = parent->nargs + 1;
    for (int pass = 0; pass < 2; pass++) /* this run's values, then the model's */
        for (int i = 0; i < log->nvars; i++) {
            const rh_dse_var *v = &log->vars[i];
            Z3_ast out = NULL;
            unsigned long long val = v->value;
            if (pass == 1 && !(Z3_model_eval(log->z, m, v->term, 0, &out) && out &&
                               Z3_get_ast_kind(log->z, out) == Z3_NUMERAL_AST &&
                               Z3_get_numeral_uint64(log->z, out, (uint64_t *)&val)))
                continue;
            if (v->var >= RH_SYM_SCANF && v->var < RH_SYM_SCANF + RH_SYM_SCANF_MAX) {
                unsigned k = v->var - RH_SYM_SCANF;
                scan_val[k] = val, scan_set[k] = pass == 1;
            }
            set_var(c, arg, &argc, v->var, val);
        }
    splice_numbers(log, scan_val, scan_set, c);
    int old = c->nargs;
    c->nargs = old > RH_SYM_MAX_ARGS ? old : argc - 1; /* more than the bound: as given */
    c->args = rh_xrealloc(c->args, ((size_t)(c->nargs > old ? c->nargs : old) + 1) * sizeof *c->args);
    for (int i = 0; i < c->nargs && i < RH_SYM_MAX_ARGS; i++) {
        const char *tail = i < old && strlen(parent->args[i]) > RH_SYM_ARG_LEN &&
                                   !memchr(arg[i], 0, RH_SYM_ARG_LEN)
                               ? parent->args[i] + RH_SYM_ARG_LEN : "";
        char *s = rh_xasprintf("%s%s", (char *)arg[i], tail);
        if (i < old)
            free(c->args[i]);
        c->args[i] = s;
    }
    for (int i = c->nargs; i < old; i++)
        free(c->args[i]);
    c->args[c->nargs] = NULL;
    rh_dse_child_slots(log, m, c);
}

/* ---- solving ---- */

static uint64_t key_of(uint64_t h, unsigned site, int dir)
{
    uint64_t x = ((uint64_t)site << 1) | (unsigned)dir;
    return rh_hash_bytes(h, &x, sizeof x);
}

static void push_child(dse_state *d, rh_dse_input *c, int bound, int score)
{
    dse_item it = {*c, bound, score, d->order++};
    rh_vec_push(&d->queue, it);
}

/* Whether target (site, dir) deserves a query at prefix hash h. */
static int worth_asking(dse_state *d, uint64_t h, unsigned site, int dir)
{
    uint64_t t = ((uint64_t)site << 1) | (unsigned)dir;
    if (rh_map_get(&d->covered, t, 0) || rh_map_get(&d->failed, t, 0) >= DSE_TARGET_FAILS)
        return 0;
    if (rh_map_get(&d->asked, key_of(h, site, dir), 0)) {
        d->cache_hits++;
        return 0;
    }
    return 1;
}

static void set_timeout(Z3_context z, Z3_solver s, double deadline, unsigned cap)
{
    double left = deadline - rh_now();
    unsigned ms = left * 1000 < cap ? (unsigned)(left > 0 ? left * 1000 : 1) : cap;
    Z3_params p = Z3_mk_params(z);
    Z3_params_inc_ref(z, p);
    Z3_params_set_uint(z, p, Z3_mk_string_symbol(z, "timeout"), ms);
    Z3_solver_set_params(z, s, p);
    Z3_params_dec_ref(z, p);
}

/* Negates each branch of log from `bound` on under the path before it
 * (incrementally: one solver, the prefix asserted as it grows); each model
 * is a child of parent. */
static void expand(dse_state *d, const rh_dse_log *log, const rh_dse_input *parent, int bound)
{
    Z3_context z = log->z;
    Z3_solver s = Z3_mk_solver(z);
    Z3_solver_inc_ref(z, s);
    for (int i = 0; i < log->npins; i++)
        Z3_solver_assert(z, s, log->pins[i]);
    uint64_t h = RH_HASH_SEED;
    int asked = 0;
    for (int j = 0; j < log->nbr && asked < DSE_QUERIES_PER_RUN && rh_now() < d->deadline &&
                    !d->h->settled(d->h->sess);
         j++) {
        const rh_dse_branch *b = &log->br[j];
        Z3_ast want = b->taken ? Z3_mk_not(z, b->cond) : b->cond;
        if (j >= bound && worth_asking(d, h, b->site, !b->taken)) {
            asked++;
            d->queries++;
            rh_map_put(&d->asked, key_of(h, b->site, !b->taken), 1);
            Z3_solver_push(z, s);
            Z3_solver_assert(z, s, want);
            set_timeout(z, s, d->deadline, DSE_QUERY_MS);
            Z3_lbool r = Z3_solver_check(z, s);
            if (r == Z3_L_UNDEF && rh_now() < d->deadline) {
                set_timeout(z, s, d->deadline, DSE_QUERY_RETRY_MS);
                r = Z3_solver_check(z, s);
            }
            if (r == Z3_L_TRUE) {
                d->sat++;
                Z3_model m = Z3_solver_get_model(z, s);
                Z3_model_inc_ref(z, m);
                rh_dse_input c;
                child_input(log, m, parent, &c);
                Z3_model_dec_ref(z, m);
                /* the flipped side: bit 0 marks a true side that reaches a goal */
                int creates = (b->site >> (b->taken ? 1 : 0)) & 1;
                push_child(d, &c, j + 1, creates ? 1000 : 0);
            } else {
                uint64_t t = ((uint64_t)b->site << 1) | (unsigned)!b->taken;
                rh_map_put(&d->failed, t, rh_map_get(&d->failed, t, 0) + 1);
                r == Z3_L_FALSE ? d->unsat++ : d->unknown++;
            }
            Z3_solver_pop(z, s, 1);
        }
        Z3_solver_assert(z, s, b->taken ? b->cond : Z3_mk_not(z, b->cond));
        h = key_of(h, b->site, b->taken);
    }
    Z3_solver_dec_ref(z, s);
}

/* Branch directions of log not covered before; they are covered now. */
static int cover(dse_state *d, const rh_dse_log *log)
{
    if (log->cover_sites >= 0) {
        d->entry_branches = log->cover_sites, d->entries = log->cover_entries;
        for (int j = 0; j < log->ncover; j++)
            rh_map_put(&d->entry_dirs, log->cover[j], 1);
        for (int j = 0; j < log->nran; j++)
            rh_map_put(&d->entry_ran, log->ran[j], 1);
    }
    int fresh = 0;
    for (int j = 0; j < log->nbr; j++) {
        uint64_t t = ((uint64_t)log->br[j].site << 1) | (unsigned)log->br[j].taken;
        rh_map_put(&d->sites, log->br[j].site, 1);
        if (!rh_map_get(&d->covered, t, 0)) {
            rh_map_put(&d->covered, t, 1);
            fresh++;
        }
    }
    return fresh;
}

/* ---- the search ---- */

static const char *schedule_strategy(unsigned long k)
{
    static const char *const rotation[] = {"pct", "random", "pct", "random"};
    return rotation[k % 4];
}

static int schedule_runs(dse_state *d, int n, char *err)
{
    for (int k = 0; k < n && rh_now() < d->deadline && !d->h->settled(d->h->sess); k++) {
        int threads = 0;
        if (d->h->run(d->h->sess, d->runs, schedule_strategy(d->runs), NULL, &threads, err))
            return -1;
        d->runs++;
    }
    return 0;
}

/* One input: its concolic run, its schedule runs, its children. */
static int explore(dse_state *d, dse_item *it, char *err)
{
    char *logp = rh_xasprintf("%s/dse.log", d->tmp);
    int threads = 0, rc = use(d, &it->in, err);
    remove(logp);
    if (rc == 0)
        rc = d->h->run(d->h->sess, d->runs, "fifo", logp, &threads, err);
    d->runs++, d->inputs++;
    rh_dse_log log;
    if (rc || rh_dse_log_read(logp, &log, err)) {
        free(logp);
        return rc; /* a run that wrote no log (killed at once): nothing to expand */
    }
    free(logp);
    if (log.capped[0] && !d->capped[0])
        snprintf(d->capped, sizeof d->capped, "%s", log.capped);
    int fresh = cover(d, &log);
    if (threads > 0)
        d->with_threads++;
    if (fresh == 0 && d->inputs > 1) {
        d->pruned++;
    } else {
        if (threads > 0) {
            if (d->threaded.len < DSE_KEEP_THREADED) {
                rh_dse_input keep;
                input_copy(&keep, &it->in);
                rh_vec_push(&d->threaded, keep);
            }
            rc = schedule_runs(d, DSE_SCHEDULE_RUNS, err);
            if (rc == 0 && d->with_threads <= DSE_DIRECTED_INPUTS && !d->h->settled(d->h->sess)) {
                unsigned long n = 0;
                rc = d->h->directed(d->h->sess, rh_now() + (d->deadline - rh_now()) * DSE_DIRECTED_SHARE,
                                    &n, err);
                d->runs += n;
            }
        }
        if (rc == 0)
            expand(d, &log, &it->in, it->bound);
    }
    rh_dse_log_free(&log);
    return rc;
}

/* The queued input to run next: the highest score, the oldest first. */
static int pop_best(dse_state *d, dse_item *out)
{
    if (!d->queue.len)
        return 0;
    size_t best = 0;
    for (size_t i = 1; i < d->queue.len; i++)
        if (d->queue.items[i].score > d->queue.items[best].score ||
            (d->queue.items[i].score == d->queue.items[best].score &&
             d->queue.items[i].order < d->queue.items[best].order))
            best = i;
    *out = d->queue.items[best];
    d->queue.items[best] = d->queue.items[--d->queue.len];
    return 1;
}

static unsigned long map_size(rh_map *m)
{
    unsigned long n = 0;
    size_t pos = 0;
    uint64_t k;
    long v;
    while (rh_map_next(m, &pos, &k, &v))
        n++;
    return n;
}

/* Why the search stopped, as the note says it and as a dse.stop.* stat. */
typedef enum { STOP_SETTLED, STOP_BUDGET, STOP_ALL_PATHS, STOP_SOLVER_LIMITS, STOP_ERROR } dse_stop;

static const struct { const char *stat, *why; } stops[] = {
    [STOP_SETTLED] = {"dse.stop.settled", "the verdict was settled (a race was found)"},
    [STOP_BUDGET] = {"dse.stop.budget", "the time budget ended"},
    [STOP_ALL_PATHS] = {"dse.stop.all_paths", "every input the solver found was tried (all paths "
                                              "within the bounds); the rest of the budget went to "
                                              "schedules of the inputs that reached threads"},
    [STOP_SOLVER_LIMITS] = {"dse.stop.solver_limits",
                            "every input the solver found was tried, but queries it could not "
                            "answer in time (solver limits) left paths unexplored; the rest of the "
                            "budget went to schedules of the inputs that reached threads"},
    [STOP_ERROR] = {"dse.stop.error", "an error"},
};

/* The thread entry coverage, as a clause of the note. */
static char *entry_clause(dse_state *d)
{
    if (d->entry_branches < 0)
        return rh_xstrdup("no concolic run reported the coverage of thread entry functions");
    return rh_xasprintf("%lu of %ld thread start routines ran; %lu of %ld directions of the "
                        "branches in the functions they reach were taken (by any thread, over the "
                        "concolic runs)",
                        map_size(&d->entry_ran), d->entries, map_size(&d->entry_dirs),
                        2 * d->entry_branches);
}

static void report(dse_state *d, dse_stop stop)
{
    rh_result *res = d->res;
    unsigned long sites = map_size(&d->sites), dirs = map_size(&d->covered);
    const char *why = stops[stop].why;
    char *entry = entry_clause(d);
    rh_result_note(res, "dynamic: inputs chosen by the solver (--inputs=solver): %lu inputs tried, "
                        "%lu of them created threads; %lu of %lu directions of the %lu symbolic "
                        "branches seen were covered; %lu solver queries (%lu sat, %lu unsat, %lu "
                        "unknown, %lu answered by the cache); %lu inputs pruned (no new branch); "
                        "%s; the search stopped: %s%s%s",
                   d->inputs, d->with_threads, dirs, 2 * sites, sites, d->queries, d->sat, d->unsat,
                   d->unknown, d->cache_hits, d->pruned, entry, why,
                   d->capped[0] ? "; a run's recording was capped at its limit of " : "", d->capped);
    free(entry);
    for (size_t i = 0; i < sizeof stops / sizeof stops[0]; i++)
        rh_result_stat(res, stops[i].stat, i == (size_t)stop);
    rh_result_stat(res, "dse.entry_functions", (double)(d->entries < 0 ? 0 : d->entries));
    rh_result_stat(res, "dse.entry_functions_ran", (double)map_size(&d->entry_ran));
    rh_result_stat(res, "dse.entry_branches", (double)(d->entry_branches < 0 ? 0 : d->entry_branches));
    rh_result_stat(res, "dse.entry_directions_covered", (double)map_size(&d->entry_dirs));
    rh_result_stat(res, "dse.inputs", (double)d->inputs);
    rh_result_stat(res, "dse.inputs_with_threads", (double)d->with_threads);
    rh_result_stat(res, "dse.branch_sites", (double)sites);
    rh_result_stat(res, "dse.directions_covered", (double)dirs);
    rh_result_stat(res, "dse.queries", (double)d->queries);
    rh_result_stat(res, "dse.sat", (double)d->sat);
    rh_result_stat(res, "dse.unsat", (double)d->unsat);
    rh_result_stat(res, "dse.unknown", (double)d->unknown);
    rh_result_stat(res, "dse.cache_hits", (double)d->cache_hits);
    rh_result_stat(res, "dse.pruned", (double)d->pruned);
    rh_result_stat(res, "dse.runs", (double)d->runs);
}

/* Once the inputs run out: more schedules of the inputs that reached threads. */
static int more_schedules(dse_state *d, char *err)
{
    for (size_t k = 0; d->threaded.len && rh_now() < d->deadline && !d->h->settled(d->h->sess); k++) {
        if (use(d, &d->threaded.items[k % d->threaded.len], err) || schedule_runs(d, 1, err))
            return -1;
    }
    return 0;
}

int rh_dse_search(const rh_dse_hooks *h, const rh_options *o, const char *tmp, double deadline,
                  rh_result *res, char *err)
{
    dse_state d = {0};
    d.h = h, d.o = o, d.tmp = tmp, d.deadline = deadline, d.res = res;
    d.entry_branches = d.entries = -1;
    rh_dse_input first;
    first_input(o, &first);
    push_child(&d, &first, 0, 0);
    int rc = 0;
    dse_item it;
    while (rc == 0 && rh_now() < deadline && !h->settled(h->sess) && pop_best(&d, &it)) {
        rc = explore(&d, &it, err);
        input_free(&it.in);
    }
    dse_stop stop = h->settled(h->sess) ? STOP_SETTLED
                    : rh_now() >= deadline ? STOP_BUDGET
                    : d.queue.len || rc    ? STOP_ERROR
                    : d.unknown            ? STOP_SOLVER_LIMITS
                                           : STOP_ALL_PATHS;
    if (rc == 0 && !d.queue.len)
        rc = more_schedules(&d, err);
    report(&d, stop);
    for (size_t i = 0; i < d.queue.len; i++)
        input_free(&d.queue.items[i].in);
    for (size_t i = 0; i < d.threaded.len; i++)
        input_free(&d.threaded.items[i]);
    rh_vec_free(&d.queue);
    rh_vec_free(&d.threaded);
    rh_map_free(&d.covered);
    rh_map_free(&d.sites);
    rh_map_free(&d.asked);
    rh_map_free(&d.failed);
    rh_map_free(&d.entry_dirs);
    rh_map_free(&d.entry_ran);
    free(d.stdin_path);
    free(d.nondet_path);
    rh_dse_applied_free(&d.applied);
    return rc;
}
