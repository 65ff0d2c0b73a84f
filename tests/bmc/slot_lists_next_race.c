/* Per-slot linked lists of heap nodes, every node's address stored in
 * memory: a pointer loaded from one slot's head may point only to what was
 * stored there, not to every node of every list (bmc_region_flow.c).  The
 * worker appends behind each head under one lock, main under the slot's
 * own lock, so both update and read the same head->next unordered. */
#include <pthread.h>
#include <stdlib.h>

#define SLOTS 8

struct node {
    int val;
    struct node *next;
};

pthread_mutex_t locks[SLOTS];
struct node *heads[SLOTS];

static struct node *make(int v)
{
    struct node *n = malloc(sizeof *n);
    if (!n)
        abort();
    n->val = v; // NORACE
    n->next = NULL; // NORACE
    return n;
}

static void push_after(struct node *head, struct node *n)
{
    n->next = head->next; // RACE
    head->next = n; // RACE
}

static void *worker(void *arg)
{
    (void)arg;
    for (int i = 0; i < SLOTS; i++) {
        pthread_mutex_lock(&locks[0]);
        push_after(heads[i], make(100 + i));
        pthread_mutex_unlock(&locks[0]);
    }
    return NULL;
}

int main(void)
{
    pthread_t t;
    for (int i = 0; i < SLOTS; i++) {
        pthread_mutex_init(&locks[i], NULL);
        heads[i] = make(i); // NORACE
    }
    pthread_create(&t, NULL, worker, NULL);
    int sum = 0;
    for (int i = 0; i < SLOTS; i++) {
        pthread_mutex_lock(&locks[i]);
        push_after(heads[i], make(i));
        struct node *first = heads[i]->next; // RACE
        sum += first != NULL;
        pthread_mutex_unlock(&locks[i]);
    }
    pthread_join(t, NULL);
    return sum & 1;
}
