/* dyn_clock.c - sends the program's direct calls of the clock (time,
 * times, clock, clock_gettime, gettimeofday) to the runtime's models of
 * them (src/runtime/rt_clock.c), which take the same arguments: a
 * recorded run writes down what the clock answered, and a witness's replay
 * answers the same, so a race behind a test of elapsed time replays.
 * Only the engine's runs (dyn_build.c): their witnesses replay.
 */
#include "dyn.h"

#include <stdlib.h>
#include <string.h>

static const char *const clock_models[][2] = {
    {"time", "__rh_clock_time"},
    {"times", "__rh_clock_times"},
    {"clock", "__rh_clock_clock"},
    {"clock_gettime", "__rh_clock_gettime"},
    {"gettimeofday", "__rh_clock_gettimeofday"},
};

void rh_dyn_clock_inputs(LLVMModuleRef m)
{
    int ncalls;
    LLVMValueRef *calls = rh_model_declared_calls(m, &ncalls);
    for (int i = 0; i < ncalls; i++) {
        LLVMValueRef fn = rh_model_called_function(calls[i]);
        size_t len;
        const char *name = fn ? LLVMGetValueName2(fn, &len) : "";
        size_t k = 0, n = sizeof clock_models / sizeof clock_models[0];
        while (k < n && strcmp(name, clock_models[k][0]) != 0)
            k++;
        /* a call through a cast (an old-style declaration) keeps the
         * function it names: the model's signature is the real one's */
        if (k == n || LLVMGetCalledValue(calls[i]) != fn)
            continue;
        LLVMValueRef model = LLVMGetNamedFunction(m, clock_models[k][1]);
        if (!model)
            model = LLVMAddFunction(m, clock_models[k][1], LLVMGlobalGetValueType(fn));
        LLVMSetOperand(calls[i], LLVMGetNumOperands(calls[i]) - 1, model);
    }
    free(calls);
}
