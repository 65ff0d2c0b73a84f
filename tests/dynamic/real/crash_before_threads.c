/* a program that dereferences a null table before it creates its threads: every run crashes there */
#include <pthread.h>
#include <stddef.h>
static int *table;
static int count;
static void *worker(void *arg) {
    count++;
    return arg;
}
static void fill(int *t) {
    t[3] = 7;
}
int main(void) {
    fill(table);
    pthread_t a, b;
    pthread_create(&a, 0, worker, 0);
    pthread_create(&b, 0, worker, 0);
    pthread_join(a, 0);
    pthread_join(b, 0);
    return 0;
}
