/* A worker writes its block again after linking it into the list, while a reader reads it under the lock: a race. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct request {
    int id;
    int value;
    struct request *next;
};

static pthread_mutex_t list_lock = PTHREAD_MUTEX_INITIALIZER;
static struct request *list_head;

static void *worker(void *arg)
{
    struct request *req = malloc(sizeof *req);
    if (!req)
        return NULL;
    req->id = (int)(long)arg; // NORACE
    req->value = 0; // NORACE
    pthread_mutex_lock(&list_lock);
    req->next = list_head; // NORACE
    list_head = req; // NORACE
    pthread_mutex_unlock(&list_lock);
    req->value = req->id * 2; // RACE
    return NULL;
}

static void *reader(void *arg)
{
    int sum = 0;
    (void)arg;
    pthread_mutex_lock(&list_lock);
    for (struct request *r = list_head; r; r = r->next) // NORACE
        sum += r->value; // RACE
    pthread_mutex_unlock(&list_lock);
    return (void *)(long)sum;
}

int main(void)
{
    pthread_t t[3];
    for (long i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, worker, (void *)i);
    pthread_create(&t[2], NULL, reader, NULL);
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], NULL);
    while (list_head) {
        struct request *r = list_head;
        list_head = r->next; // NORACE
        free(r);
    }
    return 0;
}
