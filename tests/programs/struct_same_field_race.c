/* Two threads run different functions that both write the same field of one global struct, unsynchronised: race on that field only. */
#include <pthread.h>
#include <stdio.h>

struct stats {
    int hits;
    int misses;
};

struct stats st;

void *count_hit(void *arg)
{
    (void)arg;
    st.hits = st.hits + 1; // RACE
    return NULL;
}

void *reset_and_miss(void *arg)
{
    (void)arg;
    st.hits = 0; // RACE
    st.misses = 1; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;

    pthread_create(&t1, NULL, count_hit, NULL);
    pthread_create(&t2, NULL, reset_and_miss, NULL);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("%d %d\n", st.hits, st.misses); // NORACE
    return 0;
}
