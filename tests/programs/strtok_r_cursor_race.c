/* A worker tokenizes the shared line with strtok_r and overwrites the first byte of its second token, which strtok_r(NULL, ..., &save) returns from the string save holds; another worker reads that byte unlocked: a race (the strtok_r calls touch other bytes). */
#include <pthread.h>
#include <string.h>

char line[32] = "alpha beta gamma";
char delims[4] = " ";
char seen;

static void *splitter(void *arg)
{
    char *save = NULL;
    (void)arg;
    char *first = strtok_r(line, delims, &save); // NORACE
    char *second = strtok_r(NULL, delims, &save); // NORACE
    if (first && second)
        second[0] = 'B'; // RACE
    return NULL;
}

static void *reader(void *arg)
{
    (void)arg;
    seen = line[6]; // RACE
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, splitter, NULL);
    pthread_create(&b, NULL, reader, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return seen == 'x';
}
