/* Like record_result_norace, but the creator peeks at the first result before joining that thread: it races with the thread writing it. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct worker {
    pthread_t tid;
    int input;
    int result;
};

static void *worker_run(void *p)
{
    struct worker *w = p;
    w->result = w->input * 2; // RACE
    return NULL;
}

static struct worker *worker_start(int input)
{
    struct worker *w = malloc(sizeof *w);
    if (w == NULL)
        return NULL;
    w->input = input; // NORACE
    w->result = 0; // NORACE
    if (pthread_create(&w->tid, NULL, worker_run, w) != 0) {
        free(w);
        return NULL;
    }
    return w;
}

static int worker_finish(struct worker *w)
{
    pthread_join(w->tid, NULL); // NORACE
    int r = w->result; // NORACE
    free(w); // NORACE
    return r;
}

static void good(void)
{
    struct worker *a = worker_start(1);
    struct worker *b = worker_start(2);
    int sum = a != NULL ? a->result : 0; // RACE
    if (a != NULL)
        sum += worker_finish(a);
    if (b != NULL)
        sum += worker_finish(b);
    printf("%d\n", sum);
}

int main(void)
{
    good();
    return 0;
}
