/* Every descriptor's result pointer names the last slot, so the helper called by every worker writes that one slot: a race. */
#include <pthread.h>
#include <stdio.h>

#define N 3

struct task {
    double *out;
    double x;
};

static double outputs[N];
static struct task tasks[N];

static void publish(double *dst, double v)
{
    *dst = v; // RACE
}

static void *worker(void *arg)
{
    struct task *tk = arg;
    publish(tk->out, tk->x * tk->x);
    return NULL;
}

int main(void)
{
    pthread_t t[N];
    double total = 0;
    for (int i = 0; i < N; i++) {
        tasks[i].x = i + 0.5; // NORACE
        tasks[i].out = &outputs[N - 1]; // NORACE
        pthread_create(&t[i], NULL, worker, &tasks[i]);
    }
    for (int i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    for (int i = 0; i < N; i++)
        total += outputs[i]; // NORACE
    printf("%f\n", total);
    return 0;
}
