/* prepare() calls finish() through a function pointer before it joins its own worker: that worker may still add to the sum while finish()'s worker adds and finish() writes it, a race. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>

struct unit { pthread_t th; int add; };

static int sum;

static void *unit_run(void *p)
{
    struct unit *u = p;
    sum += u->add; // RACE
    return NULL;
}

static struct unit *unit_start(int add)
{
    struct unit *u = malloc(sizeof *u);
    if (!u)
        return NULL;
    u->add = add;
    if (pthread_create(&u->th, NULL, unit_run, u) != 0) {
        free(u);
        return NULL;
    }
    return u;
}

static void unit_wait(struct unit *u)
{
    pthread_join(u->th, NULL);
    free(u);
}

static void finish(void)
{
    struct unit *u = unit_start(5);
    if (u)
        unit_wait(u);
    sum -= 1; // RACE
}

static void prepare(void (*next)(void))
{
    struct unit *u = unit_start(2);
    next();
    if (u)
        unit_wait(u);
}

int main(void)
{
    prepare(finish);
    printf("%d\n", sum); // NORACE
    return 0;
}
