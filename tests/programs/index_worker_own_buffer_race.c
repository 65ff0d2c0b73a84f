/* Every worker fills the first worker's buffer instead of its own, racing with the other workers and with the first worker's own sum. */
#include <pthread.h>
#include <stdlib.h>

#define NW 3
#define LEN 8
struct worker {
    int id;
    int *buf;
    long sum;
};

static struct worker workers[NW];

static void *fill(void *arg)
{
    struct worker *w = arg;
    for (int k = 0; k < LEN; k++)
        workers[0].buf[k] = w->id + k; // RACE
    for (int k = 0; k < LEN; k++)
        w->sum += w->buf[k]; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t[NW];
    for (int i = 0; i < NW; i++) {
        workers[i].id = i; // NORACE
        workers[i].buf = malloc(LEN * sizeof(int)); // NORACE
        if (workers[i].buf == NULL) // NORACE
            abort();
        pthread_create(&t[i], NULL, fill, &workers[i]);
    }
    long total = 0;
    for (int i = 0; i < NW; i++)
        pthread_join(t[i], NULL);
    for (int i = 0; i < NW; i++) {
        total += workers[i].sum; // NORACE
        free(workers[i].buf); // NORACE
    }
    return total < 0;
}
