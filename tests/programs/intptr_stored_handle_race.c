/* Both descriptors hold the first buffer's address as an integer, so both threads write that buffer: a race. */
#include <pthread.h>
#include <stdint.h>
#include <string.h>

struct desc {
    uintptr_t buf;
    int len;
};

static char bufs[2][16];
static struct desc descs[2];

static void *writer(void *arg)
{
    struct desc *d = arg;
    char *p = (char *)d->buf;
    memset(p, 'a', (size_t)d->len); // RACE
    p[0] = 'x'; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t[2];
    for (int i = 0; i < 2; i++) {
        descs[i].buf = (uintptr_t)bufs[0]; // NORACE
        descs[i].len = 8; // NORACE
        pthread_create(&t[i], NULL, writer, &descs[i]);
    }
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    return bufs[1][0] != 'x'; // NORACE
}
