/* Each worker writes the elements (id << 1) | k for k below 4 of a shared array: a shift by one leaves groups of two, so neighbouring workers' groups overlap: racy. */
#include <pthread.h>

#define T 4
struct worker {
    int id;
    int done;
};
static struct worker ws[T];
static unsigned out[T * 4];

static void *run(void *arg)
{
    struct worker *w = arg;
    for (int k = 0; k < 4; k++)
        out[(w->id << 1) | k] = (unsigned)k; // RACE
    w->done = 1; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t[T];
    for (int i = 0; i < T; i++) {
        ws[i].id = i; // NORACE
        pthread_create(&t[i], NULL, run, &ws[i]);
    }
    for (int i = 0; i < T; i++)
        pthread_join(t[i], NULL);
    return ws[1].done != 1; // NORACE
}
