/* Code annotated for Helgrind: a custom reader-writer spinlock announced with ANNOTATE_RWLOCK_CREATE, ANNOTATE_RWLOCK_ACQUIRED(lock, 1) / (lock, 0), ANNOTATE_RWLOCK_RELEASED and ANNOTATE_RWLOCK_DESTROY.  The readers also bump a hit counter while they hold the lock only in read mode: two readers may hold it together, so that update races. */
#include <pthread.h>
#include <valgrind/helgrind.h>

int rw; /* -1: a writer holds it, else the number of readers */
int config;
int hits;

static void write_lock(void)
{
    int free_ = 0;
    while (!__atomic_compare_exchange_n(&rw, &free_, -1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
        free_ = 0;
    ANNOTATE_RWLOCK_ACQUIRED(&rw, 1);
}

static void write_unlock(void)
{
    ANNOTATE_RWLOCK_RELEASED(&rw, 1);
    __atomic_store_n(&rw, 0, __ATOMIC_RELEASE);
}

static void read_lock(void)
{
    for (;;) {
        int n = __atomic_load_n(&rw, __ATOMIC_RELAXED);
        if (n >= 0 && __atomic_compare_exchange_n(&rw, &n, n + 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
            break;
    }
    ANNOTATE_RWLOCK_ACQUIRED(&rw, 0);
}

static void read_unlock(void)
{
    ANNOTATE_RWLOCK_RELEASED(&rw, 0);
    __atomic_fetch_sub(&rw, 1, __ATOMIC_RELEASE);
}

static void *writer(void *arg)
{
    (void)arg;
    write_lock();
    config = 42; // NORACE
    write_unlock();
    return 0;
}

static void *reader(void *arg)
{
    (void)arg;
    read_lock();
    int v = config; // NORACE
    hits++; // RACE
    read_unlock();
    return (void *)(long)v;
}

int main(void)
{
    ANNOTATE_RWLOCK_CREATE(&rw);
    pthread_t w, r1, r2;
    pthread_create(&w, 0, writer, 0);
    pthread_create(&r1, 0, reader, 0);
    pthread_create(&r2, 0, reader, 0);
    pthread_join(w, 0);
    pthread_join(r1, 0);
    pthread_join(r2, 0);
    ANNOTATE_RWLOCK_DESTROY(&rw);
    return 0;
}
