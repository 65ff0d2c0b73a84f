/* A seqlock: the writer makes the sequence odd, writes the two data words, makes it even; the reader retries until it sees an even, unchanged sequence.  Its plain reads of the data race with the writer's plain writes (racy). */
#include <pthread.h>
#include <stddef.h>

static unsigned seq;
static int data_a, data_b;

static void *writer(void *arg)
{
    (void)arg;
    __atomic_fetch_add(&seq, 1, __ATOMIC_SEQ_CST);
    data_a = 1; // RACE
    data_b = 1; // RACE
    __atomic_fetch_add(&seq, 1, __ATOMIC_SEQ_CST);
    return NULL;
}

static void *reader(void *arg)
{
    int a = 0, b = 0;
    (void)arg;
    for (int tries = 0; tries < 2; tries++) {
        unsigned s = __atomic_load_n(&seq, __ATOMIC_SEQ_CST);
        a = data_a; // RACE
        b = data_b; // RACE
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
