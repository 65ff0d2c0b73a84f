/* Two workers with ids 0 and 256 each write the slot of their id truncated to a byte: both write slot 0, so that write races although the ids differ. */
#include <pthread.h>
#include <stdint.h>

int slots[256];

void *worker(void *arg)
{
    intptr_t id = (intptr_t)arg;
    slots[(unsigned char)id] = 1; // RACE
    return NULL;
}

int main(void)
{
    pthread_t a, b;

    pthread_create(&a, NULL, worker, (void *)0);
    pthread_create(&b, NULL, worker, (void *)256);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
