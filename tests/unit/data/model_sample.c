/* Input of test_model.c: each construct sits on a line the test names. */
#include <pthread.h>
#include <semaphore.h>
#include <string.h>
#include <stdlib.h>
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_atomic_begin(void);
extern void __VERIFIER_atomic_end(void);

int g;
long *gp;
char buf[16], buf2[16];
pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;
pthread_rwlock_t rw = PTHREAD_RWLOCK_INITIALIZER;
pthread_cond_t c = PTHREAD_COND_INITIALIZER;
sem_t s;
int parse(const char *in);
void __VERIFIER_atomic_inc(void) { g++; }

void *worker(void *arg)
{
    g = 1;                                   /* line 23: write 4 */
    __atomic_fetch_add(&g, 1, __ATOMIC_SEQ_CST); /* line 24: atomic rmw */
    if (pthread_mutex_trylock(&m) == 0)      /* line 25: try lock */
        pthread_mutex_unlock(&m);
    pthread_rwlock_rdlock(&rw);              /* line 27: shared lock */
    pthread_rwlock_unlock(&rw);
    memcpy(buf, buf2, sizeof buf);           /* line 29: write 16 + read 16 */
    return arg;
}

void *other(void *arg)
{
    pthread_mutex_lock(&m);
    pthread_cond_wait(&c, &m);               /* line 36 */
    pthread_mutex_unlock(&m);
    sem_post(&s);
    __VERIFIER_atomic_begin();
    gp = 0;                                  /* line 40: pointer-sized write */
    __VERIFIER_atomic_end();
    __VERIFIER_atomic_inc();
    return arg;
}

int main(void)
{
    pthread_t a, b;
    int x = __VERIFIER_nondet_int();
    pthread_create(&a, 0, worker, 0);        /* line 50 */
    pthread_create(&b, 0, other, 0);         /* line 51 */
    void *p = malloc(8);
    free(p);                                 /* line 53: write of the block */
    pthread_join(a, 0);
    pthread_join(b, 0);
    return x + parse(buf);
}

long lv;
short sv;
char cv[4];
double dv;
void *pv;

int parse(const char *in)
{
    int n = sscanf(in, "%ld %hd %3c %*d %lf %[^,]", &lv, &sv, cv, &dv, buf2); /* line 67: 8 2 3 8 0 */
    return n + sscanf(in, "%p", &pv);        /* line 68: a pointer from input */
}
