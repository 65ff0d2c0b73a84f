/* a program that waits for a signal before it starts any thread: every run reaches the time limit */
#include <pthread.h>
#include <unistd.h>
static int jobs;
static void *worker(void *arg) {
    jobs++;
    return arg;
}
int main(void) {
    pause();
    pthread_t a;
    pthread_create(&a, 0, worker, 0);
    pthread_join(a, 0);
    return 0;
}
