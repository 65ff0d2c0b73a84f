/* Each worker gets an element of an array of structs holding its id (the create loop's counter) and writes the four elements (id << 2) | k of a shared array: shift and or keep the workers' groups apart: race-free. */
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
        out[(w->id << 2) | k] = (unsigned)k; // NORACE
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
    return out[5] != 1 || ws[1].done != 1; // NORACE
}
