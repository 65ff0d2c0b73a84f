/* each worker formats into a buffer of its own (malloc per call) and hands the buffer to a variadic logging function, which only reads it through va_arg: the variadic arguments live in the worker's frame, so the buffer stays the worker's own */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

static void log_line(const char *fmt, ...)
{
    char out[64];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(out, sizeof out, fmt, ap);
    va_end(ap);
}

static void *worker(void *arg)
{
    char *msg = malloc(32);
    if (!msg)
        return NULL;
    snprintf(msg, 32, "worker %ld", (long)arg); // NORACE
    log_line("%s done", msg);
    free(msg); // NORACE
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, worker, (void *)1L);
    pthread_create(&b, NULL, worker, (void *)2L);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
