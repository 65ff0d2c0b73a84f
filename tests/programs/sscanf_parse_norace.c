/* sscanf into locals and into globals written before the threads start (and read only after) does not race */
#include <pthread.h>
#include <stdio.h>

int workers;
long budget;
char config[] = "2,900 name=abc";
char names[2][8];

void *worker(void *arg)
{
    long id = (long)arg;
    int a = 0, b = 0;
    char word[8];
    sscanf(config, "%*d,%d %3[^=]=%d", &a, word, &b); // NORACE
    names[id][0] = word[0]; // NORACE
    return (void *)(budget + a + b); // NORACE
}

int main(void)
{
    char key[8];
    if (sscanf(config, "%d,%ld %7[a-z]", &workers, &budget, key) != 3) // NORACE
        return 1;
    pthread_t t[2];
    for (long i = 0; i < 2; i++)
        pthread_create(&t[i], 0, worker, (void *)i);
    for (int i = 0; i < 2; i++)
        pthread_join(t[i], 0);
    return names[0][0] == names[1][0] && workers == 2 ? 0 : 1; // NORACE
}
