/* main creates a parent thread, which creates a child; the child writes, the parent joins the child then writes, main joins the parent then reads: all ordered, no race. */
#include <pthread.h>
#include <stdio.h>

int child_value;
int parent_value;

void *child(void *arg)
{
    (void)arg;
    child_value = 10; // NORACE
    return NULL;
}

void *parent(void *arg)
{
    pthread_t c;
    (void)arg;
    pthread_create(&c, NULL, child, NULL);
    pthread_join(c, NULL);
    parent_value = child_value + 1; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t p;

    child_value = 1; // NORACE
    pthread_create(&p, NULL, parent, NULL);
    pthread_join(p, NULL);
    printf("%d\n", child_value); // NORACE
    printf("%d\n", parent_value); // NORACE
    return 0;
}
