/* main holds spin[0] and spin[1], then unlocks spin[i] (i known only at run time, 0 when argc is 1): that may release spin[0], so main's write after it races with the worker's locked one. */
#include <pthread.h>

pthread_spinlock_t spin[2];
int counter;

void *worker(void *arg)
{
    (void)arg;
    pthread_spin_lock(&spin[0]);
    counter++; // RACE
    pthread_spin_unlock(&spin[0]);
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t t;
    int i = (argc - 1) & 1;

    (void)argv;
    pthread_spin_init(&spin[0], PTHREAD_PROCESS_PRIVATE);
    pthread_spin_init(&spin[1], PTHREAD_PROCESS_PRIVATE);
    pthread_spin_lock(&spin[0]);
    pthread_spin_lock(&spin[1]);
    pthread_create(&t, NULL, worker, NULL);
    pthread_spin_unlock(&spin[i]);
    counter++; // RACE
    pthread_spin_unlock(&spin[1 - i]);
    pthread_join(t, NULL);
    return 0;
}
