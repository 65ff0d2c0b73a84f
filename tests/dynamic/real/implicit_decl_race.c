/* calls getenv without including stdlib.h (an implicit int function): a 64-bit build as written cuts the pointer */
#include <pthread.h>
static int uses;
static void *worker(void *arg) {
    uses++; // RACE
    return arg;
}
int main(void) {
    char *path = (char *)getenv("PATH");
    if (path && path[0] == '\0')
        return 1;
    pthread_t a, b;
    pthread_create(&a, 0, worker, path);
    pthread_create(&b, 0, worker, path);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
