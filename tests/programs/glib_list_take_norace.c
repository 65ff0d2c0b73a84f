/* race-free: main hands a job to a worker through a GLib list (appended,
 * then taken back with g_list_first and ->data); the job holds a pointer
 * to main's own job, which main then updates: the worker's job is the one
 * in the list, not the one it points to (pt_containers.h) */
#include <pthread.h>
#include <stdlib.h>

typedef struct _GList GList;
struct _GList {
    void *data;
    GList *next, *prev;
};
extern GList *g_list_append(GList *list, void *data);
extern GList *g_list_first(GList *list);
extern void g_list_free(GList *list);

struct job {
    int result;
    struct job *parent;
};

static void *worker(void *arg)
{
    struct job *j = arg;
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
    GList *pending = g_list_append(NULL, theirs);
    GList *first = g_list_first(pending);
    struct job *j = first->data;
    pthread_t t;
    pthread_create(&t, 0, worker, j);
    mine->result = 1; // NORACE
    pthread_join(t, 0);
    int r = theirs->result + mine->result;
    g_list_free(pending);
    free(mine);
    free(theirs);
    return r == 8 ? 0 : 1;
}
