/* Two instances of one worker format into one static buffer (a one-word change from a stack buffer) and pass it to a variadic logging function: the instances race on the buffer. */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

static pthread_mutex_t out_lock = PTHREAD_MUTEX_INITIALIZER;
static int lines_logged;

static void log_msg(const char *fmt, ...)
{
    char text[96];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text, sizeof text, fmt, ap);
    va_end(ap);
    pthread_mutex_lock(&out_lock);
    lines_logged++; // NORACE
    pthread_mutex_unlock(&out_lock);
}

static void *worker(void *arg)
{
    static char line[32];
    long id = (long)arg;
    memset(line, 0, sizeof line); // RACE
    snprintf(line, sizeof line, "worker %ld", id); // RACE
    line[0] = 'W'; // RACE
    log_msg("%p: %zu", (void *)line, strlen(line)); // RACE
    return NULL;
}

int main(void)
{
    pthread_t t[2];
    for (long i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, worker, (void *)i);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    printf("%d\n", lines_logged); // NORACE
    return 0;
}
