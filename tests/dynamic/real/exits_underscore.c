/* a program that ends with _exit before its threads: the runtime's report of the run is never finished */
#include <pthread.h>
#include <unistd.h>
static int jobs;
static void *worker(void *arg) {
    jobs++;
    return arg;
}
int main(int argc, char **argv) {
    if (argc < 2)
        _exit(3);
    pthread_t a;
    pthread_create(&a, 0, worker, argv);
    pthread_join(a, 0);
    return 0;
}
