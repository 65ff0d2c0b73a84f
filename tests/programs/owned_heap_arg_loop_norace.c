/* Each loop iteration allocates and fills a block and hands it to the one thread it creates, never touching it again; the thread reads and writes it: each block belongs to its thread, race-free. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct job {
    int id;
    int scale;
    long result;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static long total;

static void *worker(void *arg)
{
    struct job *j = arg;
    j->result = (long)j->id * j->scale; // NORACE
    pthread_mutex_lock(&lock);
    total += j->result; // NORACE
    pthread_mutex_unlock(&lock);
    return NULL;
}

int main(void)
{
    pthread_t t[4];
    for (int i = 0; i < 4; i++) {
        struct job *j = malloc(sizeof *j);
        if (!j)
            return 1;
        j->id = i; // NORACE
        j->scale = 10; // NORACE
        pthread_create(&t[i], NULL, worker, j);
    }
    for (int i = 0; i < 4; i++)
        pthread_join(t[i], NULL);
    printf("%ld\n", total); // NORACE
    return 0;
}
