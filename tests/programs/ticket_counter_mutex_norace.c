/* Workers take a ticket from a counter under a mutex (j = next; next++;) and then write results[j] without the lock: every ticket is handed out once, so no two workers write the same element. */
#include <pthread.h>
#include <stdio.h>

#define N 4

pthread_mutex_t ticket_lock = PTHREAD_MUTEX_INITIALIZER;
int next_ticket;
int results[N];

void *worker(void *arg)
{
    int j;
    (void)arg;
    pthread_mutex_lock(&ticket_lock);
    j = next_ticket; // NORACE
    next_ticket++; // NORACE
    pthread_mutex_unlock(&ticket_lock);
    results[j] = j * 10; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t tids[N];

    for (int i = 0; i < N; i++)
        pthread_create(&tids[i], NULL, worker, NULL);
    for (int i = 0; i < N; i++)
        pthread_join(tids[i], NULL);
    printf("%d\n", results[N - 1]); // NORACE
    return 0;
}
