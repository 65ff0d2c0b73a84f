/* a program that closes every descriptor above stderr, as a daemon does, then starts threads that race */
#include <pthread.h>
#include <unistd.h>
static int jobs;
static void *worker(void *arg) {
    jobs++; // RACE
    return arg;
}
int main(void) {
    for (int fd = 3; fd < 1024; fd++)
        close(fd);
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
