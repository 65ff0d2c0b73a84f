/* Struct-to-struct assignment races: one thread copies a whole struct into
 * a global (a memcpy of 20 bytes), the other writes one array element inside
 * it; a third global next to it is written without a race. */
#include <pthread.h>

struct rec {
    int id;
    int vals[4];
};

struct rec shared;
struct rec source = {1, {2, 3, 4, 5}};
int beside;

void *copier(void *arg)
{
    (void)arg;
    shared = source; // RACE
    return NULL;
}

void *poker(void *arg)
{
    (void)arg;
    shared.vals[2] = 9; // RACE
    beside = 1; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, copier, NULL);
    pthread_create(&b, NULL, poker, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return shared.id + beside; // NORACE
}
