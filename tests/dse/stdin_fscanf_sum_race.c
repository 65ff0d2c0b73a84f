/* a count and that many numbers read with fscanf(stdin), summing to 100, turn the workers on; the workers' unlocked increment races */
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

int main(void)
{
    unsigned n = 0;
    int sum = 0, x;
    if (fscanf(stdin, "%u", &n) != 1 || n != 3)
        return 2;
    for (unsigned i = 0; i < n; i++) {
        if (fscanf(stdin, ",%d", &x) != 1 || x <= 0)
            return 2;
        sum += x;
    }
    if (sum != 100)
        return 2;
    pthread_t a, b;
    pthread_create(&a, NULL, work, NULL);
    pthread_create(&b, NULL, work, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    (void)lock;
    return 0;
}
