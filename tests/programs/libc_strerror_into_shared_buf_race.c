/* two threads format what strerror returns (their own per-thread buffers in glibc) into one global buffer with no lock: the race is on the formatted copy, which the per-thread buffer must not hide */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static char last_error[128];

static void *fail(void *arg)
{
    const char *why = strerror(4000 + (int)(long)arg);
    snprintf(last_error, sizeof last_error, "%s", why); // RACE
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, fail, (void *)1L);
    pthread_create(&b, NULL, fail, (void *)2L);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return last_error[0] == 'x';
}
