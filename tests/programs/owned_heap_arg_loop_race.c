/* Each loop iteration allocates and fills a block and hands it to the thread it creates, but the creator writes a field again after the create: that write races with the thread's read. */
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
    j->result = (long)j->id * j->scale; // RACE
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
        pthread_create(&t[i], NULL, worker, j);
        j->scale = 10; // RACE
    }
    for (int i = 0; i < 4; i++)
        pthread_join(t[i], NULL);
    printf("%ld\n", total); // NORACE
    return 0;
}
