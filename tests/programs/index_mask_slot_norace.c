/* The thread argument is a loop counter; the slot is the counter masked to the table size, and the table is as large as the number of threads, so each thread gets a slot of its own: race-free. */
#include <pthread.h>

#define SLOTS 8
static long table[SLOTS];

static void *claim(void *arg)
{
    unsigned long n = (unsigned long)arg;
    unsigned long s = n & (SLOTS - 1);
    table[s] = (long)n * 3; // NORACE
    table[s] += 1; // NORACE
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
