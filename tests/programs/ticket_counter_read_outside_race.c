/* Workers read the ticket counter before taking its lock and increment it inside: two workers can read the same ticket, so they may write the same element; the unlocked read also races with the locked increment. */
#include <pthread.h>
#include <stdio.h>

#define N 3

pthread_mutex_t ticket_lock = PTHREAD_MUTEX_INITIALIZER;
int next_ticket;
int results[N + 1];

void *worker(void *arg)
{
    (void)arg;
    int j = next_ticket; // RACE
    pthread_mutex_lock(&ticket_lock);
    next_ticket++; // RACE
    pthread_mutex_unlock(&ticket_lock);
    results[j % N] += 1; // RACE
    return NULL;
}

int main(void)
{
    pthread_t tids[N];

    for (int i = 0; i < N; i++)
        pthread_create(&tids[i], NULL, worker, NULL);
    for (int i = 0; i < N; i++)
        pthread_join(tids[i], NULL);
    printf("%d\n", results[0]);
    return 0;
}
