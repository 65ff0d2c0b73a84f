/* C11 threads: main holds m[0] and m[1], then unlocks m[i] (i known only at run time, 0 when argc is 1): that may release m[0], so main's write after it races with the worker's locked one. */
#include <threads.h>

mtx_t m[2];
int counter;

int worker(void *arg)
{
    (void)arg;
    mtx_lock(&m[0]);
    counter++; // RACE
    mtx_unlock(&m[0]);
    return 0;
}

int main(int argc, char **argv)
{
    thrd_t t;
    int i = (argc - 1) & 1;

    (void)argv;
    mtx_init(&m[0], mtx_plain);
    mtx_init(&m[1], mtx_plain);
    mtx_lock(&m[0]);
    mtx_lock(&m[1]);
    thrd_create(&t, worker, NULL);
    mtx_unlock(&m[i]);
    counter++; // RACE
    mtx_unlock(&m[1 - i]);
    thrd_join(t, NULL);
    return 0;
}
