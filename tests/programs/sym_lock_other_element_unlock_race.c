/* Each worker locks slots[k].lock, then unlocks slots[j].lock, whose index comes from another variable (equal to k at run time): the unlock releases the lock, so the write to slots[k].value after it races between the two workers. */
#include <pthread.h>

struct slot {
    pthread_mutex_t lock;
    int value;
};

struct slot slots[2] = {{PTHREAD_MUTEX_INITIALIZER, 0}, {PTHREAD_MUTEX_INITIALIZER, 0}};
int pick;

void *worker(void *arg)
{
    int k = pick;
    int j = *(int *)arg;
    pthread_mutex_lock(&slots[k].lock);
    pthread_mutex_unlock(&slots[j].lock);
    slots[k].value++; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    int j1 = 0, j2 = 0;

    pthread_create(&t1, NULL, worker, &j1);
    pthread_create(&t2, NULL, worker, &j2);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return 0;
}
