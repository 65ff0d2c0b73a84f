/* Two threads write different members of a union, an int and the second short of a short[2]: union members share storage and these bytes overlap, race. */
#include <pthread.h>
#include <stdio.h>

union value {
    int i;
    short s[2];
};

union value v;

void *set_int(void *arg)
{
    (void)arg;
    v.i = 7; // RACE
    return NULL;
}

void *set_high_half(void *arg)
{
    (void)arg;
    v.s[1] = 3; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;

    pthread_create(&t1, NULL, set_int, NULL);
    pthread_create(&t2, NULL, set_high_half, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("%d\n", v.i); // NORACE
    return 0;
}
