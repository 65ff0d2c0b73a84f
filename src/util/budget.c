/* budget.c - the run's time budget, its stages and the progress line (see
 * budget.h).  The clock is read only every RH_BUDGET_POLL polls so that
 * fixpoint loops can poll on every iteration.
 */
#include "budget.h"
#include "util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void rh_budget_init(rh_budget *b, double start, double seconds, int show)
{
    memset(b, 0, sizeof *b);
    b->start = start;
    b->deadline = b->end = start + seconds;
    b->show = show;
}

int rh_budget_over(rh_budget *b)
{
    if (!b) /* no budget: code shared with unbudgeted callers */
        return 0;
    if (b->over)
        return 1;
    if (++b->polls < RH_BUDGET_POLL && !rh_cancelled())
        return 0;
    b->polls = 0;
    double now = rh_now();
    if (now >= b->deadline || rh_cancelled())
        return b->over = 1;
    if (b->show && now - b->drawn >= 0.1)
        rh_budget_progress(b, b->done, b->total);
    return 0;
}

double rh_budget_left(const rh_budget *b)
{
    double left = b->deadline - rh_now();
    return left > 0 ? left : 0;
}

rh_budget rh_budget_share(const rh_budget *b, double fraction)
{
    rh_budget part = *b;
    double now = rh_now();
    part.deadline = now + fraction * rh_budget_left(b);
    part.end = part.deadline + (b->end - b->deadline) * fraction;
    return part;
}

/* VmHWM, not getrusage's ru_maxrss: that one carries a parent's peak over
 * fork and exec, so a stage would report its parent's memory as its own. */
long rh_peak_rss_kb(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    char line[256];
    long kb = 0;
    while (f && fgets(line, sizeof line, f))
        if (strncmp(line, "VmHWM:", 6) == 0) {
            kb = strtol(line + 6, NULL, 10);
            break;
        }
    if (f)
        fclose(f);
    return kb;
}

static void draw(rh_budget *b, double now)
{
    char line[160];
    int n;
    if (b->total > 0)
        n = snprintf(line, sizeof line, "racehunt: %s %ld/%ld (%.0f%%), %.1f s left", b->stage,
                     b->done, b->total, 100.0 * (double)b->done / (double)b->total,
                     b->deadline - now);
    else if (b->done > 0)
        n = snprintf(line, sizeof line, "racehunt: %s (%ld steps), %.1f s left", b->stage, b->done,
                     b->deadline - now);
    else
        n = snprintf(line, sizeof line, "racehunt: %s, %.1f s left", b->stage, b->deadline - now);
    if (n >= (int)sizeof line)
        n = (int)sizeof line - 1;
    /* pad over a longer previous line, then return to the line's start */
    fprintf(stderr, "\r%s%*s\r", line, b->line_len > n ? b->line_len - n : 0, "");
    fflush(stderr);
    b->line_len = n;
    b->drawn = now;
}

void rh_budget_progress(rh_budget *b, long done, long total)
{
    b->done = done, b->total = total;
    if (!b->show || !b->stage)
        return;
    double now = rh_now();
    if (now - b->drawn >= 0.1)
        draw(b, now);
}

void rh_budget_end_stage(rh_budget *b)
{
    if (!b->stage)
        return;
    if (b->nstats < RH_BUDGET_MAX_STAGES) {
        rh_budget_stage_stat *s = &b->stats[b->nstats++];
        s->name = b->stage;
        s->seconds = rh_now() - b->stage_start;
        s->peak_rss_kb = rh_peak_rss_kb();
    }
    b->stage = NULL;
}

void rh_budget_stage(rh_budget *b, const char *name)
{
    rh_budget_end_stage(b);
    b->stage = name;
    b->stage_start = rh_now();
    b->done = b->total = 0;
    if (b->show)
        draw(b, b->stage_start);
}

void rh_budget_ran_out(rh_budget *b)
{
    b->over = 1;
    if (b->out_stage)
        return;
    b->out_stage = b->stage ? b->stage : "the analysis";
    b->out_done = b->done, b->out_total = b->total;
}

char *rh_budget_out_note(const rh_budget *b)
{
    if (!b->out_stage)
        return NULL;
    if (b->out_total > 0)
        return rh_xasprintf("the time budget ran out during %s (%ld of %ld done)", b->out_stage,
                            b->out_done, b->out_total);
    if (b->out_done > 0)
        return rh_xasprintf("the time budget ran out during %s (after %ld steps)", b->out_stage,
                            b->out_done);
    return rh_xasprintf("the time budget ran out during %s", b->out_stage);
}

void rh_budget_finish(rh_budget *b)
{
    rh_budget_end_stage(b);
    if (b->show && b->line_len) {
        fprintf(stderr, "\r%*s\r", b->line_len, "");
        fflush(stderr);
        b->line_len = 0;
    }
}
