/* Four threads bump an _Atomic int with atomic_fetch_add and ++ (both atomic read-modify-writes): atomic accesses never race with each other. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

#define NTHREADS 4

_Atomic int requests;
atomic_long bytes;

void *serve(void *arg)
{
    (void)arg;
    for (int i = 0; i < 100; i++) {
        atomic_fetch_add(&requests, 1); // NORACE
        atomic_fetch_add_explicit(&bytes, 512, memory_order_relaxed); // NORACE
    }
    requests++; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t[NTHREADS];

    for (int i = 0; i < NTHREADS; i++)
        pthread_create(&t[i], NULL, serve, NULL);
    int snapshot = atomic_load(&requests); // NORACE
    for (int i = 0; i < NTHREADS; i++)
        pthread_join(t[i], NULL);
    printf("%d %d %ld\n", snapshot, atomic_load(&requests), atomic_load(&bytes)); // NORACE
    return 0;
}
