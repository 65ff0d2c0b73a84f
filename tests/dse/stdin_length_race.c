/* a line on standard input of at least 12 characters starts the workers; the workers' unlocked increment races */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

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
    (void)argc, (void)argv;
    char line[64];
    if (!fgets(line, sizeof line, stdin) || strlen(line) < 12)
        return 2;
    pthread_t a, b;
    pthread_create(&a, NULL, work, NULL);
    pthread_create(&b, NULL, work, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    (void)lock;
    return 0;
}
