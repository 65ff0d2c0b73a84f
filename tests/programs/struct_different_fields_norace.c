/* Two threads write different fields of one global struct: the fields do not overlap in memory, so there is no race. */
#include <pthread.h>
#include <stdio.h>

struct stats {
    int hits;
    int misses;
    long total;
};

struct stats st;

void *count_hits(void *arg)
{
    (void)arg;
    for (int i = 0; i < 100; i++)
        st.hits++; // NORACE
    return NULL;
}

void *count_misses(void *arg)
{
    (void)arg;
    for (int i = 0; i < 100; i++)
        st.misses++; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;

    pthread_create(&t1, NULL, count_hits, NULL);
    pthread_create(&t2, NULL, count_misses, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    st.total = st.hits + st.misses; // NORACE
    printf("%ld\n", st.total); // NORACE
    return 0;
}
