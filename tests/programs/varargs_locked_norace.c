/* Workers pass two counters to a variadic function, which reaches them
 * through a copy of its va_list; every call holds the lock, and main's
 * own call comes after the joins: no race. */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

int shared_total;
int shared_calls;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void add_to(int amount, int count, ...)
{
    va_list ap, again;
    va_start(ap, count);
    va_copy(again, ap);
    for (int i = 0; i < count; i++) {
        int *p = va_arg(again, int *);
        *p += amount; // NORACE
    }
    va_end(again);
    va_end(ap);
}

void *worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&m);
    add_to(1, 2, &shared_total, &shared_calls);
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void)
{
    pthread_t t[2];
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, worker, NULL);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    add_to(10, 1, &shared_total);
    printf("%d %d\n", shared_total, shared_calls);
    return 0;
}
