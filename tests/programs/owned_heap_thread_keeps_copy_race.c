/* Each thread gets a fresh block from main but publishes the block itself in a locked global and then writes it unlocked, while main reads that field through the global: the block escaped from its thread, a race. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct req {
    int id;
    int value;
};

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static struct req idle_req;
static struct req *latest = &idle_req;
static int latest_id;

static void *handle(void *arg)
{
    struct req *r = arg;
    pthread_mutex_lock(&lock);
    latest = r; // NORACE
    pthread_mutex_unlock(&lock);
    r->value = r->id * 7; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t[3];
    for (int i = 0; i < 3; i++) {
        struct req *r = malloc(sizeof *r);
        if (!r)
            return 1;
        r->id = i + 1; // NORACE
        pthread_create(&t[i], NULL, handle, r);
    }
    pthread_mutex_lock(&lock);
    printf("%d %d\n", latest_id, latest->value); // RACE
    pthread_mutex_unlock(&lock);
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], NULL);
    return 0;
}
