/* Thread entry points are taken from a table of function pointers; each entry writes only its own global: no race. */
#include <pthread.h>
#include <stdio.h>

int reads_done;
int writes_done;

void *do_reads(void *arg)
{
    (void)arg;
    for (int i = 0; i < 5; i++)
        reads_done++; // NORACE
    return NULL;
}

void *do_writes(void *arg)
{
    (void)arg;
    for (int i = 0; i < 7; i++)
        writes_done++; // NORACE
    return NULL;
}

typedef void *(*entry_fn)(void *);

entry_fn entries[2] = {do_reads, do_writes};

int main(void)
{
    pthread_t t[2];

    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, entries[i], NULL); // NORACE
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    printf("%d %d\n", reads_done, writes_done); // NORACE
    return 0;
}
