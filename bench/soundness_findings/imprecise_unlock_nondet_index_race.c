/* Found by bench/soundness.py (nondet-index mutant of goblint 05-lval_ls_02-idx_nr): the worker locks m[4], then unlocks m[k] for a nondeterministic k before its increment. When k is 4 the increment is unprotected and races with main's locked one. The static engine proved this program race-free (the unlock of an unknown element did not remove m[4] from the must-lockset); the dynamic engine observes the race and its witness replays; bmc finds it too (its witness does not replay). */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

int data;
pthread_mutex_t m[10];

void *t_fun(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&m[4]);
    pthread_mutex_unlock(&m[(unsigned)__VERIFIER_nondet_int() % 10]);
    data++; // RACE
    return NULL;
}

int main(void)
{
    pthread_t id;
    for (int i = 0; i < 10; i++)
        pthread_mutex_init(&m[i], NULL);
    pthread_create(&id, NULL, t_fun, NULL);
    pthread_mutex_lock(&m[4]);
    data++; // RACE
    pthread_mutex_unlock(&m[4]);
    return 0;
}
