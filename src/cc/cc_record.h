/* cc_record.h - the records racehunt cc leaves in objects and executables.
 *
 * A record is a byte string in the section ".llvmcmd" (LLVM gives that
 * name a non-loaded section; the linker concatenates the sections of the
 * objects it links, alignment 1, so records stay back to back):
 *   "\0RHCC1\0" KIND(1 byte) LENGTH(4 bytes, little endian) PAYLOAD
 * KIND 'U': a unit, PAYLOAD "SOURCE\0DIRECTORY\0" then its bitcode (as
 * clang-16 compiled it, before normalisation and instrumentation);
 * KIND 'L': a link step, PAYLOAD "DIRECTORY\0" then its arguments, each
 * ended by \0.
 */
#ifndef RH_CC_RECORD_H
#define RH_CC_RECORD_H

#include <llvm-c/Core.h>
#include <stddef.h>

#define RH_CC_SECTION ".llvmcmd"
#define RH_CC_MAGIC "\0RHCC1\0"
#define RH_CC_MAGIC_LEN 7

/* Adds a record global (kept through optimisation) to m. */
void rh_cc_record_add(LLVMModuleRef m, char kind, const char *payload, size_t len);

/* Appends v to the appending array global `name` of m (llvm.global_ctors
 * entries, llvm.compiler.used), creating it when missing. */
void rh_cc_append_global(LLVMModuleRef m, const char *name, LLVMValueRef v);

typedef struct rh_cc_rec {
    char kind;
    const char *data;   /* into the buffer rh_cc_records_read returned */
    size_t len;
} rh_cc_rec;

/* Reads the records of ELF file path: *buf (owned, free it) holds the
 * section, *recs (owned) the records.  Returns their number, 0 when the
 * file is ELF without records, -1 when it is not an ELF file. */
int rh_cc_records_read(const char *path, char **buf, rh_cc_rec **recs);

#endif
