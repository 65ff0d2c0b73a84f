/* cc_cmd.h - racehunt cc's reading of a compiler command line and the
 * steps that carry it out (cc_main.c, cc_unit.c, cc_link.c).
 *
 * Contract: arguments are classified with the front end's flag table
 * (flags.h), so a flag's separate value is never taken for an input.
 */
#ifndef RH_CC_CMD_H
#define RH_CC_CMD_H

typedef enum rh_cc_mode {
    RH_CC_LINK,     /* no -c/-S/-E: compile and link */
    RH_CC_OBJECT,   /* -c */
    RH_CC_ASSEMBLY, /* -S */
    RH_CC_PASS,     /* -E, -M/-MM, -fsyntax-only, no inputs, -emit-llvm: clang alone */
} rh_cc_mode;

typedef struct rh_cc_cmd {
    char **argv;          /* the arguments after the compiler's name */
    int argc;
    char *kind;           /* per argument: 'f' flag, 'v' a flag's value, 'c' C unit,
                             'i' other input, 'o' -o or its value, 'm' -c/-S/-E */
    rh_cc_mode mode;
    const char *output;   /* -o, or NULL */
    int shared;           /* -shared or -r: no runtime in this link */
    int nunits;           /* C units */
    int deps;             /* -MD or -MMD */
    int dep_file;         /* -MF given */
    int dep_target;       /* -MT or -MQ given */
    char *clang;          /* clang-16 */
} rh_cc_cmd;

/* Runs argv (argv[0] searched in PATH) with racehunt cc's standard
 * streams; returns its exit status (128+signal when killed, 127 when it
 * could not start). */
int rh_cc_spawn(char *const argv[]);

/* Compiles C unit src of cmd into out (an object, or assembly with
 * asm_out), instrumented, with its record; scratch files go to tmp.
 * Returns clang's status, 0, or 1 with a message on stderr. */
int rh_cc_unit(const rh_cc_cmd *cmd, const char *src, const char *out, int asm_out, const char *tmp);

/* The link step of cmd with its C units replaced by objs (one per unit,
 * in order); adds the runtime and the link record.  Returns the status. */
int rh_cc_link(const rh_cc_cmd *cmd, char **objs, const char *tmp);

#endif
