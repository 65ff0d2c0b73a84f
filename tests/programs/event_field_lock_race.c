/* main reads an event flag without taking the event mutex while the waiter may reset it under the mutex: a race */
#include <pthread.h>
#include <stdio.h>

struct event {
    pthread_mutex_t mutex;
    pthread_cond_t cond;
    int triggered;
};
struct handle {
    union {
        struct event ev;
        long other;
    } u;
    int type;
};
static struct handle quit, start;

static void init_event(struct handle *h)
{
    pthread_mutex_init(&h->u.ev.mutex, NULL);
    pthread_cond_init(&h->u.ev.cond, NULL);
}

static int set_event(struct event *e)
{
    int rc = pthread_mutex_lock(&e->mutex);
    if (rc == 0) {
        e->triggered = 1; // NORACE
        pthread_cond_broadcast(&e->cond);
        pthread_mutex_unlock(&e->mutex);
    }
    return rc;
}

static int wait_event(struct handle *h)
{
    int rc = pthread_mutex_lock(&h->u.ev.mutex);
    if (rc == 0) {
        while (!h->u.ev.triggered) // NORACE
            pthread_cond_wait(&h->u.ev.cond, &h->u.ev.mutex);
        int was = h->u.ev.triggered; // NORACE
        h->u.ev.triggered = 0; // RACE
        pthread_mutex_unlock(&h->u.ev.mutex);
        return was;
    }
    return rc;
}

static int event_state(struct handle *h)
{
    pthread_mutex_lock(&h->u.ev.mutex);
    int v = h->u.ev.triggered; // NORACE
    pthread_mutex_unlock(&h->u.ev.mutex);
    return v;
}

static void *waiter(void *arg)
{
    wait_event(arg);
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    init_event(&quit);
    init_event(&start);
    pthread_create(&t1, NULL, waiter, &quit);
    pthread_create(&t2, NULL, waiter, &start);
    set_event(&start.u.ev);
    int seen = start.u.ev.triggered; // RACE
    set_event(&quit.u.ev);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    printf("%d %d\n", seen, event_state(&quit));
    return 0;
}
