/* racy twin of glib_list_take_norace: main updates the job it handed to the worker */
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
    GList *pending = g_list_append(NULL, theirs);
    GList *first = g_list_first(pending);
    struct job *j = first->data;
    pthread_t t;
    pthread_create(&t, 0, worker, j);
    theirs->result = 1; // RACE
    pthread_join(t, 0);
    int r = theirs->result + mine->result;
    g_list_free(pending);
    free(mine);
    free(theirs);
    return r > 0 ? 0 : 1;
}
