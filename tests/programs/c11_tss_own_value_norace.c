/* C11 thread-specific storage: each thread keeps the address of its own local in a tss_t and writes through tss_get's pointer: no two threads touch the same memory. */
#include <threads.h>

tss_t key;
int results[2];

static int worker(void *arg)
{
    int i = (int)(long)arg;
    int mine = 0;
    tss_set(key, &mine);
    int *p = tss_get(key);
    *p = i + 1;
    results[i] = mine; // NORACE
    return 0;
}

int main(void)
{
    tss_create(&key, 0);
    thrd_t a, b;
    thrd_create(&a, worker, (void *)0L);
    thrd_create(&b, worker, (void *)1L);
    thrd_join(a, 0);
    thrd_join(b, 0);
    tss_delete(key);
    return results[0] + results[1] != 3; // NORACE
}
