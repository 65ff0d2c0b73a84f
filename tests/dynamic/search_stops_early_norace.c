/* strchr and memchr read only up to the byte they find: a write past it by another thread is no race. */
/* The runtime checks a search by the bytes it touched (RH_RT_UPTO), not the
 * whole string or range: the worker's write to byte 40 is disjoint from
 * the reads of bytes 0-3, as ThreadSanitizer's interceptors see it too. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static char buf[64] = "ab,d;fghijklmnopqrstuvwxyzabcdefghijklmnopqrstuvwxyz";

static void *tail_writer(void *arg)
{
    (void)arg;
    buf[40] = 'Z'; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, tail_writer, NULL);
    const char *comma = strchr(buf, ','); // NORACE
    const char *semi = memchr(buf, ';', sizeof buf); // NORACE
    pthread_join(t, NULL);
    printf("%d %d %c\n", (int)(comma - buf), (int)(semi - buf), buf[40]);
    return 0;
}
