/* The workers start only when the first argument is "--threads". */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static int counter;

static void *work(void *arg)
{
    (void)arg;
    counter++; // RACE
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "--threads") != 0) {
        fprintf(stderr, "usage: argv_magic --threads\n");
        return 2;
    }
    pthread_t a, b;
    pthread_create(&a, NULL, work, NULL);
    pthread_create(&b, NULL, work, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
