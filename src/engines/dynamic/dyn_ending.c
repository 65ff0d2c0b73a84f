/* dyn_ending.c - how a run ended, in words a user acts on: a crash by its
 * signal's name and the crashing thread's last instrumented point, an exit
 * by its status and the first lines the program printed, a run the
 * runtime could not report on (the program called _exit or closed the
 * runtime's descriptors, as a daemon does) as exactly that.  The engine
 * uses the classification to stop early when runs cannot show a race
 * (every one ended the same way before creating a thread).
 */
#include "dyn.h"
#include "util/util.h"

#include <signal.h>
#include <stdlib.h>
#include <string.h>

static const struct {
    int sig;
    const char *name, *what;
} signal_names[] = {
    {SIGSEGV, "SIGSEGV", "segmentation fault: an invalid memory access"},
    {SIGBUS, "SIGBUS", "bus error"},
    {SIGFPE, "SIGFPE", "arithmetic error, such as a division by zero"},
    {SIGILL, "SIGILL", "illegal instruction"},
    {SIGABRT, "SIGABRT", "abort: a failed assertion or abort()"},
    {SIGTERM, "SIGTERM", "terminated"},
    {SIGKILL, "SIGKILL", "killed"},
    {SIGPIPE, "SIGPIPE", "write to a closed pipe"},
    {SIGINT, "SIGINT", "interrupted"},
    {SIGHUP, "SIGHUP", "hang-up"},
    {SIGQUIT, "SIGQUIT", "quit"},
    {SIGTRAP, "SIGTRAP", "trap"},
    {SIGXFSZ, "SIGXFSZ", "file size limit exceeded"},
    {SIGXCPU, "SIGXCPU", "CPU time limit exceeded"},
};

char *rh_dyn_signal_text(int sig)
{
    for (size_t i = 0; i < sizeof signal_names / sizeof signal_names[0]; i++)
        if (signal_names[i].sig == sig)
            return rh_xasprintf("%s (%s)", signal_names[i].name, signal_names[i].what);
    return rh_xasprintf("signal %d", sig);
}

char *rh_dyn_crash_text(const rh_dyn_binary *bin, const rh_dyn_trace *t)
{
    int sig = 0, tid = -1;
    unsigned loc = 0;
    const char *d = t->end_detail ? t->end_detail : "";
    if (sscanf(d, "signal %d thread %d at %u", &sig, &tid, &loc) < 1)
        return rh_xstrdup(d[0] ? d : "a signal");
    char *sigtext = rh_dyn_signal_text(sig);
    char *who = tid >= 0 ? rh_dyn_thread_desc(bin, t, tid) : rh_xstrdup("a thread the runtime does not know");
    char *text;
    if (loc > 0 && loc < (unsigned)bin->locs.len) {
        const rh_dyn_loc *l = &bin->locs.items[loc];
        text = rh_xasprintf("%s in the %s, at or just after %s:%u:%u in %s()", sigtext, who, l->file,
                            l->line, l->col, l->func ? l->func : "?");
    } else {
        text = rh_xasprintf("%s in the %s", sigtext, who);
    }
    free(sigtext);
    free(who);
    return text;
}

rh_dyn_ending rh_dyn_ending_of(const rh_dyn_outcome *out)
{
    const char *end = out->trace.end;
    if (out->timed_out)
        return RH_DYN_END_TIME;
    if (strcmp(end, "exit") == 0)
        return RH_DYN_END_EXIT;
    if (strcmp(end, "crash") == 0)
        return RH_DYN_END_CRASH;
    if (strcmp(end, "cutoff") == 0)
        return RH_DYN_END_CUTOFF;
    if (strcmp(end, "undefined") == 0)
        return RH_DYN_END_UNDEFINED;
    if (!end[0])
        return out->exited ? RH_DYN_END_NO_REPORT : RH_DYN_END_KILLED;
    return RH_DYN_END_OTHER;
}

int rh_dyn_ending_repeats(const rh_dyn_outcome *out)
{
    if (out->trace.nthreads > 0 || out->trace.ninputs > 0)
        return 0;
    switch (rh_dyn_ending_of(out)) {
    case RH_DYN_END_EXIT: case RH_DYN_END_CRASH: case RH_DYN_END_NO_REPORT: case RH_DYN_END_KILLED:
    case RH_DYN_END_UNDEFINED:
        return 1;
    default: /* a time limit may fall elsewhere next time; a deadlock or cap says more */
        return 0;
    }
}

/* Appends up to `lines` non-empty lines of text to buf, " / " between. */
static void add_lines(char *buf, size_t cap, const char *text, int *lines)
{
    for (const char *p = text; p && *p && *lines > 0;) {
        size_t n = strcspn(p, "\n");
        size_t have = strlen(buf);
        if (n > 0 && have + 8 < cap) {
            snprintf(buf + have, cap - have, "%s%.*s", have ? " / " : "", (int)n, p);
            (*lines)--;
        }
        p += n + (p[n] == '\n');
    }
}

char *rh_dyn_output_head(const rh_dyn_outcome *out)
{
    char buf[200] = "";
    int lines = 3;
    add_lines(buf, sizeof buf, out->errout, &lines);
    add_lines(buf, sizeof buf, out->out, &lines);
    for (char *c = buf; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == '"')
            *c = (*c == '"') ? '\'' : ' ';
    if (strlen(buf) >= sizeof buf - 9)
        strcpy(buf + sizeof buf - 12, "...");
    return buf[0] ? rh_xasprintf("\"%s\"", buf) : NULL;
}

char *rh_dyn_ending_text(const rh_dyn_binary *bin, const rh_dyn_outcome *out)
{
    char *head = rh_dyn_output_head(out), *text;
    char *printed = head ? rh_xasprintf("; its output began %s", head) : rh_xstrdup("; no output reached racehunt");
    switch (rh_dyn_ending_of(out)) {
    case RH_DYN_END_EXIT:
        text = rh_xasprintf("exited with status %d after %lu steps%s", out->status, out->trace.steps,
                            printed);
        break;
    case RH_DYN_END_CRASH: {
        char *c = rh_dyn_crash_text(bin, &out->trace);
        text = rh_xasprintf("crashed with %s%s", c, printed);
        free(c);
        break;
    }
    case RH_DYN_END_NO_REPORT:
        text = rh_xasprintf("exited with status %d without the runtime's report: the program called "
                            "_exit() or closed the runtime's file descriptors (as a daemon does when "
                            "it detaches), so what it did after that was not seen%s",
                            out->status, printed);
        break;
    case RH_DYN_END_KILLED: {
        char *sig = rh_dyn_signal_text(out->status);
        text = rh_xasprintf("was killed by %s before the runtime could report%s", sig, printed);
        free(sig);
        break;
    }
    case RH_DYN_END_UNDEFINED:
        text = rh_xasprintf("called '%s', which no source defines (left out of the build), "
                            "and ended there%s", out->trace.end_detail, printed);
        break;
    case RH_DYN_END_TIME:
        text = rh_xasprintf("was cut off by its time limit%s", printed);
        break;
    case RH_DYN_END_CUTOFF:
        text = rh_xasprintf("was cut off by its %s after %lu steps%s",
                            out->trace.end_detail && out->trace.end_detail[0] ? out->trace.end_detail
                                                                              : "step limit",
                            out->trace.steps, printed);
        break;
    default:
        text = rh_xasprintf("ended (%s%s%s)%s", out->trace.end,
                            out->trace.end_detail && out->trace.end_detail[0] ? ": " : "",
                            out->trace.end_detail ? out->trace.end_detail : "", printed);
    }
    free(head);
    free(printed);
    return text;
}
