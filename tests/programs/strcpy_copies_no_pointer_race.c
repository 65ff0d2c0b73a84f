/* main copies the name of a record picked at a run-time index into a struct whose pointer field names the thread's counter, then updates that counter while the thread runs: a race on the counter. */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

struct rec {
    int *owner;
    char name[8];
};

struct out {
    int *count;
    char name[8];
};

static int total;
static int mine;
static struct rec recs[4];
static struct out o;

static void *worker(void *arg)
{
    (void)arg;
    *o.count += 1; // RACE
    return NULL;
}

int main(int argc, char **argv)
{
    pthread_t t;
    int i = argc % 4;
    (void)argv;
    for (int k = 0; k < 4; k++) {
        recs[k].owner = &mine;
        strcpy(recs[k].name, "rec");
    }
    o.count = &total;
    strcpy(o.name, recs[i].name);
    if (pthread_create(&t, NULL, worker, NULL) != 0)
        return 0;
    total += 1; // RACE
    pthread_join(t, NULL);
    printf("%d %d %s\n", total, mine, o.name); // NORACE
    return 0;
}
