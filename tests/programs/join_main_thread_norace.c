/* Main records its own id, starts a finisher and leaves with pthread_exit; the finisher joins the main thread before it touches the totals main computed, so main has ended by then: no race. */
#include <pthread.h>
#include <stdio.h>

pthread_t main_id;
int total;

void *finisher(void *arg)
{
    (void)arg;
    pthread_join(main_id, NULL);
    total += 1; // NORACE
    printf("total = %d\n", total); // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t;

    main_id = pthread_self();
    pthread_create(&t, NULL, finisher, NULL);
    total = 41; // NORACE
    pthread_exit(NULL);
}
