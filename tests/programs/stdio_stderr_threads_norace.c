/* Workers log to stderr and stdout and flush them: stdio locks each
 * stream inside, so the streams are no race; each worker's counter is
 * its own. */
#include <pthread.h>
#include <stdio.h>

int counts[2];

void *worker(void *arg)
{
    int id = *(int *)arg;
    for (int i = 0; i < 3; i++) {
        counts[id]++; // NORACE
        fprintf(stderr, "worker %d step %d\n", id, i);
        fputs("tick\n", stdout);
        fflush(stdout);
    }
    return NULL;
}

int main(void)
{
    pthread_t t[2];
    int ids[2] = {0, 1};
    setbuf(stderr, NULL);
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, worker, &ids[i]);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    printf("%d %d\n", counts[0], counts[1]);
    return 0;
}
