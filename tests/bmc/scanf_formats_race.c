/* The race needs an input of two scanf calls with a literal, a hex number,
 * a character after a blank and a double: "N,1f q R" with R above 2.5.
 * bmc chooses the values; its witness carries the text that gives them, and
 * a replay reads it (a %c right after a hex number would be read as a
 * digit, so the blank of " %c" must be written). */
#include <pthread.h>
#include <stdio.h>

int level;

void *worker(void *arg)
{
    (void)arg;
    return (void *)(long)level; // RACE
}

int main(void)
{
    pthread_t t;
    int n = 0;
    unsigned mask = 0;
    char c = 0;
    double ratio = 0;
    pthread_create(&t, 0, worker, 0);
    if (scanf("%d,%x", &n, &mask) == 2 && scanf(" %c%lf", &c, &ratio) == 2 && c == 'a' && mask == 0x1f &&
        ratio > 2.5)
        level = n; // RACE
    pthread_join(t, 0);
    return 0;
}
