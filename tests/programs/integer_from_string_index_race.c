/* racy twin of integer_from_string_index_norace: an address turned into an integer and back still points into its object, so the worker's write through it meets main's write to the same byte of the name */
#include <pthread.h>
#include <stdint.h>
#include <string.h>

static char name[16] = "worker";

static void *worker(void *arg)
{
    char *at = arg;
    *at = 'y'; // RACE
    return 0;
}

int main(void)
{
    uintptr_t at = (uintptr_t)name + strlen(name);
    pthread_t t;
    pthread_create(&t, 0, worker, (void *)at);
    name[6] = 'x'; // RACE
    pthread_join(t, 0);
    return name[6] != 'x' && name[6] != 'y';
}
