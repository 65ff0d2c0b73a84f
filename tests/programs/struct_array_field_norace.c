/* an element of an array field, indexed by a variable, stays inside its array: it never races with another field of the struct */
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
    st.hits[k & 7] += 1; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t;
    int k = 3;
    pthread_create(&t, NULL, counter, &k);
    st.total = 10; // NORACE
    pthread_join(t, NULL);
    printf("%ld %ld\n", st.total, st.hits[3]); // NORACE
    return 0;
}
