/* Two threads ask sem_getvalue for the semaphore's value and both have it stored into the same global: sem_getvalue writes its second argument, so the stores race. */
#include <pthread.h>
#include <semaphore.h>

sem_t slots;
int last_value;

static void *probe(void *arg)
{
    (void)arg;
    sem_getvalue(&slots, &last_value); // RACE
    return 0;
}

int main(void)
{
    sem_init(&slots, 0, 3);
    pthread_t a, b;
    pthread_create(&a, 0, probe, 0);
    pthread_create(&b, 0, probe, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return last_value != 3; // NORACE
}
