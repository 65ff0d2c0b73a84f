/* One thread copies a whole struct with *dst = *src while another writes one field of the source: the struct copy reads that field, race. */
#include <pthread.h>
#include <stdio.h>

struct point {
    int x;
    int y;
    int z;
};

struct point current = {1, 2, 3};
struct point snapshot;

void *mover(void *arg)
{
    (void)arg;
    current.y = 20; // RACE
    return NULL;
}

void *snapshotter(void *arg)
{
    struct point *dst = arg;
    struct point *src = &current;
    *dst = *src; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;

    pthread_create(&t1, NULL, mover, NULL);
    pthread_create(&t2, NULL, snapshotter, &snapshot);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("%d %d %d\n", snapshot.x, snapshot.y, snapshot.z); // NORACE
    return 0;
}
