/* Races on memory LLVM names with its own names (a static local "bump.calls",
 * a parameter's slot "n.addr", a heap object "call"; a string literal ".str"
 * is never a race location, writing one being undefined): reports must use
 * source names (test_suppress.py). */
#include <pthread.h>
#include <stdlib.h>
static void *bump(void *arg)
{
    static int calls;
    calls++; // RACE
    int *p = arg;
    *p += 1; // RACE
    return NULL;
}
static void *scribble(void *arg)
{
    char *s = arg;
    s[0] = 'x'; // RACE
    return NULL;
}
static void run(int n)
{
    pthread_t t1, t2, t3, t4;
    char *s = n > 100 ? "literal" : malloc(8);
    pthread_create(&t1, NULL, bump, &n);
    pthread_create(&t2, NULL, bump, &n);
    pthread_create(&t3, NULL, scribble, s);
    pthread_create(&t4, NULL, scribble, s);
    pthread_join(t1, NULL);
    pthread_join(t2, NULL);
    pthread_join(t3, NULL);
    pthread_join(t4, NULL);
}
int main(int argc, char **argv)
{
    (void)argv;
    run(argc);
    return 0;
}
