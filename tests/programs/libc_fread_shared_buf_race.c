/* two threads fread into one shared array: the library writes it in both, unordered */
#include <pthread.h>
#include <stdio.h>

static int data[4];

static void *loader(void *arg)
{
    (void)arg;
    FILE *f = fopen("/dev/zero", "rb");
    if (f) {
        if (fread(data, sizeof data[0], 4, f) != 4) // RACE
            data[0] = -1;
        fclose(f);
    }
    return NULL;
}

int main(void)
{
    pthread_t a, b;
    pthread_create(&a, NULL, loader, NULL);
    pthread_create(&b, NULL, loader, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    return 0;
}
