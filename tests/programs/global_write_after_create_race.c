/* main sets one config global before pthread_create (fine) but another after it, while the thread reads both: only the late write races. */
#include <pthread.h>
#include <stdio.h>

int scale;
int offset;

void *apply(void *arg)
{
    int *out = arg;
    int s = scale; // NORACE
    int o = offset; // RACE
    *out = s + o; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t;
    int result = 0; // NORACE

    scale = 10; // NORACE
    pthread_create(&t, NULL, apply, &result);
    offset = 3; // RACE
    pthread_join(t, NULL);
    printf("result = %d\n", result); // NORACE
    return 0;
}
