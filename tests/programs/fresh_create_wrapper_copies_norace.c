/* A create wrapper, called from two places, fills the block it allocated before handing it to its thread: no race. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct job {
    int id;
    int result;
};

static void *handler(void *arg)
{
    struct job *j = arg;
    j->result = j->id * 3; // NORACE
    return NULL;
}

static int submit(int id)
{
    pthread_t t;
    struct job *j = malloc(sizeof *j);
    if (!j)
        abort();
    j->id = id; // NORACE
    j->result = 0; // NORACE
    pthread_create(&t, NULL, handler, j);
    pthread_join(t, NULL);
    int r = j->result; // NORACE
    free(j);
    return r;
}

static void *first(void *arg)
{
    return (void *)(long)submit((int)(long)arg);
}

static void *second(void *arg)
{
    return (void *)(long)(submit((int)(long)arg) + 1);
}

int main(void)
{
    pthread_t a, b;
    void *ra, *rb;
    pthread_create(&a, NULL, first, (void *)1L);
    pthread_create(&b, NULL, second, (void *)2L);
    pthread_join(a, &ra);
    pthread_join(b, &rb);
    printf("%ld %ld\n", (long)ra, (long)rb);
    return 0;
}
