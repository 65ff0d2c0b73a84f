/* main creates a parent thread which creates a child; main writes a global after creating the parent while the grandchild writes it too: no create/join orders them, race. */
#include <pthread.h>
#include <stdio.h>

int log_level;

void *child(void *arg)
{
    (void)arg;
    log_level = 3; // RACE
    return NULL;
}

void *parent(void *arg)
{
    pthread_t c;
    (void)arg;
    pthread_create(&c, NULL, child, NULL);
    pthread_join(c, NULL);
    return NULL;
}

int main(void)
{
    pthread_t p;

    log_level = 1; // NORACE
    pthread_create(&p, NULL, parent, NULL);
    log_level = 2; // RACE
    pthread_join(p, NULL);
    printf("log_level = %d\n", log_level); // NORACE
    return 0;
}
