/* Two global guard handles from one wrapper allocation site, but main replaces the log guard while the workers run, so two workers may hold different guards: the counter and the handle race. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

typedef struct guard { pthread_mutex_t m; int uses; } guard;

static guard *make_guard(void)
{
    guard *g = malloc(sizeof *g);
    if (!g)
        exit(1);
    pthread_mutex_init(&g->m, NULL);
    g->uses = 0;
    return g;
}

static void enter(guard *g) { pthread_mutex_lock(&g->m); }
static void leave(guard *g) { pthread_mutex_unlock(&g->m); }

static guard *acct_guard, *log_guard;
static long balance;
static int log_lines;

static void *worker(void *arg)
{
    for (int i = 0; i < 3; i++) {
        enter(acct_guard);
        balance += (long)arg; // NORACE
        leave(acct_guard);
        enter(log_guard); // RACE
        log_lines++; // RACE
        leave(log_guard); // RACE
    }
    return NULL;
}

int main(void)
{
    pthread_t t[4];

    acct_guard = make_guard();
    log_guard = make_guard();
    for (long i = 0; i < 4; i++)
        pthread_create(&t[i], NULL, worker, (void *)i);
    log_guard = make_guard(); // RACE
    for (int i = 0; i < 4; i++)
        pthread_join(t[i], NULL);
    printf("%ld %d\n", balance, log_lines); // NORACE
    return 0;
}
