/* list_race.c - a library whose entry reaches memory through a pointer
 * stored in its argument: the list head's node is whatever the client
 * linked in, so two callers may update the same node without a lock. */
#include <pthread.h>

struct node {
    int val;
    struct node *next;
};

struct list {
    pthread_mutex_t lock;
    struct node *head;
};

void list_bump_head(struct list *l)
{
    if (l->head)
        l->head->val++; // RACE
}
