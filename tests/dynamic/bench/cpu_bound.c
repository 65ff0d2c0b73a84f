/* cpu_bound.c - the overhead benchmark of the dynamic engine (not a test:
 * tests/dynamic/bench/overhead.sh times it).  Four threads each run a
 * memory-heavy kernel over their own array (a prefix-sum and a stencil,
 * loads and stores on every step), then add their result to a total under
 * a mutex.  Race-free; CPU-bound; ~0.1-0.2 s natively. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define THREADS 4
#define N 20000
#define ROUNDS 60

static long total;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *work(void *arg)
{
    long *a = malloc(N * sizeof *a), sum = 0;
    for (int i = 0; i < N; i++)
        a[i] = (i * 7 + (long)(size_t)arg) % 101;
    for (int r = 0; r < ROUNDS; r++) {
        for (int i = 1; i < N; i++)
            a[i] = (a[i - 1] + a[i]) % 1000003;
        for (int i = 1; i + 1 < N; i++)
            a[i] = (a[i - 1] + 2 * a[i] + a[i + 1]) / 4;
    }
    for (int i = 0; i < N; i++)
        sum += a[i];
    free(a);
    pthread_mutex_lock(&m);
    total += sum;
    pthread_mutex_unlock(&m);
    return NULL;
}

int main(void)
{
    pthread_t t[THREADS];
    for (long i = 0; i < THREADS; i++)
        pthread_create(&t[i], NULL, work, (void *)i);
    for (int i = 0; i < THREADS; i++)
        pthread_join(t[i], NULL);
    printf("total %ld\n", total);
    return 0;
}
