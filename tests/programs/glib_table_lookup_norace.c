/* race-free: main files a job in a GLib hash table, and the worker looks
 * it up and updates it; main updates only its own job (which the filed
 * job points to): a lookup returns what was inserted (pt_containers.h) */
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
        j->result = 7; // NORACE
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
    mine->result = 1; // NORACE
    pthread_join(t, 0);
    int r = theirs->result + mine->result;
    g_hash_table_destroy(jobs);
    free(mine);
    free(theirs);
    return r == 8 ? 0 : 1;
}
