/* a key=value configuration on standard input turns the workers on; the workers' unlocked increment races */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <stdlib.h>

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
    if (!fgets(line, sizeof line, stdin) || strncmp(line, "workers=", 8) != 0)
        return 2;
    int n = atoi(line + 8);
    if (n < 2 || n > 16)
        return 2;
    pthread_t a, b;
    pthread_create(&a, NULL, work, NULL);
    pthread_create(&b, NULL, work, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    (void)lock;
    return 0;
}
