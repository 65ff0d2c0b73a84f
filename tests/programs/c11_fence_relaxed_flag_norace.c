/* Message passing through a relaxed flag made safe by fences: the writer's release fence before the relaxed store and the reader's acquire fence after the relaxed load synchronise (C11 7.17.4), so the data accesses do not race. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

int data;
atomic_int flag;

void *writer(void *arg)
{
    (void)arg;
    data = 42; // NORACE
    atomic_thread_fence(memory_order_release);
    atomic_store_explicit(&flag, 1, memory_order_relaxed); // NORACE
    return NULL;
}

void *reader(void *arg)
{
    int *out = arg;
    while (!atomic_load_explicit(&flag, memory_order_relaxed)) // NORACE
        ;
    atomic_thread_fence(memory_order_acquire);
    *out = data; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t w, r;
    int got = -1; // NORACE

    pthread_create(&w, NULL, writer, NULL);
    pthread_create(&r, NULL, reader, &got);
    pthread_join(w, NULL);
    pthread_join(r, NULL);
    printf("got = %d\n", got); // NORACE
    return 0;
}
