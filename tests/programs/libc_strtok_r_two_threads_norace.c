/* two threads tokenise their own strings with strtok_r: each keeps its own position */
#include <pthread.h>
#include <string.h>

static void *split(void *arg)
{
    char text[] = "a b c";
    char *save = NULL;
    int n = 0;
    (void)arg;
    for (char *t = strtok_r(text, " ", &save); t; t = strtok_r(NULL, " ", &save))
        n++;
    return (void *)(long)n;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, split, NULL);
    pthread_create(&b, NULL, split, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
