/* a worker freads into a shared array that main reads only after joining it */
#include <pthread.h>
#include <stdio.h>

static int data[4];

static void *loader(void *arg)
{
    (void)arg;
    FILE *f = fopen("/dev/zero", "rb");
    if (f) {
        if (fread(data, sizeof data[0], 4, f) != 4) // NORACE
            data[0] = 0; // NORACE
        fclose(f);
    }
    return NULL;
}

int main(void)
{
    pthread_t a;
    pthread_create(&a, NULL, loader, NULL);
    pthread_join(a, NULL);
    return data[0]; // NORACE
}
