/* Code annotated for Helgrind: a custom counting semaphore (an atomic counter) announced with VALGRIND_HG_SEM_INIT_POST, VALGRIND_HG_SEM_POST_PRE before a post and VALGRIND_HG_SEM_WAIT_POST after a wait, and VALGRIND_HG_SEM_DESTROY_PRE.  The producer's write happens before its post, the consumer's read after the matching wait, so no race. */
#include <pthread.h>
#include <valgrind/helgrind.h>

int sem;
int data;

static void sem_up(void)
{
    VALGRIND_HG_SEM_POST_PRE(&sem);
    __atomic_fetch_add(&sem, 1, __ATOMIC_RELEASE);
}

static void sem_down(void)
{
    for (;;) {
        int n = __atomic_load_n(&sem, __ATOMIC_RELAXED);
        if (n > 0 && __atomic_compare_exchange_n(&sem, &n, n - 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
            break;
    }
    VALGRIND_HG_SEM_WAIT_POST(&sem);
}

static void *producer(void *arg)
{
    (void)arg;
    data = 7; // NORACE
    sem_up();
    return 0;
}

static void *consumer(void *arg)
{
    (void)arg;
    sem_down();
    return (void *)(long)data; // NORACE
}

int main(void)
{
    VALGRIND_HG_SEM_INIT_POST(&sem, 0);
    pthread_t p, c;
    pthread_create(&p, 0, producer, 0);
    pthread_create(&c, 0, consumer, 0);
    pthread_join(p, 0);
    pthread_join(c, 0);
    VALGRIND_HG_SEM_DESTROY_PRE(&sem);
    return 0;
}
