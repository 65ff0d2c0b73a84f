/* Each worker adds the two numbers of the block it was given, frees it,
 * and returns its sum in one counter all workers share; main takes each
 * result through pthread_join's result pointer and resets it after the
 * first join, while the other workers may still add to it. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct pair {
    int a, b;
};

static int shared_sum;

static void *add(void *p)
{
    struct pair *x = p;
    int *r = &shared_sum;
    if (r)
        *r += x->a + x->b; // RACE
    free(x);
    return r;
}

int main(void)
{
    pthread_t t[3];
    for (int i = 0; i < 3; i++) {
        struct pair *x = malloc(sizeof *x);
        if (!x)
            return 1;
        x->a = i;
        x->b = 2 * i;
        pthread_create(&t[i], NULL, add, x);
    }
    int total = 0;
    for (int i = 0; i < 3; i++) {
        void *r;
        pthread_join(t[i], &r);
        if (r) {
            total += *(int *)r; // RACE
            *(int *)r = 0; // RACE
        }
    }
    printf("%d\n", total);
    return 0;
}
