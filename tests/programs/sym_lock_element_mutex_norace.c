/* Each element of a table carries its own mutex: workers lock the mutex of the element they bump through a pointer to it (p->lock, p->hits), main locks table[2].lock by name: the lock is always the accessed element's own, so no race. */
#include <pthread.h>
#include <stdio.h>

#define N 4

struct entry {
    int hits;
    pthread_mutex_t lock;
} table[N];

static void bump(struct entry *p)
{
    pthread_mutex_lock(&p->lock);
    p->hits++; // NORACE
    pthread_mutex_unlock(&p->lock);
}

void *worker(void *arg)
{
    int first = *(int *)arg;
    for (int i = first; i < N; i++)
        bump(&table[i]);
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    static int from0 = 0, from1 = 1;

    for (int i = 0; i < N; i++)
        pthread_mutex_init(&table[i].lock, NULL);
    pthread_create(&t1, NULL, worker, &from0);
    pthread_create(&t2, NULL, worker, &from1);
    pthread_mutex_lock(&table[2].lock);
    table[2].hits += 10; // NORACE
    pthread_mutex_unlock(&table[2].lock);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("%d %d\n", table[0].hits, table[2].hits); // NORACE
    return 0;
}
