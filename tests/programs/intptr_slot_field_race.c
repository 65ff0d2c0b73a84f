/* Each thread writes one byte past its row, which is the first byte of the next thread's row: a race between neighbours. */
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
    p[0] = (char)('a' + d->id); // RACE
    p[8] = '\0'; // RACE
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
