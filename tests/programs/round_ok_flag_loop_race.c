/* Racy twin of round_ok_flag_loop_norace: a round joins its worker only
 * when the flag says the create failed, so the workers outlive their
 * rounds and their locked adds race with the unlocked doubling and with
 * main's read. */
#include <pthread.h>
#include <stdio.h>

static int total;
static pthread_mutex_t total_lock = PTHREAD_MUTEX_INITIALIZER;

static void *round_worker(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&total_lock);
    total++; // RACE
    pthread_mutex_unlock(&total_lock);
    return NULL;
}

int main(void)
{
    for (int r = 0; r < 3; r++) {
        pthread_t t;
        int ok = 0;
        if (pthread_create(&t, NULL, round_worker, NULL) == 0)
            ok = 1;
        if (!ok)
            pthread_join(t, NULL);
        total *= 2; // RACE
    }
    printf("%d\n", total); // RACE
    return 0;
}
