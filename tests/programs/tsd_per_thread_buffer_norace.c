/* Each thread keeps its own buffer as thread-specific data (pthread_setspecific) and writes through the pointer pthread_getspecific gives back: every thread sees its own value, nothing is shared. */
#include <pthread.h>
#include <stdlib.h>

pthread_key_t key;

static void *worker(void *arg)
{
    int *mine = malloc(sizeof *mine);
    if (!mine)
        return 0;
    pthread_setspecific(key, mine);
    int *p = pthread_getspecific(key);
    *p = (int)(long)arg;
    free(mine);
    return 0;
}

int main(void)
{
    pthread_key_create(&key, 0);
    pthread_t a, b;
    pthread_create(&a, 0, worker, (void *)1L);
    pthread_create(&b, 0, worker, (void *)2L);
    pthread_join(a, 0);
    pthread_join(b, 0);
    pthread_key_delete(key);
    return 0;
}
