/* svcomp_witness.c - SV-COMP violation witnesses for no-data-race in the
 * GraphML format (witness format 1.0) the validators read: an entry node,
 * one edge per witness step (source line, thread id, thread creations) and
 * a violation node after the second racing access.  A race without a
 * schedule gets the minimal witness (entry, then violation), which
 * validators accept as "search for the race yourself".
 */
#include "report.h"
#include "util/outfile.h"
#include "util/sha256.h"
#include "util/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static const char *const graph_keys[][4] = {
    /* attr.name          type       for      id */
    {"witness-type",      "string",  "graph", "witness-type"},
    {"sourcecodelang",    "string",  "graph", "sourcecodelang"},
    {"producer",          "string",  "graph", "producer"},
    {"specification",     "string",  "graph", "specification"},
    {"programfile",       "string",  "graph", "programfile"},
    {"programhash",       "string",  "graph", "programhash"},
    {"architecture",      "string",  "graph", "architecture"},
    {"creationtime",      "string",  "graph", "creationtime"},
    {"startline",         "int",     "edge",  "startline"},
    {"threadId",          "string",  "edge",  "threadId"},
    {"createThread",      "string",  "edge",  "createThread"},
};

static void header(FILE *out, const char *program, int ilp32)
{
    fputs("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n"
          "<graphml xmlns=\"http://graphml.graphdrawing.org/xmlns\" "
          "xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\">\n", out);
    for (size_t i = 0; i < sizeof graph_keys / sizeof graph_keys[0]; i++)
        fprintf(out, " <key attr.name=\"%s\" attr.type=\"%s\" for=\"%s\" id=\"%s\"/>\n",
                graph_keys[i][0], graph_keys[i][1], graph_keys[i][2], graph_keys[i][3]);
    fputs(" <key attr.name=\"isEntryNode\" attr.type=\"boolean\" for=\"node\" id=\"entry\">"
          "<default>false</default></key>\n"
          " <key attr.name=\"isViolationNode\" attr.type=\"boolean\" for=\"node\" id=\"violation\">"
          "<default>false</default></key>\n", out);
    char hash[65] = "";
    if (rh_sha256_file(program, hash))
        hash[0] = '\0';
    char when[32];
    time_t now = time(NULL);
    strftime(when, sizeof when, "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
    fputs(" <graph edgedefault=\"directed\">\n"
          "  <data key=\"witness-type\">violation_witness</data>\n"
          "  <data key=\"sourcecodelang\">C</data>\n", out);
    fprintf(out, "  <data key=\"producer\">racehunt %s</data>\n", RH_VERSION_STRING);
    fputs("  <data key=\"specification\">CHECK( init(main()), LTL(G ! data-race) )</data>\n"
          "  <data key=\"programfile\">", out);
    rh_report_escape_xml(out, program);
    fprintf(out, "</data>\n  <data key=\"programhash\">%s</data>\n"
                 "  <data key=\"architecture\">%s</data>\n"
                 "  <data key=\"creationtime\">%s</data>\n",
            hash, ilp32 ? "32bit" : "64bit", when);
}

/* Edges for the schedule up to the second racing step; the node after the
 * last edge is the violation node.  Returns the number of edges. */
static int schedule_edges(FILE *out, const rh_witness *w)
{
    int last = w->race_step_a > w->race_step_b ? w->race_step_a : w->race_step_b;
    if (last < 0 || last >= w->nsteps)
        last = w->nsteps - 1;
    int nedges = 0, node = 0;
    for (int i = 0; i <= last; i++)
        nedges += w->steps[i].line != 0;
    for (int i = 0; i <= last; i++) {
        const rh_step *s = &w->steps[i];
        if (!s->line)
            continue;
        node++;
        fprintf(out, "  <node id=\"N%d\">%s</node>\n", node,
                node == nedges ? "<data key=\"violation\">true</data>" : "");
        fprintf(out, "  <edge source=\"N%d\" target=\"N%d\"><data key=\"startline\">%u</data>"
                     "<data key=\"threadId\">%d</data>", node - 1, node, s->line, s->thread);
        int created = rh_step_created(s);
        if (created >= 0)
            fprintf(out, "<data key=\"createThread\">%d</data>", created);
        fputs("</edge>\n", out);
    }
    return nedges;
}

int rh_svcomp_witness_save(const rh_result *res, const char *program, int ilp32, const char *path,
                           char *err)
{
    rh_outfile of;
    if (rh_outfile_open(&of, path, "witness", err))
        return -1;
    FILE *out = of.f;
    header(out, program, ilp32);
    fputs("  <node id=\"N0\"><data key=\"entry\">true</data></node>\n", out);
    const rh_witness *w = NULL;
    for (int i = 0; i < res->nraces && !w; i++)
        w = res->races[i].witness;
    if (!w || schedule_edges(out, w) == 0)
        fputs("  <node id=\"V\"><data key=\"violation\">true</data></node>\n"
              "  <edge source=\"N0\" target=\"V\"/>\n", out);
    fputs(" </graph>\n</graphml>\n", out);
    return rh_outfile_commit(&of, err);
}
