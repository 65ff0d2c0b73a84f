/* two threads tokenise their own strings with strtok: its hidden static position races */
#include <pthread.h>
#include <string.h>

static void *split(void *arg)
{
    char text[] = "a b c";
    int n = 0;
    (void)arg;
    for (char *t = strtok(text, " "); t; t = strtok(NULL, " ")) // RACE
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
