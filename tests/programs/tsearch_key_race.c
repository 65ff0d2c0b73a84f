/* The tree keeps the key pointer main gave tsearch; a worker finds the
 * node and writes through the kept key while main reads it: a race the
 * library's node must not hide. */
#include <pthread.h>
#include <search.h>
#include <stdio.h>

static void *root;
static int key = 7;

static int cmp(const void *a, const void *b)
{
    return *(const int *)a - *(const int *)b;
}

void *worker(void *arg)
{
    int probe = 7;
    void *node = tfind(&probe, &root, cmp);
    (void)arg;
    if (node)
        **(int **)node = 8; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t;
    tsearch(&key, &root, cmp);
    pthread_create(&t, NULL, worker, NULL);
    printf("%d\n", key); // RACE
    pthread_join(t, NULL);
    return 0;
}
