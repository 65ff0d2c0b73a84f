/* Each thread updates the shared total through an operation called via a function pointer passed in its argument; the callees write the total unsynchronised: race. */
#include <pthread.h>
#include <stdio.h>

int total;

void add_one(int *p)
{
    *p += 1; // RACE
}

void double_it(int *p)
{
    *p *= 2; // RACE
}

struct job {
    void (*op)(int *);
    int *target;
};

void *run_job(void *arg)
{
    struct job *j = arg;
    j->op(j->target); // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    struct job j1 = {add_one, &total}; // NORACE
    struct job j2 = {double_it, &total}; // NORACE

    total = 3; // NORACE
    pthread_create(&t1, NULL, run_job, &j1);
    pthread_create(&t2, NULL, run_job, &j2);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("total = %d\n", total); // NORACE
    return 0;
}
