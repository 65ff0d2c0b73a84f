/* workers measure strings packed end to end (where one ends and the next
 * begins, two share an 8-byte word), all written before they start */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

static char *table;      /* strings end to end, each ending mid-word */
static size_t start[4];

static void *worker(void *arg)
{
    size_t k = (size_t)arg, n = 0;
    for (int round = 0; round < 3; round++) {
        const char *s = table + start[k];
        n += (unsigned char)s[0] + (unsigned char)s[9]; // NORACE
        n += strlen(s); // NORACE
    }
    return (void *)n;
}

int main(void)
{
    static const char *const words[4] = {"thirteen chars", "a string of twenty-one", "nine more", "and the last one"};
    size_t at = 0;
    table = malloc(128);
    if (!table)
        return 1;
    for (size_t k = 0; k < 4; k++) {
        start[k] = at;
        strcpy(table + at, words[k]);
        at += strlen(words[k]) + 1;
    }
    table[start[2] - 2] = 'E'; // NORACE
    pthread_t t[2];
    pthread_create(&t[0], 0, worker, (void *)1);
    pthread_create(&t[1], 0, worker, (void *)2);
    pthread_join(t[0], 0);
    pthread_join(t[1], 0);
    free(table);
    return 0;
}
