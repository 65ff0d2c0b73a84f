/* A race behind a pointer read from shared memory, in a program whose
 * globals start with many nonzero bytes (message tables): the inserter
 * links a node into a bucket's list holding the bucket's lock, the counter
 * walks the same list holding only the table lock.  Reading a node field
 * through the loaded pointer must not drag every global's initial bytes
 * into the formula.  (The write of n->next races with the counter's read
 * of it too, but only after the race on b->first: the monitor reports the
 * first race of an execution, so that line carries no annotation.) */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct node {
    int value;
    struct node *next;
};

struct bucket {
    pthread_mutex_t lock;
    struct node *first;
};

const char *messages[] = {"inserting a node into the bucket's list now",
                          "counting the nodes of every bucket in the table",
                          "the table has no bucket yet, trying again later",
                          "a bucket was added to the table by the main thread"};
char banner[256] = "racehunt bounded model checking: a list behind a pointer, next to tables";

pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
struct bucket *table;

void *inserter(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&table_lock);
    struct bucket *b = table;
    pthread_mutex_unlock(&table_lock);
    if (!b)
        return NULL;
    struct node *n = malloc(sizeof *n);
    n->value = 1; // NORACE
    pthread_mutex_lock(&b->lock);
    n->next = b->first;
    b->first = n; // RACE
    pthread_mutex_unlock(&b->lock);
    puts(messages[0]);
    return NULL;
}

void *counter(void *arg)
{
    int *count = arg;
    pthread_mutex_lock(&table_lock);
    struct bucket *b = table;
    if (b)
        for (struct node *n = b->first; n; n = n->next) // RACE
            *count += n->value; // NORACE
    pthread_mutex_unlock(&table_lock);
    puts(messages[1]);
    return NULL;
}

int main(void)
{
    pthread_t t1, t2;
    int count = 0;
    puts(banner);
    struct bucket *b = malloc(sizeof *b);
    pthread_mutex_init(&b->lock, NULL);
    b->first = NULL; // NORACE
    pthread_create(&t1, NULL, inserter, NULL);
    pthread_create(&t2, NULL, counter, &count);
    pthread_mutex_lock(&table_lock);
    table = b;
    pthread_mutex_unlock(&table_lock);
    puts(messages[3]);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    return count; // NORACE
}
