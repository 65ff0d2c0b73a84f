/* src_names.c - what an instrumented access touches, in the words of the
 * source, for the steps of a witness, the locks held and the object a race
 * is on ("write 'pool->queue.len'", "lock 'w->pool->lock'", "read an
 * element of 'table'"): a step that says only "read memory" does not tell
 * the reader which variable the interleaving is about.
 *
 * Read off the address's LLVM expression at instrumentation time, with the
 * debug information's variables and types (src_debuginfo.c): a global or a
 * stack slot by its name, a pointer the compiler keeps in a register (a
 * parameter, a promoted local) by the variable its llvm.dbg.value names, a
 * pointer loaded from memory as '*p', a member at a constant offset by its
 * field name in the pointee's structure type, "an element of" for a
 * variable index.  Anything else (a call's result nobody names, a phi) is
 * not named: no name rather than a wrong one.
 */
#include "src_names.h"
#include "util/util.h"

#include <stdlib.h>
#include <string.h>

#define RH_NAME_DEPTH 4

/* The C name of a global or a local's stack slot, or NULL. */
static char *var_name(LLVMValueRef v)
{
    if (!LLVMIsAGlobalVariable(v) && !LLVMIsAAllocaInst(v))
        return NULL;
    size_t n;
    const char *s = LLVMGetValueName2(v, &n);
    if (n > 5 && memcmp(s + n - 5, ".addr", 5) == 0)
        n -= 5;
    if (!n || (s[0] >= '0' && s[0] <= '9') || memchr(s, '.', n))
        return NULL; /* a temporary, a string literal, a static local "f.x" */
    return rh_xasprintf("%.*s", (int)n, s);
}

/* Byte offset of a GEP with constant indices, -1 when an index varies. */
static long long gep_offset(LLVMTargetDataRef td, LLVMValueRef gep)
{
    unsigned n = (unsigned)LLVMGetNumOperands(gep);
    LLVMTypeRef ty = LLVMGetGEPSourceElementType(gep);
    long long off = 0;
    for (unsigned i = 1; i < n; i++) {
        LLVMValueRef idx = LLVMGetOperand(gep, i);
        if (!LLVMIsAConstantInt(idx))
            return -1;
        long long k = LLVMConstIntGetSExtValue(idx);
        if (i == 1) {
            off += k * (long long)LLVMABISizeOfType(td, ty);
        } else if (LLVMGetTypeKind(ty) == LLVMStructTypeKind) {
            off += (long long)LLVMOffsetOfElement(td, ty, (unsigned)k);
            ty = LLVMStructGetTypeAtIndex(ty, (unsigned)k);
        } else if (LLVMGetTypeKind(ty) == LLVMArrayTypeKind || LLVMGetTypeKind(ty) == LLVMVectorTypeKind) {
            ty = LLVMGetElementType(ty);
            off += k * (long long)LLVMABISizeOfType(td, ty);
        } else {
            return -1;
        }
    }
    return off;
}

/* What an address denotes: C text without quotes ("x", "*p", "p->f") and
 * the object's debug type (NULL when unknown). */
typedef struct named {
    char *text;
    LLVMMetadataRef type;
} named;

/* "p->f" for member f of the object text ("*p"), "(*p)->f" one pointer
 * deeper, "x.f" for a variable's own structure. */
static char *member_text(const char *text, const char *member)
{
    if (text[0] != '*')
        return rh_xasprintf("%s.%s", text, member);
    return text[1] == '*' ? rh_xasprintf("(%s)->%s", text + 1, member)
                          : rh_xasprintf("%s->%s", text + 1, member);
}

/* clang's name of a register no debug variable names, unless it is a
 * temporary's ("call", "arrayidx", "x.addr"). */
static char *value_name(LLVMValueRef v)
{
    size_t n;
    const char *s = LLVMGetValueName2(v, &n);
    if (!n || memchr(s, '.', n) || (s[0] >= '0' && s[0] <= '9') || LLVMIsAGetElementPtrInst(v) ||
        (n >= 4 && memcmp(s, "call", 4) == 0 && strspn(s + 4, "0123456789") == n - 4))
        return NULL;
    return rh_xasprintf("%.*s", (int)n, s);
}

static int is_gep(LLVMValueRef v)
{
    return LLVMIsAGetElementPtrInst(v) ||
           (LLVMIsAConstantExpr(v) && LLVMGetConstOpcode(v) == LLVMGetElementPtr);
}

/* What ptr points to, or 0. */
static int describe(LLVMTargetDataRef td, LLVMValueRef ptr, int depth, named *out)
{
    if (!ptr || depth > RH_NAME_DEPTH)
        return 0;
    LLVMContextRef ctx = LLVMGetTypeContext(LLVMTypeOf(ptr));
    if (LLVMIsABitCastInst(ptr) || (LLVMIsAConstantExpr(ptr) && LLVMGetConstOpcode(ptr) == LLVMBitCast))
        return describe(td, LLVMGetOperand(ptr, 0), depth + 1, out);
    char *v = var_name(ptr);
    if (v) { /* a variable's own storage */
        *out = (named){v, rh_src_debug_var_type(ctx, rh_src_debug_var(ptr))};
        return 1;
    }
    int gep = is_gep(ptr);
    LLVMMetadataRef dv = LLVMIsAArgument(ptr) || LLVMIsAInstruction(ptr) ? rh_src_debug_var(ptr) : NULL;
    char *own = dv && !gep ? rh_src_debug_var_name(ctx, dv) : NULL;
    if (own) { /* a pointer the program keeps in a variable: its name says most */
        *out = (named){rh_xasprintf("*%s", own), rh_src_pointee_type(ctx, rh_src_debug_var_type(ctx, dv))};
        free(own);
        return 1;
    }
    named in;
    if (LLVMIsALoadInst(ptr)) { /* a pointer read from memory: *p */
        if (!describe(td, LLVMGetOperand(ptr, 0), depth + 1, &in))
            return 0;
        *out = (named){rh_xasprintf("*%s", in.text), rh_src_pointee_type(ctx, in.type)};
        free(in.text);
        return 1;
    }
    if (gep) { /* a member at a constant offset */
        long long off = gep_offset(td, ptr);
        if (off < 0 || !describe(td, LLVMGetOperand(ptr, 0), depth + 1, &in))
            return 0;
        LLVMMetadataRef mtype = NULL;
        char *member = rh_src_member_at(ctx, in.type, off, &mtype);
        if (!member && off != 0) {
            free(in.text);
            return 0;
        }
        *out = member ? (named){member_text(in.text, member), mtype} : in;
        if (member)
            free(in.text);
        free(member);
        return 1;
    }
    if (LLVMIsAArgument(ptr) || LLVMIsAInstruction(ptr)) { /* a register of no variable */
        char *r = value_name(ptr);
        if (!r)
            return 0;
        *out = (named){rh_xasprintf("*%s", r), NULL};
        free(r);
        return 1;
    }
    return 0;
}

char *rh_src_access_name(LLVMTargetDataRef td, LLVMValueRef ptr)
{
    named n;
    if (describe(td, ptr, 0, &n)) {
        char *s = rh_xasprintf("'%s'", n.text);
        free(n.text);
        return s;
    }
    if (!ptr || !is_gep(ptr) || !describe(td, LLVMGetOperand(ptr, 0), 0, &n))
        return NULL;
    long long off = gep_offset(td, ptr);
    char *s = off < 0 ? rh_xasprintf("an element of '%s'", n.text)
                      : rh_xasprintf("byte %lld of '%s'", off, n.text);
    free(n.text);
    return s;
}

char *rh_src_field_of(const char *access_name)
{
    if (!access_name || access_name[0] != '\'')
        return NULL;
    const char *arrow = strstr(access_name, "->"), *dot = strchr(access_name, '.');
    while (arrow && strstr(arrow + 2, "->")) /* the last pointer's member: 'w->pool->busy' */
        arrow = strstr(arrow + 2, "->");
    const char *from = arrow ? arrow + 2 : dot && dot[1] != '\'' ? dot + 1 : NULL;
    size_t n = from ? strcspn(from, "'") : 0;
    return n ? rh_xasprintf("%.*s", (int)n, from) : NULL;
}
