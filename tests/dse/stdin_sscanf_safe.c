/* a "threads=N" line read with fgets and parsed with sscanf turns the workers on; the workers' increment is locked: race-free */
#include <pthread.h>
#include <stdio.h>

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

int main(void)
{
    char line[64];
    int n = 0;
    if (!fgets(line, sizeof line, stdin) || sscanf(line, "threads=%d", &n) != 1 || n != 640)
        return 2;
    pthread_t a, b;
    pthread_create(&a, NULL, work, NULL);
    pthread_create(&b, NULL, work, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    (void)lock;
    return 0;
}
