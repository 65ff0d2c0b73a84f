/* a configuration file with a "threads N" line (N of 2 to 8) starts the workers; without
 * it the program runs alone.  The workers' unlocked update of the total races. */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static long total;

static void *work(void *arg)
{
    total += (long)arg; // RACE
    return NULL;
}

static int configured_threads(const char *path)
{
    FILE *f = fopen(path, "r");
    if (!f)
        return 1;
    char line[80];
    int n = 1;
    while (fgets(line, sizeof line, f))
        if (strncmp(line, "threads ", 8) == 0)
            n = atoi(line + 8);
    fclose(f);
    return n;
}

int main(void)
{
    int n = configured_threads("/etc/rh-demo/worker.conf");
    if (n < 2 || n > 8)
        return 0;
    pthread_t t[8];
    for (int i = 0; i < n; i++)
        pthread_create(&t[i], NULL, work, (void *)(long)(i + 1));
    for (int i = 0; i < n; i++)
        pthread_join(t[i], NULL);
    printf("%ld\n", total);
    return 0;
}
