/* One thread updates the event counter under a spinlock, the other resets it without the spinlock: race. */
#include <pthread.h>
#include <stdio.h>

int events;
pthread_spinlock_t ev_lock;

void *producer(void *arg)
{
    (void)arg;
    for (int i = 0; i < 3; i++) {
        pthread_spin_lock(&ev_lock);
        events++; // RACE
        pthread_spin_unlock(&ev_lock);
    }
    return NULL;
}

void *resetter(void *arg)
{
    (void)arg;
    events = 0; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;

    pthread_spin_init(&ev_lock, PTHREAD_PROCESS_PRIVATE);
    pthread_create(&t1, NULL, producer, NULL);
    pthread_create(&t2, NULL, resetter, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("events = %d\n", events); // NORACE
    pthread_spin_destroy(&ev_lock);
    return 0;
}
