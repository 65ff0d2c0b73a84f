/* two threads use strtok only while holding one mutex: its hidden position is protected */
#include <pthread.h>
#include <string.h>

static pthread_mutex_t m = PTHREAD_MUTEX_INITIALIZER;

static void *split(void *arg)
{
    char text[] = "a b c";
    int n = 0;
    (void)arg;
    pthread_mutex_lock(&m);
    for (char *t = strtok(text, " "); t; t = strtok(NULL, " ")) // NORACE
        n++;
    pthread_mutex_unlock(&m);
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
