/* main parses its options with getopt before starting the workers, which
 * only read the string optarg pointed to: no race. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const char *name = "world";
int verbose;

void *worker(void *arg)
{
    (void)arg;
    size_t n = strlen(name); // NORACE
    if (verbose) // NORACE
        fprintf(stderr, "hello %s (%zu)\n", name, n);
    return NULL;
}

int main(int argc, char **argv)
{
    int c;
    while ((c = getopt(argc, argv, "vn:")) != -1) {
        if (c == 'n')
            name = optarg;
        else if (c == 'v')
            verbose = 1; // NORACE
    }
    pthread_t a, b;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, worker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
