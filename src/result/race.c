/* race.c - building and freeing race records and results. */
#include "race.h"
#include "names.h"
#include "tier.h"
#include "runtime/rt_sym_abi.h"
#include "util/util.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

rh_race *rh_result_add_race(rh_result *res, rh_race *r)
{
    rh_names_clean_race(r); /* the one door every engine's races come through */
    rh_tier_assign(r);
    res->races = rh_xrealloc(res->races, (size_t)(res->nraces + 1) * sizeof *res->races);
    res->races[res->nraces] = *r;
    memset(r, 0, sizeof *r);
    return &res->races[res->nraces++];
}

void rh_result_note(rh_result *res, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    char *note = rh_names_clean(buf); /* notes name objects too ("the initializer of global ...") */
    for (int i = 0; i < res->nnotes; i++)
        if (strcmp(res->notes[i], note) == 0) {
            free(note);
            return;
        }
    res->notes = rh_xrealloc(res->notes, (size_t)(res->nnotes + 1) * sizeof *res->notes);
    res->notes[res->nnotes++] = note;
}

void rh_result_stat(rh_result *res, const char *name, double value)
{
    res->stats = rh_xrealloc(res->stats, (size_t)(res->nstats + 1) * sizeof *res->stats);
    res->stats[res->nstats].name = rh_xstrdup(name);
    res->stats[res->nstats++].value = value;
}

void rh_race_access_from_model(rh_race_access *out, const rh_program *p, const rh_access *a)
{
    memset(out, 0, sizeof *out);
    out->file = rh_xstrdup(a->loc.file);
    out->line = a->loc.line;
    out->col = a->loc.col;
    out->func = rh_xstrdup(p->funcs[a->func].name);
    out->is_write = a->kind != RH_ACC_READ;
    out->atomic = a->atomic;
    out->size = a->size;
    out->is_volatile = a->is_volatile;
    out->assumed = a->assumed;
    if (a->from_call && LLVMIsACallInst(a->inst)) {
        LLVMValueRef callee = LLVMGetCalledValue(a->inst);
        size_t n = 0;
        const char *name = callee && LLVMIsAFunction(callee) ? LLVMGetValueName2(callee, &n) : NULL;
        if (name && n)
            out->op = rh_xstrdup(name);
    }
}

static void access_free(rh_race_access *a)
{
    free(a->file);
    free(a->func);
    free(a->op);
    free(a->thread_desc);
    for (int i = 0; i < a->nlocks; i++)
        free(a->locks[i]);
    free(a->locks);
    for (int i = 0; i < a->nstack; i++) {
        free(a->stack[i].func);
        free((char *)a->stack[i].loc.file);
    }
    free(a->stack);
}

int rh_step_created(const rh_step *s)
{
    int id;
    if (!s || !s->what || sscanf(s->what, "create T%d", &id) != 1 || id < 0)
        return -1;
    return id;
}

void rh_witness_free(rh_witness *w)
{
    if (!w)
        return;
    for (int i = 0; i < w->nsteps; i++) {
        free(w->steps[i].file);
        free(w->steps[i].what);
    }
    for (int i = 0; i < w->ninputs; i++)
        free(w->inputs[i].name);
    free(w->steps);
    free(w->inputs);
    for (int i = 0; i < w->nsources; i++)
        free(w->sources[i].file);
    free(w->sources);
    free(w->program);
    free(w);
}

void rh_race_free(rh_race *r)
{
    access_free(&r->a);
    access_free(&r->b);
    free(r->object);
    free(r->engine);
    free(r->fingerprint);
    free(r->hidden_by);
    free(r->program);
    free(r->caveat);
    free(r->ordered_by);
    free(r->status_why);
    rh_witness_free(r->witness);
    memset(r, 0, sizeof *r);
}

void rh_result_absorb(rh_result *into, rh_result *part, const char *program)
{
    int first = into->engine == NULL;
    if (first || part->verdict == RH_RACE)
        into->verdict = part->verdict;
    else if (into->verdict == RH_RACE_FREE && part->verdict != RH_RACE_FREE)
        into->verdict = RH_UNKNOWN;
    for (int i = 0; i < part->nraces; i++) {
        free(part->races[i].program);
        part->races[i].program = rh_xstrdup(program);
        rh_result_add_race(into, &part->races[i]);
    }
    for (int i = 0; i < part->nnotes; i++)
        rh_result_note(into, "program %s: %s", program, part->notes[i]);
    into->possible_unlisted += part->possible_unlisted;
    into->possible_unlisted_locations += part->possible_unlisted_locations;
    for (int i = 0; i < part->nfolded; i++)
        rh_result_add_folded(into, program, part->folded[i].object, part->folded[i].offset_lo,
                             part->folded[i].offset_hi, part->folded[i].nraces);
    const char *engine = part->engine ? part->engine : "front end";
    if (first)
        into->engine = rh_xstrdup(engine);
    else if (!strstr(into->engine, engine)) {
        char *both = rh_xasprintf("%s, %s", into->engine, engine);
        free(into->engine);
        into->engine = both;
    }
    free(part->races);
    part->races = NULL;
    part->nraces = 0;
    rh_result_free(part);
}

void rh_result_free(rh_result *res)
{
    for (int i = 0; i < res->nraces; i++)
        rh_race_free(&res->races[i]);
    for (int i = 0; i < res->nnotes; i++)
        free(res->notes[i]);
    for (int i = 0; i < res->nstats; i++)
        free(res->stats[i].name);
    for (int i = 0; i < res->nfolded; i++)
        free(res->folded[i].program), free(res->folded[i].object);
    free(res->races);
    free(res->notes);
    free(res->stats);
    free(res->folded);
    free(res->engine);
    memset(res, 0, sizeof *res);
}

void rh_result_add_folded(rh_result *res, const char *program, const char *object, long lo, long hi,
                          int nraces)
{
    res->folded = rh_xrealloc(res->folded, (size_t)(res->nfolded + 1) * sizeof *res->folded);
    res->folded[res->nfolded++] = (struct rh_folded){program ? rh_xstrdup(program) : NULL,
                                                     object ? rh_xstrdup(object) : NULL, lo, hi, nraces};
}

void rh_result_move_counts(rh_result *to, rh_result *from)
{
    to->possible_unlisted += from->possible_unlisted;
    to->possible_unlisted_locations += from->possible_unlisted_locations;
    for (int i = 0; i < from->nfolded; i++)
        rh_result_add_folded(to, from->folded[i].program, from->folded[i].object,
                             from->folded[i].offset_lo, from->folded[i].offset_hi, from->folded[i].nraces);
}

const char *rh_verdict_name(rh_verdict v)
{
    return v == RH_RACE ? "race" : v == RH_RACE_FREE ? "race-free" : "unknown";
}

static const char *const evidence_names[] = {
    [RH_EV_MAY] = "may-race",
    [RH_EV_MUST] = "must-race",
    [RH_EV_SEEN] = "seen",
    [RH_EV_COUNTEREXAMPLE] = "counterexample",
    [RH_EV_OBSERVED] = "observed",
    [RH_EV_REPLAYED] = "replayed",
};

const char *rh_evidence_name(rh_evidence e)
{
    return (unsigned)e < sizeof evidence_names / sizeof evidence_names[0] ? evidence_names[e] : "?";
}

int rh_evidence_confirmed(rh_evidence e)
{
    return e >= RH_EV_COUNTEREXAMPLE;
}

int rh_race_listed(const rh_race *r, int with_may)
{
    return r->status != RH_ST_POSSIBLE || with_may;
}

static const char *const status_names[] = {
    [RH_ST_POSSIBLE] = "possible", [RH_ST_LIKELY] = "likely", [RH_ST_CONFIRMED] = "confirmed",
};

const char *rh_status_name(rh_status s)
{
    return (unsigned)s <= RH_ST_CONFIRMED ? status_names[s] : "possible";
}

rh_status rh_status_from_name(const char *name)
{
    for (int s = RH_ST_POSSIBLE; s <= RH_ST_CONFIRMED; s++)
        if (name && strcmp(name, status_names[s]) == 0)
            return (rh_status)s;
    return RH_ST_POSSIBLE;
}

int rh_race_reported(const rh_race *r, int with_may)
{
    return rh_race_listed(r, with_may) && r->hidden == RH_SHOWN;
}

rh_race_counts rh_race_count(const rh_result *res, int with_may)
{
    rh_race_counts c = {0, 0, 0};
    for (int i = 0; i < res->nraces; i++) {
        const rh_race *r = &res->races[i];
        if (!rh_race_listed(r, with_may))
            continue;
        if (r->hidden == RH_SHOWN)
            c.reported++;
        else if (r->hidden == RH_HID_BASELINE)
            c.baselined++;
        else
            c.suppressed++;
    }
    return c;
}

static const char *const hidden_names[] = {
    [RH_SHOWN] = "", [RH_HID_RULE] = "suppression", [RH_HID_ANNOTATION] = "annotation",
    [RH_HID_BASELINE] = "baseline",
};

const char *rh_hidden_name(rh_hidden h)
{
    return (unsigned)h < sizeof hidden_names / sizeof hidden_names[0] ? hidden_names[h] : "";
}

rh_hidden rh_hidden_from_name(const char *name)
{
    for (int h = RH_HID_RULE; h <= RH_HID_BASELINE; h++)
        if (name && strcmp(name, hidden_names[h]) == 0)
            return (rh_hidden)h;
    return RH_SHOWN;
}

/* An option with a value as one space-free token (--arg=VALUE): bytes of
 * the value that are blank, not printable, or '%' become %XX. */
static char *arg_token(const char *opt, const char *arg)
{
    char *t = rh_xmalloc(strlen(opt) + 3 * strlen(arg) + 1), *q = t + sprintf(t, "%s", opt);
    for (const unsigned char *p = (const unsigned char *)arg; *p; p++)
        q += *p <= ' ' || *p >= 0x7f || *p == '%' ? sprintf(q, "%%%02X", *p) : sprintf(q, "%c", *p);
    return t;
}

/* The inverse of arg_token: %XX with two hex digits is the byte XX; any
 * other '%' (one digit, at the end) stays as it is. */
static void arg_untoken(char *t)
{
    char *q = t;
    for (const char *p = t; *p; p++) {
        unsigned v;
        if (*p == '%' && isxdigit((unsigned char)p[1]) && isxdigit((unsigned char)p[2]) &&
            sscanf(p + 1, "%2x", &v) == 1)
            *q++ = (char)v, p += 2;
        else
            *q++ = *p;
    }
    *q = '\0';
}

/* Appends word to the space-separated *s (a word made from two parts). */
static void add_word(char **s, const char *a, const char *b)
{
    char *next = rh_xasprintf("%s%s%s%s", *s, (*s)[0] ? " " : "", a, b);
    free(*s);
    *s = next;
}

/* Appends option opt with its value as one token (arg_token). */
static void add_token(char **s, const char *opt, const char *value)
{
    char *tok = arg_token(opt, value);
    add_word(s, tok, "");
    free(tok);
}

char *rh_witness_program(const rh_options *o)
{
    char *s = rh_xstrdup("");
    const char **files = o->program_files ? o->program_files : o->files; /* never racehunt cc's bitcode */
    int nfiles = o->program_files ? o->nprogram_files : o->nfiles;
    for (int i = 0; i < nfiles; i++) { /* a path may hold blanks: a token too */
        char *abs = realpath(files[i], NULL);
        add_token(&s, "", abs ? abs : files[i]);
        free(abs);
    }
    char *db = o->build_dir ? realpath(o->build_dir, NULL) : NULL;
    const char *opt[] = {"--entry=", o->entry, "--program=", o->program, "-p=", db};
    for (int i = 0; i < 6; i += 2)
        if (opt[i + 1])
            add_token(&s, opt[i], opt[i + 1]);
    free(db);
    for (int i = 0; i < o->nrun_args; i++)
        add_token(&s, "--arg=", o->run_args[i]);
    char *in = o->stdin_file ? realpath(o->stdin_file, NULL) : NULL;
    if (in)
        add_token(&s, "--stdin=", in);
    free(in);
    if (o->stdin_hex) /* input the solver chose: the witness carries it */
        add_token(&s, "--stdin-hex=", o->stdin_hex);
    for (int i = 0; i < o->ninput_words; i++) /* ... and its environment and files */
        add_token(&s, "", o->input_words[i]);
    return s;
}

static int env_name_ok(const char *s, size_t n)
{
    if (n == 0)
        return 0;
    for (size_t i = 0; i < n; i++)
        if (s[i] == '=' || (unsigned char)s[i] < 0x20)
            return 0;
    return 1;
}

int rh_witness_input_word(const char *word, char *err)
{
    const char *name = strncmp(word, "--env=", 6) == 0 ? word + 6
                       : strncmp(word, "--env-unset=", 12) == 0 ? word + 12 : NULL;
    if (name && rh_sym_env_reserved(name, strcspn(name, "=")))
        return rh_fail(err, "witness word %.60s sets %.*s, which steers the loader, libc, a "
                            "sanitizer or racehunt's runtime, not the program: refused", word,
                       (int)strcspn(name, "="), name);
    if (strncmp(word, "--env=", 6) == 0) {
        const char *eq = strchr(word + 6, '=');
        if (!eq || !env_name_ok(word + 6, (size_t)(eq - word - 6)))
            return rh_fail(err, "witness word %.60s is not --env=NAME=VALUE", word);
        return 1;
    }
    if (strncmp(word, "--env-unset=", 12) == 0) {
        if (!env_name_ok(word + 12, strlen(word + 12)))
            return rh_fail(err, "witness word %.60s is not --env-unset=NAME", word);
        return 1;
    }
    if (strncmp(word, "--file-hex=", 11) == 0) {
        const char *hex = word + 11, *colon = strchr(hex, ':');
        size_t n = colon ? (size_t)(colon - hex) : 0;
        int ok = colon && n % 2 == 0 && colon[1];
        for (size_t i = 0; ok && i < n; i++)
            ok = isxdigit((unsigned char)hex[i]);
        if (!ok)
            return rh_fail(err, "witness word %.60s is not --file-hex=HEX:PATH", word);
        return 1;
    }
    return 0;
}

char **rh_witness_program_split(const char *program, int *n)
{
    char *copy = rh_xstrdup(program), *save = NULL;
    char **t = rh_xcalloc(strlen(program) + 2, sizeof *t);
    *n = 0;
    for (char *f = strtok_r(copy, " ", &save); f; f = strtok_r(NULL, " ", &save)) {
        arg_untoken(f);
        t[(*n)++] = rh_xstrdup(f);
    }
    free(copy);
    return t;
}

char *rh_witness_program_join(const char *const *words, int n)
{
    char *s = rh_xstrdup("");
    for (int i = 0; i < n; i++)
        add_token(&s, "", words[i]);
    return s;
}

void rh_witness_program_parse(const char *program, rh_options *o, char ***tokens, int *ntokens)
{
    int n = 0, nfiles = 0, nargs = 0, ninputs = 0;
    char **t = rh_witness_program_split(program, &n);
    char err[RH_ERR_MAX];
    /* files first, then program arguments, then input words, in order; options last */
    for (int i = 0; i < n; i++) {
        char *tok = t[i];
        if (strncmp(tok, "--arg=", 6) == 0) {
            memmove(tok, tok + 6, strlen(tok + 6) + 1);
            memmove(t + nfiles + nargs + 1, t + nfiles + nargs, (size_t)(i - nfiles - nargs) * sizeof *t);
            t[nfiles + nargs++] = tok;
        } else if (rh_witness_input_word(tok, err) == 1) {
            int at = nfiles + nargs + ninputs++;
            memmove(t + at + 1, t + at, (size_t)(i - at) * sizeof *t);
            t[at] = tok;
        } else if (strncmp(tok, "--stdin=", 8) == 0)
            o->stdin_file = tok + 8;
        else if (strncmp(tok, "--stdin-hex=", 12) == 0)
            o->stdin_hex = tok + 12;
        else if (strncmp(tok, "--entry=", 8) == 0)
            o->entry = tok + 8;
        else if (strcmp(tok, "--allow-undefined") == 0)
            o->refuse_undefined = 0; /* older witnesses; leaving out is the default now */
        else if (strncmp(tok, "--program=", 10) == 0)
            o->program = tok + 10;
        else if (strncmp(tok, "-p=", 3) == 0)
            o->build_dir = tok + 3;
        else {
            memmove(t + nfiles + 1, t + nfiles, (size_t)(i - nfiles) * sizeof *t);
            t[nfiles++] = tok;
        }
    }
    o->files = (const char **)t;
    o->nfiles = nfiles;
    o->run_args = (const char **)t + nfiles;
    o->nrun_args = nargs;
    o->input_words = (const char *const *)t + nfiles + nargs;
    o->ninput_words = ninputs;
    *tokens = t;
    *ntokens = n;
}

const char *rh_note_assumption(const char *note)
{
    size_t n = strlen(RH_ASSUMPTION_PREFIX);
    return note && strncmp(note, RH_ASSUMPTION_PREFIX, n) == 0 ? note + n : NULL;
}

int rh_assumption_count(const rh_result *res, int *nnotes)
{
    int n = 0;
    *nnotes = 0;
    for (int i = 0; i < res->nnotes; i++) {
        const char *a = rh_note_assumption(res->notes[i]);
        if (!a)
            continue;
        (*nnotes)++;
        int quotes = 0;
        for (const char *p = a; *p; p++)
            quotes += *p == '\'';
        n += quotes >= 2 ? quotes / 2 : 1;
    }
    return n;
}

char *rh_access_what(const rh_race_access *a)
{
    if (a->op && strcmp(a->op, "free") == 0)
        return rh_xstrdup("free");
    if (a->op && strncmp(a->op, "realloc", 7) == 0)
        return rh_xasprintf("%s (moves and frees the block)", a->op);
    char size[48] = "";
    if (a->size)
        snprintf(size, sizeof size, " of size %lu", a->size);
    else
        snprintf(size, sizeof size, " of the whole object");
    char by[96] = "";
    if (a->op)
        snprintf(by, sizeof by, " (by %.80s)", a->op);
    return rh_xasprintf("%s%s%s%s%s", a->is_volatile ? "volatile " : "", a->is_write ? "write" : "read",
                        size, a->atomic ? " (atomic)" : "", by);
}
