/* main writes through strtol's end pointer into a shared buffer another thread reads */
#include <pthread.h>
#include <stdlib.h>

static char text[8] = "12 ab";

static void *reader(void *arg)
{
    (void)arg;
    return (void *)(long)text[3]; // RACE
}

int main(void)
{
    pthread_t a;
    char *end = NULL;
    pthread_create(&a, NULL, reader, NULL);
    long v = strtol(text, &end, 10);
    end[1] = 'x'; // RACE
    pthread_join(a, NULL);
    return v != 12;
}
