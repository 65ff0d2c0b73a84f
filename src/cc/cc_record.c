/* cc_record.c - writing racehunt cc's records into modules and reading
 * them back from the ELF files the linker made (cc_record.h). */
#include "cc_record.h"
#include "util/util.h"

#include <elf.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

void rh_cc_append_global(LLVMModuleRef m, const char *name, LLVMValueRef v)
{
    LLVMValueRef old = LLVMGetNamedGlobal(m, name);
    LLVMTypeRef et = LLVMTypeOf(v);
    unsigned n = 0;
    LLVMValueRef *items = NULL;
    if (old && LLVMGetInitializer(old)) {
        LLVMValueRef init = LLVMGetInitializer(old);
        n = (unsigned)LLVMGetArrayLength(LLVMTypeOf(init));
        items = rh_xcalloc((size_t)n + 1, sizeof *items);
        for (unsigned i = 0; i < n; i++)
            items[i] = LLVMGetAggregateElement(init, i);
        if (n)
            et = LLVMTypeOf(items[0]);
    } else {
        items = rh_xcalloc(1, sizeof *items);
    }
    items[n++] = v;
    if (old) {
        LLVMSetValueName2(old, "racehunt.old", 12);
        LLVMDeleteGlobal(old);
    }
    LLVMValueRef arr = LLVMConstArray(et, items, n);
    LLVMValueRef g = LLVMAddGlobal(m, LLVMTypeOf(arr), name);
    LLVMSetInitializer(g, arr);
    LLVMSetLinkage(g, LLVMAppendingLinkage);
    if (strcmp(name, "llvm.compiler.used") == 0)
        LLVMSetSection(g, "llvm.metadata");
    free(items);
}

void rh_cc_record_add(LLVMModuleRef m, char kind, const char *payload, size_t len)
{
    size_t total = RH_CC_MAGIC_LEN + 1 + 4 + len;
    char *bytes = rh_xmalloc(total);
    memcpy(bytes, RH_CC_MAGIC, RH_CC_MAGIC_LEN);
    bytes[RH_CC_MAGIC_LEN] = kind;
    for (int i = 0; i < 4; i++)
        bytes[RH_CC_MAGIC_LEN + 1 + i] = (char)((len >> (8 * i)) & 0xff);
    memcpy(bytes + RH_CC_MAGIC_LEN + 5, payload, len);
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    LLVMValueRef init = LLVMConstStringInContext(ctx, bytes, (unsigned)total, 1);
    LLVMValueRef g = LLVMAddGlobal(m, LLVMTypeOf(init), "racehunt.record");
    LLVMSetInitializer(g, init);
    LLVMSetGlobalConstant(g, 1);
    LLVMSetLinkage(g, LLVMPrivateLinkage);
    LLVMSetSection(g, RH_CC_SECTION);
    LLVMSetAlignment(g, 1);
    rh_cc_append_global(m, "llvm.compiler.used", g);
    free(bytes);
}

/* The section's bytes in the mapped ELF file, or NULL. */
static const char *find_section(const char *map, size_t size, size_t *len)
{
    const Elf64_Ehdr *eh = (const Elf64_Ehdr *)map;
    /* every bound is checked by subtraction: a crafted file's offsets may
     * be near 2^64 */
    if (eh->e_ident[EI_CLASS] != ELFCLASS64 || eh->e_shoff == 0 || eh->e_shstrndx >= eh->e_shnum ||
        eh->e_shoff > size || (size - eh->e_shoff) / sizeof(Elf64_Shdr) < eh->e_shnum)
        return NULL;
    const Elf64_Shdr *sh = (const Elf64_Shdr *)(map + eh->e_shoff);
    const Elf64_Shdr *names = &sh[eh->e_shstrndx];
    for (int i = 0; i < eh->e_shnum; i++) {
        if (sh[i].sh_type == SHT_NOBITS || sh[i].sh_offset > size ||
            sh[i].sh_size > size - sh[i].sh_offset || names->sh_offset >= size ||
            sh[i].sh_name >= size - names->sh_offset)
            continue;
        const char *name = map + names->sh_offset + sh[i].sh_name;
        size_t room = size - (names->sh_offset + sh[i].sh_name);
        if (room > sizeof RH_CC_SECTION && memcmp(name, RH_CC_SECTION, sizeof RH_CC_SECTION) == 0) {
            *len = sh[i].sh_size;
            return map + sh[i].sh_offset;
        }
    }
    return NULL;
}

/* Splits the section into records; bytes of other producers between them
 * (clang's own -fembed-bitcode command lines) are skipped. */
static int split(const char *s, size_t len, rh_cc_rec **recs)
{
    int n = 0;
    *recs = NULL;
    const char *end = s + len, *p = s;
    while ((p = memmem(p, (size_t)(end - p), RH_CC_MAGIC, RH_CC_MAGIC_LEN)) &&
           end - p >= RH_CC_MAGIC_LEN + 5) {
        const unsigned char *h = (const unsigned char *)p + RH_CC_MAGIC_LEN;
        size_t rl = (size_t)h[1] | (size_t)h[2] << 8 | (size_t)h[3] << 16 | (size_t)h[4] << 24;
        const char *data = p + RH_CC_MAGIC_LEN + 5;
        if (rl > (size_t)(end - data))
            break;
        *recs = rh_xrealloc(*recs, (size_t)(n + 1) * sizeof **recs);
        (*recs)[n++] = (rh_cc_rec){(char)h[0], data, rl};
        p = data + rl;
    }
    return n;
}

int rh_cc_records_read(const char *path, char **buf, rh_cc_rec **recs)
{
    *buf = NULL, *recs = NULL;
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_NOCTTY); /* a FIFO never blocks */
    struct stat sb;
    if (fd < 0 || fstat(fd, &sb) || !S_ISREG(sb.st_mode) || sb.st_size < (off_t)sizeof(Elf64_Ehdr)) {
        if (fd >= 0)
            close(fd);
        return -1;
    }
    char *map = mmap(NULL, (size_t)sb.st_size, PROT_READ, MAP_PRIVATE, fd, 0);
    close(fd);
    if (map == MAP_FAILED)
        return -1;
    int n = -1;
    if (memcmp(map, ELFMAG, SELFMAG) == 0) {
        size_t len = 0;
        const char *sec = find_section(map, (size_t)sb.st_size, &len);
        n = 0;
        if (sec) {
            *buf = rh_xmalloc(len ? len : 1);
            memcpy(*buf, sec, len);
            n = split(*buf, len, recs);
        }
    }
    munmap(map, (size_t)sb.st_size);
    return n;
}
