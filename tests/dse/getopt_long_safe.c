/* --workers=N with N of at least 2 (getopt_long, among --quiet and -h) starts the workers; they increment under a mutex */
#include <getopt.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

static int counter;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *work(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&lock);
    counter++; // NORACE
    pthread_mutex_unlock(&lock);
    return NULL;
}

int main(int argc, char **argv)
{
    static int quiet;
    static const struct option opts[] = {
        {"quiet", no_argument, &quiet, 1},
        {"help", no_argument, NULL, 'h'},
        {"workers", required_argument, NULL, 'w'},
        {NULL, 0, NULL, 0},
    };
    int workers = 0, c;
    while ((c = getopt_long(argc, argv, "hw:", opts, NULL)) != -1) {
        if (c == 'h')
            return 0;
        if (c == 'w')
            workers = atoi(optarg);
        else if (c != 0)
            return 2;
    }
    if (workers < 2 || workers > 4)
        return quiet ? 0 : 1;
    pthread_t t[4];
    for (int i = 0; i < workers; i++)
        pthread_create(&t[i], NULL, work, NULL);
    for (int i = 0; i < workers; i++)
        pthread_join(t[i], NULL);
    return 0;
}
