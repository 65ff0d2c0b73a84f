/* report_html.c - one self-contained HTML page: per race the two accesses
 * with source excerpts, and the witness as a timeline with a column per
 * thread, steps in order and the racing pair highlighted.
 */
#include "filter.h"
#include "report.h"
#include "../util/util.h"

#include <stdlib.h>
#include <string.h>

#define RH_EXCERPT_CONTEXT 2 /* lines shown above and below an access */

#define esc rh_report_escape_xml

static const char style[] =
    "body{font-family:system-ui,sans-serif;margin:2em;color:#222}"
    "h1{font-size:1.4em}h2{font-size:1.15em;margin-top:2em}"
    ".race{border:1px solid #ccc;border-radius:6px;padding:1em;margin:1em 0}"
    ".access{display:inline-block;vertical-align:top;width:48%;margin-right:1%}"
    "pre{background:#f6f6f6;padding:.5em;overflow-x:auto}"
    ".hit{background:#ffd7d7;font-weight:bold}"
    "table.timeline{border-collapse:collapse;margin-top:1em}"
    "table.timeline td,table.timeline th{border:1px solid #ddd;padding:2px 8px;font-size:.9em}"
    "tr.racing td.step{background:#ff9a9a;font-weight:bold}"
    ".meta{color:#555;font-size:.9em}";

void rh_report_escape_xml(FILE *out, const char *s)
{
    for (; s && *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '&': fputs("&amp;", out); break;
        case '"': fputs("&quot;", out); break;
        default: fputc(*s, out);
        }
    }
}

/* Source lines around `line` of `file`, the line itself highlighted. */
static void excerpt(FILE *out, const char *file, unsigned line)
{
    char err[RH_ERR_MAX];
    char *text = line ? rh_read_file(file, NULL, err) : NULL;
    if (!text) {
        fputs("<pre>(source not available)</pre>", out);
        return;
    }
    fputs("<pre>", out);
    unsigned n = 1;
    for (char *p = text, *next; p && *p; p = next, n++) {
        next = strchr(p, '\n');
        if (next)
            *next++ = '\0';
        if (n + RH_EXCERPT_CONTEXT < line || n > line + RH_EXCERPT_CONTEXT)
            continue;
        fprintf(out, "<span%s>%5u  ", n == line ? " class=\"hit\"" : "", n);
        esc(out, p);
        fputs("</span>\n", out);
    }
    fputs("</pre>", out);
    free(text);
}

static void access_html(FILE *out, const rh_race_access *a, const char *title)
{
    fprintf(out, "<div class=\"access\"><h3>%s: %s of size %lu%s</h3><p class=\"meta\">", title,
            a->is_write ? "write" : "read", a->size, a->atomic ? " (atomic)" : "");
    esc(out, a->file);
    fprintf(out, ":%u:%u in <code>", a->line, a->col);
    esc(out, a->func ? a->func : "?");
    fputs("</code><br>by ", out);
    esc(out, a->thread_desc ? a->thread_desc : a->thread ? "another thread" : "the main thread");
    fputs("<br>locks held: ", out);
    for (int i = 0; i < a->nlocks; i++) {
        esc(out, a->locks[i]);
        fputs(i + 1 < a->nlocks ? ", " : "", out);
    }
    fputs(a->nlocks ? "</p>" : "none</p>", out);
    excerpt(out, a->file, a->line);
    fputs("</div>", out);
}

static void timeline(FILE *out, const rh_witness *w)
{
    int max_thread = 0;
    for (int i = 0; i < w->nsteps; i++)
        max_thread = w->steps[i].thread > max_thread ? w->steps[i].thread : max_thread;
    fprintf(out, "<h3>Witness schedule (%d steps)</h3><table class=\"timeline\"><tr><th>#</th>",
            w->nsteps);
    for (int t = 0; t <= max_thread; t++)
        fprintf(out, "<th>T%d%s</th>", t, t == 0 ? " (main)" : "");
    fputs("</tr>\n", out);
    for (int i = 0; i < w->nsteps; i++) {
        const rh_step *s = &w->steps[i];
        int racing = i == w->race_step_a || i == w->race_step_b;
        fprintf(out, "<tr%s><td>%d</td>", racing ? " class=\"racing\"" : "", i + 1);
        for (int t = 0; t <= max_thread; t++) {
            if (t != s->thread) {
                fputs("<td></td>", out);
                continue;
            }
            fputs("<td class=\"step\">", out);
            esc(out, s->what);
            fprintf(out, " <span class=\"meta\">%s:%u</span></td>", s->file ? s->file : "?", s->line);
        }
        fputs("</tr>\n", out);
    }
    fputs("</table>", out);
}

static void race_html(FILE *out, const rh_race *r, int n)
{
    fprintf(out, "<div class=\"race\" id=\"race%d\"><h2>Race %d: ", n, n);
    esc(out, r->object ? r->object : "shared memory");
    fprintf(out, "</h2><p class=\"meta\">evidence: %s &middot; engine: ", rh_evidence_name(r->evidence));
    esc(out, r->engine);
    if (r->program) {
        fputs(" &middot; program: ", out);
        esc(out, r->program);
    }
    fputs("</p>", out);
    access_html(out, &r->a, "Access");
    access_html(out, &r->b, "Conflicting access");
    if (r->witness && r->witness->nsteps)
        timeline(out, r->witness);
    fputs("</div>\n", out);
}

/* Suppressed and baselined races: counted, and listed one line each in a
 * closed <details>, so nothing the analysis found is out of sight. */
static void hidden_html(FILE *out, const rh_result *res, const rh_options *o,
                        const rh_filter_counts *c)
{
    fprintf(out, "<details id=\"hidden\"><summary class=\"meta\">%d suppressed, %d in the "
                 "baseline</summary><table class=\"timeline\"><tr><th>accesses</th><th>location"
                 "</th><th>hidden by</th></tr>\n", c->suppressed, c->baselined);
    for (int i = 0; i < res->nraces; i++) {
        const rh_race *r = &res->races[i];
        if (!rh_race_listed(r, o->may) || r->hidden == RH_SHOWN)
            continue;
        fputs("<tr><td>", out);
        esc(out, r->a.file);
        fprintf(out, ":%u %s, ", r->a.line, r->a.is_write ? "write" : "read");
        esc(out, r->b.file);
        fprintf(out, ":%u %s</td><td>", r->b.line, r->b.is_write ? "write" : "read");
        esc(out, r->object ? r->object : "shared memory");
        fputs("</td><td>", out);
        esc(out, r->hidden_by ? r->hidden_by : rh_hidden_name(r->hidden));
        fputs("</td></tr>\n", out);
    }
    fputs("</table></details>\n", out);
}

void rh_report_html(const rh_result *res, const rh_options *o, FILE *out)
{
    fprintf(out, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                 "<title>racehunt report</title><style>%s</style></head><body>\n", style);
    rh_filter_counts c = rh_filter_count(res, o->may);
    fprintf(out, "<h1>racehunt: %d data race%s &mdash; verdict <span id=\"verdict\">%s</span></h1>\n",
            c.reported, c.reported == 1 ? "" : "s", rh_verdict_name(res->verdict));
    if (c.suppressed || c.baselined)
        hidden_html(out, res, o, &c);
    for (int i = 0, n = 0; i < res->nraces; i++)
        if (rh_race_reported(&res->races[i], o->may))
            race_html(out, &res->races[i], ++n);
    if (res->nnotes) {
        fputs("<h2>Notes</h2><ul>", out);
        for (int i = 0; i < res->nnotes; i++) {
            fputs("<li>", out);
            esc(out, res->notes[i]);
            fputs("</li>", out);
        }
        fputs("</ul>", out);
    }
    fputs("</body></html>\n", out);
}
