/* The helper is started when there is any argument count at all (always) but joined only with more than two arguments: in a normal run it is never joined, and main's write after the test races with it. */
#include <pthread.h>
#include <stdio.h>

int stats;

void *helper(void *arg)
{
    (void)arg;
    stats += 1; // RACE
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t t;

    (void)argv;
    if (argc > 0)
        pthread_create(&t, NULL, helper, NULL);
    if (argc > 2)
        pthread_join(t, NULL);
    stats = 0; // RACE
    printf("%d\n", stats); // RACE
    if (argc <= 2)
        pthread_join(t, NULL);
    return 0;
}
