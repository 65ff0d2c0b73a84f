/* Message passing: the writer stores data then sets an atomic flag with release; the reader reads data only after an acquire load saw the flag: happens-before, no race. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

int data;
atomic_int flag;

void *writer(void *arg)
{
    (void)arg;
    data = 42; // NORACE
    atomic_store_explicit(&flag, 1, memory_order_release); // NORACE
    return NULL;
}

void *reader(void *arg)
{
    int *out = arg;
    for (int spin = 0; spin < 100; spin++) {
        if (atomic_load_explicit(&flag, memory_order_acquire)) { // NORACE
            *out = data; // NORACE
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
