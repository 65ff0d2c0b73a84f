/* Linux-style intrusive list: each thread gets the embedded node, recovers the enclosing record with container_of and updates it under the record's own lock: race-free. */
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

#define container_of(ptr, type, member) ((type *)((char *)(ptr) - offsetof(type, member)))

struct node {
    struct node *next;
};

struct record {
    int hits;
    pthread_mutex_t lock;
    struct node link;
};

struct record *rec;

void *visit(void *arg)
{
    struct node *n = arg;
    struct record *r = container_of(n, struct record, link);
    pthread_mutex_lock(&r->lock);
    r->hits++; // NORACE
    pthread_mutex_unlock(&r->lock);
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;

    rec = malloc(sizeof *rec);
    if (!rec)
        return 1;
    rec->hits = 0; // NORACE
    rec->link.next = NULL; // NORACE
    pthread_mutex_init(&rec->lock, NULL);
    pthread_create(&t1, NULL, visit, &rec->link);
    pthread_create(&t2, NULL, visit, &rec->link);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("hits = %d\n", rec->hits); // NORACE
    free(rec);
    return 0;
}
