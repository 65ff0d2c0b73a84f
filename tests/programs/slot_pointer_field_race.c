/* Every descriptor's pointer field names the first result slot, so all threads write that one slot: a race. */
#include <pthread.h>
#include <stdio.h>

#define N 4

struct job {
    int input;
    long *result;
};

static long results[N];
static struct job jobs[N];

static void *square(void *arg)
{
    struct job *j = arg;
    long *out = j->result;
    *out = (long)j->input * j->input; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t[N];
    long sum = 0;
    for (int i = 0; i < N; i++) {
        jobs[i].input = i + 1; // NORACE
        jobs[i].result = &results[0]; // NORACE
        pthread_create(&t[i], NULL, square, &jobs[i]);
    }
    for (int i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    for (int i = 0; i < N; i++)
        sum += results[i]; // NORACE
    printf("%ld\n", sum);
    return 0;
}
