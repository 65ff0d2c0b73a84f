/* A recursive tree walk (depth 3) counts its leaves in a global; two threads walk concurrently and the leaf increment is unsynchronised: race inside the recursion. */
#include <pthread.h>
#include <stdio.h>

int leaves;

void walk(int depth)
{
    if (depth == 0) {
        leaves++; // RACE
        return;
    }
    walk(depth - 1);
    walk(depth - 1);
}

void *walker(void *arg)
{
    (void)arg;
    walk(3);
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;

    pthread_create(&t1, NULL, walker, NULL);
    pthread_create(&t2, NULL, walker, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("leaves = %d\n", leaves); // NORACE
    return 0;
}
