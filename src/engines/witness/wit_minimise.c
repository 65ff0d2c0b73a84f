/* wit_minimise.c - shortens a witness before it is written:
 * the fewest steps and context switches that still replay into the same
 * race, with the replay itself as the oracle (delta debugging over the
 * schedule, Zeller's ddmin, on blocks of one thread's steps).
 *
 * Why it works: a replay step "thread T, line L" means "T runs until it
 * performs an event at L" (rt_sched.c), so one step can stand for a whole
 * stretch of T's run.  The passes:
 *   0. for a race ordered only by another race (a payload published by a
 *      plain flag), the skeleton with that race's two steps (try_ordering);
 *   1. the skeleton: creations and the racing steps only, as a fair
 *      schedule (a thread that spins or has run a quantum lets the others
 *      run, rt_sched.c), one replay; when it replays, it is the witness.
 *      First with each racing step at the pass the recorded run made (a
 *      producer's ninth publication, not its first), then at the first;
 *   2. else exact compression: of each stretch of one thread (a block)
 *      keep the last step, the racing steps and thread creations (the
 *      witness's thread numbering rests on them), and an earlier step
 *      wherever a kept step's line came up before in the same stretch (else
 *      the replay would stop at the earlier occurrence).  The same run, if
 *      the program is deterministic;
 *   3. then loose compression: only block ends, creations and racing steps
 *      (a racing line reached in an earlier loop iteration races as well);
 *   4. while what replays is longer than a few dozen steps: the skeleton
 *      with the racing threads' steps of a window before the race;
 *   5. still long: anchored skeletons (try_anchors), the skeleton with one
 *      earlier step of each racing thread;
 *   6. ddmin over blocks: drop runs of whole blocks (context switches),
 *      then single steps.
 * Every candidate is replayed; only one that follows the schedule without a
 * departure into a race at the same two lines is kept, so the witness
 * written is always one that replayed.  Bounded by a deadline and a number
 * of replays; on time-out the best so far stands.  Last, rh_wit_fold
 * writes a thread's run of steps at one position as one step with a count
 * ("times"): a loop that passes one line ten thousand times before the
 * race is one step, and the replay's schedule is the same line for line.
 * RH_WIT_LOG=1 in the environment logs every candidate's replay to stderr
 * (found the race or not, where it departed, its time): why a witness
 * stays long.
 */
#include "wit.h"
#include "result/witness_file.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define RH_MIN_MAX_REPLAYS 48
#define RH_MIN_FEW_STEPS 24 /* a witness this short needs no window tried */
#define RH_MIN_ANCHORS 6    /* earlier positions of each racing thread tried as anchors */
#define RH_MIN_ANCHOR_TRIES 16 /* anchored skeletons replayed at most */

typedef struct min_ctx {
    const rh_wit_ctx *c;
    int replays;
    rh_witness *best;       /* the shortest witness that replayed */
} min_ctx;

static int same_pos(const rh_step *a, const rh_step *b)
{
    return a->line == b->line && (b->col == 0 || a->col == b->col);
}

/* Steps no shorter witness may drop: the racing ones, creations, and
 * timeouts (without its step, a replay would wait instead). */
static int forced(const rh_witness *w, int i)
{
    return i == w->race_step_a || i == w->race_step_b || w->steps[i].timeout ||
           (w->steps[i].what && strncmp(w->steps[i].what, "create", 6) == 0);
}

/* The witness made of the steps of w whose keep[] is set. */
rh_witness *wit_subset(const rh_witness *w, const char *keep)
{
    rh_witness *s = rh_xcalloc(1, sizeof *s);
    s->program = w->program ? rh_xstrdup(w->program) : NULL;
    s->seed = w->seed;
    s->fair = w->fair;
    s->race_step_a = s->race_step_b = -1;
    s->steps = rh_xcalloc((size_t)w->nsteps + 1, sizeof *s->steps);
    for (int i = 0; i < w->nsteps; i++) {
        if (!keep[i])
            continue;
        if (i == w->race_step_a)
            s->race_step_a = s->nsteps;
        if (i == w->race_step_b)
            s->race_step_b = s->nsteps;
        rh_step *d = &s->steps[s->nsteps++];
        *d = w->steps[i];
        d->file = rh_xstrdup(w->steps[i].file ? w->steps[i].file : "?");
        d->what = w->steps[i].what ? rh_xstrdup(w->steps[i].what) : NULL;
    }
    s->inputs = rh_xcalloc((size_t)w->ninputs + 1, sizeof *s->inputs);
    for (int i = 0; i < w->ninputs; i++) {
        s->inputs[i].name = rh_xstrdup(w->inputs[i].name ? w->inputs[i].name : "");
        s->inputs[i].value = w->inputs[i].value;
    }
    s->ninputs = w->ninputs;
    return s;
}

/* A skeleton is a fair schedule (rt_sched.c): with most steps gone, a
 * thread left to run up to a later line may spin where the recorded run
 * switched away, and must let the others run as the recording did.  ddmin's
 * candidates keep their base's rule: a recorded polling loop's count of
 * passes ("times") holds only in the schedule it was counted in. */
static rh_witness *fair_subset(const rh_witness *w, const char *keep)
{
    rh_witness *s = wit_subset(w, keep);
    s->fair = 1;
    return s;
}

int rh_wit_switches(const rh_witness *w)
{
    int n = 0;
    for (int i = 1; w && i < w->nsteps; i++)
        n += w->steps[i].thread != w->steps[i - 1].thread;
    return n;
}

/* Block ends, forced steps, nothing after the later racing step; with
 * `exact`, also what keeps each kept step's line from matching early. */
static char *compress(const rh_witness *w, int exact)
{
    char *keep = rh_xcalloc((size_t)w->nsteps + 1, 1);
    int last = w->race_step_a > w->race_step_b ? w->race_step_a : w->race_step_b;
    for (int i = 0; i <= last; i++)
        keep[i] = forced(w, i) || i == last || w->steps[i + 1].thread != w->steps[i].thread;
    if (!exact)
        return keep;
    for (int k = last; k >= 0; k--) {
        if (!keep[k])
            continue;
        /* the replay of step k starts after the previous kept step; an
         * unkept step of the same thread at k's position in between would
         * end it early, so it is kept too (and checked in turn) */
        for (int j = k - 1; j >= 0 && !keep[j]; j--)
            if (w->steps[j].thread == w->steps[k].thread &&
                (w->steps[k].line == 0 || same_pos(&w->steps[j], &w->steps[k]))) {
                keep[j] = 1;
                break;
            }
    }
    return keep;
}

/* The oracle: w replays without departing from its schedule into a race at
 * its two racing lines.  A success becomes the best witness so far. */
static int replays(min_ctx *m, rh_witness *w)
{
    if (rh_now() + 0.2 >= m->c->deadline || rh_cancelled() || m->replays >= RH_MIN_MAX_REPLAYS) {
        rh_witness_free(w);
        return 0;
    }
    m->replays++;
    rh_race race;
    char err[RH_ERR_MAX] = "";
    rh_wit_follow f = {0, -1};
    double t0 = rh_now();
    int hit = rh_wit_replay(m->c, w, &race, &f, err);
    if (getenv("RH_WIT_LOG")) /* why a candidate failed: where its replay left the schedule */
        fprintf(stderr, "racehunt: minimise: candidate %d of %d steps (fair %d): %s, departed at "
                        "step %ld (%lu times), %.2f s%s%s\n", m->replays, w->nsteps, w->fair,
                hit > 0 ? "race" : hit < 0 ? "error" : "no race", f.depart_step, f.diverged,
                rh_now() - t0, err[0] ? ": " : "", err);
    if (hit > 0 && f.diverged)
        rh_race_free(&race); /* the fallback scheduler found it, not the schedule */
    if (hit > 0 && !f.diverged) {
        rh_race_free(&race);
        rh_witness_free(m->best);
        m->best = w;
        return 1;
    }
    rh_witness_free(w);
    return 0;
}

/* ddmin over the blocks of the best witness: try dropping `chunk` blocks
 * at a time (never a block with a forced step), halving the chunk. */
static void drop_blocks(min_ctx *m)
{
    for (int chunk = 0;;) {
        const rh_witness *w = m->best;
        int nb = 0;
        int *start = rh_xcalloc((size_t)w->nsteps + 2, sizeof *start);
        for (int i = 0; i < w->nsteps; i++)
            if (i == 0 || w->steps[i].thread != w->steps[i - 1].thread)
                start[nb++] = i;
        start[nb] = w->nsteps;
        if (chunk == 0)
            chunk = nb / 2 > 0 ? nb / 2 : 1;
        int changed = 0;
        for (int b = nb - chunk; b >= 0 && !changed; b -= chunk) {
            char *keep = rh_xcalloc((size_t)w->nsteps + 1, 1);
            int ok = 1;
            for (int i = 0; i < w->nsteps; i++) {
                keep[i] = i < start[b] || i >= start[b + chunk];
                ok &= keep[i] || !forced(w, i);
            }
            if (ok)
                changed = replays(m, wit_subset(w, keep));
            free(keep);
        }
        free(start);
        if (m->replays >= RH_MIN_MAX_REPLAYS || rh_now() + 0.2 >= m->c->deadline)
            return;
        if (!changed) {
            if (chunk == 1)
                return;
            chunk /= 2;
        }
    }
}

/* Then single steps, latest first: a block end that a later step of the
 * same thread subsumes, a switch that did not matter. */
static void drop_steps(min_ctx *m)
{
    for (int i = m->best->nsteps - 1; i >= 0; i--) {
        const rh_witness *w = m->best;
        if (i >= w->nsteps || forced(w, i))
            continue;
        if (m->replays >= RH_MIN_MAX_REPLAYS || rh_now() + 0.2 >= m->c->deadline)
            return;
        char *keep = rh_xcalloc((size_t)w->nsteps + 1, 1);
        memset(keep, 1, (size_t)w->nsteps);
        keep[i] = 0;
        replays(m, wit_subset(w, keep));
        free(keep);
    }
}

void rh_wit_fold(rh_witness *w)
{
    if (!w || w->nsteps < 2)
        return;
    /* the ordering steps (try_ordering) stay steps of their own, as the
     * racing ones do: a later pass folded into one would move it */
    int n = 0, ord[2] = {w->ordering[0] - 1, w->ordering[1] - 1};
    for (int i = 0; i < w->nsteps; i++) {
        unsigned times = w->steps[i].times > 1 ? w->steps[i].times : 1;
        if (n > 0 && i != w->race_step_a && i != w->race_step_b && i != ord[0] && i != ord[1]) {
            /* the step kept last, and whether it must stay a step of its own */
            rh_step *last = &w->steps[n - 1];
            rh_step *s = &w->steps[i];
            int last_forced = (n - 1 == w->race_step_a || n - 1 == w->race_step_b) ||
                              n == w->ordering[0] || n == w->ordering[1] ||
                              last->timeout || (last->what && strncmp(last->what, "create", 6) == 0);
            unsigned have = last->times > 1 ? last->times : 1;
            if (!last_forced && !s->timeout && !(s->what && strncmp(s->what, "create", 6) == 0) &&
                last->thread == s->thread && last->line == s->line && last->col == s->col &&
                strcmp(last->file ? last->file : "", s->file ? s->file : "") == 0 &&
                have + times <= RH_WITNESS_MAX_TIMES) {
                last->times = have + times;
                free(s->file);
                free(s->what);
                continue;
            }
        }
        if (i == w->race_step_a)
            w->race_step_a = n;
        if (i == w->race_step_b)
            w->race_step_b = n;
        for (int k = 0; k < 2; k++)
            if (i == ord[k])
                w->ordering[k] = n + 1;
        w->steps[n++] = w->steps[i];
    }
    w->nsteps = n;
}

static int count_racing(rh_witness *s, const rh_witness *from, const char *keep);

/* The skeleton: creations and the racing steps only, as a fair schedule
 * (rt_sched.c): each step lets its thread run up to its line, a thread
 * that waits or spins letting the others run.  When the threads need no
 * other switch to meet at the race, this one replay ends the search where
 * ddmin would take a replay per halving (a ping-pong of a producer and
 * its consumers is thousands of blocks no single drop removes).  With a
 * window, also the racing threads' steps among the last `window` before
 * the race: where the two must be relative to each other (main done
 * queueing before a worker pulls; a worker past its loop's test before
 * main ends the loop), whatever the other threads did before; then every
 * thread's steps in a window, the recorded interleaving near the race.
 * Windows grow, so one that keeps no more steps than `tried` (the last
 * one's size) is the same candidate and is not replayed again.  With
 * `counted`, the racing steps are the passes the recorded run made
 * (count_racing).  Returns the size of the uncounted candidate tried, or -1. */
static int try_skeleton(min_ctx *m, const rh_witness *from, int window, int all_threads, int tried,
                        int counted)
{
    char *keep = rh_xcalloc((size_t)from->nsteps + 1, 1);
    int last = from->race_step_a > from->race_step_b ? from->race_step_a : from->race_step_b;
    int ta = from->steps[from->race_step_a].thread, tb = from->steps[from->race_step_b].thread;
    for (int i = 0; i <= last; i++)
        keep[i] = (char)(forced(from, i) ||
                         (i >= last - window && (all_threads || from->steps[i].thread == ta ||
                                                 from->steps[i].thread == tb)));
    rh_witness *s = fair_subset(from, keep);
    int size = s->nsteps;
    if (counted && !count_racing(s, from, keep)) {
        rh_witness_free(s); /* every count is 1: the uncounted skeleton */
        free(keep);
        return -1;
    }
    if ((counted || size != tried) &&
        (m->best ? size < m->best->nsteps : size < from->nsteps || !from->fair))
        replays(m, s);
    else
        rh_witness_free(s);
    free(keep);
    return counted ? -1 : size; /* the uncounted one of its size is yet to be tried */
}

/* Up to RH_MIN_ANCHORS steps of `thread` in (from, to), at distinct
 * positions other than `not`'s, latest first. */
static int anchors(const rh_witness *w, int thread, int from, int to, const rh_step *not, int *out)
{
    int n = 0;
    for (int i = to - 1; i > from && n < RH_MIN_ANCHORS; i--) {
        const rh_step *s = &w->steps[i];
        if (s->thread != thread || forced(w, i) || same_pos(s, not))
            continue;
        int seen = 0;
        for (int k = 0; k < n && !seen; k++)
            seen = same_pos(&w->steps[out[k]], s);
        if (!seen)
            out[n++] = i;
    }
    return n;
}

/* Visits of step i's thread to its position in (from, i] (a folded
 * step counts its "times"): as a replay step counted from the step before
 * it, the same visit. */
unsigned wit_visits(const rh_witness *w, int from, int i)
{
    unsigned n = 0;
    for (int k = from + 1; k <= i; k++)
        if (w->steps[k].thread == w->steps[i].thread && same_pos(&w->steps[k], &w->steps[i]))
            n += w->steps[k].times > 1 ? w->steps[k].times : 1;
    return n;
}

/* The skeleton's racing steps as the visits the recorded run made: step
 * "T runs to L" stops at T's first visit to L, while a race on a ring
 * buffer's slot is met at a later pass (the producer's ninth store, the
 * consumer's fifth read of a message), the earlier ones being ordered by
 * the thread's creation or touching another slot.  Each racing step of s
 * (made of from's steps kept in keep) becomes its thread's count of
 * visits to its position since the step kept before it.  Returns 0 when
 * every count is 1 (s is unchanged). */
static int count_racing(rh_witness *s, const rh_witness *from, const char *keep)
{
    int changed = 0, at = 0, prev = -1;
    for (int i = 0; i < from->nsteps && at < s->nsteps; i++) {
        if (!keep[i])
            continue;
        if (i == from->race_step_a || i == from->race_step_b) {
            unsigned n = wit_visits(from, prev, i);
            if (n > 1 && n <= RH_WITNESS_MAX_TIMES) {
                s->steps[at].times = n;
                changed = 1;
            }
        }
        prev = i;
        at++;
    }
    return changed;
}

/* The skeleton plus steps ia and ib (-1: none) of w, fair; with `counted`,
 * each anchor is the visit the recorded run made (its count of passes
 * there since the step before), else the next visit; with `as` >= 0, the
 * anchor ia and the racing step a are told of thread `as` instead. */
static int try_anchored(min_ctx *m, const rh_witness *w, int ia, int ib, int counted, int a, int as)
{
    int last = w->race_step_a > w->race_step_b ? w->race_step_a : w->race_step_b;
    char *keep = rh_xcalloc((size_t)w->nsteps + 1, 1);
    int prev[2] = {-1, -1}; /* the kept step before each anchor */
    for (int i = 0; i <= last; i++) {
        keep[i] = (char)(forced(w, i) || i == ia || i == ib);
        if (keep[i] && i < ia)
            prev[0] = i;
        if (keep[i] && i < ib)
            prev[1] = i;
    }
    rh_witness *s = fair_subset(w, keep);
    int anchor[2] = {ia, ib}, at = 0, unchanged = 1;
    for (int i = 0; i <= last; i++) {
        if (!keep[i])
            continue;
        if (as >= 0 && (i == ia || i == a))
            s->steps[at].thread = as;
        for (int k = 0; k < 2; k++)
            if (i == anchor[k]) {
                unsigned n = counted ? wit_visits(w, prev[k], i) : 1;
                s->steps[at].times = n;
                unchanged &= n <= 1;
            }
        at++;
    }
    free(keep);
    if ((counted && unchanged) || /* the same candidate as the uncounted one */
        s->nsteps >= (m->best ? m->best : w)->nsteps) {
        rh_witness_free(s);
        return 0;
    }
    return replays(m, s);
}

/* The thread created last at the position where w created `t`, when that
 * is a later one than t and neither of `not`: a twin of t (a pool's
 * workers), which FIFO runs after t.  -1 when none. */
static int last_twin(const rh_witness *w, int t, int not)
{
    const rh_step *made = NULL;
    int twin = -1;
    for (int i = 0; i < w->nsteps && !made; i++)
        if (rh_step_created(&w->steps[i]) == t)
            made = &w->steps[i];
    for (int i = 0; made && i < w->nsteps; i++) {
        int id = rh_step_created(&w->steps[i]);
        if (id > t && id != not && w->steps[i].thread == made->thread &&
            same_pos(&w->steps[i], made))
            twin = id > twin ? id : twin;
    }
    return twin;
}

/* Anchored skeletons.  A race a random walk met after a thousand switches
 * often needs only the two racing threads to stand in the right place
 * relative to each other once: the thread A whose access comes first past
 * some earlier point of its own (a worker past its loop's test, not yet
 * counted as working) before the other, B, passes one of its own (main
 * past its last wait for the workers), each then running on to its access.
 * That is the skeleton with one step of each: "A runs to position P, B runs
 * to Q", P among A's positions shortly before its racing step (latest
 * first), Q among B's between that step and A's racing step, tried in
 * order of how far back they reach (A's anchor alone first); every other
 * thread runs as the fair schedule lets it.  A thread that waits for its
 * step lets the others run in creation order, so a worker kept back is
 * best the last one created: the same anchors are tried again with A's
 * steps given to A's last twin (a thread created later at the same place),
 * then with each anchor at the pass the recorded run made.  Each candidate
 * is replayed, and only one reaching the same race is kept. */
static void try_anchors(min_ctx *m, const rh_witness *w)
{
    int a = w->race_step_a < w->race_step_b ? w->race_step_a : w->race_step_b;
    int b = a == w->race_step_a ? w->race_step_b : w->race_step_a;
    int ta = w->steps[a].thread, tb = w->steps[b].thread;
    if (ta == tb)
        return;
    int pa[RH_MIN_ANCHORS], qb[RH_MIN_ANCHORS][RH_MIN_ANCHORS], na, nq[RH_MIN_ANCHORS];
    int lo = -1; /* anchors come after the last forced step before a (creations) */
    for (int i = 0; i < a; i++)
        if (forced(w, i))
            lo = i;
    na = anchors(w, ta, lo, a, &w->steps[a], pa);
    for (int j = 0; j < na; j++)
        nq[j] = anchors(w, tb, pa[j], a, &w->steps[b], qb[j]);
    int twin = last_twin(w, ta, tb);
    for (int pass = 0; pass < 3; pass++) { /* as recorded, A's last twin, counted passes */
        if (pass == 1 && twin < 0)
            continue;
        int tries = 0;
        for (int reach = 0; reach < 2 * RH_MIN_ANCHORS; reach++)
            for (int j = 0; j < na && j <= reach; j++) {
                int i = reach - j - 1; /* -1: A's anchor alone */
                if (i >= nq[j] || tries++ >= RH_MIN_ANCHOR_TRIES)
                    continue;
                if (try_anchored(m, w, pa[j], i >= 0 ? qb[j][i] : -1, pass == 2, a,
                                 pass == 1 ? twin : -1))
                    return;
            }
    }
}

/* A race ordered only by another race (w->ordering, from the trace: a
 * hand-made publication, the payload written, then a plain flag; the
 * reader polls the flag, then reads the payload).  The skeleton holds the
 * writer at its payload write, so the reader polls a flag nobody sets, the
 * writer creeping on one scheduling point a poll while the reader waits or
 * spins: seconds of a program's run, or a departure.  With the ordering
 * race's two steps the writer runs past its publishing store first, then
 * the reader past its read of the flag, then to its access.  A step's
 * count is its thread's visits to its line since that thread's own step
 * kept before: the other thread ran, but this one, held, did not.  Returns
 * 1 when it replayed (nothing shorter is worth a replay: dropping either
 * step is the skeleton). */
static int try_ordering(min_ctx *m, const rh_witness *w)
{
    int ow = w->ordering[0] - 1, orr = w->ordering[1] - 1;
    int last = w->race_step_a > w->race_step_b ? w->race_step_a : w->race_step_b;
    int first = w->race_step_a + w->race_step_b - last;
    /* a race of the flag itself (its store the publishing one) is the skeleton's */
    if (ow < 0 || orr <= ow || orr >= last || same_pos(&w->steps[ow], &w->steps[first]))
        return 0;
    char *keep = rh_xcalloc((size_t)w->nsteps + 1, 1);
    for (int i = 0; i <= last; i++)
        keep[i] = (char)(forced(w, i) || i == ow || i == orr);
    rh_witness *s = fair_subset(w, keep);
    int at = 0, ok = 1;
    for (int i = 0; i <= last; i++) {
        if (!keep[i])
            continue;
        int prev = i - 1; /* the step kept before of the same thread */
        while (prev >= 0 && !(keep[prev] && w->steps[prev].thread == w->steps[i].thread))
            prev--;
        if (i == ow || i == orr || i == w->race_step_a || i == w->race_step_b) {
            unsigned n = wit_visits(w, prev, i);
            s->steps[at].times = n;
            ok &= n >= 1 && n <= RH_WITNESS_MAX_TIMES;
        }
        at++;
    }
    free(keep);
    if (!ok || s->nsteps >= w->nsteps) {
        rh_witness_free(s);
        return 0;
    }
    return replays(m, s);
}

rh_witness *rh_wit_minimise(const rh_wit_ctx *c, const rh_witness *w, int *replayed)
{
    *replayed = -1;
    if (!w || w->nsteps < 1 || w->race_step_a < 0 || w->race_step_b < 0 ||
        w->race_step_a >= w->nsteps || w->race_step_b >= w->nsteps)
        return NULL;
    rh_wit_ctx quick = *c; /* the oracle needs the race, not the replayed run's events */
    quick.quick = 1;
    min_ctx m;
    memset(&m, 0, sizeof m);
    m.c = &quick;
    /* first the skeletons, one replay each: when one replays, no
     * compression of a long witness (seconds per replay) is needed */
    int ordered = try_ordering(&m, w), tried = -1;
    if (!m.best)
        tried = try_skeleton(&m, w, 0, 0, -1, 1);
    if (!m.best)
        tried = try_skeleton(&m, w, 0, 0, -1, 0);
    for (int exact = 1; exact >= 0 && !(m.best && m.best->fair); exact--) {
        const rh_witness *from = m.best ? m.best : w; /* loose: on what exact kept */
        char *keep = compress(from, exact);
        replays(&m, wit_subset(from, keep));
        free(keep);
    }
    if (!m.best) { /* compression lost the race: the witness as it is, then */
        char *keep = rh_xcalloc((size_t)w->nsteps + 1, 1);
        memset(keep, 1, (size_t)w->nsteps);
        int before = m.replays;
        replays(&m, wit_subset(w, keep));
        free(keep);
        if (!m.best && m.replays > before)
            *replayed = 0; /* the witness itself ran and did not replay */
    }
    /* still long: windows before the race, after a compression that
     * replayed (a replay can take long: what replays comes first) */
    static const struct { int window, all_threads; } windows[] = {
        {4, 0}, {16, 0}, {64, 0}, {64, 1}};
    for (size_t k = 0; k < sizeof windows / sizeof *windows && m.best &&
                       m.best->nsteps > RH_MIN_FEW_STEPS; k++)
        tried = try_skeleton(&m, w, windows[k].window, windows[k].all_threads, tried, 0);
    if (!m.best || m.best->nsteps > RH_MIN_FEW_STEPS)
        try_anchors(&m, w);
    if (m.best && !ordered)
        drop_blocks(&m);
    if (m.best && !ordered)
        drop_steps(&m);
    if (m.best) {
        *replayed = 1;
        rh_wit_fold(m.best);
    }
    return m.best;
}
