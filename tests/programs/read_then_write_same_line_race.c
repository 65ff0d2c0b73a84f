/* Main adds to a shared total on one line (its read is followed by a write of the same bytes with nothing between, so only the write is hooked); a worker only reads the total, and that read still races with main's line. */
#include <pthread.h>
#include <stdio.h>

long total = 1;

void *reader(void *arg)
{
    long *seen = arg;
    *seen = total; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t;
    long seen = 0;
    pthread_create(&t, NULL, reader, &seen);
    total += 41; // RACE
    pthread_join(t, NULL);
    printf("%ld %ld\n", total, seen);
    return 0;
}
