/* three arguments start the workers, but the program also reads argv[4]
 * and argv[5], which lie past argv's NULL when only three are given (the
 * environment's strings, natively): the concolic runs must read there what
 * a native run reads, not crash; the workers' locked increment does not race */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    if (argc < 4) {
        fprintf(stderr, "usage: %s HOST FILE MODE [THREADS] [DEBUG]\n", argv[0]);
        return 2;
    }
    const char *threads = argv[4], *debug = argv[5];
    int extra = debug ? (int)strlen(debug) % 2 : 0;
    (void)threads;
    pthread_t a, b;
    pthread_create(&a, NULL, work, NULL);
    pthread_create(&b, NULL, work, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return extra;
}
