/* a program that prints its usage and exits without an argument; given one, two workers race on a counter */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
static int served;
static void *worker(void *arg) {
    served++; // RACE
    return arg;
}
int main(int argc, char **argv) {
    if (argc < 2 || strcmp(argv[1], "serve") != 0) {
        fprintf(stderr, "usage: needs_args_race serve\n");
        return 64;
    }
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
