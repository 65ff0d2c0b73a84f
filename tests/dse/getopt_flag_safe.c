/* the -t flag (among -v and -n COUNT) starts the workers; the workers increment under a mutex */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

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
    int threaded = 0, verbose = 0, count = 1, c;
    while ((c = getopt(argc, argv, "vn:t")) != -1) {
        switch (c) {
        case 'v': verbose = 1; break;
        case 'n': count = atoi(optarg); break;
        case 't': threaded = 1; break;
        default: return 2;
        }
    }
    if (!threaded)
        return verbose ? 0 : count > 100;
    pthread_t a, b;
    pthread_create(&a, NULL, work, NULL);
    pthread_create(&b, NULL, work, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
