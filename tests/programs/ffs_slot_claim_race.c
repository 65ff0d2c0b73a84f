/* Each worker claims a slot with ffs() on a bitmask of free slots, but the mask is read without the lock, so two workers may claim the same slot and write it together: race. */
#include <pthread.h>
#include <stdio.h>
#include <strings.h>

int slots[4];
int free_mask = 0xF;
pthread_mutex_t mask_lock = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg)
{
    int bit = ffs(free_mask) - 1; // RACE
    if (bit < 0)
        return NULL;
    pthread_mutex_lock(&mask_lock);
    free_mask &= ~(1 << bit); // RACE
    pthread_mutex_unlock(&mask_lock);
    slots[bit] = *(int *)arg; // RACE
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    int one = 1, two = 2;

    pthread_create(&a, NULL, worker, &one);
    pthread_create(&b, NULL, worker, &two);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    printf("%d %d\n", slots[0], slots[1]); // NORACE
    return 0;
}
