/* a nondeterministic value must hit a magic number; the workers' increment is locked: race-free */
#include <pthread.h>
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);

static int counter;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *work(void *arg)
{
    (void)arg;
    pthread_mutex_lock(&lock);
    counter++; // NORACE
    pthread_mutex_unlock(&lock);
    return NULL;
}

int main(int argc, char **argv)
{
    (void)argc, (void)argv;
    int mode = __VERIFIER_nondet_int();
    if (mode * 3 + 7 != 3709)
        return 2;
    pthread_t a, b;
    pthread_create(&a, NULL, work, NULL);
    pthread_create(&b, NULL, work, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    (void)lock;
    return 0;
}
