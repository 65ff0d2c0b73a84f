/* racy twin of glib_table_lookup_norace: main updates the job it filed for the worker */
#include <pthread.h>
#include <stdlib.h>

typedef struct _GHashTable GHashTable;
extern GHashTable *g_hash_table_new(unsigned (*hash)(const void *), int (*equal)(const void *, const void *));
extern int g_hash_table_insert(GHashTable *table, void *key, void *value);
extern void *g_hash_table_lookup(GHashTable *table, const void *key);
extern void g_hash_table_destroy(GHashTable *table);

struct job {
    int result;
    struct job *parent;
};

static GHashTable *jobs;

static void *worker(void *arg)
{
    (void)arg;
    struct job *j = g_hash_table_lookup(jobs, (void *)1L);
    if (j)
        j->result = 7; // RACE
    return 0;
}

int main(void)
{
    struct job *mine = calloc(1, sizeof *mine);
    struct job *theirs = calloc(1, sizeof *theirs);
    if (!mine || !theirs)
        return 1;
    theirs->parent = mine;
    jobs = g_hash_table_new(NULL, NULL);
    g_hash_table_insert(jobs, (void *)1L, theirs);
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    theirs->result = 1; // RACE
    pthread_join(t, 0);
    int r = theirs->result + mine->result;
    g_hash_table_destroy(jobs);
    free(mine);
    free(theirs);
    return r > 0 ? 0 : 1;
}
