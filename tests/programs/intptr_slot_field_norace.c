/* Each thread's descriptor carries its own row of a table as an integer, which the thread casts back and writes inside that row only: race-free. */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>

#define N 3

struct desc {
    uintptr_t row;
    int id;
};

static char table[N + 1][8];
static struct desc descs[N];

static void *fill(void *arg)
{
    struct desc *d = arg;
    char *p = (char *)d->row;
    p[0] = (char)('a' + d->id); // NORACE
    p[7] = '\0'; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t[N];
    for (int i = 0; i < N; i++) {
        descs[i].id = i; // NORACE
        descs[i].row = (uintptr_t)table[i]; // NORACE
        pthread_create(&t[i], NULL, fill, &descs[i]);
    }
    for (int i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    printf("%c%c%c\n", table[0][0], table[1][0], table[2][0]); // NORACE
    return 0;
}
