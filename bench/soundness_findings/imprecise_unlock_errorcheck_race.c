/* Found by bench/soundness.py (nondet-index mutant of goblint 05-lval_ls_19-idxunknown_unlock_precise): main locks the error-checking mutex m[4] and unlocks m[k] for a nondeterministic k in 0..9 (no undefined behaviour: an error-checking mutex not held just returns EPERM). When k is 4 main's increment is unprotected and races with the worker's locked one. The static engine proved this program race-free; the dynamic engine observes the race and its witness replays. */
#include <pthread.h>

extern int __VERIFIER_nondet_int(void);

int data;
pthread_mutexattr_t mutexattr;
pthread_mutex_t m[10];

void *t_fun(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&m[4]);
    data++; // RACE
    pthread_mutex_unlock(&m[4]);
    return NULL;
}

int main(void)
{
    pthread_t id;
    pthread_mutexattr_init(&mutexattr);
    pthread_mutexattr_settype(&mutexattr, PTHREAD_MUTEX_ERRORCHECK);
    for (int i = 0; i < 10; i++)
        pthread_mutex_init(&m[i], &mutexattr);
    int k = (unsigned)__VERIFIER_nondet_int() % 10;
    pthread_create(&id, NULL, t_fun, NULL);
    pthread_mutex_lock(&m[4]);
    pthread_mutex_unlock(&m[k]);
    data++; // RACE
    pthread_mutex_unlock(&m[4]);
    return 0;
}
