/* sscanf writes the values its conversions assign: main parsing into a global while the worker reads it races */
#include <pthread.h>
#include <stdio.h>

int limit;
double ratio;
char config[] = "42 0.5";

void *worker(void *arg)
{
    (void)arg;
    int seen = limit; // RACE
    return (void *)(long)seen;
}

int main(void)
{
    pthread_t t;
    pthread_create(&t, 0, worker, 0);
    int got = sscanf(config, "%d %lf", &limit, &ratio); // RACE
    pthread_join(t, 0);
    return got == 2 && ratio < 1.0 ? 0 : 1;
}
