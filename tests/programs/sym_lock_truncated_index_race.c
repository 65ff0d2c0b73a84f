/* One worker locks the slot at the index truncated to a byte, (unsigned char)k, but writes the slot at the full index k (256): it holds slot 0's lock while the other worker writes slot 256 under slot 256's lock, a race. */
#include <pthread.h>

#define N 512

struct slot {
    pthread_mutex_t lock;
    int value;
};

struct slot slots[N];
int which = 256;

void *truncating(void *arg)
{
    int k = which;
    (void)arg;
    pthread_mutex_lock(&slots[(unsigned char)k].lock);
    slots[k].value++; // RACE
    pthread_mutex_unlock(&slots[(unsigned char)k].lock);
    return NULL;
}

void *exact(void *arg)
{
    int k = which;
    (void)arg;
    pthread_mutex_lock(&slots[k].lock);
    slots[k].value++; // RACE
    pthread_mutex_unlock(&slots[k].lock);
    return NULL;
}

int main(void)
{
    pthread_t a, b;

    pthread_mutex_init(&slots[0].lock, NULL); /* the only two slots in use */
    pthread_mutex_init(&slots[256].lock, NULL);
    pthread_create(&a, NULL, truncating, NULL);
    pthread_create(&b, NULL, exact, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
