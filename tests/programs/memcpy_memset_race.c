/* One thread memcpy's a message into a shared buffer while another memset's the same buffer: the library writes overlap, race. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

char buffer[32];

void *writer(void *arg)
{
    const char *msg = arg;
    memcpy(buffer, msg, strlen(msg) + 1); // RACE
    return NULL;
}

void *clearer(void *arg)
{
    (void)arg;
    memset(buffer, 0, sizeof buffer); // RACE
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    static const char greeting[] = "hello, racehunt";

    pthread_create(&t1, NULL, writer, (void *)greeting);
    pthread_create(&t2, NULL, clearer, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("[%s]\n", buffer); // NORACE
    return 0;
}
