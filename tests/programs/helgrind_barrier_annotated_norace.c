/* Code annotated for Helgrind: a custom two-thread barrier (an atomic arrival counter and a spin) announced with VALGRIND_HG_BARRIER_INIT_PRE, VALGRIND_HG_BARRIER_WAIT_PRE and VALGRIND_HG_BARRIER_DESTROY_PRE.  Each thread writes its own slot before the barrier and reads the other's after it, so no race. */
#include <pthread.h>
#include <valgrind/helgrind.h>

int arrived;
int slot[2];

static void barrier_wait(void)
{
    VALGRIND_HG_BARRIER_WAIT_PRE(&arrived);
    __atomic_fetch_add(&arrived, 1, __ATOMIC_ACQ_REL);
    while (__atomic_load_n(&arrived, __ATOMIC_ACQUIRE) < 2)
        ;
}

static void *worker(void *arg)
{
    long me = (long)arg;
    slot[me] = (int)me + 1; // NORACE
    barrier_wait();
    return (void *)(long)slot[1 - me]; // NORACE
}

int main(void)
{
    VALGRIND_HG_BARRIER_INIT_PRE(&arrived, 2, 0);
    pthread_t a, b;
    pthread_create(&a, 0, worker, (void *)0);
    pthread_create(&b, 0, worker, (void *)1);
    pthread_join(a, 0);
    pthread_join(b, 0);
    VALGRIND_HG_BARRIER_DESTROY_PRE(&arrived);
    return 0;
}
