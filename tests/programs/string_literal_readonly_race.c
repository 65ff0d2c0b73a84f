/* the write through a pointer that may point to a string literal or a buffer races with a read of the buffer by another thread */
#include <pthread.h>
#include <stdio.h>

static const char *greeting = "hello";
static char buf[16] = "world";

static void *reader(void *arg)
{
    (void)arg;
    char c = buf[0]; // RACE
    printf("%c\n", c);
    return NULL;
}

int main(int argc, char **argv)
{
    (void)argv;
    pthread_t t;
    char *w = argc > 5 ? (char *)greeting : buf;
    pthread_create(&t, NULL, reader, NULL);
    if (w != greeting)
        w[0] = 'W'; // RACE
    pthread_join(t, NULL);
    printf("%s\n", buf); // NORACE
    return 0;
}
