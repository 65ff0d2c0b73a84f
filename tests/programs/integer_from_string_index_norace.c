/* a string's length and a pointer difference are numbers, not addresses: the job pointer built from the table's address plus such an index points into the table only, never into the name main writes */
#include <pthread.h>
#include <stdint.h>
#include <string.h>

static long jobs[8];
static char name[16] = "worker";

static void *worker(void *arg)
{
    long *job = arg;
    *job = 1; // NORACE
    return 0;
}

int main(void)
{
    const char *end = name + 2;
    size_t k = (strlen(name) + (size_t)(end - name)) % 8;
    uintptr_t at = (uintptr_t)jobs + k * sizeof(long);
    pthread_t t;
    pthread_create(&t, 0, worker, (void *)at);
    name[0] = 'W'; // NORACE
    pthread_join(t, 0);
    return (int)jobs[0] - 1 + (name[0] != 'W'); // NORACE
}
