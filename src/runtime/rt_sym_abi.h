/* rt_sym_abi.h - the contract between the concolic instrumentation
 * (src/engines/dynamic/dse_instrument.c), the run-time expression builder
 * (rt_sym.c, rt_sym_model.c) and the driver that solves what a run recorded
 * (src/engines/dynamic/dse_search.c): the operators of expressions, the
 * numbering of symbolic input variables and the log a concolic run writes.
 *
 * Expressions are bit-vectors of 1 to 64 bits (a comparison is 1 bit).
 * A NULL expression means "concrete": the value holds whatever the input.
 *
 * The log (RH_RT_SYM=PATH; nothing is built without it), one record a line:
 *   V ID VAR BITS VALUE      node ID is input variable VAR, this run's VALUE
 *   N ID OP BITS A B C K     node ID = OP over nodes A, B, C (0: none), constant K
 *   B SITE TAKEN ID          a conditional branch at SITE went TAKEN (0/1) on
 *                            node ID (1 bit); SITE>>2 is the branch, bit 0 set:
 *                            its true side can reach a thread creation, bit 1:
 *                            its false side can
 *   S K OFF LEN SIZE SIGNED VALUE  scanf's K-th number of the run
 *                            (variable RH_SYM_SCANF+K, 64 bits, VALUE this
 *                            run) was the LEN bytes of standard input at
 *                            offset OFF, stored in SIZE bytes, SIGNED (1)
 *                            or not (0): a child's input has the decimal
 *                            text of its value (the model's or VALUE) there
 *   P ID                     node ID (1 bit) held: a concretised address or
 *                            a bound, never negated
 *   E REASON                 the recording ended early (a cap was reached)
 *   I KIND SLOT HEX          input slot SLOT of KIND (e: an environment
 *                            variable, f: a file opened for reading) is
 *                            named by the bytes HEX spells (rt_sym_env.c)
 *   C SITES ENTRIES          the run ends; the thread entry functions have
 *                            SITES conditional branches, ENTRIES start
 *                            routines (dse_cover.c); then:
 *   c SITE DIR               branch SITE went DIR (0/1) in this run
 *   r ENTRY                  start routine ENTRY ran in this run
 * Nodes are written before the first record that names them.
 */
#ifndef RH_RT_SYM_ABI_H
#define RH_RT_SYM_ABI_H

#include <stddef.h>

enum rh_sym_op {
    RH_SYM_VAR = 1, RH_SYM_CONST,
    RH_SYM_ADD, RH_SYM_SUB, RH_SYM_MUL, RH_SYM_UDIV, RH_SYM_SDIV, RH_SYM_UREM, RH_SYM_SREM,
    RH_SYM_SHL, RH_SYM_LSHR, RH_SYM_ASHR, RH_SYM_AND, RH_SYM_OR, RH_SYM_XOR,
    RH_SYM_EQ, RH_SYM_NE, RH_SYM_ULT, RH_SYM_ULE, RH_SYM_UGT, RH_SYM_UGE,
    RH_SYM_SLT, RH_SYM_SLE, RH_SYM_SGT, RH_SYM_SGE,
    RH_SYM_ZEXT, RH_SYM_SEXT,
    RH_SYM_EXTRACT,   /* BITS bits of A from bit K up */
    RH_SYM_CONCAT,    /* A the high part, B the low part */
    RH_SYM_ITE,       /* A (1 bit) ? B : C */
    RH_SYM_NOPS
};

/* Input variables.  argc is variable 0 (32 bits, 1..1+RH_SYM_MAX_ARGS);
 * byte J of argument I (1..RH_SYM_MAX_ARGS) is 1+(I-1)*RH_SYM_ARG_LEN+J;
 * byte J of standard input RH_SYM_STDIN+J; the K-th __VERIFIER_nondet_*
 * value of a run RH_SYM_NONDET+K. */
#define RH_SYM_MAX_ARGS 4
#define RH_SYM_ARG_LEN 32
#define RH_SYM_STDIN 1000
#define RH_SYM_STDIN_LEN 4096
#define RH_SYM_NONDET 10000
#define RH_SYM_NONDET_MAX 4096
/* scanf's numbers (rt_sym_scanf.c): the K-th of a run is RH_SYM_SCANF+K,
 * its value, not its digits, the variable (an S record says where its
 * text is), so that the solver may give it any number of digits. */
#define RH_SYM_SCANF 60000
#define RH_SYM_SCANF_MAX 256

/* Environment variables and files opened for reading: slot K (in the order
 * a run first asks for a name) has variables from RH_SYM_ENV +
 * K * RH_SYM_ENV_STRIDE: first its presence (8 bits, 0 or 1: getenv's
 * NULL or not, the file there or not), then byte J of its value or content
 * at +1+J. */
#define RH_SYM_ENV 20000
#define RH_SYM_ENV_SLOTS 16
#define RH_SYM_ENV_LEN 64
#define RH_SYM_ENV_STRIDE (RH_SYM_ENV_LEN + 1)
#define RH_SYM_FILE 40000
#define RH_SYM_FILE_SLOTS 8
#define RH_SYM_FILE_LEN 4096
#define RH_SYM_FILE_STRIDE (RH_SYM_FILE_LEN + 1)

/* Environment variables that are no input of the program but steer the
 * loader, libc, a sanitizer or racehunt's own runtime (RH_RT_OUT names the
 * file a run's report is written to): never symbolic, never set from a
 * witness, which is untrusted (LD_PRELOAD would run code of its choosing,
 * RH_RT_OUT or a sanitizer's log_path overwrite a file of its choosing). */
static inline int rh_sym_env_reserved(const char *name, size_t n)
{
    static const char *const prefixes[] = {"LD_", "RH_RT_", "GLIBC_", "MALLOC_", "GCONV_", "LOCPATH",
                                           "NLSPATH", "HOSTALIASES", "RES_OPTIONS", "LOCALDOMAIN",
                                           "ASAN_", "UBSAN_", "TSAN_", "LSAN_", "MSAN_"};
    for (size_t i = 0; i < sizeof prefixes / sizeof *prefixes; i++) {
        size_t k = 0;
        while (prefixes[i][k] && k < n && prefixes[i][k] == name[k])
            k++;
        if (!prefixes[i][k])
            return 1;
    }
    return 0;
}

/* What a stdin hook saw (__rh_sym_input's kind). */
enum rh_sym_input {
    RH_SYM_IN_READ = 1, RH_SYM_IN_FREAD, RH_SYM_IN_FGETS, RH_SYM_IN_GETLINE,
    RH_SYM_IN_MMAP      /* from: the descriptor, buf: the mapping, size: its length */
};

/* The libc functions the builder models (__rh_sym_model's kind). */
enum rh_sym_model {
    RH_SYM_M_STRCMP = 1, RH_SYM_M_STRNCMP, RH_SYM_M_MEMCMP, RH_SYM_M_STRLEN, RH_SYM_M_ATOI,
    RH_SYM_M_STRTOL, RH_SYM_M_GETC, RH_SYM_M_STRCASECMP, RH_SYM_M_STRNCASECMP
};

#endif
