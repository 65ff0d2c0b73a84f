/* gcc_rewrite.c - the token-level half of the gcc compatibility layer:
 * blanks out the parts of gcc-preprocessed text clang-16 rejects, in place,
 * so every remaining token keeps its line and column (the debug
 * information, and so every reported race, points into the original).
 *
 * A small C tokenizer is enough: preprocessed text holds no macros, only
 * line markers, pragmas, literals, identifiers and punctuation.
 */
#include "gcc_compat.h"

#include <ctype.h>
#include <string.h>

typedef struct lexer {
    char *s;
    size_t len, pos;
} lexer;

static int is_ident(int c)
{
    return isalnum(c) || c == '_' || c == '$';
}

static void skip_line(lexer *lx)
{
    while (lx->pos < lx->len && lx->s[lx->pos] != '\n')
        lx->pos++;
}

/* Skips a string or character literal starting at pos (its quote). */
static void skip_literal(lexer *lx)
{
    char q = lx->s[lx->pos++];
    while (lx->pos < lx->len && lx->s[lx->pos] != q && lx->s[lx->pos] != '\n')
        lx->pos += lx->s[lx->pos] == '\\' ? 2 : 1;
    if (lx->pos < lx->len)
        lx->pos++;
}

/* Skips blanks, comments and directive lines (a # first on its line). */
static void skip_space(lexer *lx)
{
    while (lx->pos < lx->len) {
        char c = lx->s[lx->pos];
        size_t bol = lx->pos;
        while (bol > 0 && (lx->s[bol - 1] == ' ' || lx->s[bol - 1] == '\t'))
            bol--;
        if (c == '#' && (bol == 0 || lx->s[bol - 1] == '\n'))
            skip_line(lx);
        else if (isspace((unsigned char)c))
            lx->pos++;
        else if (c == '/' && lx->pos + 1 < lx->len && lx->s[lx->pos + 1] == '/')
            skip_line(lx);
        else if (c == '/' && lx->pos + 1 < lx->len && lx->s[lx->pos + 1] == '*') {
            char *end = strstr(lx->s + lx->pos + 2, "*/");
            lx->pos = end ? (size_t)(end - lx->s) + 2 : lx->len;
        } else
            return;
    }
}

/* Moves to the next token; *start and *end delimit it.  Returns 0 at the end. */
static int next_token(lexer *lx, size_t *start, size_t *end)
{
    skip_space(lx);
    if (lx->pos >= lx->len)
        return 0;
    *start = lx->pos;
    char c = lx->s[lx->pos];
    if (c == '"' || c == '\'')
        skip_literal(lx);
    else if (isdigit((unsigned char)c) ||
             (c == '.' && lx->pos + 1 < lx->len && isdigit((unsigned char)lx->s[lx->pos + 1]))) {
        while (lx->pos < lx->len && (is_ident(lx->s[lx->pos]) || lx->s[lx->pos] == '.' ||
                                     ((lx->s[lx->pos] == '+' || lx->s[lx->pos] == '-') &&
                                      lx->s[lx->pos - 1] && strchr("eEpP", lx->s[lx->pos - 1]))))
            lx->pos++;
    } else if (is_ident((unsigned char)c)) {
        while (lx->pos < lx->len && is_ident(lx->s[lx->pos]))
            lx->pos++;
        /* an encoding prefix glued to a literal: L"..", u8'..' */
        if (lx->pos < lx->len && (lx->s[lx->pos] == '"' || lx->s[lx->pos] == '\''))
            skip_literal(lx);
    } else
        lx->pos++;
    *end = lx->pos;
    return 1;
}

static int token_is(const lexer *lx, size_t start, size_t end, const char *word)
{
    return end - start == strlen(word) && memcmp(lx->s + start, word, end - start) == 0;
}

static void blank(lexer *lx, size_t start, size_t end)
{
    for (size_t i = start; i < end; i++)
        if (lx->s[i] != '\n')
            lx->s[i] = ' ';
}

/* From an opening parenthesis at open, the position just past its match. */
static size_t skip_parens(lexer *lx, size_t open)
{
    int depth = 0;
    size_t s, e;
    lx->pos = open;
    while (next_token(lx, &s, &e)) {
        if (lx->s[s] == '(' && e == s + 1)
            depth++;
        else if (lx->s[s] == ')' && e == s + 1 && --depth == 0)
            return e;
    }
    return lx->len;
}

/* One attribute of a list, its name at [s,e): malloc(dealloc, n) loses its
 * arguments (clang's malloc takes none), assume(expr) goes entirely (clang
 * has no such statement attribute; it is only an optimisation hint). */
static int rewrite_attribute(lexer *lx, size_t s, size_t e)
{
    int is_malloc = token_is(lx, s, e, "malloc") || token_is(lx, s, e, "__malloc__");
    int is_assume = token_is(lx, s, e, "assume") || token_is(lx, s, e, "__assume__");
    size_t after = lx->pos, ps, pe;
    if (!next_token(lx, &ps, &pe) || lx->s[ps] != '(' || pe != ps + 1) {
        lx->pos = after;
        return 0;
    }
    size_t close = skip_parens(lx, ps);
    if (is_malloc)
        blank(lx, ps, close);
    else if (is_assume)
        blank(lx, s, close);
    return is_malloc || is_assume;
}

/* At `__attribute__` (just read): walks its ((list)), rewriting items;
 * sets *gnu_inline when the list holds gnu_inline. */
static int rewrite_attribute_list(lexer *lx, int *gnu_inline)
{
    size_t s, e, back = lx->pos;
    int n = 0;
    for (int k = 0; k < 2; k++)
        if (!next_token(lx, &s, &e) || lx->s[s] != '(' || e != s + 1) {
            lx->pos = back;
            return 0;
        }
    int depth = 2;
    while (depth > 0 && next_token(lx, &s, &e)) {
        char c = lx->s[s];
        if (e == s + 1 && c == '(')
            depth++;
        else if (e == s + 1 && c == ')')
            depth--;
        else if (depth == 2 && is_ident((unsigned char)c) && !isdigit((unsigned char)c)) {
            *gnu_inline |= token_is(lx, s, e, "gnu_inline") || token_is(lx, s, e, "__gnu_inline__");
            n += rewrite_attribute(lx, s, e);
        }
    }
    return n;
}

/* What the top-level declaration read so far says about inlining. */
typedef struct decl_state {
    int depth;               /* braces open */
    int is_extern, is_inline, gnu_inline;
    size_t last;             /* start of the previous token */
} decl_state;

/* An `extern inline` function with gnu_inline is never emitted, at any
 * optimisation level: its body exists only to be inlined.  gcc's own
 * headers are full of them built on gcc's builtins (the x86 intrinsics,
 * glibc's fortified wrappers with __builtin_va_arg_pack), which clang
 * cannot type-check.  Turned into a plain declaration (`{...}` becomes
 * `;` and blanks), every call reaches the external function, as gcc -O0
 * does too; the engines know libc's and treat the rest as unknown. */
static int elide_gnu_inline_body(lexer *lx, decl_state *d, size_t open)
{
    if (!(d->is_extern && d->is_inline && d->gnu_inline && lx->s[d->last] == ')'))
        return 0;
    int depth = 0;
    size_t s, e;
    lx->pos = open;
    while (next_token(lx, &s, &e))
        if (e == s + 1 && lx->s[s] == '{')
            depth++;
        else if (e == s + 1 && lx->s[s] == '}' && --depth == 0)
            break;
    blank(lx, open, lx->pos);
    lx->s[open] = ';';
    memset(d, 0, sizeof *d);
    return 1;
}

/* Follows the declaration structure around one token at [s,e). */
static int track_declaration(lexer *lx, decl_state *d, size_t s, size_t e)
{
    char c = lx->s[s];
    int n = 0;
    if (e == s + 1 && c == '{' && d->depth == 0 && (n = elide_gnu_inline_body(lx, d, s)))
        return n;
    if (e == s + 1 && c == '{')
        d->depth++;
    else if (e == s + 1 && c == '}' && d->depth > 0 && --d->depth == 0)
        memset(d, 0, sizeof *d);
    else if (e == s + 1 && c == ';' && d->depth == 0)
        memset(d, 0, sizeof *d);
    else if (d->depth == 0 && token_is(lx, s, e, "extern"))
        d->is_extern = 1;
    else if (d->depth == 0 && (token_is(lx, s, e, "inline") || token_is(lx, s, e, "__inline") ||
                               token_is(lx, s, e, "__inline__")))
        d->is_inline = 1;
    d->last = s;
    return 0;
}

/* gcc's literal suffixes for the _FloatN types: f128 and f64x become long
 * double (L), f32x and f64 double (no suffix), f32 float (f). */
static int rewrite_number(lexer *lx, size_t s, size_t e)
{
    static const struct { const char *suffix, *with; } map[] = {
        {"f128", "L"}, {"F128", "L"}, {"f64x", "L"}, {"F64x", "L"}, {"f32x", ""},
        {"F32x", ""},  {"f64", ""},   {"F64", ""},   {"f32", "f"},  {"F32", "f"},
    };
    if (lx->s[s] == '0' && e > s + 1 && (lx->s[s + 1] == 'x' || lx->s[s + 1] == 'X') &&
        !memchr(lx->s + s, 'p', e - s) && !memchr(lx->s + s, 'P', e - s))
        return 0; /* a hexadecimal integer: f is a digit */
    for (size_t k = 0; k < sizeof map / sizeof map[0]; k++) {
        size_t n = strlen(map[k].suffix);
        if (e - s > n && memcmp(lx->s + e - n, map[k].suffix, n) == 0) {
            blank(lx, e - n, e);
            memcpy(lx->s + e - n, map[k].with, strlen(map[k].with));
            return 1;
        }
    }
    return 0;
}

/* gcc's _FloatN keywords, spelt as clang types of the same format in no
 * more room than the keyword ("__rh_f128" and "__rh_f64x" are macros of
 * the compatibility header).  A typedef name could not be written next to
 * _Complex, as glibc's complex.h does. */
static const struct {
    const char *gcc, *clang;
} float_types[] = {
    {"_Float32", "float"},      {"_Float64", "double"},     {"_Float32x", "double"},
    {"_Float64x", "__rh_f64x"}, {"_Float128", "__rh_f128"},
};
#define NFLOAT_TYPES (sizeof float_types / sizeof float_types[0])

/* Text preprocessed by clang (or by a gcc older than 7) declares the
 * _FloatN names as typedefs of its own: `typedef float _Float32;`.  Such a
 * name is left alone everywhere.  A declarator is the only place a type
 * name is directly followed by `;` or an attribute. */
static void find_declared_floats(char *text, size_t len, int *declared)
{
    lexer lx = {text, len, 0};
    size_t s, e, ns, ne;
    while (next_token(&lx, &s, &e))
        for (size_t k = 0; k < NFLOAT_TYPES; k++) {
            if (!token_is(&lx, s, e, float_types[k].gcc))
                continue;
            size_t back = lx.pos;
            if (next_token(&lx, &ns, &ne) && (text[ns] == ';' || token_is(&lx, ns, ne, "__attribute__")))
                declared[k] = 1;
            lx.pos = back;
        }
}

static int rewrite_float_type(lexer *lx, size_t s, size_t e, const int *declared)
{
    for (size_t k = 0; k < NFLOAT_TYPES; k++)
        if (!declared[k] && token_is(lx, s, e, float_types[k].gcc)) {
            blank(lx, s, e);
            memcpy(lx->s + s, float_types[k].clang, strlen(float_types[k].clang));
            return 1;
        }
    return 0;
}

int rh_gcc_rewrite(char *text, size_t len)
{
    int declared[NFLOAT_TYPES] = {0};
    find_declared_floats(text, len, declared);
    lexer lx = {text, len, 0};
    decl_state d = {0};
    size_t s, e;
    int n = 0;
    while (next_token(&lx, &s, &e)) {
        if (token_is(&lx, s, e, "__attribute__") || token_is(&lx, s, e, "__attribute")) {
            int gnu = 0;
            n += rewrite_attribute_list(&lx, &gnu);
            d.gnu_inline |= gnu && d.depth == 0;
            d.last = lx.pos - 1; /* the list's closing parenthesis */
        } else if (track_declaration(&lx, &d, s, e))
            n++;
        else if (isdigit((unsigned char)text[s]) || text[s] == '.')
            n += rewrite_number(&lx, s, e);
        else if (text[s] == '_' && e - s >= 8)
            n += rewrite_float_type(&lx, s, e, declared);
    }
    return n;
}

int rh_gcc_is_preprocessed(const char *text, size_t len)
{
    size_t i = 0;
    while (i < len && isspace((unsigned char)text[i]))
        i++;
    if (i >= len || text[i] != '#')
        return 0;
    for (i++; i < len && (text[i] == ' ' || text[i] == '\t'); i++)
        ;
    if (i >= len || !isdigit((unsigned char)text[i]))
        return 0;
    while (i < len && isdigit((unsigned char)text[i]))
        i++;
    while (i < len && (text[i] == ' ' || text[i] == '\t'))
        i++;
    return i < len && text[i] == '"';
}
