/* C11 mutex: the workers retry mtx_trylock until it answers thrd_success and only then update the counter; main reads after thrd_join: no race. */
#include <threads.h>

mtx_t lock;
int counter;

static int worker(void *arg)
{
    (void)arg;
    while (mtx_trylock(&lock) != thrd_success)
        thrd_yield();
    counter++; // NORACE
    mtx_unlock(&lock);
    return 0;
}

int main(void)
{
    mtx_init(&lock, mtx_plain);
    thrd_t a, b;
    thrd_create(&a, worker, 0);
    thrd_create(&b, worker, 0);
    thrd_join(a, 0);
    thrd_join(b, 0);
    return counter != 2; // NORACE
}
