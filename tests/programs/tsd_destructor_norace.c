/* Each worker keeps a heap counter as thread-specific data; the key's destructor clears and frees a thread's own counter when that thread ends: nothing is shared, and main reads the total the workers added under the mutex only after joining them. */
#include <pthread.h>
#include <stdlib.h>

pthread_key_t key;
pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
int total;

static void destroy(void *p)
{
    int *mine = p;
    *mine = 0;
    free(mine);
}

static void *worker(void *arg)
{
    (void)arg;
    int *mine = malloc(sizeof *mine);
    if (!mine)
        return 0;
    *mine = 2;
    pthread_setspecific(key, mine);
    pthread_mutex_lock(&lock);
    total += *mine; // NORACE
    pthread_mutex_unlock(&lock);
    return 0;
}

int main(void)
{
    pthread_key_create(&key, destroy);
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return total != 4; // NORACE
}
