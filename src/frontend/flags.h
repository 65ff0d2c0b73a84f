/* flags.h - recorded compiler command lines (cmdline.c) and what each flag of a recorded build (or after `--`)
 * means to racehunt: kept because it changes what the unit means, kept
 * only while the unit is still to be preprocessed, or dropped because it
 * only shapes the build's output (objects, dependency files, warnings,
 * debug and optimisation levels, instrumentation, the link).
 *
 * Contract: anything not known to be harmless to drop is kept, so a flag
 * racehunt has never heard of still reaches clang; a flag clang itself does
 * not know (a gcc-only one) is then dropped by the compile step with a
 * note (frontend.c).  Options that take their value as the next argument
 * are recognised, so values are never mistaken for flags or inputs.
 */
#ifndef RH_FLAGS_H
#define RH_FLAGS_H

typedef enum rh_flag_kind {
    RH_FLAG_KEEP,    /* -std, -f..., -m..., --target, -pthread, unknown flags */
    RH_FLAG_PREPROC, /* -D -U -I... -include -imacros: void once text is preprocessed */
    RH_FLAG_DROP,    /* -o -c -M.. -W.. -g -O -l -L, sanitizers, coverage */
    RH_FLAG_UNSAFE,  /* loads code into clang or writes a file: -fplugin, -fpass-plugin,
                      * --config, -Xclang -load, -Wp,-MD, -fproc-stat-report, -save-temps,
                      * -ftime-trace, -fprofile-*, --coverage, -fdump-*; dropped with a
                      * note (rh_flag_note_unsafe) unless --allow-compiler-plugins */
    RH_FLAG_LANG,    /* -x LANG: the language, read by units.c */
    RH_FLAG_INPUT,   /* an input file (every argument that is not an option) */
} rh_flag_kind;

/* cmdline.c: argument vectors of recorded build commands.  Appends a copy
 * of s to *argv. */
void rh_argv_push(char ***argv, int *argc, const char *s);
void rh_argv_free(char **argv, int argc);
/* Splits a shell command line as POSIX sh would (blanks, '...', "...",
 * backslashes), appending the words to *argv; no expansions.  Returns 0,
 * or -1 when a quote is left open (the words up to the end are kept). */
int rh_shell_split(const char *cmd, char ***argv, int *argc);
/* Replaces each @FILE argument by the words of FILE (relative to dir), as
 * gcc does, also inside response files (RH_RESPONSE_DEPTH levels at most),
 * so that clang is never handed one to read.  Each FILE is read as a side
 * input (util/input.h: a bounded regular file).  Returns 0, or -1 with err
 * naming the file that is missing, not regular, too large or malformed;
 * *argv is unchanged then.  The paths of the files read are appended to
 * *read (when read is not NULL). */
#define RH_RESPONSE_DEPTH 8
int rh_expand_response_files(const char *dir, char ***argv, int *argc, char ***read, int *nread,
                             char *err);

/* The kind of argv[i]; *nargs is how many arguments it spans (1, or 2 when
 * its value is the next argument and that exists). */
rh_flag_kind rh_flag_classify(char **argv, int argc, int i, int *nargs);

/* The note for an RH_FLAG_UNSAFE flag of `where` (a unit, or "the
 * command line") spanning argv[i], argv[i+n-1], on stderr. */
void rh_flag_note_unsafe(const char *where, char **argv, int i, int n);

#endif
