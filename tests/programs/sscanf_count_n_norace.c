/* Each worker lets %n store into its own slot of the positions array: no
 * race; main reads the slots after joining. */
#include <pthread.h>
#include <stdio.h>

int pos[2];
const char *text[2] = {"12 apples", "345 pears"};

void *parse(void *arg)
{
    int id = *(int *)arg, value = 0;
    sscanf(text[id], "%d%hhn", &value, (signed char *)&pos[id]); // NORACE
    return NULL;
}

int main(void)
{
    pthread_t t[2];
    int ids[2] = {0, 1};
    for (int i = 0; i < 2; i++)
        pthread_create(&t[i], NULL, parse, &ids[i]);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], NULL);
    printf("%d %d\n", pos[0], pos[1]); // NORACE
    return 0;
}
