/* Each thread gets a fresh block from main and copies a field of it into a locked global, then writes the block: the block itself stays with the thread, so main's locked read of the global meets nothing, race-free. */
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
    latest_id = r->id; // NORACE
    pthread_mutex_unlock(&lock);
    r->value = r->id * 7; // NORACE
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
    printf("%d %d\n", latest_id, latest->value); // NORACE
    pthread_mutex_unlock(&lock);
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], NULL);
    return 0;
}
