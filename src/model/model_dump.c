/* model_dump.c - the --dump-model listing: a stable, line-oriented text that
 * tests grep and engine authors read.
 */
#include "model.h"

#include <llvm-c/Core.h>

static const char *kind_name(rh_access_kind k)
{
    return k == RH_ACC_READ ? "read" : k == RH_ACC_WRITE ? "write" : "rmw";
}

/* Short text of the pointer operand: a global's name, or "<expr>". */
static const char *ptr_name(LLVMValueRef ptr)
{
    size_t len;
    if (LLVMIsAGlobalVariable(ptr))
        return LLVMGetValueName2(ptr, &len);
    if (LLVMIsAGetElementPtrInst(ptr) || LLVMIsAConstantExpr(ptr)) {
        LLVMValueRef base = LLVMGetOperand(ptr, 0);
        if (LLVMIsAGlobalVariable(base))
            return LLVMGetValueName2(base, &len);
    }
    return "<expr>";
}

static void dump_sync(const rh_program *p, const rh_sync *s, FILE *out)
{
    fprintf(out, "  %s:%u:%u %s %s", s->loc.file, s->loc.line, s->loc.col,
            p->funcs[s->func].name, s->entry ? rh_conc_op_name(s->entry->op) : "unknown-call");
    if (s->entry && (s->entry->flags & RH_F_SHARED))
        fprintf(out, " shared");
    if (s->entry && (s->entry->flags & (RH_F_TRY | RH_F_TIMED)))
        fprintf(out, " try");
    fprintf(out, " %s\n", s->callee ? s->callee : "(indirect)");
}

void rh_model_dump(const rh_program *p, FILE *out)
{
    fprintf(out, "functions: %d\n", p->nfuncs);
    for (int i = 0; i < p->nfuncs; i++) {
        const rh_function *f = &p->funcs[i];
        fprintf(out, "  %s %s:%u accesses=%d syncs=%d%s calls:", f->name, f->loc.file, f->loc.line,
                f->naccesses, f->nsyncs, f->atomic ? " atomic" : "");
        for (int j = 0; j < f->ncallees; j++)
            fprintf(out, " %s", p->funcs[f->callees[j]].name);
        fprintf(out, "%s\n", f->has_indirect_calls ? " (indirect)" : "");
    }
    fprintf(out, "threads: %d\n", p->nthreads);
    for (int i = 0; i < p->nthreads; i++) {
        const rh_sync *s = &p->syncs[p->threads[i].create_sync];
        fprintf(out, "  %s created at %s:%u:%u in %s\n", p->funcs[p->threads[i].func].name,
                s->loc.file, s->loc.line, s->loc.col, p->funcs[s->func].name);
    }
    fprintf(out, "accesses: %d\n", p->naccesses);
    for (int i = 0; i < p->naccesses; i++) {
        const rh_access *a = &p->accesses[i];
        fprintf(out, "  %s:%u:%u %s %s %llu %s%s%s\n", a->loc.file, a->loc.line, a->loc.col,
                p->funcs[a->func].name, kind_name(a->kind), (unsigned long long)a->size,
                ptr_name(a->ptr), a->atomic ? " atomic" : "", a->from_call ? " call" : "");
    }
    fprintf(out, "syncs: %d\n", p->nsyncs);
    for (int i = 0; i < p->nsyncs; i++)
        dump_sync(p, &p->syncs[i], out);
}
