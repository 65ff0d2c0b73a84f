/* the argument's bytes must hash to a checksum; the workers' unlocked increment races */
#include <pthread.h>
#include <stdio.h>
#include <string.h>

static int counter;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void *work(void *arg)
{
    (void)arg;
    counter++; // RACE
    return NULL;
}

int main(int argc, char **argv)
{
    if (argc < 2 || strlen(argv[1]) != 4)
        return 2;
    unsigned sum = 0;
    for (int i = 0; i < 4; i++)
        sum = sum * 31 + (unsigned char)argv[1][i];
    if (sum % 251 != 17)
        return 2;
    pthread_t a, b;
    pthread_create(&a, NULL, work, NULL);
    pthread_create(&b, NULL, work, NULL);
    pthread_join(a, NULL);
    pthread_join(b, NULL);
    (void)lock;
    return 0;
}
