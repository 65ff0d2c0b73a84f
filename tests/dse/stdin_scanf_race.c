/* a thread count and a mode word read with scanf turn the workers on; the workers' unlocked increment races */
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

int main(void)
{
    int threads = 0;
    long delay = 0;
    char mode[16];
    if (scanf("%d %ld", &threads, &delay) != 2 || threads != 12 || delay < -3 || delay > -1)
        return 2;
    if (scanf(" mode=%15s", mode) != 1 || strcmp(mode, "go") != 0)
        return 2;
    pthread_t a, b;
    pthread_create(&a, NULL, work, NULL);
    pthread_create(&b, NULL, work, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    (void)lock;
    return 0;
}
