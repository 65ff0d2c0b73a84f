/* Message passing with memory_order_relaxed on the flag: relaxed atomics create no happens-before, so the plain data write and the read after seeing the flag race. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

int data;
atomic_int flag;

void *writer(void *arg)
{
    (void)arg;
    data = 42; // RACE
    atomic_store_explicit(&flag, 1, memory_order_relaxed); // NORACE
    return NULL;
}

void *reader(void *arg)
{
    int *out = arg;
    for (int spin = 0; spin < 100; spin++) {
        if (atomic_load_explicit(&flag, memory_order_relaxed)) { // NORACE
            *out = data; // RACE
            break;
        }
    }
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
