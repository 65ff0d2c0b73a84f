/* One thread increments with __sync_fetch_and_add, the other resets the counter with a plain store: the plain write races with the atomic RMW. */
#include <pthread.h>
#include <stdio.h>

int refs;

void *acquire_ref(void *arg)
{
    (void)arg;
    for (int i = 0; i < 5; i++)
        __sync_fetch_and_add(&refs, 1); // RACE
    return NULL;
}

void *reset_refs(void *arg)
{
    (void)arg;
    refs = 0; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;

    pthread_create(&t1, NULL, acquire_ref, NULL);
    pthread_create(&t2, NULL, reset_refs, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("refs = %d\n", refs); // NORACE
    return 0;
}
