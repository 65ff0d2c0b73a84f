/* Each thread copies seventeen bytes into its sixteen-byte row, so its last byte lands on the next thread's row: a race between neighbours. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define N 3

struct arg {
    char (*row)[16];
    int id;
};

static void *fill(void *p)
{
    struct arg *a = p;
    char *r = *a->row;
    memcpy(r, "row-of-seventeen", 17); // RACE
    r[15] = (char)('0' + a->id); // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t[N];
    char (*rows)[16] = calloc(N + 1, sizeof *rows);
    struct arg *args = calloc(N, sizeof *args);
    if (!rows || !args)
        return 1;
    for (int i = 0; i < N; i++) {
        args[i].id = i; // NORACE
        args[i].row = &rows[i]; // NORACE
        pthread_create(&t[i], NULL, fill, &args[i]);
    }
    for (int i = 0; i < N; i++)
        pthread_join(t[i], NULL);
    printf("%c\n", rows[2][15]); // NORACE
    free(rows);
    free(args);
    return 0;
}
