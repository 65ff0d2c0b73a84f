/* dyn_witnesses.c - the witnesses of the races the dynamic engine's runs
 * show, shortened before they are reported: a short schedule that
 * replayed into its race (wit_minimise.c, wit_group.c), within the
 * witness budget (a quarter of the engine's), which goes first to the
 * groups of races one publication orders (one replay confirms a group),
 * then to the other races cheapest first, each its share; after the
 * search, what is left polishes the witnesses still long.  Each confirmed
 * race left without a replayed witness is named in a note with the
 * reason.
 */
#include "dyn_session.h"
#include "dyn_par.h"
#include "engines/witness/witness.h"
#include "result/witness_file.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void pending_groups(dyn_session *s, double until);

/* Says (in the notes, finish_notes) why race r has no replayed witness:
 * why is a static phrase; NULL forgets it (a later try replayed). */
void dyn_no_witness(dyn_session *s, const rh_race *r, const char *why)
{
    char *k = dyn_race_key(r);
    size_t n = strlen(k);
    for (size_t i = 0; i < s->nowit.len; i++)
        if (strncmp(s->nowit.items[i], k, n) == 0 && s->nowit.items[i][n] == '\t') {
            free(s->nowit.items[i]);
            s->nowit.items[i] = s->nowit.items[--s->nowit.len];
            break;
        }
    if (why)
        rh_vec_push(&s->nowit, rh_xasprintf("%s\t%s", k, why));
    free(k);
}

/* Shortens r's witness (wit_minimise.c) before it is reported, so what is
 * written is a short schedule that replayed into the race.  A witness that
 * does not replay (the program is not deterministic under the schedule) is
 * dropped: the race was observed, but its schedule shows nothing. */
void dyn_shorten_witness(dyn_session *s, rh_race *r)
{
    if (!r->witness)
        return;
    double t0 = rh_now(), span = (s->deadline - t0) / 2;
    if (span > RH_DYN_MIN_SECONDS)
        span = RH_DYN_MIN_SECONDS;
    if (span > s->min_left)
        span = s->min_left;
    rh_wit_ctx c = {&s->bin, s->tmp, s->program, r->witness->seed, t0 + span, 0};
    int replayed;
    rh_witness *m = rh_wit_minimise(&c, r->witness, &replayed);
    s->min_left -= rh_now() - t0;
    dyn_no_witness(s, r, m ? NULL : replayed < 0 ? RH_DYN_WHY_BUDGET : RH_DYN_WHY_UNREPLAYED);
    if (m) {
        s->wit_before += r->witness->nsteps;
        s->wit_after += m->nsteps;
        s->wit_short++;
        rh_witness_free(r->witness);
        r->witness = m;
    } else if (replayed < 0) {
        rh_wit_fold(r->witness); /* not shortened in time: the same schedule, written shorter */
    } else if (replayed == 0) {
        s->wit_unreplayed++;
        rh_witness_free(r->witness);
        r->witness = NULL;
    }
}

/* A long witness recorded again: a few runs directed at its race's two
 * lines (a thread held at one access until another reaches the other,
 * rt_target.c) under PCT with at most one change point, so that threads
 * run long stretches and the schedule switches seldom.  The race a random
 * walk found after a thousand switches (a worker's last pull of a queue
 * while main begins to wait) is often there in a run of a few dozen
 * stretches, which compression shortens to a few steps.  The witness
 * kept is the shortest that replayed. */
#define RH_DYN_RERECORD_RUNS 4

static void rerecord(dyn_session *s, rh_race *r, double until)
{
    char *file[2] = {r->a.file, r->b.file};
    unsigned line[2] = {r->a.line, r->b.line};
    char *target = !file[0] || !file[1] ? NULL : rh_dyn_pair_target(&s->bin, file, line);
    for (int t = 0; target && t < RH_DYN_RERECORD_RUNS && rh_now() + 0.5 < until; t++) {
        rh_dyn_runspec spec = {0};
        spec.strategy = "pct";
        spec.seed = s->o->seed + 7919 * (unsigned long)(t + 1);
        spec.pct_d = 1 + t % 2;
        spec.pct_k = 1000;
        spec.target = target;
        spec.trace_cap = RH_DYN_TRACE_CAP;
        double left = (until - rh_now()) / 2;
        spec.timeout = left < RH_DYN_RUN_TIMEOUT ? left : RH_DYN_RUN_TIMEOUT;
        rh_dyn_outcome out;
        char err[RH_ERR_MAX];
        if (rh_dyn_run_once(&s->bin, s->tmp, &spec, &out, err))
            break;
        s->runs++;
        for (int j = 0; j < out.trace.nraces; j++) {
            if (out.trace.races[j].hide || !rh_dyn_obs_at(&s->bin, &out.trace.races[j], file, line))
                continue;
            rh_race nr;
            rh_dyn_race_from_obs(&s->bin, &out.trace, j, s->program, spec.seed, RH_EV_OBSERVED, &nr);
            if (nr.witness && nr.witness->nsteps > 0) {
                double now = rh_now();
                rh_wit_ctx c = {&s->bin, s->tmp, s->program, spec.seed, now + (until - now) / 2, 0};
                int replayed;
                rh_witness *m = rh_wit_minimise(&c, nr.witness, &replayed);
                if (m && m->nsteps < r->witness->nsteps) {
                    s->wit_rerecorded++;
                    dyn_no_witness(s, r, NULL);
                    rh_witness_free(r->witness);
                    r->witness = m;
                    m = NULL;
                }
                rh_witness_free(m);
            }
            rh_race_free(&nr);
            break;
        }
        rh_dyn_outcome_free(&out);
        if (r->witness->nsteps <= RH_DYN_FEW_STEPS)
            break;
    }
    free(target);
}

/* Once the search is over, what is left of the budget, up to half of it,
 * goes to the witnesses still longer than a few dozen steps, longest first
 * (a developer follows a witness step by step): each is recorded again in
 * runs of few switches (rerecord), and what is still long goes back to the
 * minimiser, whose ddmin shortens it further with every replay it is
 * given. */
void dyn_polish_witnesses(dyn_session *s)
{
    rh_result *res = s->res;
    double until = rh_now() + (s->deadline - rh_now()) / 2;
    if (!s->o->inputs_solver) /* first the groups: a replay gives many races their witness */
        pending_groups(s, until);
    int *order = rh_xcalloc((size_t)res->nraces + 1, sizeof *order), n = 0;
    for (int i = 0; i < res->nraces; i++) {
        if (!res->races[i].witness || res->races[i].witness->nsteps <= RH_DYN_FEW_STEPS)
            continue;
        int j = n++; /* insertion by length, longest first */
        for (; j > 0 && res->races[order[j - 1]].witness->nsteps < res->races[i].witness->nsteps; j--)
            order[j] = order[j - 1];
        order[j] = i;
    }
    for (int k = 0; k < n && !rh_cancelled(); k++) {
        double now = rh_now();
        if (now + 0.5 >= until)
            break;
        rh_race *r = &res->races[order[k]];
        /* after an --inputs=solver search the runs take the user's input
         * again, not the one a witness names: it stays as the search
         * shortened it */
        if (s->o->inputs_solver)
            continue;
        double slot = now + (until - now) / (n - k);
        rerecord(s, r, now + (slot - now) / 2); /* first: a schedule of few switches */
        if (r->witness->nsteps <= RH_DYN_FEW_STEPS || rh_now() + 0.5 >= slot)
            continue;
        rh_wit_ctx c = {&s->bin, s->tmp, s->program, r->witness->seed, slot, 0};
        int replayed;
        rh_witness *m = rh_wit_minimise(&c, r->witness, &replayed);
        if (m && m->nsteps < r->witness->nsteps) {
            s->wit_polished++;
            dyn_no_witness(s, r, NULL);
            rh_witness_free(r->witness);
            r->witness = m;
        } else {
            rh_witness_free(m);
        }
    }
    free(order);
}

/* A race's pair of positions in the run's schedule, as a group key: the
 * steps of the race that alone orders it (ordering_steps, dyn_report.c),
 * 0 when none. */
static long ordering_key(const rh_race *r)
{
    const rh_witness *w = r->witness;
    return w && w->ordering[0] > 0 && w->ordering[1] > 0 ? (long)w->ordering[0] << 32 | w->ordering[1]
                                                          : 0;
}

/* Seconds of the witness budget one more replay job may take now: its
 * share of what is left among `jobs`, at least `least`. */
static double witness_span_least(const dyn_session *s, double jobs, double least)
{
    double span = (s->deadline - rh_now()) / 2, share = s->min_left / (jobs > 1 ? jobs : 1);
    if (share < least) /* too little for a replay: the cheapest first */
        share = least;
    span = span < share ? span : share;
    span = span < RH_DYN_MIN_SECONDS ? span : RH_DYN_MIN_SECONDS;
    return span < s->min_left ? span : s->min_left;
}

static double witness_span(const dyn_session *s, int jobs)
{
    return witness_span_least(s, jobs, RH_DYN_MIN_SHARE_SECONDS);
}

/* The races of a publication (ordered by one race at one pair of steps of
 * the run): one replay of their common schedule gives each its witness
 * (rh_wit_group); done[k] is set for those it gave one.  With two cores
 * (-j, default 2) two groups replay at once, the second in a child
 * process (dyn_par.c): a real program's replay up to its publication is
 * its own computation, seconds of it, and the budget pays for a few. */
#define RH_DYN_POOR_KEYS 16

typedef struct dyn_group {
    int *idx, m;          /* members: indices into fresh */
    rh_witness **ws, **out;
    const char **why;
    long key;
    double span;          /* seconds its replay may take */
} dyn_group;

/* The next group from fresh[k] on (members not done, of k's key, at most
 * RH_DYN_GROUP_MAX): g->m set, members marked 2 in done; 0 when k starts
 * none (no key, done, a poor key, or alone: the minimiser's try_ordering
 * is the same replay). */
static int form_group(dyn_session *s, rh_race *fresh, int n, int k, char *done, const long *poor,
                      int npoor, dyn_group *g)
{
    long key = ordering_key(&fresh[k]);
    int skip = 0;
    for (int j = 0; j < npoor; j++)
        skip |= poor[j] == key;
    g->m = 0;
    if (!key || done[k] || s->min_left <= 0 || skip)
        return 0;
    g->key = key;
    for (int j = k; j < n && g->m < RH_DYN_GROUP_MAX; j++)
        if (!done[j] && ordering_key(&fresh[j]) == key)
            g->idx[g->m] = j, g->ws[g->m++] = fresh[j].witness, done[j] = 2; /* 2: in a group */
    if (getenv("RH_WIT_LOG"))
        fprintf(stderr, "racehunt: group of %d races at steps %d and %d\n", g->m,
                fresh[k].witness->ordering[0], fresh[k].witness->ordering[1]);
    if (g->m < 2) {
        done[k] = 0;
        g->m = 0;
    }
    return g->m;
}

/* A replayed witness w of fresh race r replaces its recording. */
static void take_witness(dyn_session *s, rh_race *r, rh_witness *w)
{
    s->wit_before += r->witness->nsteps;
    s->wit_after += w->nsteps;
    s->wit_short++;
    rh_witness_free(r->witness);
    r->witness = w;
}

/* Group g's members with a witness take it (done 1); the others are left
 * to the minimiser (done 3).  Returns how many got one. */
static int take_members(dyn_session *s, rh_race *fresh, char *done, const dyn_group *g)
{
    int got = 0;
    for (int j = 0; j < g->m; j++) {
        done[g->idx[j]] = g->out[j] ? 1 : 3; /* 3: tried in a group, left to the minimiser */
        if (g->out[j])
            take_witness(s, &fresh[g->idx[j]], g->out[j]), got++;
    }
    s->wit_grouped += got;
    return got;
}

static void group_alloc(dyn_group *g, int n)
{
    g->idx = rh_xcalloc((size_t)n + 1, sizeof *g->idx);
    g->ws = rh_xcalloc((size_t)n + 1, sizeof *g->ws);
    g->out = rh_xcalloc((size_t)n + 1, sizeof *g->out);
    g->why = rh_xcalloc((size_t)n + 1, sizeof *g->why);
}

static void group_free(dyn_group *g)
{
    free(g->idx);
    free(g->ws);
    free(g->out);
    free(g->why);
}

/* Replays group a here and, when b has members, group b at once in a
 * child (dyn_par.c; here after a when the child cannot be started); the
 * run's other races ride along (rws; rout gets their witnesses). */
static void replay_groups(dyn_session *s, rh_race *fresh, int n, dyn_group *a, dyn_group *b,
                          rh_witness **rws, rh_witness **rout, rh_witness **rout2)
{
    rh_group_riders rd = {rws, rout, n}, rd2 = {rws, rout2, n};
    double t0 = rh_now();
    rh_wit_ctx ca = {&s->bin, s->tmp, s->program, fresh[a->idx[0]].witness->seed, t0 + a->span, 0};
    rh_wit_ctx cb = {&s->bin, s->tmp, s->program, b->m ? fresh[b->idx[0]].witness->seed : 0,
                     t0 + b->span, 0};
    dyn_par p = {.pid = -1};
    int par = b->m && dyn_par_start(&p, &cb, b->ws, b->m, &rd2) == 0;
    rh_wit_group(&ca, a->ws, a->m, a->out, a->why, &rd);
    if (par && dyn_par_finish(&p, b->out, rout2) < 0)
        par = 0, s->par_off = 1;
    s->wit_pairs += par;
    if (!par && b->m) {
        cb.deadline = rh_now() + b->span;
        rh_wit_group(&cb, b->ws, b->m, b->out, b->why, &rd2);
    }
    for (int j = 0; j < n; j++) { /* a rider both replays showed keeps the first */
        if (!rout[j])
            rout[j] = rout2[j];
        else
            rh_witness_free(rout2[j]);
        rout2[j] = NULL;
    }
}

static void group_witnesses(dyn_session *s, rh_race *fresh, int n, char *done, int *jobs)
{
    rh_witness **rws = rh_xcalloc((size_t)n + 1, sizeof *rws), **rout = rh_xcalloc((size_t)n + 1, sizeof *rout);
    rh_witness **rout2 = rh_xcalloc((size_t)n + 1, sizeof *rout2);
    dyn_group g[2] = {{0}};
    group_alloc(&g[0], n), group_alloc(&g[1], n);
    long poor[RH_DYN_POOR_KEYS] = {0};
    int npoor = 0, two = s->o->jobs != 1 && !s->par_off;
    for (int k = 0; k < n; k++) {
        if (!form_group(s, fresh, n, k, done, poor, npoor, &g[0]))
            continue;
        double t0 = rh_now();
        /* the group has its members' shares of the budget, and the time of
         * a real program's replay up to its publication at least: a replay
         * cut short shows only the races met before */
        g[0].span = witness_span_least(s, (double)*jobs / g[0].m, RH_DYN_GROUP_SECONDS);
        *jobs -= g[0].m;
        g[1].m = 0;
        int pair = two && dyn_par_idle_core();
        for (int k2 = k + 1; pair && k2 < n && !g[1].m; k2++)
            if (form_group(s, fresh, n, k2, done, poor, npoor, &g[1])) {
                g[1].span = witness_span_least(s, (double)*jobs / g[1].m, RH_DYN_GROUP_SECONDS);
                *jobs -= g[1].m;
            }
        /* the run's other races ride along: a pair of the publication's
         * steps that crosses members is confirmed by the same replay */
        for (int j = 0; j < n; j++) {
            rws[j] = done[j] == 1 || done[j] == 2 ? NULL : fresh[j].witness;
            rout[j] = rout2[j] = NULL;
        }
        replay_groups(s, fresh, n, &g[0], &g[1], rws, rout, rout2);
        s->min_left -= rh_now() - t0;
        for (int j = 0; j < n; j++)
            if (rout[j]) {
                s->wit_grouped++;
                take_witness(s, &fresh[j], rout[j]);
                done[j] = 1;
            }
        /* a replay that showed at most one race: the skeleton does not hold
         * this publication's pairs (the writer, run alone, takes other
         * blocks than it did); its other members' replays go to the other
         * publications first, and to the polish phase */
        for (int i = 0; i < 2; i++)
            if (g[i].m && take_members(s, fresh, done, &g[i]) <= 1 && npoor < RH_DYN_POOR_KEYS)
                poor[npoor++] = g[i].key;
    }
    group_free(&g[0]), group_free(&g[1]);
    free(rws);
    free(rout);
    free(rout2);
}

/* A deep copy of w (through its JSON form, the one writer of witnesses). */
static rh_witness *copy_witness(const rh_witness *w)
{
    char err[RH_ERR_MAX];
    json_t *j = rh_witness_to_json(w);
    rh_witness *c = j ? rh_witness_from_json(j, err) : NULL;
    json_decref(j);
    if (c && (c->nsteps != w->nsteps || c->race_step_a != w->race_step_a ||
              c->race_step_b != w->race_step_b)) {
        rh_witness_free(c); /* not the same schedule: no copy */
        c = NULL;
    }
    return c;
}

/* The publications' races that no group replay gave a witness (done[k]
 * not 1; the budget ran out, or it did not reach them): kept with their
 * longest recording for the polish phase (pending_groups). */
static void keep_pending(dyn_session *s, rh_race *fresh, int n, const char *done)
{
    for (int k = 0; k < n && s->npending < RH_DYN_PENDING_MAX; k++) {
        long key = ordering_key(&fresh[k]);
        int seen = 0;
        for (int j = 0; j < k && !seen; j++)
            seen = done[j] != 1 && ordering_key(&fresh[j]) == key;
        if (!key || done[k] == 1 || seen)
            continue;
        const rh_witness *longest = NULL;
        int m = 0;
        for (int j = k; j < n; j++)
            if (done[j] != 1 && ordering_key(&fresh[j]) == key) {
                m++;
                if (!longest || fresh[j].witness->nsteps > longest->nsteps)
                    longest = fresh[j].witness;
            }
        rh_witness *base = m >= 2 ? copy_witness(longest) : NULL;
        if (!base)
            continue;
        dyn_pending *p = &s->pending[s->npending++];
        p->base = base;
        p->m = rh_xcalloc((size_t)m, sizeof *p->m);
        p->n = 0;
        for (int j = k; j < n; j++) {
            const rh_witness *w = fresh[j].witness;
            if (done[j] == 1 || ordering_key(&fresh[j]) != key)
                continue;
            struct dyn_member *e = &p->m[p->n++];
            e->key = dyn_race_key(&fresh[j]);
            e->nsteps = w->nsteps, e->a = w->race_step_a, e->b = w->race_step_b;
            e->ordering[0] = w->ordering[0], e->ordering[1] = w->ordering[1];
        }
    }
}

void dyn_pending_free(dyn_session *s)
{
    for (int i = 0; i < s->npending; i++) {
        rh_witness_free(s->pending[i].base);
        for (int k = 0; k < s->pending[i].n; k++)
            free(s->pending[i].m[k].key);
        free(s->pending[i].m);
    }
    s->npending = 0;
}

/* The reason recorded for the race with key k, or NULL. */
static const char *reason_of(const dyn_session *s, const char *k)
{
    size_t len = strlen(k);
    for (size_t j = 0; j < s->nowit.len; j++)
        if (strncmp(s->nowit.items[j], k, len) == 0 && s->nowit.items[j][len] == '\t')
            return s->nowit.items[j] + len + 1;
    return NULL;
}

/* The pending groups' replays, before `until`: members still without a
 * replayed witness (their schedule's replay had no budget) get one when
 * their group's replay shows their race (rh_wit_group, members given as
 * views of the base: its first steps, their racing and ordering steps). */
static void pending_groups(dyn_session *s, double until)
{
    rh_witness views[RH_DYN_GROUP_MAX], *ws[RH_DYN_GROUP_MAX], *out[RH_DYN_GROUP_MAX];
    rh_race *race[RH_DYN_GROUP_MAX];
    const char *why[RH_DYN_GROUP_MAX];
    for (int p = 0; p < s->npending && !rh_cancelled(); p++) {
        dyn_pending *g = &s->pending[p];
        for (int k = 0; k < g->n && rh_now() + 0.5 < until && !rh_cancelled();) {
            int m = 0;
            for (; k < g->n && m < RH_DYN_GROUP_MAX; k++) {
                const char *why0 = reason_of(s, g->m[k].key);
                rh_race *r = NULL;
                for (int i = 0; why0 && strcmp(why0, RH_DYN_WHY_BUDGET) == 0 && !r && i < s->res->nraces; i++) {
                    char *rk = dyn_race_key(&s->res->races[i]);
                    if (strcmp(rk, g->m[k].key) == 0 && rh_evidence_confirmed(s->res->races[i].evidence))
                        r = &s->res->races[i];
                    free(rk);
                }
                if (!r)
                    continue;
                views[m] = *g->base; /* shares the base's steps and inputs: never freed */
                views[m].nsteps = g->m[k].nsteps;
                views[m].race_step_a = g->m[k].a, views[m].race_step_b = g->m[k].b;
                views[m].ordering[0] = g->m[k].ordering[0], views[m].ordering[1] = g->m[k].ordering[1];
                ws[m] = &views[m];
                race[m++] = r;
            }
            if (m < 2)
                continue;
            double now = rh_now();
            rh_wit_ctx c = {&s->bin, s->tmp, s->program, g->base->seed, now + (until - now) / 2, 0};
            rh_wit_group(&c, ws, m, out, why, NULL);
            for (int j = 0; j < m; j++) {
                if (!out[j])
                    continue;
                s->wit_grouped++;
                s->wit_short++;
                dyn_no_witness(s, race[j], NULL);
                rh_witness_free(race[j]->witness);
                race[j]->witness = out[j];
            }
        }
    }
}

/* After the last run (the witness budget and another run as long as this
 * one would end past the runs' deadline, and no trace waits for the
 * predictive pass), the rest of the engine's budget, less a reserve for
 * adding these n races and reporting, is the witness budget: the polish
 * phase would otherwise get it, and give each pending group only a
 * quarter of what is left. */
static void last_run_budget(dyn_session *s, int n)
{
    double now = rh_now(), left = s->deadline - now;
    if (now + s->min_left + s->last_run_seconds < s->run_deadline || s->nkept > 0 ||
        s->o->inputs_solver || s->o->runs || left <= 0)
        return;
    double grow = left * (1 - RH_DYN_LAST_RESERVE_SHARE) - RH_DYN_LAST_RESERVE_SECONDS -
                  RH_DYN_LAST_RESERVE_PER_RACE * n;
    if (grow > s->min_left)
        s->min_left = grow;
}

/* Shortens r's witness when its share is long enough for a replay; else
 * keeps its recorded schedule, written shorter, and says why. */
static void shorten_in_share(dyn_session *s, rh_race *r)
{
    if (s->min_left >= RH_DYN_LEAST_REPLAY_SECONDS) {
        dyn_shorten_witness(s, r);
    } else if (r->witness) {
        rh_wit_fold(r->witness);
        dyn_no_witness(s, r, RH_DYN_WHY_BUDGET);
    }
}

void dyn_run_witnesses(dyn_session *s, rh_race *fresh, int n)
{
    last_run_budget(s, n);
    char *done = rh_xcalloc((size_t)n + 1, 1);
    int *order = rh_xcalloc((size_t)n + 1, sizeof *order), jobs = n, m = 0;
    group_witnesses(s, fresh, n, done, &jobs);
    keep_pending(s, fresh, n, done);
    for (int k = 0; k < n; k++) {
        if (done[k] == 1 || !fresh[k].witness)
            continue;
        int j = m++; /* insertion by length, shortest first */
        for (; j > 0 && fresh[order[j - 1]].witness->nsteps > fresh[k].witness->nsteps; j--)
            order[j] = order[j - 1];
        order[j] = k;
    }
    for (int j = 0; j < m; j++) {
        double keep = s->min_left, span = witness_span(s, m - j);
        s->min_left = span; /* this race's share */
        shorten_in_share(s, &fresh[order[j]]);
        s->min_left = keep - (span - s->min_left);
    }
    for (int k = 0; k < n; k++)
        if (!fresh[k].witness)
            dyn_no_witness(s, &fresh[k], RH_DYN_WHY_UNRECORDED);
    free(done);
    free(order);
}

/* Every confirmed race reported without a replayed witness is named in a
 * note that says why, one note a reason ("a.c:10 and a.c:20; ..."). */
void dyn_note_no_witness(dyn_session *s)
{
    static const char *const whys[] = {RH_DYN_WHY_BUDGET, RH_DYN_WHY_UNREPLAYED, RH_DYN_WHY_UNRECORDED};
    for (size_t w = 0; w < sizeof whys / sizeof *whys; w++) {
        char *names = NULL;
        int n = 0;
        for (int i = 0; i < s->res->nraces; i++) {
            rh_race *r = &s->res->races[i];
            if (!rh_evidence_confirmed(r->evidence))
                continue;
            char *k = dyn_race_key(r);
            size_t len = strlen(k);
            int here = 0;
            for (size_t j = 0; j < s->nowit.len && !here; j++)
                here = strncmp(s->nowit.items[j], k, len) == 0 && s->nowit.items[j][len] == '\t' &&
                       strcmp(s->nowit.items[j] + len + 1, whys[w]) == 0;
            free(k);
            if (!here)
                continue;
            const char *fa = strrchr(r->a.file ? r->a.file : "?", '/'), *fb = strrchr(r->b.file ? r->b.file : "?", '/');
            char *more = rh_xasprintf("%s%s%s:%u and %s:%u", names ? names : "", names ? "; " : "",
                                      fa ? fa + 1 : r->a.file, r->a.line, fb ? fb + 1 : r->b.file, r->b.line);
            free(names);
            names = more;
            n++;
        }
        if (n)
            rh_result_note(s->res, "dynamic: %d race(s) are reported without a replayed witness because "
                                   "%s: %s", n, whys[w], names);
        free(names);
    }
}

