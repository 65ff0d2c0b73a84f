/* Thread entry points are taken from a table of function pointers; the two chosen entries write the same global unsynchronised: race. */
#include <pthread.h>
#include <stdio.h>

int mode;

void *set_fast(void *arg)
{
    (void)arg;
    mode = 1; // RACE
    return NULL;
}

void *set_slow(void *arg)
{
    (void)arg;
    mode = 2; // RACE
    return NULL;
}

void *(*const entries[2])(void *) = {set_fast, set_slow};

int main(void)
{
    pthread_t t[2];

    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, entries[i], NULL); // NORACE
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    printf("mode = %d\n", mode); // NORACE
    return 0;
}
