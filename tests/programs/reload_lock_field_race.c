/* As reload_lock_field_norace, but each worker points its argument at the shared spare group between its lock and its update: the update reads the field again and writes a group whose lock it does not hold: race. */
#include <pthread.h>
#include <stdio.h>

struct group {
    pthread_mutex_t m;
    int count;
    long total;
};

struct arg {
    struct group *grp;
    struct group *spare;
    int id;
};

static struct group groups[3] = {{PTHREAD_MUTEX_INITIALIZER, 0, 0}, {PTHREAD_MUTEX_INITIALIZER, 0, 0},
                                 {PTHREAD_MUTEX_INITIALIZER, 0, 0}};
static struct arg args[2];

static void *worker(void *p)
{
    struct arg *a = p;
    struct group *held = a->grp;
    pthread_mutex_lock(&held->m);
    a->grp = a->spare;
    a->grp->count++; // RACE
    pthread_mutex_unlock(&held->m);
    return NULL;
}

int main(void)
{
    pthread_t t[2];
    for (int i = 0; i < 2; i++) {
        args[i].grp = &groups[i]; // NORACE
        args[i].spare = &groups[2]; // NORACE
        args[i].id = i; // NORACE
        pthread_create(&t[i], NULL, worker, &args[i]);
    }
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    printf("%d\n", groups[2].count); // NORACE
    return 0;
}
