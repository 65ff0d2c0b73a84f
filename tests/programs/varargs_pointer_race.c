/* Two workers pass the same counter to a variadic function that
 * increments every pointer it is given: the pointer reaches the write
 * through va_arg, so the increments race. */
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

int hits;
int misses;

static void bump_all(int n, ...)
{
    va_list ap;
    va_start(ap, n);
    for (int i = 0; i < n; i++) {
        int *p = va_arg(ap, int *);
        *p += 1; // RACE
    }
    va_end(ap);
}

void *worker(void *arg)
{
    (void)arg;
    bump_all(1, &hits);
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    bump_all(1, &misses);
    printf("%d %d\n", hits, misses);
    return 0;
}
