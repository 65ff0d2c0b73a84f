/* "-o keep.txt" in argv starts the workers, after the program truncates
 * keep.txt and makes a directory: the solver chooses those arguments, so
 * its runs must not touch the files of the directory they run in
 * (test_dse.py checks keep.txt and the listing); the workers' unlocked
 * increment races */
#include <pthread.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

static int counter;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *work(void *arg)
{
    (void)arg;
    counter++; // RACE
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc < 3 || strcmp(argv[1], "-o") != 0 || strcmp(argv[2], "keep.txt") != 0)
        return 2;
    FILE *out = fopen(argv[2], "w");
    if (!out || fputs("written by a run\n", out) < 0 || fclose(out) != 0)
        return 3;
    if (mkdir("made-by-a-run", 0755) != 0)
        return 4;
    pthread_t a, b;
    pthread_create(&a, NULL, work, NULL);
    pthread_create(&b, NULL, work, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    (void)lock;
    return 0;
}
