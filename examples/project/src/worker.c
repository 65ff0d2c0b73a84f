/* worker.c - a worker thread: pops jobs until the queue closes. */
#include "jobs.h"

void *worker_main(void *arg)
{
    struct worker_ctx *ctx = arg;
    int item;
    while (queue_pop(ctx->q, &item))
        stats_record(ctx->s, item);
    return NULL;
}
