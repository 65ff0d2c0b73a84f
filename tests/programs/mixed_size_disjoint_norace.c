/* Threads write through char casts and int fields at byte ranges that never overlap (an int field vs the first byte of the next field; byte 0 vs byte 1 of one int): no race. */
#include <pthread.h>
#include <stdio.h>

struct pair {
    int a;
    int b;
};

struct pair pr;
unsigned int word;

void *low(void *arg)
{
    (void)arg;
    pr.a = 0x01020304; // NORACE
    ((unsigned char *)&word)[0] = 0x11; // NORACE
    return NULL;
}

void *high(void *arg)
{
    (void)arg;
    ((unsigned char *)&pr)[sizeof(int)] = 0x7f; // NORACE
    ((unsigned char *)&word)[1] = 0x22; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;

    pthread_create(&t1, NULL, low, NULL);
    pthread_create(&t2, NULL, high, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("%d %d\n", pr.a, pr.b); // NORACE
    printf("%08x\n", word); // NORACE
    return 0;
}
