/* rt_sym.h - the run-time expression builder of concolic runs (rt_sym.c:
 * nodes, the shadow of memory, the log; rt_sym_model.c: symbolic inputs and
 * models of libc functions; rt_sym_scanf.c: scanf's).  Formats and numbering: rt_sym_abi.h.
 *
 * Contract: every function is a no-op returning NULL unless RH_RT_SYM names
 * the log file; a NULL expression is a concrete value; nodes live until the
 * process ends (expressions are DAGs shared freely).  Program threads run
 * one at a time under the scheduler, so the builder keeps no locks.
 */
#ifndef RH_RT_SYM_H
#define RH_RT_SYM_H

#include <stdint.h>
#include "rt_sym_abi.h"

typedef struct rt_sym_node {
    uint32_t id;
    uint8_t op, bits, emitted;
    struct rt_sym_node *a, *b, *c;
    uint64_t k;
} rt_sym_node;

extern int rt_sym_on;            /* RH_RT_SYM was given */
extern unsigned long rt_sym_live; /* bytes of memory with an expression */

rt_sym_node *rt_sym_mk(int op, int bits, rt_sym_node *a, rt_sym_node *b, rt_sym_node *c, uint64_t k);
rt_sym_node *rt_sym_const(int bits, uint64_t v);
/* a fresh input variable with this run's value */
rt_sym_node *rt_sym_var(uint32_t var, int bits, uint64_t value);
/* the expression of the byte at p, NULL when concrete */
rt_sym_node *rt_sym_byte(const void *p);
void rt_sym_set_byte(const void *p, rt_sym_node *e);
/* a 1-bit node recorded as holding (a P record) */
void rt_sym_pin(rt_sym_node *cond);
/* the expression of an n-byte value at p (bytes without one are constants) */
rt_sym_node *rt_sym_load_bytes(const void *p, uint64_t n);

/* Appends one record (rt_sym_abi.h) to the log, written at once. */
void rt_sym_log_record(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Pins the byte expression v to 0 or a printable ASCII character (a value
 * a witness, JSON text, can carry and a shell can type). */
void rt_sym_pin_printable(rt_sym_node *v);
/* After a read: when `from` (a stream, or for read a descriptor) reads a
 * file rt_sym_env.c substituted, its bytes become that file's variables;
 * 1 when it does (the read is not standard input). */
int rt_sym_file_input(uint32_t kind, void *from, void *buf, int64_t ret, uint64_t size);
/* atoi's and strtol's (base 10) result over the bytes at s, in bits
 * bits: each digit position ends the number or adds to it; NULL when no
 * digit is symbolic (rt_sym_model.c). */
rt_sym_node *rt_sym_atoi(const unsigned char *s, int bits);
/* Standard input's next byte is at stream offset off: its variable is
 * RH_SYM_STDIN + off (after a read libc did by itself, rt_sym_scanf.c). */
void rt_sym_stdin_at(long off);

#endif
