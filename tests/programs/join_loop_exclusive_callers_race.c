/* A command dispatcher calls the stress function from two branches that exclude each other; the function creates workers in a loop but its join loop stops one short, so its read of the locked counter races with the last worker. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static pthread_t pool[8];
static pthread_mutex_t count_lock = PTHREAD_MUTEX_INITIALIZER;
static int finished;

static void *stress_worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&count_lock);
    finished++; // RACE
    pthread_mutex_unlock(&count_lock);
    return NULL;
}

static int stress(int n)
{
    for (int i = 0; i < n; i++)
        pthread_create(&pool[i], NULL, stress_worker, NULL);
    for (int i = 0; i < n - 1; i++)
        pthread_join(pool[i], NULL);
    printf("finished: %d\n", finished); // RACE
    return 0;
}

int main(int argc, char **argv)
{
    const char *cmd = argc > 1 ? argv[1] : "threads";
    if (strcmp(cmd, "threads") == 0)
        return stress(4);
    if (strcmp(cmd, "t") == 0)
        return stress(8);
    return 2;
}
