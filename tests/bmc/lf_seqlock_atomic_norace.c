/* A seqlock whose data words are read and written as atomics: the reader may see a torn pair and retry, but no access races (race-free). */
#include <pthread.h>
#include <stddef.h>

static unsigned seq;
static int data_a, data_b;

static void *writer(void *arg)
{
    (void)arg;
    __atomic_fetch_add(&seq, 1, __ATOMIC_SEQ_CST);
    __atomic_store_n(&data_a, 1, __ATOMIC_SEQ_CST);
    __atomic_store_n(&data_b, 1, __ATOMIC_SEQ_CST);
    __atomic_fetch_add(&seq, 1, __ATOMIC_SEQ_CST);
    return NULL;
}

static void *reader(void *arg)
{
    int a = 0, b = 0;
    (void)arg;
    for (int tries = 0; tries < 2; tries++) {
        unsigned s = __atomic_load_n(&seq, __ATOMIC_SEQ_CST);
        a = __atomic_load_n(&data_a, __ATOMIC_SEQ_CST);
        b = __atomic_load_n(&data_b, __ATOMIC_SEQ_CST);
        if (!(s & 1) && __atomic_load_n(&seq, __ATOMIC_SEQ_CST) == s)
            break;
    }
    return (void *)(size_t)(a + b);
}

int main(void)
{
    pthread_t w, r;
    pthread_create(&w, NULL, writer, NULL);
    pthread_create(&r, NULL, reader, NULL);
    pthread_join(w, NULL);
    pthread_join(r, NULL);
    return data_a + data_b != 2; // NORACE
}
