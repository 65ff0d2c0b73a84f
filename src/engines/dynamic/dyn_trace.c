/* dyn_trace.c - reads the report file the runtime writes (format in
 * src/runtime/rt_out.c): events, threads, nondet inputs, races, and how the
 * run ended; and its events when they come as binary records
 * (rh_rt_event, src/runtime/rt_abi.h). */
#include "dyn.h"
#include "util/util.h"
#include "runtime/rt_abi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *const kind_names[] = {
    [RH_DYN_READ] = "r", [RH_DYN_WRITE] = "w", [RH_DYN_RMW] = "u", [RH_DYN_LOCK] = "lock",
    [RH_DYN_RDLOCK] = "rdlock", [RH_DYN_UNLOCK] = "unlock", [RH_DYN_CREATE] = "create",
    [RH_DYN_BEGIN] = "begin", [RH_DYN_END] = "end", [RH_DYN_JOIN] = "join",
    [RH_DYN_WAIT] = "wait", [RH_DYN_WAKE] = "wake", [RH_DYN_SIGNAL] = "signal",
    [RH_DYN_BROADCAST] = "broadcast", [RH_DYN_SEMWAIT] = "semwait", [RH_DYN_SEMPOST] = "sempost",
    [RH_DYN_BARRIER] = "barrier", [RH_DYN_DEPART] = "depart", [RH_DYN_ABEGIN] = "abegin",
    [RH_DYN_AEND] = "aend", [RH_DYN_ONCE] = "once", [RH_DYN_NONDET] = "nondet",
    [RH_DYN_NOP] = "nop", [RH_DYN_TIMEOUT] = "timeout", [RH_DYN_OTHER] = "other",
};

static rh_dyn_ev_kind kind_of(const char *w, int *atomic)
{
    size_t n = strlen(w);
    *atomic = n == 2 && w[1] == 'a';
    if (*atomic)
        n = 1;
    for (int k = 0; k < RH_DYN_OTHER; k++)
        if (strlen(kind_names[k]) == n && strncmp(kind_names[k], w, n) == 0)
            return (rh_dyn_ev_kind)k;
    return RH_DYN_OTHER;
}

static void add_event(rh_dyn_trace *t, const rh_dyn_event *e, size_t *cap)
{
    if ((size_t)t->nev == *cap) {
        *cap = *cap ? 2 * *cap : 1024;
        t->ev = rh_xrealloc(t->ev, *cap * sizeof *t->ev);
    }
    t->ev[t->nev++] = *e;
}

static void parse_event(rh_dyn_trace *t, const char *line, size_t *cap)
{
    rh_dyn_event e = {0};
    char what[16];
    if (sscanf(line, "E %d %u %15s %lx %lu %lld %ld %d", &e.tid, &e.loc, what, &e.addr, &e.size,
               &e.value, &e.aux, &e.step) != 8)
        return;
    e.kind = kind_of(what, &e.atomic);
    add_event(t, &e, cap);
}

void rh_dyn_trace_add_events(rh_dyn_trace *t, const void *data, size_t len)
{
    size_t cap = (size_t)t->nev, n = len / sizeof(rh_rt_event);
    t->ev = rh_xrealloc(t->ev, (cap + n + 1) * sizeof *t->ev);
    cap += n + 1;
    for (size_t i = 0; i < n; i++) {
        rh_rt_event r;
        memcpy(&r, (const char *)data + i * sizeof r, sizeof r); /* the buffer may be unaligned */
        char what[sizeof r.what + 1];
        memcpy(what, r.what, sizeof r.what);
        what[sizeof r.what] = '\0';
        rh_dyn_event e = {r.tid, r.loc, RH_DYN_OTHER, 0, r.addr, r.size, r.value, r.aux, r.step};
        e.kind = kind_of(what, &e.atomic);
        add_event(t, &e, &cap);
    }
}

/* "1,2,3" or "-" into a new array. */
static int parse_list(const char *s, unsigned long **out, int hex)
{
    int n = 0;
    *out = NULL;
    if (!s || strcmp(s, "-") == 0)
        return 0;
    for (const char *p = s; *p;) {
        char *end;
        unsigned long v = strtoul(p, &end, hex ? 16 : 10);
        if (end == p)
            break;
        *out = rh_xrealloc(*out, (size_t)(n + 1) * sizeof **out);
        (*out)[n++] = v;
        p = *end == ',' ? end + 1 : end;
    }
    return n;
}

/* A list of call sites ("12,7,3" or "-") as location ids in *out (the
 * caller frees it); returns how many. */
static int parse_sites(const char *list, unsigned **out)
{
    unsigned long *v = NULL;
    int n = parse_list(list, &v, 0);
    *out = rh_xcalloc((size_t)n + 1, sizeof **out);
    for (int i = 0; i < n; i++)
        (*out)[i] = (unsigned)v[i];
    free(v);
    return n;
}

/* The call sites that end a record, after its fields (rest); 0 and NULL
 * when it has none. */
static int trailing_sites(const char *rest, unsigned **out)
{
    char list[4096] = "";
    *out = NULL;
    return sscanf(rest, " %4095s", list) == 1 ? parse_sites(list, out) : 0;
}

static void parse_race(rh_dyn_trace *t, const char *line)
{
    rh_dyn_obs o = {0};
    o.sched_pos = -1;
    char sa[4096], sb[4096], locks[4096];
    if (sscanf(line + 1, " %lx %lu %lu %d %u %d %d %lu %d %u %d %d %4095s %4095s %4095s", &o.addr,
               &o.size, &o.ev[0], &o.tid[0], &o.loc[0], &o.write[0], &o.atomic[0], &o.ev[1],
               &o.tid[1], &o.loc[1], &o.write[1], &o.atomic[1], sa, sb, locks) != 15)
        return;
    for (int k = 0; k < 2; k++)
        o.nstack[k] = parse_sites(k ? sb : sa, &o.stack[k]);
    o.nlocks = parse_list(locks, &o.locks, 1);
    if (line[0] == 'Q') { /* after its 'M' line, which names the call */
        t->seen = rh_xrealloc(t->seen, (size_t)(t->nseen + 1) * sizeof *t->seen);
        t->seen_by = rh_xrealloc(t->seen_by, (size_t)(t->nseen + 1) * sizeof *t->seen_by);
        t->seen_by[t->nseen] = t->nheld_back ? t->held_back[t->nheld_back - 1].by : 0;
        t->seen[t->nseen++] = o;
        return;
    }
    t->races = rh_xrealloc(t->races, (size_t)(t->nraces + 1) * sizeof *t->races);
    t->races[t->nraces++] = o;
}

static void parse_thread(rh_dyn_trace *t, const char *line)
{
    int off = 0;
    t->threads = rh_xrealloc(t->threads, (size_t)(t->nthreads + 1) * sizeof *t->threads);
    memset(&t->threads[t->nthreads], 0, sizeof *t->threads);
    if (sscanf(line, "T %d %d %u%n", &t->threads[t->nthreads].tid, &t->threads[t->nthreads].parent,
               &t->threads[t->nthreads].loc, &off) != 3)
        return;
    t->threads[t->nthreads].nstack = trailing_sites(line + off, &t->threads[t->nthreads].stack);
    t->nthreads++;
}

static void parse_heap(rh_dyn_trace *t, const char *line)
{
    t->heap = rh_xrealloc(t->heap, (size_t)(t->nheap + 1) * sizeof *t->heap);
    memset(&t->heap[t->nheap], 0, sizeof *t->heap);
    int off = 0;
    if (sscanf(line, "A %lx %u %lu %lu%n", &t->heap[t->nheap].addr, &t->heap[t->nheap].loc,
               &t->heap[t->nheap].off, &t->heap[t->nheap].size, &off) != 4)
        return;
    t->heap[t->nheap].nstack = trailing_sites(line + off, &t->heap[t->nheap].stack);
    t->nheap++;
}

static void parse_line(rh_dyn_trace *t, const char *line, size_t *cap)
{
    switch (strncmp(line, "END ", 4) == 0 ? 0 : line[0]) {
    case 'E': parse_event(t, line, cap); return;
    case 'R': case 'Q': parse_race(t, line); return;
    case 'A': parse_heap(t, line); return;
    case 'B': sscanf(line, "B %lx", &t->rt_addr); return;
    case 'D': sscanf(line, "D %ld", &t->depart_step); return;
    case 'P': { /* a cut replay took a schedule line */
        long pos;
        unsigned long div;
        if (sscanf(line, "P %ld %lu", &pos, &div) == 2 && !div && pos > t->followed)
            t->followed = pos;
        return;
    }
    case 'S': /* where in a replay's schedule the race before was met */
        if (t->nraces) {
            rh_dyn_obs *o = &t->races[t->nraces - 1];
            if (sscanf(line, "S %ld %d %lu %lu", &o->sched_pos, &o->sched_fresh, &o->sched_div,
                       &o->sched_visits) != 4)
                o->sched_pos = -1;
        }
        return;
    case 'H': /* the race before was made under an annotation that hides it */
        if (t->nraces)
            sscanf(line, "H %u", &t->races[t->nraces - 1].hide);
        return;
    case 'O': /* the race before is ordered by a racing read there (its stack follows) */
        if (t->nraces) {
            rh_dyn_obs *o = &t->races[t->nraces - 1];
            int off = 0;
            if (sscanf(line, "O %u%n", &o->ordered_by, &off) == 1 && !o->ordered_stack)
                o->nordered_stack = trailing_sites(line + off, &o->ordered_stack);
        }
        return;
    case 'U':
        t->unmodelled = rh_xrealloc(t->unmodelled, (size_t)(t->nunmodelled + 1) * sizeof *t->unmodelled);
        if (sscanf(line, "U %u", &t->unmodelled[t->nunmodelled]) == 1)
            t->nunmodelled++;
        return;
    case 'M':
        t->held_back = rh_xrealloc(t->held_back, (size_t)(t->nheld_back + 1) * sizeof *t->held_back);
        if (sscanf(line, "M %u %u %u", &t->held_back[t->nheld_back].loc[0],
                   &t->held_back[t->nheld_back].loc[1], &t->held_back[t->nheld_back].by) == 3)
            t->nheld_back++;
        return;
    case 'T':
        parse_thread(t, line);
        return;
    case 'C':
        t->clocks = rh_xrealloc(t->clocks, (size_t)(t->nclocks + 1) * sizeof *t->clocks);
        if (sscanf(line, "C %d %u %u %lld", &t->clocks[t->nclocks].tid, &t->clocks[t->nclocks].call,
                   &t->clocks[t->nclocks].word, &t->clocks[t->nclocks].value) == 4)
            t->nclocks++;
        return;
    case 'I':
        t->inputs = rh_xrealloc(t->inputs, (size_t)(t->ninputs + 1) * sizeof *t->inputs);
        if (sscanf(line, "I %u %u %lld", &t->inputs[t->ninputs].loc, &t->inputs[t->ninputs].bits,
                   &t->inputs[t->ninputs].value) == 3)
            t->ninputs++;
        return;
    default:
        break;
    }
    unsigned long events;
    int off = 0;
    if (strncmp(line, "END ", 4) == 0 &&
        sscanf(line, "END %31s %lu %lu %lu %lu %n", t->end, &t->steps, &events, &t->diverged,
               &t->choices, &off) >= 5) {
        free(t->end_detail);
        t->end_detail = rh_xstrdup(off > 0 ? line + off : "");
    }
}

int rh_dyn_trace_parse(const char *text, rh_dyn_trace *t)
{
    memset(t, 0, sizeof *t);
    t->depart_step = -1;
    size_t cap = 0;
    for (const char *p = text; p && *p;) {
        const char *nl = strchr(p, '\n');
        size_t len = nl ? (size_t)(nl - p) : strlen(p);
        if (len < 8192) {
            char line[8192];
            memcpy(line, p, len);
            line[len] = '\0';
            parse_line(t, line, &cap);
        }
        p = nl ? nl + 1 : NULL;
    }
    return 0;
}

void rh_dyn_trace_free(rh_dyn_trace *t)
{
    for (int i = 0; i < t->nraces; i++) {
        free(t->races[i].stack[0]);
        free(t->races[i].stack[1]);
        free(t->races[i].locks);
        free(t->races[i].ordered_stack);
    }
    free(t->races);
    for (int i = 0; i < t->nseen; i++) {
        free(t->seen[i].stack[0]);
        free(t->seen[i].stack[1]);
        free(t->seen[i].locks);
    }
    free(t->seen);
    free(t->seen_by);
    for (int i = 0; i < t->nheap; i++)
        free(t->heap[i].stack);
    free(t->heap);
    free(t->ev);
    for (int i = 0; i < t->nthreads; i++)
        free(t->threads[i].stack);
    free(t->threads);
    free(t->inputs);
    free(t->clocks);
    free(t->unmodelled);
    free(t->held_back);
    free(t->end_detail);
    memset(t, 0, sizeof *t);
}
