/* Code annotated for ThreadSanitizer: a custom reader-writer spinlock announced with AnnotateRWLockCreate/Acquired/Released whose is_w is a variable (the mode each caller passes).  The writer's update and the readers' reads are ordered by the announced lock in the mode the value names, but every thread also stamps 'last' before it takes the lock: that write races. */
#include <pthread.h>

__attribute__((weak, noinline)) void AnnotateRWLockCreate(const char *f, int l, const volatile void *lock)
{
    (void)f, (void)l, (void)lock;
}
__attribute__((weak, noinline)) void AnnotateRWLockAcquired(const char *f, int l, const volatile void *lock, long is_w)
{
    (void)f, (void)l, (void)lock, (void)is_w;
}
__attribute__((weak, noinline)) void AnnotateRWLockReleased(const char *f, int l, const volatile void *lock, long is_w)
{
    (void)f, (void)l, (void)lock, (void)is_w;
}

int rw; /* -1: a writer holds it, else the number of readers */
int config;
long last;

static void write_lock(long is_w)
{
    int free_ = 0;
    while (!__atomic_compare_exchange_n(&rw, &free_, -1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
        free_ = 0;
    AnnotateRWLockAcquired(__FILE__, __LINE__, &rw, is_w);
}

static void write_unlock(long is_w)
{
    AnnotateRWLockReleased(__FILE__, __LINE__, &rw, is_w);
    __atomic_store_n(&rw, 0, __ATOMIC_RELEASE);
}

static void read_lock(long is_w)
{
    for (;;) {
        int n = __atomic_load_n(&rw, __ATOMIC_RELAXED);
        if (n >= 0 && __atomic_compare_exchange_n(&rw, &n, n + 1, 0, __ATOMIC_ACQUIRE, __ATOMIC_RELAXED))
            break;
    }
    AnnotateRWLockAcquired(__FILE__, __LINE__, &rw, is_w);
}

static void read_unlock(long is_w)
{
    AnnotateRWLockReleased(__FILE__, __LINE__, &rw, is_w);
    __atomic_fetch_sub(&rw, 1, __ATOMIC_RELEASE);
}

static void *writer(void *arg)
{
    last = (long)arg; // RACE
    write_lock((long)arg);
    config = 42; // NORACE
    write_unlock((long)arg);
    return 0;
}

static void *reader(void *arg)
{
    last = (long)arg; // RACE
    read_lock((long)arg);
    int v = config; // NORACE
    read_unlock((long)arg);
    return (void *)(long)v;
}

int main(void)
{
    AnnotateRWLockCreate(__FILE__, __LINE__, &rw);
    pthread_t w, r1, r2;
    pthread_create(&w, 0, writer, (void *)1);
    pthread_create(&r1, 0, reader, 0);
    pthread_create(&r2, 0, reader, 0);
    pthread_join(w, 0);
    pthread_join(r1, 0);
    pthread_join(r2, 0);
    return 0;
}
