/* Two counters with their own mutexes chosen by a pointer: the last writer's id is stored after the mutex is released, so two threads on one counter race on it. */
#include <pthread.h>

struct counter {
    int total;
    pthread_mutex_t mu;
    int last;
};

static struct counter even_c = { 0, PTHREAD_MUTEX_INITIALIZER, 0 };
static struct counter odd_c = { 0, PTHREAD_MUTEX_INITIALIZER, 0 };

static void *bump(void *arg)
{
    long id = (long)arg;
    struct counter *c = (id & 1) ? &odd_c : &even_c;
    pthread_mutex_lock(&c->mu);
    c->total += 1; // NORACE
    pthread_mutex_unlock(&c->mu);
    c->last = (int)id; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t[4];
    for (long i = 0; i < 4; i++)
        pthread_create(&t[i], NULL, bump, (void *)i);
    for (int i = 0; i < 4; i++)
        pthread_join(t[i], NULL);
    return even_c.total + odd_c.total == 4 ? 0 : 1; // NORACE
}
