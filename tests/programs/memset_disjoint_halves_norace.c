/* Two threads memset disjoint halves of one shared buffer, then main memcpy's it out after joining: the byte ranges never overlap, no race. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#define HALF 16

char buffer[2 * HALF + 1];

void *fill_low(void *arg)
{
    (void)arg;
    memset(buffer, 'a', HALF); // NORACE
    return NULL;
}

void *fill_high(void *arg)
{
    (void)arg;
    memset(buffer + HALF, 'b', HALF); // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    char copy[sizeof buffer];

    pthread_create(&t1, NULL, fill_low, NULL);
    pthread_create(&t2, NULL, fill_high, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    memcpy(copy, buffer, sizeof buffer); // NORACE
    printf("%s\n", copy);
    return 0;
}
