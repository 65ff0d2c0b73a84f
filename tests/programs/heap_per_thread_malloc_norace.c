/* Each thread mallocs, fills and frees its own buffer, then hands back only a sum by return value: the heap blocks are never shared, no race. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#define LEN 64

void *work(void *arg)
{
    intptr_t base = (intptr_t)arg;
    int *buf = malloc(LEN * sizeof *buf);
    intptr_t sum = 0;

    if (buf == NULL)
        return NULL;
    for (int i = 0; i < LEN; i++)
        buf[i] = (int)base + i;
    for (int i = 0; i < LEN; i++)
        sum += buf[i];
    free(buf);
    return (void *)sum;
}

int main(void)
{
    pthread_t t1, t2;
    void *r1 = NULL;
    void *r2 = NULL;

    pthread_create(&t1, NULL, work, (void *)(intptr_t)100);
    pthread_create(&t2, NULL, work, (void *)(intptr_t)200);
    pthread_join(t1, &r1);
    pthread_join(t2, &r2);
    printf("%ld %ld\n", (long)(intptr_t)r1, (long)(intptr_t)r2);
    return 0;
}
