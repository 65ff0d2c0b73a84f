/* A race some runs show, behind thousands of atomic increments: the predictive pass must not overrun the budget. */
/* Runs where the reader looks first show the race on `config`; the others
 * are race-free traces of about 2,400 shared atomic events, whose
 * encoding the predictive pass cannot search in the time left: it skips
 * them, and the race runs found is reported within the budget (before,
 * the first query on such a trace ran past the deadline and the engine was
 * killed with what it had found).
 * Run: racehunt --engine=dynamic --timeout=10 */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>

#define ROUNDS 600

static atomic_int total;
static int config;
static int ready;
static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *writer(void *arg)
{
    config = 1; // RACE
    pthread_mutex_lock(&m);
    ready = 1; // NORACE
    pthread_mutex_unlock(&m);
    for (int i = 0; i < ROUNDS; i++)
        atomic_fetch_add_explicit(&total, 1, memory_order_relaxed); // NORACE
    return arg;
}

static void *filler(void *arg)
{
    for (int i = 0; i < ROUNDS; i++)
        atomic_fetch_add_explicit(&total, 1, memory_order_relaxed); // NORACE
    return arg;
}

static void *reader(void *arg)
{
    for (int i = 0; i < ROUNDS; i++)
        atomic_fetch_add_explicit(&total, 1, memory_order_relaxed); // NORACE
    pthread_mutex_lock(&m);
    int r = ready; // NORACE
    pthread_mutex_unlock(&m);
    return (char *)arg + config + r; // RACE
}

int main(void)
{
    pthread_t t[4];
    pthread_create(&t[0], NULL, writer, NULL);
    pthread_create(&t[1], NULL, filler, NULL);
    pthread_create(&t[2], NULL, filler, NULL);
    pthread_create(&t[3], NULL, reader, NULL);
    for (int i = 0; i < 4; i++)
        pthread_join(t[i], NULL);
    printf("%d\n", atomic_load(&total));
    return 0;
}
