/* One thread reads bytes 0-3 of an 8-byte word byte by byte; another writes byte 3 (a race) and byte 6 (not read: no race). */
/* The read covers bytes 0-3 of the word only, so the write of byte 6 in
 * the same aligned 8 bytes races with nothing: a report on it would be
 * made up by a shadow that keeps whole words. */
#include <pthread.h>
#include <stdio.h>

static _Alignas(8) unsigned char word[8];

static void *reader(void *arg)
{
    int sum = 0;
    for (int i = 0; i < 4; i++)
        sum += word[i]; // RACE
    return (void *)((long)arg + sum);
}

static void *writer(void *arg)
{
    word[6] = 6; // NORACE
    word[3] = 3; // RACE
    return arg;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, reader, NULL);
    pthread_create(&b, NULL, writer, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    printf("%d %d\n", word[3], word[6]); // NORACE
    return 0;
}
