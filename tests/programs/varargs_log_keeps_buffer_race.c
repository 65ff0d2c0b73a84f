/* the variadic logging function keeps the last buffer it got (va_arg stored into a global): a worker's buffer escapes through the variadic arguments, so its write into the buffer after logging races with another worker's read of the kept one */
#include <pthread.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static char *last_message;
static pthread_mutex_t log_lock = PTHREAD_MUTEX_INITIALIZER;

static void log_keep(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    pthread_mutex_lock(&log_lock);
    last_message = va_arg(ap, char *);
    pthread_mutex_unlock(&log_lock);
    va_end(ap);
}

static void *worker(void *arg)
{
    char *msg = calloc(1, 8);
    if (!msg)
        return NULL;
    log_keep("%s", msg);
    msg[0] = arg ? 'b' : 'a'; // RACE
    pthread_mutex_lock(&log_lock);
    char *kept = last_message;
    pthread_mutex_unlock(&log_lock);
    return (void *)(long)kept[0]; // RACE
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, worker, (void *)0L);
    pthread_create(&b, NULL, worker, (void *)1L);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
