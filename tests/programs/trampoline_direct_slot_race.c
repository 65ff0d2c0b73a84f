/* Racy twin of trampoline_direct_slot_norace: the second thread is also
 * given the first slot, so two instances update one slot. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

#define N 4

struct slot {
    pthread_t th;
    int value;
};

struct start_rec {
    int unused;
    void *arg;
};

static void *helper(void *arg);

static void *trampoline(void *p)
{
    struct start_rec *r = p;
    void *arg = r->arg;
    free(r);
    return helper(arg);
}

static int create(void *arg, pthread_t *th)
{
    struct start_rec *r = malloc(sizeof *r);
    if (!r)
        return -1;
    r->unused = 0;
    r->arg = arg;
    if (pthread_create(th, NULL, trampoline, r)) {
        free(r);
        return -1;
    }
    return 0;
}

static struct slot slots[N];

static void *helper(void *arg)
{
    struct slot *s = arg;
    s->value = s->value * 2 + 1; // RACE
    return NULL;
}

int main(void)
{
    for (int i = 0; i < N; i++)
        slots[i].value = i; // NORACE
    for (int i = 0; i < N; i++)
        if (create(&slots[i / 2], &slots[i].th))
            exit(1);
    for (int i = 0; i < N; i++)
        pthread_join(slots[i].th, NULL);
    int sum = 0;
    for (int i = 0; i < N; i++)
        sum += slots[i].value; // NORACE
    printf("%d\n", sum);
    return 0;
}
