/* dyn_blocking.c - calls that may wait in the kernel for another thread
 * of the program (a pipe, a socket, a child, standard input) are bracketed
 * by the runtime's __rh_cc_block_begin/end, so that the thread leaves the
 * schedule while it waits and the others run: a reader waiting for what
 * another thread writes never hangs a serialised run.  Used by racehunt cc
 * (every unit) and by `racehunt run` (dyn_build.c); not by the engine's
 * own runs, whose schedules must replay step for step.
 */
#include "dyn.h"

#include <stdlib.h>
#include <string.h>

/* glibc's fortified names (_FORTIFY_SOURCE) are listed too. */
static const char *const blocking[] = {
    "read", "readv", "pread", "pread64", "recv", "recvfrom", "recvmsg", "accept", "accept4",
    "connect", "poll", "ppoll", "select", "pselect", "epoll_wait", "epoll_pwait", "wait", "waitpid",
    "wait4", "waitid", "pause", "sigsuspend", "sigwait", "sigwaitinfo", "sigtimedwait", "msgrcv",
    "mq_receive", "write", "writev", "send", "sendto", "sendmsg", "fgets", "fread", "getline",
    "getdelim", "fgetc", "getc", "getchar", "fscanf", "scanf", "flock", "lockf", "system",
    "__read_chk", "__recv_chk", "__recvfrom_chk", "__fread_chk", "__fgets_chk", "__poll_chk",
    "__ppoll_chk", "__pread_chk", "__pread64_chk", "__isoc99_scanf", "__isoc99_fscanf",
};

static int is_blocking(const char *name)
{
    for (size_t i = 0; i < sizeof blocking / sizeof blocking[0]; i++)
        if (strcmp(name, blocking[i]) == 0)
            return 1;
    return 0;
}

void rh_dyn_bracket_call(LLVMBuilderRef b, LLVMValueRef in, LLVMTypeRef tenter, LLVMValueRef enter,
                         LLVMValueRef arg, LLVMTypeRef tleave, LLVMValueRef leave)
{
    LLVMPositionBuilderBefore(b, in);
    LLVMBuildCall2(b, tenter, enter, &arg, 1, "");
    LLVMPositionBuilderBefore(b, LLVMGetNextInstruction(in));
    LLVMBuildCall2(b, tleave, leave, NULL, 0, "");
}

void rh_dyn_wrap_blocking(LLVMModuleRef m)
{
    LLVMContextRef ctx = LLVMGetModuleContext(m);
    LLVMTypeRef i32 = LLVMInt32TypeInContext(ctx), vd = LLVMVoidTypeInContext(ctx);
    LLVMTypeRef tb = LLVMFunctionType(vd, &i32, 1, 0), te = LLVMFunctionType(vd, NULL, 0, 0);
    LLVMValueRef begin = NULL, end = NULL;
    LLVMBuilderRef b = LLVMCreateBuilderInContext(ctx);
    int ncalls;
    LLVMValueRef *calls = rh_model_declared_calls(m, &ncalls);
    for (int i = 0; i < ncalls; i++) {
        LLVMValueRef in = calls[i];
        size_t n;
        if (!is_blocking(LLVMGetValueName2(rh_model_called_function(in), &n)))
            continue;
        if (!begin) {
            begin = LLVMAddFunction(m, "__rh_cc_block_begin", tb);
            end = LLVMAddFunction(m, "__rh_cc_block_end", te);
        }
        rh_dyn_bracket_call(b, in, tb, begin, LLVMConstInt(i32, 0, 0), te, end);
    }
    free(calls);
    LLVMDisposeBuilder(b);
}
