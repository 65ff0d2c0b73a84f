/* Two counters with their own mutexes; each thread chooses one through a pointer that depends on its argument, then locks that counter's mutex and updates its fields through the same pointer: race-free. */
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
    c->last = (int)id; // NORACE
    pthread_mutex_unlock(&c->mu);
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
