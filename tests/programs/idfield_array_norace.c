/* Threads get &jobs[i] whose id field main set to i before the create, and write the output element of that id: each thread its own element, no race. */
#include <pthread.h>
#include <stdio.h>

#define N 4

struct job {
    int id;
    int scale;
};

int out[N];

void *worker(void *arg)
{
    struct job *j = arg;
    out[j->id] = j->scale * 2; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t[N];
    struct job jobs[N];

    for (int i = 0; i < N; i++) {
        jobs[i].id = i; // NORACE
        jobs[i].scale = i + 1; // NORACE
        pthread_create(&t[i], NULL, worker, &jobs[i]);
    }
    for (int i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    for (int i = 0; i < N; i++)
        printf("%d\n", out[i]); // NORACE
    return 0;
}
