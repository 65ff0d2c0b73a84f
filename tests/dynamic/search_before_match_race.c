/* strchr reads every byte before the one it finds: another thread's unordered write to one of them races. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static char buf[64] = "abcdefghij,lmnopqrstuvwxyz";

static void *head_writer(void *arg)
{
    (void)arg;
    buf[3] = 'D'; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, NULL, head_writer, NULL);
    const char *comma = strchr(buf, ','); // RACE
    pthread_join(t, NULL);
    printf("%d %c\n", (int)(comma - buf), buf[3]);
    return 0;
}
