/* Each worker hands the result pointer of its own descriptor to a helper, which writes the worker's own slot through it: race-free. */
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
    *dst = v; // NORACE
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
        tasks[i].out = &outputs[i]; // NORACE
        pthread_create(&t[i], NULL, worker, &tasks[i]);
    }
    for (int i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    for (int i = 0; i < N; i++)
        total += outputs[i]; // NORACE
    printf("%f\n", total);
    return 0;
}
