/* The mask keeps only half the slots, so threads i and i + 4 share a slot: a race. */
#include <pthread.h>

#define SLOTS 8
static long table[SLOTS];

static void *claim(void *arg)
{
    unsigned long n = (unsigned long)arg;
    unsigned long s = n & (SLOTS / 2 - 1);
    table[s] = (long)n * 3; // RACE
    table[s] += 1; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t[SLOTS];
    for (unsigned long i = 0; i < SLOTS; i++)
        pthread_create(&t[i], NULL, claim, (void *)(i + SLOTS));
    for (int i = 0; i < SLOTS; i++)
        pthread_join(t[i], NULL);
    return table[3] < 0; // NORACE
}
