/* Races through pointers to pointers: the writer reaches the shared int
 * through two levels of indirection stored in globals, the reader through
 * a different chain that ends at the same int; a second int reached the
 * same way is only read by both. */
#include <pthread.h>

int target;
int other = 5;
int *p1 = &target;
int **pp1 = &p1;
int *p2;
int **pp2;

void *writer(void *arg)
{
    (void)arg;
    **pp1 = 42; // RACE
    return NULL;
}

void *reader(void *arg)
{
    int *res = arg;
    *res = **pp2 + other; // RACE
    return NULL;
}

int main(void)
{
    pthread_t w, r;
    int res = 0; // NORACE
    p2 = &target; // NORACE
    pp2 = &p2; // NORACE
    pthread_create(&w, NULL, writer, NULL);
    pthread_create(&r, NULL, reader, &res);
    pthread_join(w, NULL);
    pthread_join(r, NULL);
    return res; // NORACE
}
