/* two threads fgets into one shared line buffer: fgets writes it in both, unordered */
#include <pthread.h>
#include <stdio.h>

static char line[32];

static void *reader(void *arg)
{
    (void)arg;
    FILE *f = fopen("/proc/self/status", "r");
    if (f) {
        if (!fgets(line, sizeof line, f)) // RACE
            line[0] = 0;
        fclose(f);
    }
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, reader, NULL);
    pthread_create(&b, NULL, reader, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
