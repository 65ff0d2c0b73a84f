/* Two threads append to a shared log index under a pthread spinlock: the spinlock orders every access, no race. */
#include <pthread.h>
#include <stdio.h>

#define CAP 16

int log_buf[CAP];
int log_len;
pthread_spinlock_t log_lock;

void *logger(void *arg)
{
    int tag = *(int *)arg; // NORACE
    for (int i = 0; i < 4; i++) {
        pthread_spin_lock(&log_lock);
        log_buf[log_len] = tag; // NORACE
        log_len++; // NORACE
        pthread_spin_unlock(&log_lock);
    }
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    int a = 1; // NORACE
    int b = 2; // NORACE

    pthread_spin_init(&log_lock, PTHREAD_PROCESS_PRIVATE);
    pthread_create(&t1, NULL, logger, &a);
    pthread_create(&t2, NULL, logger, &b);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("len = %d\n", log_len); // NORACE
    pthread_spin_destroy(&log_lock);
    return 0;
}
