/* A thread scans a shared string byte by byte while another rewrites one of its bytes: a race. */
/* The reader's bytes share one shadow cell per 8 bytes (its read covers
 * the bytes it scanned), and the writer's byte is one of them: the race
 * is found whichever thread runs first. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static char text[64];

static void *scan(void *arg)
{
    int n = 0;
    for (int i = 0; i < 40; i++)
        n += text[i] == 'a'; // RACE
    return (void *)((long)arg + n);
}

static void *poke(void *arg)
{
    text[21] = 'a'; // RACE
    return arg;
}

int main(void)
{
    pthread_t a, b;
    memset(text, 'b', sizeof text - 1); // NORACE
    pthread_create(&a, NULL, scan, NULL);
    pthread_create(&b, NULL, poke, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    printf("%s\n", text); // NORACE
    return 0;
}
