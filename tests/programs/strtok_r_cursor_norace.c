/* Two workers tokenize their own copies of a line with strtok_r and a shared delimiter array, and overwrite the first byte of their second tokens: strtok_r returns into the string it was given or the one its cursor holds, never into the delimiters or the cursor variable, so nothing is shared but the delimiters both only read (the twin of strtok_r_cursor_race). */
#include <pthread.h>
#include <string.h>

char delims[4] = " ";
char firsts[2];

static void *splitter(void *arg)
{
    int id = *(int *)arg;
    char own[32];
    char *save = NULL;
    strcpy(own, "alpha beta gamma");
    char *first = strtok_r(own, delims, &save); // NORACE
    char *second = strtok_r(NULL, delims, &save); // NORACE
    if (first && second)
        second[0] = 'B';
    firsts[id] = first ? first[0] : 0; // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t[2];
    int ids[2] = {0, 1};
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, splitter, &ids[i]);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    return firsts[0] != firsts[1];
}
