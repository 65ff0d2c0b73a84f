/* Locals passed to helpers: one helper keeps the address in a global, another is also given shared memory; both races must be seen. */
/* A parameter counts as private only when every caller passes a private
 * object and the callee lets go of it nowhere: `keep` stores its address
 * (so main's `slot` escapes to the worker), and `bump` is given the shared
 * counter as well as main's own `mine` (so its accesses stay checked). */
#include <pthread.h>
#include <stdio.h>

static int *kept;
static int counter;

static void keep(int *p)
{
    kept = p;
}

static void bump(int *p)
{
    *p += 1; // RACE
}

static void *worker(void *arg)
{
    (void)arg;
    *kept = 5; // RACE
    bump(&counter);
    return NULL;
}

int main(void)
{
    int slot = 0, mine = 0;
    keep(&slot);
    bump(&mine);
    pthread_t t;
    pthread_create(&t, NULL, worker, NULL);
    int seen = slot; // RACE
    bump(&counter);
    pthread_join(t, NULL);
    printf("%d %d %d\n", seen, mine, counter);
    return 0;
}
