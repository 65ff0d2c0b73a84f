/* Both thread 0 and thread 1 take the leader branch and write the flag: a race. */
#include <pthread.h>

struct stats {
    long count;
    long max;
};

#define W 4
static struct stats per[W];
static int leader_flag;

static void *run(void *arg)
{
    int w = (int)(long)arg;
    struct stats *st = &per[w];
    for (int k = 0; k < 10; k++) {
        st->count++; // NORACE
        if (k * w > st->max) // NORACE
            st->max = k * w; // NORACE
    }
    if (w <= 1)
        leader_flag = 1; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t[W];
    for (long i = 0; i < W; i++)
        pthread_create(&t[i], NULL, run, (void *)i);
    for (int i = 0; i < W; i++)
        pthread_join(t[i], NULL);
    return (int)per[1].count + leader_flag > 100; // NORACE
}
