/* main fills a buffer, ends a string in it with one byte store before any thread exists, then writes byte 0 while a reader reads byte 1 of the same 8 bytes: disjoint bytes, no race (the early byte store must not make the grain's other bytes look written later). */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

char buf[16];

void *reader(void *arg)
{
    (void)arg;
    return (void *)(long)buf[1]; // NORACE
}

int main(void)
{
    pthread_t t;
    void *r;
    memset(buf, 'x', sizeof buf); // NORACE
    buf[3] = '\0'; // NORACE
    pthread_create(&t, NULL, reader, NULL);
    buf[0] = 'y'; // NORACE
    pthread_join(t, &r);
    printf("%s %ld\n", buf, (long)r); // NORACE
    return 0;
}
