/* Racy twin of refcount_gcc_sub_fetch_norace: the writer reads the record again after dropping its reference, when the reader or main may already have freed it. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct record {
    int refcnt;
    int hits;
    char tag[16];
};

static void *reader(void *arg)
{
    struct record *r = arg;
    int t = r->tag[0]; // NORACE
    if (__atomic_sub_fetch(&r->refcnt, 1, __ATOMIC_ACQ_REL) == 0)
        free(r); // RACE
    return (void *)(long)t;
}

static void *writer(void *arg)
{
    struct record *r = arg;
    r->hits = 11; // NORACE
    if (__atomic_sub_fetch(&r->refcnt, 1, __ATOMIC_ACQ_REL) == 0)
        free(r); // NORACE
    return (void *)(long)r->hits; // RACE
}

int main(void)
{
    struct record *r = calloc(1, sizeof *r);
    if (!r)
        return 1;
    r->refcnt = 3;
    r->tag[0] = 'k';
    pthread_t a, b;
    pthread_create(&a, NULL, reader, r);
    pthread_create(&b, NULL, writer, r);
    int v = r->tag[0]; // NORACE
    if (__atomic_sub_fetch(&r->refcnt, 1, __ATOMIC_ACQ_REL) == 0)
        free(r); // RACE
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    printf("%d\n", v);
    return 0;
}
