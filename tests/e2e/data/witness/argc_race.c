/* argc_race.c - a race only with arguments: with argc > 1 a logger thread writes `lines` while main does, so a witness of it must carry argc and its replay must pass that many arguments */
#include <pthread.h>

static int lines;

static void *logger(void *arg)
{
    (void)arg;
    lines = 1; // RACE
    return NULL;
}

int main(int argc, char **argv)
{
    (void)argv;
    pthread_t t;
    int started = 0;
    if (argc > 1) {
        pthread_create(&t, NULL, logger, NULL);
        started = 1;
    }
    lines = 2; // RACE
    if (started)
        pthread_join(t, NULL);
    return 0;
}
