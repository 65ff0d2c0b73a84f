/* report_html.c - one self-contained HTML page: an index of the memory
 * locations with races (result/group.h) with filters (status, file,
 * function, text), then one collapsed card per location: why it is not
 * confirmed, its example race's two accesses with source excerpts, every
 * access in a table, its racing pairs, and a witness as a timeline with a
 * column per thread and the racing pair highlighted.  Cards stay closed
 * (but the first) so a location with thousands of accesses is one line
 * until opened.
 */
#include "result/group.h"
#include "report.h"
#include "util/srclines.h"
#include "util/util.h"

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
    ".meta{color:#555;font-size:.9em}"
    "details.group{border:1px solid #ccc;border-radius:6px;padding:.5em 1em;margin:.6em 0}"
    "details.group>summary{cursor:pointer;font-weight:600}"
    ".st{display:inline-block;border-radius:4px;padding:0 .4em;color:#fff;font-size:.85em}"
    ".st-confirmed{background:#c0392b}.st-likely{background:#d68910}.st-possible{background:#7f8c8d}"
    "table.index,table.acc{border-collapse:collapse}"
    "table.index td,table.index th,table.acc td,table.acc th{border-bottom:1px solid #eee;"
    "padding:2px 8px;font-size:.9em;text-align:left;vertical-align:top}"
    "code.src{white-space:pre;color:#333}"
    "#filters{margin:1em 0;padding:.5em;background:#f6f6f6;border-radius:6px}"
    "#filters label{margin-right:1em}";

/* The first n characters of s, escaped. */
static void esc_n(FILE *out, const char *s, size_t n)
{
    for (size_t i = 0; s && i < n && s[i]; i++) {
        char c[2] = {s[i], '\0'};
        esc(out, c);
    }
}

void rh_report_escape_xml(FILE *out, const char *s)
{
    for (; s && *s; s++) {
        switch (*s) {
        case '<': fputs("&lt;", out); break;
        case '>': fputs("&gt;", out); break;
        case '&': fputs("&amp;", out); break;
        case '"': fputs("&quot;", out); break;
        default: /* a control character is no XML and, cat to a terminal, a command */
            if ((unsigned char)*s < 0x20 && *s != '\t' && *s != '\n' && *s != '\r')
                fprintf(out, "\\x%02x", (unsigned char)*s);
            else if (*s == 0x7f)
                fputs("\\x7f", out);
            else
                fputc(*s, out);
        }
    }
}

/* Source lines around `line` of `file`, the line itself highlighted. */
static void excerpt(FILE *out, rh_srclines *src, const char *file, unsigned line)
{
    size_t len;
    if (!line || !rh_srclines_get(src, file, line, &len)) {
        fputs("<pre>(source not available)</pre>", out);
        return;
    }
    fputs("<pre>", out);
    unsigned from = line > RH_EXCERPT_CONTEXT ? line - RH_EXCERPT_CONTEXT : 1;
    for (unsigned n = from; n <= line + RH_EXCERPT_CONTEXT; n++) {
        const char *text = rh_srclines_get(src, file, n, &len);
        if (!text)
            break;
        fprintf(out, "<span%s>%5u  ", n == line ? " class=\"hit\"" : "", n);
        esc_n(out, text, len);
        fputs("</span>\n", out);
    }
    fputs("</pre>", out);
}

static const char *thread_text(const rh_race_access *a)
{
    return a->thread_desc ? a->thread_desc : a->thread ? "another thread" : "the main thread";
}

static void locks_text(FILE *out, const rh_race_access *a)
{
    for (int i = 0; i < a->nlocks; i++) {
        esc(out, a->locks[i]);
        fputs(i + 1 < a->nlocks ? ", " : "", out);
    }
    fputs(a->nlocks ? "" : "none", out);
}

static void access_html(FILE *out, rh_srclines *src, const rh_race_access *a, const char *title)
{
    char *what = rh_access_what(a);
    fprintf(out, "<div class=\"access\"><h3>%s: ", title);
    esc(out, what);
    fputs("</h3><p class=\"meta\">", out);
    free(what);
    esc(out, a->file);
    fprintf(out, ":%u:%u in <code>", a->line, a->col);
    esc(out, a->func ? a->func : "?");
    fputs("</code><br>by ", out);
    esc(out, thread_text(a));
    fputs("<br>locks held: ", out);
    locks_text(out, a);
    fputs("</p>", out);
    excerpt(out, src, a->file, a->line);
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
            fprintf(out, " <span class=\"meta\">%s:%u</span>", s->file ? s->file : "?", s->line);
            if (s->times > 1)
                fprintf(out, " <span class=\"meta\">(%u times)</span>", s->times);
            fputs("</td>", out);
        }
        fputs("</tr>\n", out);
    }
    fputs("</table>", out);
}

/* Suppressed and baselined races: counted, and listed one line each in a
 * closed <details>, so nothing the analysis found is out of sight. */
static void hidden_html(FILE *out, const rh_result *res, const rh_options *o,
                        const rh_race_counts *c)
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


/* The filters: status, file and function of any access, text in the
 * location's name.  Index rows and cards carry what they are filtered by
 * in data- attributes ("|a.c|b.c|"). */
static const char filter_script[] =
    "function rhFilter(){var v=function(i){return document.getElementById(i).value;};"
    "var s=v('f-status'),f=v('f-file'),fn=v('f-func'),q=v('f-text').toLowerCase(),n=0;"
    "document.querySelectorAll('[data-status]').forEach(function(e){var d=e.dataset;"
    "var ok=(!s||d.status==s)&&(!f||d.files.indexOf('|'+f+'|')>=0)&&"
    "(!fn||d.funcs.indexOf('|'+fn+'|')>=0)&&(!q||d.text.indexOf(q)>=0);"
    "e.style.display=ok?'':'none';if(ok&&e.tagName=='TR')n++;});"
    "document.getElementById('f-count').textContent=n;}";

#define RH_HTML_PAIRS_MAX 200     /* racing pairs listed per card; JSON lists all */
#define RH_HTML_ACCESSES_OPEN 20  /* more accesses than this start collapsed */

static void location_html(FILE *out, const rh_group *g)
{
    esc(out, g->object ? g->object : "shared memory");
    if (g->offset_lo >= 0)
        fprintf(out, ", bytes [%ld, %ld)", g->offset_lo, g->offset_hi);
    if (g->program) {
        fputs(" in program ", out);
        esc(out, g->program);
    }
}

static const char *field(const rh_race_access *a, int funcs)
{
    return funcs ? (a->func ? a->func : "?") : a->file;
}

static int cstr_cmp(const void *x, const void *y)
{
    return strcmp(*(const char *const *)x, *(const char *const *)y);
}

/* The distinct files (or functions) of the accesses of groups [from, to),
 * sorted, in a new array of *n. */
static const char **distinct(const rh_groups *gs, int from, int to, int funcs, int *n)
{
    int total = 0, k = 0;
    for (int i = from; i < to; i++)
        total += gs->items[i].naccesses;
    const char **v = rh_xmalloc((size_t)(total + 1) * sizeof *v);
    for (int i = from; i < to; i++)
        for (int j = 0; j < gs->items[i].naccesses; j++)
            v[k++] = field(gs->items[i].accesses[j], funcs);
    *n = 0;
    if (k)
        qsort(v, (size_t)k, sizeof *v, cstr_cmp);
    for (int i = 0; i < k; i++)
        if (*n == 0 || strcmp(v[*n - 1], v[i]))
            v[(*n)++] = v[i];
    return v;
}

/* Distinct values of one field of a group's accesses: "|a|b|". */
static void data_set(FILE *out, const rh_groups *gs, int group, int funcs)
{
    int n;
    const char **v = distinct(gs, group, group + 1, funcs, &n);
    fputs("|", out);
    for (int i = 0; i < n; i++) {
        esc(out, v[i]);
        fputs("|", out);
    }
    free(v);
}

static void data_attrs(FILE *out, const rh_groups *gs, int group)
{
    const rh_group *g = &gs->items[group];
    fprintf(out, " data-status=\"%s\" data-files=\"", rh_group_status(g));
    data_set(out, gs, group, 0);
    fputs("\" data-funcs=\"", out);
    data_set(out, gs, group, 1);
    fputs("\" data-text=\"", out);
    for (const char *p = g->object ? g->object : "shared memory"; *p; p++) {
        char c[2] = {(char)(*p >= 'A' && *p <= 'Z' ? *p - 'A' + 'a' : *p), '\0'};
        esc(out, c);
    }
    fputs("\"", out);
}

static void status_html(FILE *out, const rh_group *g)
{
    fprintf(out, "<span class=\"st st-%s\">%s</span> ", rh_group_status(g), rh_group_status(g));
}

static void accesses_html(FILE *out, rh_srclines *src, const rh_group *g)
{
    char name[256];
    fprintf(out, "<details%s><summary>All %d accesses</summary><table class=\"acc\"><tr><th>where"
                 "</th><th>access</th><th>function</th><th>thread</th><th>locks held</th><th>code"
                 "</th></tr>\n", g->naccesses <= RH_HTML_ACCESSES_OPEN ? " open" : "", g->naccesses);
    for (int i = 0; i < g->naccesses; i++) {
        const rh_race_access *a = g->accesses[i];
        size_t len = 0;
        const char *text = rh_srclines_get(src, a->file, a->line, &len);
        fputs("<tr><td>", out);
        esc(out, a->file);
        char *what = rh_access_what(a);
        fprintf(out, ":%u:%u</td><td>", a->line, a->col);
        esc(out, what);
        fputs("</td><td>", out);
        free(what);
        esc(out, a->func ? a->func : "?");
        fputs("</td><td title=\"", out);
        esc(out, thread_text(a));
        fputs("\">", out);
        esc(out, rh_group_thread_name(a, name, sizeof name));
        fputs("</td><td>", out);
        locks_text(out, a);
        fputs("</td><td><code class=\"src\">", out);
        while (text && len && (*text == ' ' || *text == '\t'))
            text++, len--;
        esc_n(out, text, len > 120 ? 120 : len);
        fputs("</code></td></tr>\n", out);
    }
    fputs("</table></details>\n", out);
}

static void pair_side(FILE *out, const rh_race_access *a)
{
    esc(out, a->file);
    char *what = rh_access_what(a);
    fprintf(out, ":%u ", a->line);
    esc(out, what);
    fputs(" by ", out);
    free(what);
    char name[256];
    esc(out, rh_group_thread_name(a, name, sizeof name));
}

static void pairs_html(FILE *out, const rh_result *res, const rh_group *g)
{
    int shown = g->nraces < RH_HTML_PAIRS_MAX ? g->nraces : RH_HTML_PAIRS_MAX;
    fprintf(out, "<details><summary>%d racing pair%s</summary><table class=\"acc\"><tr>"
                 "<th>access</th><th>conflicting access</th><th>evidence</th></tr>\n",
            g->nraces, g->nraces == 1 ? "" : "s");
    for (int i = 0; i < shown; i++) {
        const rh_race *r = &res->races[g->races[i]];
        fputs("<tr><td>", out);
        pair_side(out, &r->a);
        fputs("</td><td>", out);
        pair_side(out, &r->b);
        fprintf(out, "</td><td>%s: %s (", rh_status_name(r->status), rh_evidence_name(r->evidence));
        esc(out, r->engine);
        fputs(")</td></tr>\n", out);
    }
    fputs("</table>", out);
    if (shown < g->nraces)
        fprintf(out, "<p class=\"meta\">and %d more pairs (the JSON report lists every pair)</p>",
                g->nraces - shown);
    fputs("</details>\n", out);
}

static void group_html(FILE *out, rh_srclines *src, const rh_result *res, const rh_groups *gs, int n)
{
    const rh_group *g = &gs->items[n - 1];
    const rh_race *r = &res->races[g->races[0]];
    fprintf(out, "<details class=\"group\" id=\"g%d\"%s", n, n == 1 ? " open" : "");
    data_attrs(out, gs, n - 1);
    fprintf(out, "><summary>%d. ", n);
    status_html(out, g);
    location_html(out, g);
    fprintf(out, " <span class=\"meta\">&middot; %d access%s, %d racing pair%s, %d thread%s</span>"
                 "</summary>\n<p class=\"meta\">evidence: %s &middot; engine: ", g->naccesses,
            g->naccesses == 1 ? "" : "es", g->nraces, g->nraces == 1 ? "" : "s", g->nthreads,
            g->nthreads == 1 ? "" : "s", rh_evidence_name(g->best));
    esc(out, r->engine);
    fputs("</p>", out);
    if (g->reason) {
        fputs("<p class=\"reason\">Why not confirmed: ", out);
        esc(out, g->reason);
        fputs("</p>", out);
    }
    if (g->ordered_by) {
        fputs("<p class=\"reason\">Ordered only by another race: ", out);
        esc(out, g->ordered_by);
        fputs(" (made an atomic release and acquire, it would order this one too)</p>", out);
    }
    access_html(out, src, &r->a, "Access");
    access_html(out, src, &r->b, "Conflicting access");
    accesses_html(out, src, g);
    pairs_html(out, res, g);
    for (int i = 0; i < g->nraces; i++) {
        const rh_witness *w = res->races[g->races[i]].witness;
        if (w && w->nsteps) {
            char *input = rh_witness_input_text(w);
            if (input) {
                fputs("<p class=\"input\">Input of the run: ", out);
                esc(out, input);
                fputs("</p>", out);
            }
            free(input);
            timeline(out, w);
            break;
        }
    }
    fputs("</details>\n", out);
}

/* One <option> per distinct file or function over all groups. */
static void options_html(FILE *out, const rh_groups *gs, int funcs)
{
    int n;
    const char **v = distinct(gs, 0, gs->n, funcs, &n);
    for (int i = 0; i < n; i++) {
        fputs("<option value=\"", out);
        esc(out, v[i]);
        fputs("\">", out);
        esc(out, v[i]);
        fputs("</option>", out);
    }
    free(v);
}

static void filters_html(FILE *out, const rh_groups *gs)
{
    fputs("<div id=\"filters\"><label>status <select id=\"f-status\" onchange=\"rhFilter()\">"
          "<option value=\"\">all</option><option>confirmed</option><option>likely</option>"
          "<option>possible</option></select></label><label>file <select id=\"f-file\" "
          "onchange=\"rhFilter()\"><option value=\"\">all</option>", out);
    options_html(out, gs, 0);
    fputs("</select></label><label>function <select id=\"f-func\" onchange=\"rhFilter()\">"
          "<option value=\"\">all</option>", out);
    options_html(out, gs, 1);
    fprintf(out, "</select></label><label>name <input id=\"f-text\" oninput=\"rhFilter()\"></label>"
                 "<span class=\"meta\"><span id=\"f-count\">%d</span> shown</span></div>\n", gs->n);
}

static void index_html(FILE *out, const rh_result *res, const rh_groups *gs)
{
    fputs("<table class=\"index\" id=\"index\"><tr><th>#</th><th>status</th><th>location</th>"
          "<th>accesses</th><th>pairs</th><th>threads</th><th>example</th></tr>\n", out);
    for (int i = 0; i < gs->n; i++) {
        const rh_group *g = &gs->items[i];
        const rh_race_access *a = &res->races[g->races[0]].a;
        fputs("<tr", out);
        data_attrs(out, gs, i);
        fprintf(out, "><td>%d</td><td>", i + 1);
        status_html(out, g);
        fprintf(out, "</td><td><a href=\"#g%d\">", i + 1);
        location_html(out, g);
        fprintf(out, "</a></td><td>%d</td><td>%d</td><td>%d</td><td>", g->naccesses, g->nraces,
                g->nthreads);
        esc(out, a->file);
        fprintf(out, ":%u in ", a->line);
        esc(out, a->func ? a->func : "?");
        fputs("</td></tr>\n", out);
    }
    fputs("</table>\n", out);
}

void rh_report_html(const rh_result *res, const rh_options *o, FILE *out)
{
    fprintf(out, "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">"
                 "<title>racehunt report</title><style>%s</style><script>%s</script></head><body>\n",
            style, filter_script);
    rh_race_counts c = rh_race_count(res, o->may);
    rh_groups gs;
    rh_groups_build(&gs, res, o->may);
    int nposs, nposs_loc;
    rh_groups_count_possible(res, o->may, &nposs, &nposs_loc);
    fprintf(out, "<h1>racehunt: %d memory location%s with races (%d confirmed, %d likely), %d race%s "
                 "&mdash; verdict <span id=\"verdict\">%s</span></h1>\n",
            gs.n, gs.n == 1 ? "" : "s", gs.confirmed, gs.likely, c.reported,
            c.reported == 1 ? "" : "s", rh_verdict_name(res->verdict));
    if (nposs_loc)
        fprintf(out, "<p class=\"meta\" id=\"possible\">%d possible race%s at %d more memory "
                     "location%s not listed (list them with <code>racehunt --may</code>)</p>\n",
                nposs, nposs == 1 ? "" : "s", nposs_loc, nposs_loc == 1 ? "" : "s");
    if (c.suppressed || c.baselined)
        hidden_html(out, res, o, &c);
    if (gs.n) {
        filters_html(out, &gs);
        index_html(out, res, &gs);
    }
    rh_srclines *src = rh_srclines_new();
    for (int i = 0; i < gs.n; i++)
        group_html(out, src, res, &gs, i + 1);
    rh_srclines_free(src);
    rh_groups_free(&gs);
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
