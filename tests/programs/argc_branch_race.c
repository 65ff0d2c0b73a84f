/* The worker takes the unlocked branch when the program runs without arguments (argc == 1, the normal run): that branch's write races with main's locked write. */
#include <pthread.h>
#include <stdio.h>

int fast_mode;
int hits;
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

void *worker(void *arg)
{
    (void)arg;
    if (fast_mode) { // NORACE
        hits++; // RACE
    } else {
        pthread_mutex_lock(&m);
        hits++; // NORACE
        pthread_mutex_unlock(&m);
    }
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t t;
    (void)argv;

    fast_mode = (argc == 1); // NORACE
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_lock(&m);
    hits++; // RACE
    pthread_mutex_unlock(&m);
    pthread_join(t, NULL);
    printf("hits = %d\n", hits); // NORACE
    return 0;
}
