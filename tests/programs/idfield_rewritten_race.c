/* Each thread halves its id field before using it, so threads 0 and 1 both write slot 0: a race. */
#include <pthread.h>
#include <stdio.h>

#define N 3

struct task {
    unsigned id;
    int done;
};

long slots[N];

void *run(void *arg)
{
    struct task *tk = arg;
    tk->id = tk->id / 2; // NORACE
    slots[tk->id] += 7; // RACE
    tk->done = 1; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t[N];
    struct task tasks[N];

    for (unsigned i = 0; i < N; i++) {
        tasks[i].id = i; // NORACE
        pthread_create(&t[i], NULL, run, &tasks[i]);
    }
    for (unsigned i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    for (unsigned i = 0; i < N; i++)
        printf("%ld %d\n", slots[i], tasks[i].done); // NORACE
    return 0;
}
