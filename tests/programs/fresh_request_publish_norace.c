/* Each worker fills a block it allocated itself, then links it into a list under a lock: no race. */
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
    req->value = req->id * 2; // NORACE
    pthread_mutex_lock(&list_lock);
    req->next = list_head; // NORACE
    list_head = req; // NORACE
    pthread_mutex_unlock(&list_lock);
    return NULL;
}

int main(void)
{
    pthread_t t[2];
    for (long i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, worker, (void *)i);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    int sum = 0;
    while (list_head) {
        struct request *r = list_head;
        sum += r->value; // NORACE
        list_head = r->next; // NORACE
        free(r);
    }
    printf("%d\n", sum);
    return 0;
}
