/* Three threads scan one string byte by byte twice and each writes its own byte of one word: no race. */
/* The string is written before the threads start, so its reads share one
 * history per 8 bytes with the readers kept side by side; the result bytes
 * are disjoint bytes of one aligned word, which must stay apart. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static char text[100];
static _Alignas(8) unsigned char found[8];

static void *count(void *arg)
{
    long id = (long)arg;
    int n = 0;
    for (int i = 0; text[i]; i++) // NORACE
        n += text[i] == 'x'; // NORACE
    for (size_t i = 0; i < sizeof text; i++)
        n -= text[i] == 'y'; // NORACE
    found[id] = (unsigned char)n; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t[3];
    memset(text, 'x', sizeof text - 1); // NORACE
    for (long i = 0; i < 3; i++)
        pthread_create(&t[i], NULL, count, (void *)i);
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], NULL);
    printf("%d %d %d\n", found[0], found[1], found[2]); // NORACE
    return 0;
}
