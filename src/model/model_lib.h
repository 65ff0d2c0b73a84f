/* model_lib.h - what library calls and calls of undefined functions do to
 * memory, as access records for the model (model_lib.c).
 *
 * Contract: rh_model_lib_accesses lists the accesses a call makes that
 * the library specification or the unknown-function assumption gives it;
 * model.c turns them into rh_access records.  The state pseudo-globals
 * are added to the module the first time a call needs them.
 */
#ifndef RH_MODEL_LIB_H
#define RH_MODEL_LIB_H

#include "model.h"

typedef struct rh_lib_access {
    LLVMValueRef ptr;
    rh_access_kind kind;
    uint64_t size;           /* 0: see size_value, or the whole object */
    LLVMValueRef size_value;
    int assumed;             /* made by an undefined function, by assumption */
} rh_lib_access;

#define RH_MAX_LIB_ACCESSES 24

/* Returns how many accesses the call makes (at most max). */
int rh_model_lib_accesses(rh_program *p, LLVMValueRef call, const rh_conc_entry *e,
                          rh_lib_access *out, int max);

/* Whether the call writes memory the program can see: some write effect's
 * argument is a pointer in this call (fcntl(fd, F_SETFL, flags) writes
 * nothing; fcntl(fd, F_GETLK, &lock) writes the lock), or hidden state. */
int rh_model_lib_writes(rh_program *p, LLVMValueRef call, const rh_conc_entry *e);

#endif
