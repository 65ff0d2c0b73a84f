/* dyn_blocking.c - calls that may wait in the kernel for another thread
 * of the program (a pipe, a socket, a child, standard input) are bracketed
 * by the runtime's __rh_cc_block_begin/end, so that the thread leaves the
 * schedule while it waits and the others run: a reader waiting for what
 * another thread writes never hangs a serialised run.  Used by racehunt cc
 * (every unit) and by `racehunt run` (dyn_build.c).  The engine's own
 * runs, whose schedules must replay step for step, bracket only the calls
 * that wait for a signal and nothing else (sigwait, pause, ...): such a
 * call returns only after another thread or process acts, so holding the
 * schedule in it can only stop every thread until the run's time limit (a
 * signal-handling thread that waits while the others work).
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

/* The subset that waits for a signal only. */
static const char *const signal_waits[] = {
    "pause", "sigsuspend", "sigwait", "sigwaitinfo", "sigtimedwait",
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

static int is_signal_wait(const char *name)
{
    for (size_t i = 0; i < sizeof signal_waits / sizeof signal_waits[0]; i++)
        if (strcmp(name, signal_waits[i]) == 0)
            return 1;
    return 0;
}

static void wrap_calls(LLVMModuleRef m, int (*wraps)(const char *))
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
        if (!wraps(LLVMGetValueName2(rh_model_called_function(in), &n)))
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

void rh_dyn_wrap_blocking(LLVMModuleRef m)
{
    wrap_calls(m, is_blocking);
}

void rh_dyn_wrap_signal_waits(LLVMModuleRef m)
{
    wrap_calls(m, is_signal_wait);
}
