/* a write to one field of a collapsed global struct races with a read of the same field by another thread */
#include <pthread.h>
#include <stdio.h>

struct config {
    int level;
    int outd;
    int tab[320];
};
static struct config g;

#define W4(k) q[k] = k; q[k + 1] = k; q[k + 2] = k; q[k + 3] = k;
#define W16(k) W4(k) W4(k + 4) W4(k + 8) W4(k + 12)
#define W64(k) W16(k) W16(k + 16) W16(k + 32) W16(k + 48)

static void fill(int *q)
{
    W64(0) W64(64) W64(128) W64(192) W64(256)
}

static void *watcher(void *arg)
{
    (void)arg;
    int o = g.outd; // RACE
    printf("%d\n", o);
    return NULL;
}

int main(void)
{
    pthread_t t;
    fill(g.tab);
    g.outd = 1; // NORACE
    pthread_create(&t, NULL, watcher, NULL);
    g.outd = 9; // RACE
    pthread_join(t, NULL);
    printf("%d %d\n", g.level, g.tab[5]); // NORACE
    return 0;
}
