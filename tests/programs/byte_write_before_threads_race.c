/* main ends a string in a filled buffer with one byte store before any thread exists, then stores that byte again while a reader reads it: the second store races with the read, the first (before the thread was created) does not. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

char buf[16];

void *reader(void *arg)
{
    (void)arg;
    return (void *)(long)buf[3]; // RACE
}

int main(void)
{
    pthread_t t;
    void *r;
    memset(buf, 'x', sizeof buf); // NORACE
    buf[3] = '\0'; // NORACE
    pthread_create(&t, NULL, reader, NULL);
    buf[3] = 'z'; // RACE
    pthread_join(t, &r);
    printf("%ld\n", (long)r);
    return 0;
}
