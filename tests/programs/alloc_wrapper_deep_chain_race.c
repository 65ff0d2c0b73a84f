/* Eight allocation wrappers nested in each other; the innermost also remembers the block in a global. The block main gets from the outermost is the remembered one, so the auditor's write through the global races with the worker's write through main's pointer. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

int *remembered;

static int *w1(void) { int *b = calloc(4, sizeof *b); remembered = b; return b; }
static int *w2(void) { return w1(); }
static int *w3(void) { return w2(); }
static int *w4(void) { return w3(); }
static int *w5(void) { return w4(); }
static int *w6(void) { return w5(); }
static int *w7(void) { return w6(); }
static int *w8(void) { return w7(); }

int *buf;

void *worker(void *arg)
{
    (void)arg;
    buf[1] = 5; // RACE
    return NULL;
}

void *auditor(void *arg)
{
    (void)arg;
    remembered[1] = 0; // RACE
    return NULL;
}

int main(void)
{
    pthread_t a, b;

    buf = w8();
    if (!buf)
        return 1;
    pthread_create(&a, NULL, worker, NULL);
    pthread_create(&b, NULL, auditor, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    printf("%d\n", buf[1]);
    free(buf);
    return 0;
}
