/* Main gives each worker an element of an array of job structs holding the bounds lo and hi of its slice (i * 8 and i * 8 + 8, written in the create loop); each worker fills data[lo .. hi): the field values keep the slices apart: race-free. */
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
        data[k] = k; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t[T];
    for (int i = 0; i < T; i++) {
        jobs[i].lo = i * 8; // NORACE
        jobs[i].hi = i * 8 + 8; // NORACE
        pthread_create(&t[i], NULL, fill, &jobs[i]);
    }
    for (int i = 0; i < T; i++)
        pthread_join(t[i], NULL);
    return data[3] != 3; // NORACE
}
