/* Each worker locks its group's mutex through a field of its argument and updates the group through that field loaded again: one group, one lock, no race. */
#include <pthread.h>
#include <stdio.h>

struct group {
    pthread_mutex_t m;
    int count;
    long total;
};

struct arg {
    struct group *grp;
    int id;
};

static struct group groups[2] = {{PTHREAD_MUTEX_INITIALIZER, 0, 0}, {PTHREAD_MUTEX_INITIALIZER, 0, 0}};
static struct arg args[3];

static void *worker(void *p)
{
    struct arg *a = p;
    pthread_mutex_lock(&a->grp->m);
    a->grp->count++; // NORACE
    a->grp->total += a->id; // NORACE
    pthread_mutex_unlock(&a->grp->m);
    return NULL;
}

int main(void)
{
    pthread_t t[3];
    for (int i = 0; i < 3; i++) {
        args[i].grp = &groups[i % 2]; // NORACE
        args[i].id = i; // NORACE
        pthread_create(&t[i], NULL, worker, &args[i]);
    }
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], NULL);
    printf("%d %ld\n", groups[0].count + groups[1].count, groups[0].total + groups[1].total); // NORACE
    return 0;
}
