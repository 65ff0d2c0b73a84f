/* a command letter chosen by a switch starts the workers; the workers' unlocked increment races */
#include <pthread.h>
#include <stdio.h>

static int counter;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *work(void *arg)
{
    (void)arg;
    counter++; // RACE
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc < 2)
        return 2;
    switch (argv[1][0]) {
    case 'r': return 0;
    case 'l': return 1;
    case 'w': break;
    default: return 2;
    }
    pthread_t a, b;
    pthread_create(&a, NULL, work, NULL);
    pthread_create(&b, NULL, work, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    (void)lock;
    return 0;
}
