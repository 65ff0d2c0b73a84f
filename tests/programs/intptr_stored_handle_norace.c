/* A pointer to each thread's buffer is stored as an integer in a descriptor and cast back by the thread; the descriptors and buffers are distinct per thread: race-free. */
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
    memset(p, 'a', (size_t)d->len); // NORACE
    p[0] = 'x'; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t[2];
    for (int i = 0; i < 2; i++) {
        descs[i].buf = (uintptr_t)bufs[i]; // NORACE
        descs[i].len = 8; // NORACE
        pthread_create(&t[i], NULL, writer, &descs[i]);
    }
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    return bufs[1][0] != 'x'; // NORACE
}
