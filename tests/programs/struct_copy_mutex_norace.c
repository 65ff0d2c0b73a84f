/* Whole-struct copies (*dst = *src) and field updates of the shared struct all happen under one mutex: no race. */
#include <pthread.h>
#include <stdio.h>

struct point {
    int x;
    int y;
    int z;
};

struct point current = {1, 2, 3};
pthread_mutex_t point_lock = PTHREAD_MUTEX_INITIALIZER;

void *mover(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&point_lock);
    current.y = 20; // NORACE
    pthread_mutex_unlock(&point_lock);
    return NULL;
}

void *snapshotter(void *arg)
{
    struct point *dst = arg;
    pthread_mutex_lock(&point_lock);
    *dst = current; // NORACE
    pthread_mutex_unlock(&point_lock);
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    struct point snap;

    pthread_create(&t1, NULL, mover, NULL);
    pthread_create(&t2, NULL, snapshotter, &snap);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("%d %d %d\n", snap.x, snap.y, snap.z); // NORACE
    return 0;
}
