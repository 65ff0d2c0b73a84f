/* an element of an array field indexed by a variable races with a write to an element of the same array */
#include <pthread.h>
#include <stdio.h>

struct stats {
    long hits[8];
    long total;
};
static struct stats st;

static void *counter(void *arg)
{
    int k = *(int *)arg;
    st.hits[k & 7] += 1; // RACE
    return NULL;
}

int main(void)
{
    pthread_t t;
    int k = 3;
    pthread_create(&t, NULL, counter, &k);
    st.hits[3] = 10; // RACE
    pthread_join(t, NULL);
    printf("%ld %ld\n", st.total, st.hits[3]); // NORACE
    return 0;
}
