/* two threads call rand_r with their own seeds: no shared state */
#include <pthread.h>
#include <stdlib.h>

static void *roll(void *arg)
{
    unsigned seed = 7;
    (void)arg;
    return (void *)(long)(rand_r(&seed) % 6);
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, roll, NULL);
    pthread_create(&b, NULL, roll, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
