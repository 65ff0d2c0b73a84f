/* the command word "start" in any letter case (strcasecmp) starts the workers; their unlocked increment races */
#include <pthread.h>
#include <stdio.h>
#include <strings.h>

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
    if (argc < 2 || strcasecmp(argv[1], "StArT") != 0 || strncasecmp(argv[1], "sTART", 5) != 0)
        return 2;
    pthread_t a, b;
    pthread_create(&a, NULL, work, NULL);
    pthread_create(&b, NULL, work, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    (void)lock;
    return 0;
}
