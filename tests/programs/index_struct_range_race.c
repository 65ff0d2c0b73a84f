/* Main gives each worker a job struct whose slice bounds are i * 8 and i * 8 + 9: each slice reaches the first element of the next one, which two workers write: racy. */
#include <pthread.h>

#define T 4
struct job {
    int lo, hi;
};
static struct job jobs[T];
static int data[T * 8 + 1];

static void *fill(void *arg)
{
    struct job *j = arg;
    for (int k = j->lo; k < j->hi; k++) // NORACE
        data[k] = k; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t[T];
    for (int i = 0; i < T; i++) {
        jobs[i].lo = i * 8; // NORACE
        jobs[i].hi = i * 8 + 9; // NORACE
        pthread_create(&t[i], NULL, fill, &jobs[i]);
    }
    for (int i = 0; i < T; i++)
        pthread_join(t[i], NULL);
    return data[3] != 3; // NORACE
}
