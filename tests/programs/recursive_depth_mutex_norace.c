/* A bounded recursive walk (depth 4) where the leaf update takes a mutex inside the recursion; two threads walk concurrently: no race. */
#include <pthread.h>
#include <stdio.h>

int leaves;
pthread_mutex_t leaves_lock = PTHREAD_MUTEX_INITIALIZER;

int walk(int depth)
{
    if (depth == 0) {
        pthread_mutex_lock(&leaves_lock);
        leaves++; // NORACE
        pthread_mutex_unlock(&leaves_lock);
        return 1;
    }
    return walk(depth - 1) + walk(depth - 1);
}

void *walker(void *arg)
{
    int *count = arg;
    *count = walk(4); // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    int c1 = 0; // NORACE
    int c2 = 0; // NORACE

    pthread_create(&t1, NULL, walker, &c1);
    pthread_create(&t2, NULL, walker, &c2);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("%d %d %d\n", leaves, c1, c2); // NORACE
    return 0;
}
