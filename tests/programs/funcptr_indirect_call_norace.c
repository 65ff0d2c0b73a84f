/* Threads call an operation through a function pointer; the callee takes the mutex itself before touching the shared total: no race. */
#include <pthread.h>
#include <stdio.h>

int total;
pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;

void locked_add(int amount)
{
    pthread_mutex_lock(&total_lock);
    total += amount; // NORACE
    pthread_mutex_unlock(&total_lock);
}

void locked_sub(int amount)
{
    pthread_mutex_lock(&total_lock);
    total -= amount; // NORACE
    pthread_mutex_unlock(&total_lock);
}

void *run(void *arg)
{
    void (*op)(int) = *(void (**)(int))arg; // NORACE
    for (int i = 0; i < 3; i++)
        op(i);
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    void (*ops[2])(int) = {locked_add, locked_sub}; // NORACE

    pthread_create(&t1, NULL, run, &ops[0]);
    pthread_create(&t2, NULL, run, &ops[1]);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("total = %d\n", total); // NORACE
    return 0;
}
