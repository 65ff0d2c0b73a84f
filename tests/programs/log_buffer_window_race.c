/* A log whose buffer is appended to at its current length, under a lock the
 * log holds by pointer: the append's copy stays inside the buffer (an array
 * field of the heap log), so it never touches the lock field that each
 * thread reads without the lock to take it.  Here the copy comes before
 * the lock is taken: two appends' copies race in the buffer. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct log {
    pthread_mutex_t *lock;
    char buf[64];
    int len;
};

static void log_append(struct log *l, const char *s)
{
    size_t n = strlen(s);
    memcpy(l->buf + l->len, s, n); // RACE
    pthread_mutex_lock(l->lock); // NORACE
    if (l->len + (int)n < (int)sizeof l->buf - 1) {
        l->len += (int)n; // RACE
        l->buf[l->len] = 0; // RACE
    }
    pthread_mutex_unlock(l->lock);
}

static void *worker(void *arg)
{
    log_append(arg, "ab");
    return NULL;
}

int main(void)
{
    struct log *l = calloc(1, sizeof *l);
    pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
    pthread_t t[2];
    if (!l)
        return 1;
    l->lock = &m;
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, worker, l);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    printf("%s\n", l->buf);
    free(l);
    return 0;
}
