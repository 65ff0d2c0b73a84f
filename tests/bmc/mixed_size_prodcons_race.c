/* CSeq-DR's producer-consumer with mixed-size accesses through casts: the
 * producer stores an int into bytes 4..7 of a char buffer, the consumer
 * reads a short at bytes 6..7 (overlap: race) and a char at byte 8 (no
 * overlap: no race), and the producer's short at bytes 12..13 is never
 * read by the consumer. */
#include <pthread.h>

char buf[16];

void *producer(void *arg)
{
    (void)arg;
    *(int *)&buf[4] = 0x11223344; // RACE
    *(short *)&buf[12] = 7; // NORACE
    return NULL;
}

void *consumer(void *arg)
{
    int *out = arg;
    short s = *(short *)&buf[6]; // RACE
    char ch = buf[8]; // NORACE
    *out = s + ch; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t p, c;
    int result = 0; // NORACE
    pthread_create(&p, NULL, producer, NULL);
    pthread_create(&c, NULL, consumer, &result);
    pthread_join(p, NULL);
    pthread_join(c, NULL);
    return result == 42; // NORACE
}
