/* The finisher joins the main thread, but reads the total before doing so: that read races with main's write; the write after the join does not. */
#include <pthread.h>
#include <stdio.h>

pthread_t main_id;
int total;

void *finisher(void *arg)
{
    (void)arg;
    printf("early total = %d\n", total); // RACE
    pthread_join(main_id, NULL);
    total += 1; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t;

    main_id = pthread_self();
    pthread_create(&t, NULL, finisher, NULL);
    total = 41; // RACE
    pthread_exit(NULL);
}
