/* As prepublish_fill_norace, but the producer sets the value after linking the message: the consumer may read it at the same time, race. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct msg {
    int id;
    int val;
    struct msg *next;
};

static pthread_mutex_t qlock = PTHREAD_MUTEX_INITIALIZER;
static struct msg *head, *done;

static void *producer(void *arg)
{
    for (int i = 0; i < 3; i++) {
        struct msg *m = malloc(sizeof *m);
        if (!m)
            break;
        m->id = i; // NORACE
        pthread_mutex_lock(&qlock);
        m->next = head; // NORACE
        head = m; // NORACE
        pthread_mutex_unlock(&qlock);
        m->val = i * 10; // RACE
    }
    return arg;
}

static void *consumer(void *arg)
{
    long sum = arg != NULL;
    for (int tries = 0; tries < 100; tries++) {
        pthread_mutex_lock(&qlock);
        struct msg *m = head; // NORACE
        if (m)
            head = m->next; // NORACE
        pthread_mutex_unlock(&qlock);
        if (!m)
            continue;
        sum += m->id + m->val; // RACE
        pthread_mutex_lock(&qlock);
        m->next = done; // NORACE
        done = m; // NORACE
        pthread_mutex_unlock(&qlock);
    }
    return (void *)sum;
}

int main(void)
{
    pthread_t p, c;
    void *sum;
    pthread_create(&p, NULL, producer, NULL);
    pthread_create(&c, NULL, consumer, NULL);
    pthread_join(p, NULL);
    pthread_join(c, &sum);
    for (int list = 0; list < 2; list++) {
        struct msg **l = list ? &done : &head;
        while (*l) {
            struct msg *m = *l; // NORACE
            *l = m->next; // NORACE
            free(m);
        }
    }
    printf("%ld\n", (long)sum);
    return 0;
}
