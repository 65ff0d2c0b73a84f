/* a -j flag with a count of at least 2 starts the workers; the workers' increment is locked: race-free */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
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
    if (argc < 3 || strcmp(argv[1], "-j") != 0 || atoi(argv[2]) < 2 || atoi(argv[2]) > 8)
        return 2;
    pthread_t a, b;
    pthread_create(&a, NULL, work, NULL);
    pthread_create(&b, NULL, work, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    (void)lock;
    return 0;
}
