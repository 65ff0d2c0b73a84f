/* a race only when one thread stalls between two critical sections while the other runs a long loop of them */
#include <pthread.h>
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
static int ticks;
static int config;
static int seen;
static void *slow(void *arg) {
    for (int i = 0; i < 6000; i++) {
        pthread_mutex_lock(&m);
        ticks++; // NORACE
        pthread_mutex_unlock(&m);
    }
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
    seen = config; // RACE
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
    return arg;
}
static void *quick(void *arg) {
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
    config = 1; // RACE
    pthread_mutex_lock(&m);
    pthread_mutex_unlock(&m);
    for (int i = 0; i < 6000; i++) {
        pthread_mutex_lock(&m);
        ticks--; // NORACE
        pthread_mutex_unlock(&m);
    }
    return arg;
}
int main(void) {
    pthread_t a, b;
    pthread_create(&a, 0, slow, 0);
    pthread_create(&b, 0, quick, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return seen;
}
