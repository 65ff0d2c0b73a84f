/* two threads call rand: POSIX lets rand's hidden seed race (glibc happens to lock it) */
#include <pthread.h>
#include <stdlib.h>

static void *roll(void *arg)
{
    (void)arg;
    return (void *)(long)(rand() % 6); // RACE
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
