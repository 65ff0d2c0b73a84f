/* A recursive mutex made by pthread_mutexattr_settype beside a plain one
 * that is never initialised (a zeroed global: a normal mutex) in the same
 * struct, which bmc cannot tell apart by the object they share.  main
 * locks the plain gate and the worker unlocks it (undefined by POSIX, but
 * glibc frees a normal mutex so), which lets main through: the worker's
 * write after its unlock races with main's after its lock.  Taking the
 * gate's unlock by another thread for a recursive mutex's (which changes
 * nothing) would keep main blocked and miss the race.  (No race-free twin:
 * the gate's relock by main passes as a recursive relock would, so a
 * hand-off through it is not proved.) */
#include <pthread.h>

struct locks {
    pthread_mutex_t nested;
    pthread_mutex_t gate;
} s;
int data;

void *worker(void *arg)
{
    (void)arg;
    pthread_mutex_unlock(&s.gate);
    data = 1; // RACE
    return NULL;
}

int main(void)
{
    pthread_mutexattr_t a;
    pthread_t t;
    pthread_mutexattr_init(&a);
    pthread_mutexattr_settype(&a, PTHREAD_MUTEX_RECURSIVE);
    pthread_mutex_init(&s.nested, &a);
    pthread_mutex_lock(&s.gate);
    pthread_create(&t, NULL, worker, NULL);
    pthread_mutex_lock(&s.gate);
    data = 2; // RACE
    pthread_join(t, NULL);
    return 0;
}
