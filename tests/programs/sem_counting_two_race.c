/* a semaphore initialised to 2 lets two threads between sem_wait and sem_post at once: a race */
#include <pthread.h>
#include <semaphore.h>
#include <stdio.h>

static sem_t guard;
static long total;

static void add(long n)
{
    sem_wait(&guard);
    total += n; // RACE
    sem_post(&guard);
}

static void *worker(void *arg)
{
    long n = (long)arg;
    for (int i = 0; i < 3; i++)
        add(n);
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    int v = 0;
    sem_init(&guard, 0, 2);
    pthread_create(&t1, NULL, worker, (void *)1L);
    pthread_create(&t2, NULL, worker, (void *)2L);
    v = 1;
    sem_wait(&guard);
    long seen = total; // RACE
    sem_post(&guard);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("%ld %ld %d\n", seen, total, v); // NORACE
    sem_destroy(&guard);
    return 0;
}
