/* A driver-style probe starts the workers only when its setup succeeds and returns 0 then, -1 otherwise; main joins them only when the probe returned 0, so after that test no worker runs on either path. */
#include <pthread.h>
#include <stdio.h>

struct device {
    pthread_mutex_t lock;
    int events;
};

pthread_t w1, w2;

void *worker(void *arg)
{
    struct device *d = arg;
    pthread_mutex_lock(&d->lock);
    d->events++; // NORACE
    pthread_mutex_unlock(&d->lock);
    return NULL;
}

int probe(struct device *d, int broken)
{
    d->events = 0; // NORACE
    if (broken)
        goto fail;
    pthread_create(&w1, NULL, worker, d);
    pthread_create(&w2, NULL, worker, d);
    return 0;
fail:
    return -1;
}

int main(int argc, char **argv)
{
    struct device dev;

    (void)argv;
    pthread_mutex_init(&dev.lock, NULL);
    if (probe(&dev, argc > 2) == 0) {
        pthread_join(w1, NULL);
        pthread_join(w2, NULL);
    }
    dev.events = -1; // NORACE
    printf("events reset to %d\n", dev.events); // NORACE
    return 0;
}
