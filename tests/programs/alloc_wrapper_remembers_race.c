/* An allocation wrapper also remembers the last block it made in a global; a debugging thread clears that block through the global while the worker fills the buffer it got from the wrapper, the same block: race. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define LEN 4

int *last_made;

int *new_buffer(void)
{
    int *b = calloc(LEN, sizeof *b);
    if (!b)
        abort();
    last_made = b;
    return b;
}

int *work;

void *worker(void *arg)
{
    (void)arg;
    work[0] = 7; // RACE
    return NULL;
}

void *debugger(void *arg)
{
    (void)arg;
    last_made[0] = 0; // RACE
    return NULL;
}

int main(void)
{
    pthread_t w, d;
    int *spare = new_buffer();

    work = new_buffer();
    pthread_create(&w, NULL, worker, NULL);
    pthread_create(&d, NULL, debugger, NULL);
    pthread_join(w, NULL);
    pthread_join(d, NULL);
    printf("%d\n", work[0]);
    free(spare);
    free(work);
    return 0;
}
