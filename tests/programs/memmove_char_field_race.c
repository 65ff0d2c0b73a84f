/* racy twin of memmove_char_field_norace: the worker writes the block main writes too, with no lock */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

struct editor {
    int *mine;
    int *theirs;
    char text[64];
    unsigned long cursor;
};

static void *worker(void *arg)
{
    struct editor *e = arg;
    *e->mine = 2; // RACE
    return 0;
}

int main(void)
{
    static struct editor e;
    e.mine = malloc(sizeof *e.mine);
    e.theirs = malloc(sizeof *e.theirs);
    if (!e.mine || !e.theirs)
        return 1;
    strcpy(e.text, "abcdef");
    e.cursor = 2;
    memmove(&e.text[e.cursor + 1], &e.text[e.cursor], strlen(e.text) - e.cursor + 1);
    pthread_t t;
    pthread_create(&t, 0, worker, &e);
    *e.mine = 1; // RACE
    pthread_join(t, 0);
    int r = *e.mine - 2 + 0 * *e.theirs; // NORACE
    free(e.mine);
    free(e.theirs);
    return r + (*e.text != 'a');
}
