/* Input of test_lockset.c: each global is written at one point whose
 * locksets the test checks (the comment says what they must be). */
#include <pthread.h>

pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER, n = PTHREAD_MUTEX_INITIALIZER;
pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
int both, inner, joined, released, after, shared_read, exclusive, at_start;

void *worker(void *arg)
{
    at_start = 1; /* must {}, may {} */
    pthread_mutex_lock(&m);
    both = 1; /* must {m}, may {m} */
    if (arg) {
        pthread_mutex_lock(&n);
        inner = 1; /* must {m, n} */
        pthread_mutex_unlock(&n);
    } else {
        pthread_mutex_lock(&n);
    }
    joined = 1; /* n on one path only: must {m}, may {m, n} */
    pthread_mutex_unlock(&m);
    released = 1; /* must {}, may {n} */
    if (!arg)
        pthread_mutex_unlock(&n);
    after = 1; /* must {} */
    pthread_rwlock_rdlock(&rw);
    shared_read = both; /* rw in read mode */
    pthread_rwlock_unlock(&rw);
    pthread_rwlock_wrlock(&rw);
    exclusive = 2; /* rw in write mode */
    pthread_rwlock_unlock(&rw);
    return 0;
}

int main(void)
{
    pthread_t t1, t2;
    pthread_create(&t1, 0, worker, &t1);
    pthread_create(&t2, 0, worker, 0);
    pthread_join(t1, 0);
    pthread_join(t2, 0);
    return 0;
}
