/* ABA in a lock-free (Treiber) stack of three static nodes A -> B -> C.
 * T1 pops, but is preempted between reading top (A) and its CAS; T2 pops A,
 * pops B and pushes A back; T1's CAS then succeeds and makes the stack top
 * B, a node T2 still owns; T3 pops B.  Only T1 writes the node it got, so
 * the race needs T3 in the preempted role: T3 reads top (A) and is
 * preempted, T2 pops A and B and pushes A back, T3's CAS succeeds, T1 pops
 * B and writes it while T2 writes it too (main, T3, T2, T3, T1, T2: three
 * threads and five context switches; B is never popped twice otherwise).
 * T3 does not write, so there is one racing pair: a second one made the
 * test wait for a second solver run of twice the time.  No CAS fails on
 * that schedule, so one unwinding and three rounds reach it: the deepening
 * tries them second, after (1, 2); the test asks for those bounds so a
 * change of the deepening order cannot make it wait for larger ones. */
// racehunt-options(bmc): --unwind=1 --rounds=3
#include <pthread.h>
#include <stddef.h>

struct node {
    struct node *next;
    int val;
};

struct node nodes[3];
struct node *top;

static struct node *pop(void)
{
    struct node *t, *n;
    do {
        t = __atomic_load_n(&top, __ATOMIC_SEQ_CST);
        if (t == NULL)
            return NULL;
        n = __atomic_load_n(&t->next, __ATOMIC_SEQ_CST);
    } while (!__atomic_compare_exchange_n(&top, &t, n, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
    return t;
}

static void push(struct node *x)
{
    struct node *t;
    do {
        t = __atomic_load_n(&top, __ATOMIC_SEQ_CST);
        __atomic_store_n(&x->next, t, __ATOMIC_SEQ_CST);
    } while (!__atomic_compare_exchange_n(&top, &t, x, 0, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST));
}

void *t1(void *arg)
{
    struct node *x = pop();
    (void)arg;
    if (x)
        x->val = 1; // RACE
    return NULL;
}

void *t2(void *arg)
{
    struct node *a = pop();
    struct node *b = pop();
    (void)arg;
    if (a && b) {
        push(a);
        b->val = 2; // RACE
    }
    return NULL;
}

void *t3(void *arg)
{
    struct node *c = pop();
    (void)arg;
    return c;
}

int main(void)
{
    pthread_t a, b, c;
    nodes[0].next = &nodes[1]; // NORACE
    nodes[1].next = &nodes[2]; // NORACE
    nodes[2].next = NULL; // NORACE
    top = &nodes[0]; // NORACE
    pthread_create(&a, NULL, t1, NULL);
    pthread_create(&b, NULL, t2, NULL);
    pthread_create(&c, NULL, t3, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    pthread_join(c, NULL);
    return 0;
}
