/* A generic slot first holds a strdup'd copy of a global name buffer, then a box naming a counter the thread updates, which main also writes while the thread runs: a race on the counter. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct box {
    int *count;
};

static int total;
static char name[32];
static void *slot;

static void *worker(void *arg)
{
    struct box *b = slot;
    (void)arg;
    *b->count += 1; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t;
    struct box box = {&total};
    strcpy(name, "job-1");
    slot = strdup(name);
    if (!slot)
        return 0;
    printf("%s\n", (char *)slot);
    free(slot);
    slot = &box;
    if (pthread_create(&t, NULL, worker, NULL) != 0)
        return 0;
    total = 5; // RACE
    printf("%s\n", name);
    pthread_join(t, NULL);
    printf("%d\n", total); // NORACE
    return 0;
}
