/* main.c - starts two workers, feeds them jobs, waits for them. */
#include <stdio.h>
#include "jobs.h"

static struct queue q;
static struct stats s = {PTHREAD_MUTEX_INITIALIZER, 0, 0};

int main(void)
{
    struct worker_ctx ctx = {&q, &s};
    pthread_t workers[2];
    queue_init(&q);
    for (int i = 0; i < 2; i++)
        pthread_create(&workers[i], NULL, worker_main, &ctx);
    for (int i = 1; i <= 8; i++)
        queue_push(&q, i);
    queue_close(&q);
    for (int i = 0; i < 2; i++)
        pthread_join(workers[i], NULL);
    printf("%ld jobs, busiest %ld\n", stats_done(&s), s.busiest); // NORACE
    return 0;
}
