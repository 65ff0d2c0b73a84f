/* A worker locks the mutex of the current group read under a table lock, releases the table lock and reads the current group again: another thread may switch groups in between, so the update writes a group whose mutex it may not hold: race. */
#include <pthread.h>
#include <stdio.h>

struct group {
    pthread_mutex_t m;
    int count;
};

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static struct group groups[2] = {{PTHREAD_MUTEX_INITIALIZER, 0}, {PTHREAD_MUTEX_INITIALIZER, 0}};
static struct group *current = &groups[0];

static void *worker(void *p)
{
    pthread_mutex_lock(&table_lock);
    struct group *held = current; // NORACE
    pthread_mutex_lock(&held->m);
    pthread_mutex_unlock(&table_lock);
    struct group *now = current; // RACE
    now->count++; // RACE
    pthread_mutex_unlock(&held->m);
    return p;
}

static void *switcher(void *p)
{
    pthread_mutex_lock(&table_lock);
    current = &groups[1]; // RACE
    pthread_mutex_unlock(&table_lock);
    return p;
}

int main(void)
{
    pthread_t t[3];
    pthread_create(&t[0], NULL, worker, NULL);
    pthread_create(&t[1], NULL, switcher, NULL);
    pthread_create(&t[2], NULL, worker, NULL);
    for (int i = 0; i < 3; i++)
        pthread_join(t[i], NULL);
    printf("%d\n", groups[0].count + groups[1].count); // NORACE
    return 0;
}
