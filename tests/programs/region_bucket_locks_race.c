/* The bucket's last key is stored after the bucket's mutex is released: two inserters hashing to one bucket race on it. */
#include <pthread.h>

#define NB 8
struct bucket {
    pthread_mutex_t m;
    int count;
    unsigned last;
};

static struct bucket table[NB];

static void insert(unsigned key)
{
    struct bucket *b = &table[(key * 2654435761u) % NB];
    pthread_mutex_lock(&b->m);
    b->count++; // NORACE
    pthread_mutex_unlock(&b->m);
    b->last = key; // RACE
}

static void *inserter(void *arg)
{
    unsigned base = (unsigned)(unsigned long)arg;
    for (unsigned k = 0; k < 4; k++)
        insert(base + k);
    return NULL;
}

int main(void)
{
    for (int i = 0; i < NB; i++)
        pthread_mutex_init(&table[i].m, NULL);
    pthread_t a, b;
    pthread_create(&a, NULL, inserter, (void *)1ul);
    pthread_create(&b, NULL, inserter, (void *)2ul);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    int n = 0;
    for (int i = 0; i < NB; i++)
        n += table[i].count; // NORACE
    return n != 8;
}
